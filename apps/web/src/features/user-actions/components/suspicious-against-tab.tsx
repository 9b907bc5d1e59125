import { useMemo } from 'react';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { UserDuplicate } from '@fleetdesk/contract';
import { useTranslation } from 'react-i18next';
import { DataTable } from '@/components/data-table/data-table';
import { useUserDuplicates } from '../api/user-actions-api';
import { useMatchedUserColumns } from './matched-user-columns';
import { userGridColumns } from './paged-user-table';

/**
 * The user page's 'Suspicious against' tab (GET /api/users/{u}/duplicate): this operator's users that share the e-mail,
 * phone or identity number, with what matched; for every operator only how many users match (the owner map).
 */
export function SuspiciousAgainstTab({ username }: { username: string }) {
  const { t } = useTranslation();
  const query = useUserDuplicates(username);
  const userColumns = useMatchedUserColumns<UserDuplicate>();
  const columns = useMemo(() => userGridColumns(userColumns), [userColumns]);
  const empty = useMemo(() => ({ title: t('userActions.suspicious.none') }), [t]);

  const title = t('userActions.suspicious.againstTitle', { user: username });
  const ownerMap = query.data?.ownerMap ?? {};
  const owners = Object.entries(ownerMap).sort(([a], [b]) => a.localeCompare(b));

  return (
    <Stack spacing={3}>
      <Stack spacing={1} component="section" aria-label={title}>
        <Typography variant="subtitle1" component="h3">
          {title}
        </Typography>
        <DataTable<UserDuplicate>
          id="suspicious-against"
          label={title}
          rows={query.data?.userDuplicates ?? []}
          columns={columns}
          getRowId={(row) => row.username}
          loading={query.isPending}
          refreshing={query.isFetching && !query.isPending}
          error={query.isError ? { message: t('userActions.suspicious.loadFailed'), onRetry: () => void query.refetch() } : null}
          empty={empty}
          exportFileName={title}
          autoRowHeight
          rowAttributes={(row) => ({ 'data-testid': 'suspicious-against-row', 'data-username': row.username })}
        />
      </Stack>
      <Stack spacing={1} component="section" aria-label={t('userActions.suspicious.ownerMap')}>
        <Typography variant="subtitle1" component="h3">
          {t('userActions.suspicious.ownerMap')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('userActions.suspicious.ownerMapHelp')}
        </Typography>
        {/* While loading, or when the load failed (the table above says so and offers Retry), no counts to show. */}
        {query.isPending ? (
          <Skeleton variant="rounded" height={32} width={240} aria-label={t('common.loading')} />
        ) : query.isError ? null : owners.length === 0 ? (
          <Typography variant="body2">{t('userActions.suspicious.noOwners')}</Typography>
        ) : (
          <Stack direction="row" spacing={1} component="ul" useFlexGap sx={{ flexWrap: 'wrap', listStyle: 'none', p: 0, m: 0 }}>
            {owners.map(([operator, count]) => (
              <li key={operator}>
                <Chip variant="outlined" label={`${operator}: ${t('userActions.suspicious.ownerCount', { count })}`} />
              </li>
            ))}
          </Stack>
        )}
      </Stack>
    </Stack>
  );
}
