import { useMemo, useState } from 'react';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { USER_SEARCH_PAGE_SIZE_OPTIONS, type PendingDeletionResponse } from '@fleetdesk/contract';
import { useTablePreferences } from '@/components/data-table/data-table';
import { useFormat } from '@/lib/format/use-format';
import { pendingDeletionQueryOptions } from '../api/user-actions-api';
import { PagedUserTable, type Column } from './paged-user-table';
import { UserLink } from './user-link';

type PendingDeletionUser = PendingDeletionResponse['results'][number];

const TABLE_ID = 'pending-deletion';
const dash = '–';

/** The operator's users pending deletion (GET /api/admin/users/pending-deletion), oldest request first, paged. */
export function PendingDeletionList() {
  const { t } = useTranslation();
  const format = useFormat();
  // 10 a page, or the page size this staff member last chose here (remembered by the table).
  const [preferences] = useTablePreferences(TABLE_ID);
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState<number>(() => USER_SEARCH_PAGE_SIZE_OPTIONS.find((size) => size === preferences.pageSize) ?? 10);
  const query = useQuery({ ...pendingDeletionQueryOptions(page, pageSize), placeholderData: keepPreviousData });
  const columns = useMemo<Column<PendingDeletionUser>[]>(
    () => [
      { key: 'username', header: t('userActions.columns.username'), text: (r) => r.username, cell: (r) => <UserLink username={r.username} /> },
      { key: 'name', header: t('userActions.columns.name'), text: (r) => `${r.givenName} ${r.familyName}`, minWidth: 180, flex: 1.3 },
      {
        key: 'requestedAt',
        header: t('userActions.pendingDeletion.requestedAt'),
        text: (r) => (r.deletionRequestedAt ? format.dateTime(r.deletionRequestedAt) : dash),
        minWidth: 150,
      },
      { key: 'requestedBy', header: t('userActions.pendingDeletion.requestedBy'), text: (r) => r.deletionRequestedBy ?? dash, minWidth: 150 },
    ],
    [t, format],
  );
  return (
    <Stack spacing={1} component="section" aria-label={t('userActions.pendingDeletion.title')}>
      <Typography variant="h6" component="h2">
        {t('userActions.pendingDeletion.title')}
      </Typography>
      <PagedUserTable
        id={TABLE_ID}
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
