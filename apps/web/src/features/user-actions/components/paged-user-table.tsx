import { useMemo, type ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { DataTable, type DataTableColumn } from '@/components/data-table/data-table';

export interface Column<R> {
  key: string;
  header: string;
  /** The text the cell shows, translated: the grid's value, and what the CSV export writes. */
  text: (row: R) => string;
  /** What the cell draws, when it is more than its text (a link, chips). */
  cell?: (row: R) => ReactNode;
  minWidth?: number;
  flex?: number;
}

/** The lists' columns as the grid's: each one's value is its text (the CSV export), its cell what it draws. */
export function userGridColumns<R extends object>(columns: readonly Column<R>[]): DataTableColumn<R>[] {
  return columns.map((column) => {
    const draw = column.cell;
    return {
      field: column.key,
      headerName: column.header,
      minWidth: column.minWidth ?? 130,
      flex: column.flex ?? 1,
      sortable: false,
      valueGetter: (_: unknown, row: R) => column.text(row),
      ...(draw && { renderCell: ({ row }: { row: R }) => draw(row) }),
    };
  });
}

interface PagedUserTableProps<R extends object> {
  /** Names the table in the staff member's remembered preferences (columns, density, page size). */
  id: string;
  label: string;
  query: UseQueryResult<{ results: R[]; total: number }>;
  /** One identity across renders (useMemo): the grid reads new columns afresh. */
  columns: readonly Column<R>[];
  rowKey: (row: R) => string;
  page: number;
  pageSize: number;
  pageSizeOptions: readonly number[];
  onPage: (page: number) => void;
  onPageSize: (pageSize: number) => void;
  empty: string;
  loadFailed: string;
}

/**
 * A server-paged list of users on the console's DataTable (docs/decisions/0054-data-table.md): skeleton rows while the
 * first page loads, a progress bar while another does, the load failure with a retry, the list's empty text; column
 * choice, density and a CSV export of the page in the staff member's language.
 */
export function PagedUserTable<R extends object>(props: PagedUserTableProps<R>) {
  const { id, label, query, columns, rowKey, page, pageSize, pageSizeOptions, onPage, onPageSize, empty, loadFailed } = props;
  const gridColumns = useMemo(() => userGridColumns(columns), [columns]);
  return (
    <DataTable<R>
      id={id}
      label={label}
      rows={query.data?.results ?? []}
      columns={gridColumns}
      getRowId={rowKey}
      loading={query.isPending}
      refreshing={query.isFetching && !query.isPending}
      error={query.isError ? { message: loadFailed, onRetry: () => void query.refetch() } : null}
      empty={{ title: empty }}
      exportFileName={label}
      autoRowHeight
      rowAttributes={(row) => ({ 'data-testid': `${id}-row`, 'data-username': rowKey(row) })}
      paging={{
        page,
        pageSize,
        pageSizeOptions,
        rowCount: query.data?.total ?? 0,
        onChange: (next) => {
          if (next.pageSize !== pageSize) onPageSize(next.pageSize);
          else onPage(next.page);
        },
      }}
    />
  );
}
