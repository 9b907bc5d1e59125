import { useMemo, type ReactNode } from 'react';
import Typography from '@mui/material/Typography';
import { USER_SEARCH_PAGE_SIZE_OPTIONS, type UserStatus } from '@fleetdesk/contract';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn } from '@/components/data-table/data-table';
import { TextLink } from '@/components/router-link';
import { navItemProps } from '@/lib/shortcuts/list-navigation';
import type { UserSearchCriteria, UserSearchPage, UserSearchRow } from '../api/users-api';
import { isKnownStatus, showsSuspiciousBadge, UserStatusChip } from './user-status-chip';

/** The selected users by user name, with their status (bulk approve needs every one AWAITING_APPROVAL). */
export type SelectedUsers = ReadonlyMap<string, { username: string; status: UserStatus }>;

interface UserSearchTableProps {
  /** The page shown; undefined while the first page loads. */
  page: UserSearchPage | undefined;
  criteria: UserSearchCriteria;
  loading: boolean;
  refreshing: boolean;
  error: { message: string; onRetry: () => void } | null;
  selected: SelectedUsers;
  onSelectedChange: (next: SelectedUsers) => void;
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: number) => void;
  /** The bar above the rows: count or selection, bulk actions. */
  toolbarStart: ReactNode;
}

const dash = '–';

/** One page of found users: selectable rows that open the user page, with the §9 paging (5, 10, 25 per page). */
export function UserSearchTable({
  page,
  criteria,
  loading,
  refreshing,
  error,
  selected,
  onSelectedChange,
  onPageChange,
  onPageSizeChange,
  toolbarStart,
}: UserSearchTableProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const columns = useMemo<DataTableColumn<UserSearchRow>[]>(
    () => [
      {
        field: 'name',
        headerName: t('users.columns.name'),
        minWidth: 200,
        flex: 1.4,
        sortable: false,
        valueGetter: (_, row) => `${row.familyName}, ${row.givenName} (${row.username})`,
        renderCell: ({ row, tabIndex }) => (
          <div style={{ lineHeight: 1.3, minWidth: 0 }}>
            <TextLink to="/users/$username" params={{ username: row.username }} tabIndex={tabIndex} sx={{ fontWeight: 500 }} {...navItemProps}>
              {`${row.familyName}, ${row.givenName}`}
            </TextLink>
            <Typography variant="caption" color="text.secondary" component="div" noWrap>
              {row.username}
            </Typography>
          </div>
        ),
      },
      {
        field: 'mobilePhone',
        headerName: t('users.columns.phone'),
        minWidth: 140,
        flex: 0.8,
        sortable: false,
        valueGetter: (_, row) => row.mobilePhone ?? dash,
      },
      {
        field: 'emailAddress',
        headerName: t('users.columns.email'),
        minWidth: 200,
        flex: 1.2,
        sortable: false,
        valueGetter: (_, row) => row.emailAddress ?? dash,
      },
      {
        field: 'customerNumber',
        headerName: t('users.columns.customerNumber'),
        minWidth: 120,
        flex: 0.6,
        sortable: false,
        valueGetter: (_, row) => row.customerNumber ?? dash,
      },
      {
        field: 'companyName',
        headerName: t('users.columns.company'),
        minWidth: 160,
        flex: 1,
        sortable: false,
        valueGetter: (_, row) => row.companyName ?? dash,
      },
      {
        field: 'status',
        headerName: t('users.columns.status'),
        minWidth: 170,
        flex: 0.8,
        sortable: false,
        valueGetter: (_, row) =>
          [
            isKnownStatus(row.status) ? t(`users.status.${row.status}`) : t('messages.unknownStatus'),
            showsSuspiciousBadge(row.status, row.suspiciousRegistration) ? t('users.suspicious') : '',
          ]
            .filter(Boolean)
            .join(', '),
        renderCell: ({ row }) => <UserStatusChip status={row.status} suspicious={row.suspiciousRegistration} />,
      },
    ],
    [t],
  );
  const rows = page?.results ?? [];
  const selectedIds = useMemo(() => new Set<string | number>(selected.keys()), [selected]);

  return (
    <DataTable<UserSearchRow>
      id="users"
      label={t('users.search.resultsLabel')}
      rows={rows}
      columns={columns}
      getRowId={(row) => row.username}
      loading={loading}
      refreshing={refreshing}
      error={error}
      empty={{ title: t('messages.noUsersFound'), hint: t('users.search.emptyHint') }}
      exportFileName={t('users.search.heading')}
      toolbarStart={toolbarStart}
      autoRowHeight
      rowAttributes={(row) => ({ 'data-testid': 'user-row', 'data-username': row.username })}
      onRowOpen={(row) => void navigate({ to: '/users/$username', params: { username: row.username } })}
      selection={{
        ids: selectedIds,
        onChange: (ids, pageRows) => {
          const next = new Map<string, { username: string; status: UserStatus }>();
          for (const id of ids) {
            const username = String(id);
            const row = pageRows.find((candidate) => candidate.username === username);
            const known = selected.get(username);
            if (row) next.set(username, { username, status: row.status as UserStatus });
            else if (known) next.set(username, known);
          }
          onSelectedChange(next);
        },
      }}
      paging={{
        page: criteria.page,
        pageSize: criteria.pageSize,
        pageSizeOptions: USER_SEARCH_PAGE_SIZE_OPTIONS,
        // §9: a capped total is unknown to the grid; the server says whether another page exists.
        rowCount: page?.totalCapped ? -1 : (page?.total ?? 0),
        hasNextPage: page?.moreResults ?? false,
        displayedRows: ({ from, to, count }) =>
          count === -1 ? t('users.search.displayedRowsMore', { from, to }) : t('users.search.displayedRows', { from, to, count }),
        onChange: (next) => {
          if (next.pageSize !== criteria.pageSize) onPageSizeChange(next.pageSize);
          else onPageChange(next.page);
        },
      }}
    />
  );
}
