import { useState } from 'react';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { SUSPICIOUS_PAGE_SIZE_OPTIONS, type SuspiciousUser } from '@fleetdesk/contract';
import { useFormat } from '@/lib/format/use-format';
import { suspiciousUsersQueryOptions } from '../api/user-actions-api';
import { MatchedFields } from './matched-fields';
import { PagedUserTable, type Column } from './paged-user-table';
import { UserLink } from './user-link';
import { UserStatusLabel } from './user-status-label';

/** The operator's suspicious registrations (GET /api/admin/users/suspicious), newest registration first, paged. */
export function SuspiciousRegistrationsList() {
  const { t } = useTranslation();
  const format = useFormat();
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState<number>(25);
  const query = useQuery({ ...suspiciousUsersQueryOptions(page, pageSize), placeholderData: keepPreviousData });
  const columns: Column<SuspiciousUser>[] = [
    { key: 'username', header: t('userActions.columns.username'), cell: (r) => <UserLink username={r.username} /> },
    { key: 'name', header: t('userActions.columns.name'), cell: (r) => `${r.givenName} ${r.familyName}` },
    { key: 'email', header: t('userActions.columns.email'), cell: (r) => r.emailAddress ?? '–' },
    { key: 'phone', header: t('userActions.columns.phone'), cell: (r) => r.mobilePhone ?? '–' },
    { key: 'status', header: t('userActions.columns.status'), cell: (r) => <UserStatusLabel status={r.status} /> },
    { key: 'applyDate', header: t('userActions.columns.applyDate'), cell: (r) => (r.applyDate ? format.date(r.applyDate) : '–') },
    { key: 'matched', header: t('userActions.suspicious.matched'), cell: (r) => <MatchedFields row={r} /> },
  ];
  return (
    <Stack spacing={1} component="section" aria-label={t('userActions.suspicious.title')}>
      <Typography variant="h6" component="h2">
        {t('userActions.suspicious.title')}
      </Typography>
      <PagedUserTable
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
