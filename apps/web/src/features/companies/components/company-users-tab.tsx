import { useMemo } from 'react';
import CloudOffIcon from '@mui/icons-material/CloudOff';
import PersonSearchIcon from '@mui/icons-material/PersonSearch';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { COMPANY_USERS_PAGE_SIZE_OPTIONS, ZUserStatus, type CompanyUsersSortField, type UserStatus } from '@fleetdesk/contract';
import { useTranslation } from 'react-i18next';
import { AppHrefLink } from '@/components/app-href-link';
import { useFormat } from '@/lib/format/use-format';
import { useCompanyUsers } from '../api/companies-api';
import { companyUsersFilterOf, type CompanySearch } from '../companies-search';
import { ariaSortOf, toggleCompanyUsersSort } from '../company-users-sort';

interface CompanyUsersTabProps {
  companyId: number;
  search: CompanySearch;
  onSearchChange: (next: CompanySearch, options?: { replace?: boolean }) => void;
}

const STATUS_COLOR: Partial<Record<UserStatus, 'success' | 'warning' | 'error' | 'info'>> = {
  ACTIVE: 'success',
  APPROVED: 'success',
  AWAITING_APPROVAL: 'warning',
  PENDING_APPROVAL: 'warning',
  AWAITING_CONFIRMATION: 'info',
  DELETION_REQUESTED: 'error',
  BLOCKED: 'error',
};

const COLUMNS = [
  { field: 'username', label: 'username' },
  { field: 'givenName', label: 'name' },
  { field: 'companyName', label: 'company' },
  { field: 'status', label: 'status' },
  { field: 'applyDate', label: 'applyDate' },
] as const satisfies readonly { field: CompanyUsersSortField; label: string }[];

/**
 * The users tab (§2, §9): the customers of the company and its subtree, a status filter, sorting by a header click
 * (applyDate newest first by default; desc → asc → none) and paging 10/25/50 (25 by default). Rows link to the user.
 */
