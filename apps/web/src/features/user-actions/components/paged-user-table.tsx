import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';

export interface Column<R> {
  key: string;
  header: string;
  cell: (row: R) => ReactNode;
}

interface PagedUserTableProps<R> {
  label: string;
  query: UseQueryResult<{ results: R[]; total: number }>;
  columns: Column<R>[];
  rowKey: (row: R) => string;
  page: number;
  pageSize: number;
  pageSizeOptions: readonly number[];
  onPage: (page: number) => void;
  onPageSize: (pageSize: number) => void;
  empty: string;
  loadFailed: string;
}

/** A server-paged table of users with loading, error (with retry) and empty states. */
export function PagedUserTable<R>(props: PagedUserTableProps<R>) {
  const { label, query, columns, rowKey, page, pageSize, pageSizeOptions, onPage, onPageSize, empty, loadFailed } = props;
  const { t } = useTranslation();
  if (query.isPending) return <Skeleton variant="rectangular" height={160} aria-label={t('common.loading')} />;
  if (query.isError) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void query.refetch()}>
            {t('userActions.retry')}
          </Button>
        }
      >
        {loadFailed}
      </Alert>
    );
  }
  const { results, total } = query.data;
  if (total === 0 && page === 0) return <Typography color="text.secondary">{empty}</Typography>;
  return (
    <>
      {query.isFetching && <LinearProgress aria-label={t('common.loading')} />}
      <TableContainer>
        <Table size="small" aria-label={label}>
          <TableHead>
            <TableRow>
              {columns.map((c) => (
                <TableCell key={c.key}>{c.header}</TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {results.map((row) => (
              <TableRow key={rowKey(row)}>
                {columns.map((c) => (
                  <TableCell key={c.key}>{c.cell(row)}</TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={total}
        page={page}
        rowsPerPage={pageSize}
        rowsPerPageOptions={[...pageSizeOptions]}
        labelRowsPerPage={t('userActions.rowsPerPage')}
        onPageChange={(_, next) => onPage(next)}
        onRowsPerPageChange={(event) => onPageSize(Number(event.target.value))}
      />
    </>
  );
}
