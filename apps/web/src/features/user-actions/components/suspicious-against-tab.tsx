import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useFormat } from '@/lib/format/use-format';
import { useUserDuplicates } from '../api/user-actions-api';
import { MatchedFields } from './matched-fields';
import { UserLink } from './user-link';
import { UserStatusLabel } from './user-status-label';

/**
 * The user page's 'Suspicious against' tab (GET /api/users/{u}/duplicate): this operator's users that share the e-mail,
 * phone or identity number, with what matched; for every operator only how many users match (the owner map).
 */
export function SuspiciousAgainstTab({ username }: { username: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  const query = useUserDuplicates(username);

  if (query.isPending) return <Skeleton variant="rectangular" height={120} aria-label={t('common.loading')} />;
  if (query.isError) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void query.refetch()}>
            {t('userActions.retry')}
          </Button>
        }
      >
        {t('userActions.suspicious.loadFailed')}
      </Alert>
    );
  }
  const { userDuplicates, ownerMap } = query.data;
  const owners = Object.entries(ownerMap).sort(([a], [b]) => a.localeCompare(b));

  return (
    <Stack spacing={3}>
      <Stack spacing={1} component="section" aria-label={t('userActions.suspicious.againstTitle', { user: username })}>
        <Typography variant="subtitle1" component="h3">
          {t('userActions.suspicious.againstTitle', { user: username })}
        </Typography>
        {userDuplicates.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {t('userActions.suspicious.none')}
          </Typography>
        ) : (
          <TableContainer>
            <Table size="small" aria-label={t('userActions.suspicious.againstTitle', { user: username })}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('userActions.columns.username')}</TableCell>
                  <TableCell>{t('userActions.columns.name')}</TableCell>
                  <TableCell>{t('userActions.columns.email')}</TableCell>
                  <TableCell>{t('userActions.columns.phone')}</TableCell>
                  <TableCell>{t('userActions.columns.status')}</TableCell>
                  <TableCell>{t('userActions.columns.applyDate')}</TableCell>
                  <TableCell>{t('userActions.suspicious.matched')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {userDuplicates.map((row) => (
                  <TableRow key={row.username}>
                    <TableCell>
                      <UserLink username={row.username} />
                    </TableCell>
                    <TableCell>{`${row.givenName} ${row.familyName}`}</TableCell>
                    <TableCell>{row.emailAddress ?? '–'}</TableCell>
                    <TableCell>{row.mobilePhone ?? '–'}</TableCell>
                    <TableCell>
                      <UserStatusLabel status={row.status} />
                    </TableCell>
                    <TableCell>{row.applyDate ? format.date(row.applyDate) : '–'}</TableCell>
                    <TableCell>
                      <MatchedFields row={row} />
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </Stack>
      <Stack spacing={1} component="section" aria-label={t('userActions.suspicious.ownerMap')}>
        <Typography variant="subtitle1" component="h3">
          {t('userActions.suspicious.ownerMap')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('userActions.suspicious.ownerMapHelp')}
        </Typography>
        {owners.length === 0 ? (
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