export function CompanyUsersTab({ companyId, search, onSearchChange }: CompanyUsersTabProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const filter = useMemo(() => companyUsersFilterOf(search), [search]);
  const users = useCompanyUsers(companyId, filter);
  const current = { sort: filter.sort, direction: filter.direction };

  const change = (next: Partial<CompanySearch>) => onSearchChange({ ...search, ...next }, { replace: true });
  const onSort = (field: CompanyUsersSortField) => {
    const sorted = toggleCompanyUsersSort(current, field);
    change({
      sort: sorted.sort === 'applyDate' ? undefined : sorted.sort,
      direction: sorted.direction === 'desc' ? undefined : sorted.direction,
      page: undefined,
    });
  };
  const statuses = search.status ?? [];

  let body;
  if (users.isPending) {
    body = (
      <Stack spacing={0.75} aria-busy="true" aria-label={t('companies.users.loading')}>
        {Array.from({ length: 6 }, (_, i) => (
          <Skeleton key={i} variant="rounded" height={30} />
        ))}
      </Stack>
    );
  } else if (users.isError) {
    body = (
      <Box role="alert" sx={{ p: 3, textAlign: 'center' }}>
        <CloudOffIcon color="error" aria-hidden sx={{ fontSize: 36 }} />
        <Typography variant="subtitle1">{t('companies.users.error')}</Typography>
        <Button variant="outlined" size="small" sx={{ mt: 1.5 }} onClick={() => void users.refetch()}>
          {t('companies.states.retry')}
        </Button>
      </Box>
    );
  } else if (users.data.totalCount === 0) {
    body = (
      <Box role="status" sx={{ p: 4, textAlign: 'center' }} data-testid="company-users-empty">
        <PersonSearchIcon color="disabled" aria-hidden sx={{ fontSize: 36 }} />
        <Typography variant="subtitle1">{statuses.length > 0 ? t('companies.users.emptyFiltered') : t('companies.users.empty')}</Typography>
      </Box>
    );
  } else {
    const data = users.data;
    body = (
      <Box sx={{ position: 'relative' }}>
        {users.isFetching && <LinearProgress sx={{ position: 'absolute', top: 0, left: 0, right: 0, zIndex: 1 }} />}
        <TableContainer>
          <Table size="small" aria-label={t('companies.users.table')} sx={{ '& td, & th': { px: 1 } }}>
            <TableHead>
              <TableRow>
                {COLUMNS.map((column) => {
                  const ariaSort = ariaSortOf(current, column.field);
                  return (
                    <TableCell
                      key={column.field}
                      aria-sort={ariaSort}
                      sortDirection={ariaSort === 'none' ? false : ariaSort === 'ascending' ? 'asc' : 'desc'}
                      sx={{ whiteSpace: 'nowrap' }}
                    >
                      <TableSortLabel
                        active={ariaSort !== 'none'}
                        direction={ariaSort === 'ascending' ? 'asc' : 'desc'}
                        onClick={() => onSort(column.field)}
                      >
                        {t(`companies.users.columns.${column.label}`)}
                      </TableSortLabel>
                    </TableCell>
                  );
                })}
              </TableRow>
            </TableHead>
            <TableBody>
              {data.results.map((user) => (
                <TableRow key={user.username} hover>
                  <TableCell sx={{ minWidth: 120 }}>
                    <AppHrefLink href={`/users/${encodeURIComponent(user.username)}`}>{user.username}</AppHrefLink>
                  </TableCell>
                  <TableCell sx={{ minWidth: 180 }}>
                    {`${user.givenName} ${user.familyName}`}
                    {(user.emailAddress || user.mobilePhone) && (
                      <Typography variant="caption" color="text.secondary" component="div" sx={{ overflowWrap: 'anywhere' }}>
                        {[user.emailAddress, user.mobilePhone].filter(Boolean).join(' · ')}
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell>
                    {user.company.id === companyId ? (
                      user.company.name
                    ) : (
                      <AppHrefLink href={`/companies/${user.company.id}`}>{user.company.name}</AppHrefLink>
                    )}
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    <Chip
                      size="small"
                      variant="outlined"
                      color={STATUS_COLOR[user.status] ?? 'default'}
                      label={t(`companies.status.${user.status}`)}
                    />
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }} title={user.applyDate ? format.dateTime(user.applyDate) : undefined}>
                    {user.applyDate ? format.date(user.applyDate) : ''}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
        <TablePagination
          component="div"
          count={data.totalCount}
          page={data.page}
          rowsPerPage={data.pageSize}
          rowsPerPageOptions={[...COMPANY_USERS_PAGE_SIZE_OPTIONS]}
          onPageChange={(_event, page) => change({ page: page > 0 ? page + 1 : undefined })}
          onRowsPerPageChange={(event) => {
            const size = Number(event.target.value);
            change({ pageSize: size === 25 ? undefined : size, page: undefined });
          }}
          labelRowsPerPage={t('companies.users.rowsPerPage')}
          labelDisplayedRows={({ from, to, count }) => t('companies.users.displayedRows', { from, to, count })}
          getItemAriaLabel={(type) => t(`companies.users.pageButton.${type}`)}
        />
      </Box>
    );
  }

  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <TextField
          select
          size="small"
          label={t('companies.users.statusFilter')}
          value={statuses}
          sx={{ minWidth: 260, maxWidth: { sm: 420 } }}
          fullWidth
          slotProps={{
            select: {
              multiple: true,
              renderValue: (selected) =>
                (selected as UserStatus[]).length === 0
                  ? t('companies.users.allStatuses')
                  : (selected as UserStatus[]).map((s) => t(`companies.status.${s}`)).join(', '),
              displayEmpty: true,
            },
            inputLabel: { shrink: true },
          }}
          onChange={(event) => {
            const value = event.target.value as unknown as UserStatus[] | string;
            const list = (typeof value === 'string' ? value.split(',') : value).filter((s): s is UserStatus => ZUserStatus.safeParse(s).success);
            change({ status: list.length > 0 ? list : undefined, page: undefined });
          }}
        >
          {ZUserStatus.options.map((status) => (
            <MenuItem key={status} value={status} dense>
              <Checkbox size="small" checked={statuses.includes(status)} sx={{ p: 0.5, mr: 1 }} />
              <ListItemText primary={t(`companies.status.${status}`)} />
            </MenuItem>
          ))}
        </TextField>
        {statuses.length > 0 && (
          <Button size="small" onClick={() => change({ status: undefined, page: undefined })}>
            {t('companies.users.clearStatus')}
          </Button>
        )}
        <Box sx={{ flexGrow: 1 }} />
        {users.isSuccess && (
          <Typography variant="body2" color="text.secondary" role="status" sx={{ whiteSpace: 'nowrap' }}>
            {t('companies.users.total', { count: users.data.totalCount })}
          </Typography>
        )}
      </Stack>
      {body}
    </Stack>
  );
}
