import { useState } from 'react';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { SUSPICIOUS_PAGE_SIZE_OPTIONS, type SuspiciousUser } from '@fleetdesk/contract';
import { useTablePreferences } from '@/components/data-table/data-table';
import { suspiciousUsersQueryOptions } from '../api/user-actions-api';
import { useMatchedUserColumns } from './matched-user-columns';
import { PagedUserTable } from './paged-user-table';

const TABLE_ID = 'suspicious-users';

/** The operator's suspicious registrations (GET /api/admin/users/suspicious), newest registration first, paged. */
export function SuspiciousRegistrationsList() {
  const { t } = useTranslation();
  // 25 a page, or the page size this staff member last chose here (remembered by the table).
  const [preferences] = useTablePreferences(TABLE_ID);
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState<number>(() => SUSPICIOUS_PAGE_SIZE_OPTIONS.find((size) => size === preferences.pageSize) ?? 25);
  const query = useQuery({ ...suspiciousUsersQueryOptions(page, pageSize), placeholderData: keepPreviousData });
  const columns = useMatchedUserColumns<SuspiciousUser>();
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
