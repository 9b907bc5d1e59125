import { useMemo } from 'react';
import PersonSearchIcon from '@mui/icons-material/PersonSearch';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  COMPANY_USERS_DEFAULT_PAGE_SIZE,
  COMPANY_USERS_PAGE_SIZE_OPTIONS,
  ZCompanyUsersSortField,
  ZUserStatus,
  type CompanyUser,
  type UserStatus,
} from '@fleetdesk/contract';
import { useTranslation } from 'react-i18next';
import { AppHrefLink } from '@/components/app-href-link';
import { DataTable, useTablePreferences, type DataTableColumn, type DataTableSort } from '@/components/data-table/data-table';
import { useFormat } from '@/lib/format/use-format';
import { ViewsControl } from '@/features/saved-views';
import { useCompanyUsers } from '../api/companies-api';
import { companyUsersFilterOf, type CompanySearch } from '../companies-search';
import { DEFAULT_COMPANY_USERS_SORT } from '../company-users-sort';

interface CompanyUsersTabProps {
  companyId: number;
  search: CompanySearch;
  onSearchChange: (next: CompanySearch, options?: { replace?: boolean }) => void;
}

const TABLE_ID = 'company-users';
const SORT_ORDERS = ['desc', 'asc', null] as const;
const contactOf = (user: CompanyUser) => [user.emailAddress, user.mobilePhone].filter(Boolean).join(' · ');

const STATUS_COLOR: Partial<Record<UserStatus, 'success' | 'warning' | 'error' | 'info'>> = {
  ACTIVE: 'success',
  APPROVED: 'success',
  AWAITING_APPROVAL: 'warning',
  PENDING_APPROVAL: 'warning',
  AWAITING_CONFIRMATION: 'info',
  DELETION_REQUESTED: 'error',
  BLOCKED: 'error',
};

/**
 * The users tab (§2, §9): the customers of the company and its subtree, a status filter, sorting by a header click
 * (applyDate newest first by default; desc → asc → none) and paging 10/25/50 (25 by default, or the page size this
 * staff member last chose). Rows link to the user. On the console's DataTable (docs/decisions/0054-data-table.md).
 */
