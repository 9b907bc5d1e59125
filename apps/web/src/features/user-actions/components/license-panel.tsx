import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { UserDetail } from '@fleetdesk/contract';
import { useFormat } from '@/lib/format/use-format';
import { useLicenseChecks } from '../api/user-actions-api';
import { LicenseCheckDialog } from './license-check-dialog';
import { LicenseStateChip } from './license-state-chip';

export interface LicensePanelProps {
  user: UserDetail;
  /** The user after a check here (licence state and verifiedDriversLicense). */
  onChanged?: (user: UserDetail) => void;
}

/** The driver's licence (§4): state chip, verifier, expiry, the check dialog and the check history. */
export function LicensePanel({ user, onChanged }: LicensePanelProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const [dialogOpen, setDialogOpen] = useState(false);
  const checks = useLicenseChecks(user.username);
  const license = user.driversLicense;

  return (
    <Stack spacing={1.5} component="section" aria-label={t('userActions.license.title')}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Typography variant="subtitle1" component="h3">
          {t('userActions.license.title')}
        </Typography>
        <LicenseStateChip state={license.state} />
      </Stack>
      <Stack direction="row" spacing={3} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Field label={t('userActions.license.country')} value={license.country ?? '–'} />
        <Field label={t('userActions.license.validUntil')} value={license.validUntil ?? '–'} />
        <Field label={t('userActions.license.verifier')} value={license.verifier ?? '–'} />
        <Field label={t('userActions.license.checkedAt')} value={license.timestamp ? format.dateTime(license.timestamp) : '–'} />
      </Stack>
      <div>
        <Button size="small" variant="outlined" onClick={() => setDialogOpen(true)}>
          {t('userActions.license.check')}
        </Button>
      </div>
      <Typography variant="subtitle2" component="h4">
        {t('userActions.license.history')}
      </Typography>
      {checks.isPending ? (
        <Skeleton variant="rectangular" height={48} aria-label={t('common.loading')} />
      ) : checks.isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void checks.refetch()}>
              {t('userActions.retry')}
            </Button>
          }
        >
          {t('userActions.license.loadFailed')}
        </Alert>
      ) : checks.data.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('userActions.license.noHistory')}
        </Typography>
      ) : (
        <Table size="small" aria-label={t('userActions.license.history')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('userActions.license.checkedAt')}</TableCell>
              <TableCell>{t('userActions.license.country')}</TableCell>
              <TableCell>{t('userActions.license.result')}</TableCell>
              <TableCell>{t('userActions.license.validUntil')}</TableCell>
              <TableCell>{t('userActions.license.verifier')}</TableCell>
              <TableCell>{t('userActions.license.by')}</TableCell>
              <TableCell>{t('userActions.license.reason')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {checks.data.map((check) => (
              <TableRow key={check.id}>
                <TableCell>{format.dateTime(check.checkedAt)}</TableCell>
                <TableCell>{check.country}</TableCell>
                <TableCell>{t(`userActions.license.results.${check.result}`)}</TableCell>
                <TableCell>{check.validUntil ?? '–'}</TableCell>
                <TableCell>{check.verifier}</TableCell>
                <TableCell>{check.checkedBy ?? '–'}</TableCell>
                <TableCell>{check.reason ?? '–'}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {dialogOpen && (
        <LicenseCheckDialog
          user={user}
          onChecked={(response) => {
            void checks.refetch();
            onChanged?.({
              ...user,
              verifiedDriversLicense: response.verifiedDriversLicense,
              driversLicense: { ...user.driversLicense, ...response.status },
            });
            if (response.result === 'SUCCESS') setDialogOpen(false);
          }}
          onClose={() => setDialogOpen(false)}
        />
      )}
    </Stack>
  );
}

function Field({ label, value }: { label: string; value: string }) {
  return (
    <Stack spacing={0.25}>
      <Typography variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="body2">{value}</Typography>
    </Stack>
  );
}
