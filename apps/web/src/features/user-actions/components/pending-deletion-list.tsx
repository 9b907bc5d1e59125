import { useState } from 'react';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { USER_SEARCH_PAGE_SIZE_OPTIONS, type PendingDeletionResponse } from '@fleetdesk/contract';
import { useFormat } from '@/lib/format/use-format';
import { pendingDeletionQueryOptions } from '../api/user-actions-api';
import { PagedUserTable, type Column } from './paged-user-table';
import { UserLink } from './user-link';

type PendingDeletionUser = PendingDeletionResponse['results'][number];

/** The operator's users pending deletion (GET /api/admin/users/pending-deletion), oldest request first, paged. */
export function PendingDeletionList() {
  const { t } = useTranslation();
  const format = useFormat();
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState<number>(10);
  const query = useQuery({ ...pendingDeletionQueryOptions(page, pageSize), placeholderData: keepPreviousData });
  const columns: Column<PendingDeletionUser>[] = [
    { key: 'username', header: t('userActions.columns.username'), cell: (r) => <UserLink username={r.username} /> },
    { key: 'name', header: t('userActions.columns.name'), cell: (r) => `${r.givenName} ${r.familyName}` },
    {
      key: 'requestedAt',
      header: t('userActions.pendingDeletion.requestedAt'),
      cell: (r) => (r.deletionRequestedAt ? format.dateTime(r.deletionRequestedAt) : '–'),
    },
    { key: 'requestedBy', header: t('userActions.pendingDeletion.requestedBy'), cell: (r) => r.deletionRequestedBy ?? '–' },
  ];
  return (
    <Stack spacing={1} component="section" aria-label={t('userActions.pendingDeletion.title')}>
      <Typography variant="h6" component="h2">
        {t('userActions.pendingDeletion.title')}
      </Typography>
      <PagedUserTable
        label={t('userActions.pendingDeletion.title')}
        query={query}
        columns={columns}
        rowKey={(r) => r.username}
        page={page}
        pageSize={pageSize}
        pageSizeOptions={USER_SEARCH_PAGE_SIZE_OPTIONS}
        onPage={setPage}
        onPageSize={(size) => {
          setPageSize(size);
          setPage(0);
        }}
        empty={t('userActions.pendingDeletion.empty')}
        loadFailed={t('userActions.pendingDeletion.loadFailed')}
      />
    </Stack>
  );
}