export function CompanyUsersTab({ companyId, search, onSearchChange }: CompanyUsersTabProps) {
  const { t } = useTranslation();
  const format = useFormat();
  // The page size of the URL, else the one this staff member last chose (remembered by the table), else §9's 25.
  const [preferences] = useTablePreferences(TABLE_ID);
  const rememberedSize = COMPANY_USERS_PAGE_SIZE_OPTIONS.find((size) => size === preferences.pageSize);
  const filter = useMemo(
    () => companyUsersFilterOf(search.pageSize || !rememberedSize ? search : { ...search, pageSize: rememberedSize }),
    [search, rememberedSize],
  );
  const users = useCompanyUsers(companyId, filter);

  const change = (next: Partial<CompanySearch>) => onSearchChange({ ...search, ...next }, { replace: true });
  const statuses = search.status ?? [];
  // §9 toggles desc → asc → none per column, a new column starting at desc: the grid's sorting order does the same.
  const sortValue: DataTableSort | null =
    filter.direction === 'none' ? null : { field: filter.sort, direction: filter.direction === 'asc' ? 'asc' : 'desc' };
  const onSort = (next: DataTableSort | null) => {
    const field = next ? ZCompanyUsersSortField.parse(next.field) : filter.sort;
    const direction = next ? next.direction : 'none';
    change({
      sort: field === DEFAULT_COMPANY_USERS_SORT.sort ? undefined : field,
      direction: direction === DEFAULT_COMPANY_USERS_SORT.direction ? undefined : direction,
      page: undefined,
    });
  };

  const columns = useMemo<DataTableColumn<CompanyUser>[]>(
    () => [
      {
        field: 'username',
        headerName: t('companies.users.columns.username'),
        minWidth: 140,
        flex: 0.8,
        valueGetter: (_, user) => user.username,
        renderCell: ({ row: user }) => <AppHrefLink href={`/users/${encodeURIComponent(user.username)}`}>{user.username}</AppHrefLink>,
      },
      {
        field: 'givenName',
        headerName: t('companies.users.columns.name'),
        minWidth: 220,
        flex: 1.5,
        valueGetter: (_, user) => [`${user.givenName} ${user.familyName}`, contactOf(user)].filter(Boolean).join(', '),
        renderCell: ({ row: user }) => (
          <Box sx={{ minWidth: 0 }}>
            {`${user.givenName} ${user.familyName}`}
            {contactOf(user) && (
              <Typography variant="caption" color="text.secondary" component="div" sx={{ overflowWrap: 'anywhere' }}>
                {contactOf(user)}
              </Typography>
            )}
          </Box>
        ),
      },
      {
        field: 'companyName',
        headerName: t('companies.users.columns.company'),
        minWidth: 160,
        flex: 1,
        valueGetter: (_, user) => user.company.name,
        renderCell: ({ row: user }) =>
          user.company.id === companyId ? user.company.name : <AppHrefLink href={`/companies/${user.company.id}`}>{user.company.name}</AppHrefLink>,
      },
      {
        field: 'status',
        headerName: t('companies.users.columns.status'),
        minWidth: 170,
        flex: 0.8,
        valueGetter: (_, user) => t(`companies.status.${user.status}`),
        renderCell: ({ row: user }) => (
          <Chip size="small" variant="outlined" color={STATUS_COLOR[user.status] ?? 'default'} label={t(`companies.status.${user.status}`)} />
        ),
      },
      {
        field: 'applyDate',
        headerName: t('companies.users.columns.applyDate'),
        minWidth: 120,
        flex: 0.6,
        valueGetter: (_, user) => (user.applyDate ? format.date(user.applyDate) : ''),
        renderCell: ({ row: user }) => (
          <Box component="span" title={user.applyDate ? format.dateTime(user.applyDate) : undefined} sx={{ fontVariantNumeric: 'tabular-nums' }}>
            {user.applyDate ? format.date(user.applyDate) : ''}
          </Box>
        ),
      },
    ],
    [t, format, companyId],
  );

  const table = (
    <DataTable<CompanyUser>
      id={TABLE_ID}
      label={t('companies.users.table')}
      rows={users.data?.results ?? []}
      columns={columns}
      getRowId={(user) => user.username}
      loading={users.isPending}
      refreshing={users.isFetching && !users.isPending}
      error={users.isError ? { message: t('companies.users.error'), onRetry: () => void users.refetch() } : null}
      empty={{
        title: statuses.length > 0 ? t('companies.users.emptyFiltered') : t('companies.users.empty'),
        icon: <PersonSearchIcon color="disabled" aria-hidden sx={{ fontSize: 40 }} />,
      }}
      exportFileName={t('companies.users.table')}
      autoRowHeight
      rowAttributes={(user) => ({ 'data-testid': 'company-user-row', 'data-username': user.username })}
      sort={{ value: sortValue, onChange: onSort, orders: SORT_ORDERS }}
      paging={{
        page: filter.page,
        pageSize: filter.pageSize,
        pageSizeOptions: COMPANY_USERS_PAGE_SIZE_OPTIONS,
        rowCount: users.data?.totalCount ?? 0,
        displayedRows: ({ from, to, count }) => t('companies.users.displayedRows', { from, to, count }),
        onChange: (next) => {
          if (next.pageSize !== filter.pageSize)
            change({ pageSize: next.pageSize === COMPANY_USERS_DEFAULT_PAGE_SIZE ? undefined : next.pageSize, page: undefined });
          else change({ page: next.page > 0 ? next.page + 1 : undefined });
        },
      }}
    />
  );

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
        <ViewsControl screen="companyUsers" />
        <Box sx={{ flexGrow: 1 }} />
        {users.isSuccess && (
          <Typography variant="body2" color="text.secondary" role="status" sx={{ whiteSpace: 'nowrap' }}>
            {t('companies.users.total', { count: users.data.totalCount })}
          </Typography>
        )}
      </Stack>
      {table}
    </Stack>
  );
}
