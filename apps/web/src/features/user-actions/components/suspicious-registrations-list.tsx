import { useMemo, useState } from 'react';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { SUSPICIOUS_PAGE_SIZE_OPTIONS, type SuspiciousUser } from '@fleetdesk/contract';
import { useTablePreferences } from '@/components/data-table/data-table';
import { useFormat } from '@/lib/format/use-format';
import { suspiciousUsersQueryOptions } from '../api/user-actions-api';
import { MatchedFields } from './matched-fields';
import { PagedUserTable, type Column } from './paged-user-table';
import { matchedFieldsText, userStatusText } from './user-list-text';
import { UserLink } from './user-link';
import { UserStatusLabel } from './user-status-label';

const TABLE_ID = 'suspicious-users';
const dash = '–';

/** The operator's suspicious registrations (GET /api/admin/users/suspicious), newest registration first, paged. */
export function SuspiciousRegistrationsList() {
  const { t } = useTranslation();
  const format = useFormat();
  // 25 a page, or the page size this staff member last chose here (remembered by the table).
  const [preferences] = useTablePreferences(TABLE_ID);
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState<number>(() => SUSPICIOUS_PAGE_SIZE_OPTIONS.find((size) => size === preferences.pageSize) ?? 25);
  const query = useQuery({ ...suspiciousUsersQueryOptions(page, pageSize), placeholderData: keepPreviousData });
  const columns = useMemo<Column<SuspiciousUser>[]>(
    () => [
      { key: 'username', header: t('userActions.columns.username'), text: (r) => r.username, cell: (r) => <UserLink username={r.username} /> },
      { key: 'name', header: t('userActions.columns.name'), text: (r) => `${r.givenName} ${r.familyName}`, minWidth: 160 },
      { key: 'email', header: t('userActions.columns.email'), text: (r) => r.emailAddress ?? dash, minWidth: 200, flex: 1.3 },
      { key: 'phone', header: t('userActions.columns.phone'), text: (r) => r.mobilePhone ?? dash },
      {
        key: 'status',
        header: t('userActions.columns.status'),
        text: (r) => userStatusText(r.status, t),
        cell: (r) => <UserStatusLabel status={r.status} />,
        minWidth: 170,
      },
      {
        key: 'applyDate',
        header: t('userActions.columns.applyDate'),
        text: (r) => (r.applyDate ? format.date(r.applyDate) : dash),
        minWidth: 110,
        flex: 0.7,
      },
      {
        key: 'matched',
        header: t('userActions.suspicious.matched'),
        text: (r) => matchedFieldsText(r, t),
        cell: (r) => <MatchedFields row={r} />,
        minWidth: 190,
      },
    ],
    [t, format],
  );
  return (
    <Stack spacing={1} component="section" aria-label={t('userActions.suspicious.title')}>
      <Typography variant="h6" component="h2">
        {t('userActions.suspicious.title')}
      </Typography>
      <PagedUserTable
        id={TABLE_ID}
        label={t('userActions.suspicious.title')}
        query={query}
        columns={columns}
        rowKey={(r) => r.username}
        page={page}
        pageSize={pageSize}
        pageSizeOptions={SUSPICIOUS_PAGE_SIZE_OPTIONS}
        onPage={setPage}
        onPageSize={(size) => {
          setPageSize(size);
          setPage(0);
        }}
        empty={t('userActions.suspicious.empty')}
        loadFailed={t('userActions.suspicious.loadFailed')}
      />
    </Stack>
  );
}
