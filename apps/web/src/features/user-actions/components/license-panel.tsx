import { useMemo, useState } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { LicenseCheck, UserDetail } from '@fleetdesk/contract';
import { DataTable, type DataTableColumn } from '@/components/data-table/data-table';
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

  const columns = useMemo<DataTableColumn<LicenseCheck>[]>(() => {
    const text = (field: string, header: string, value: (check: LicenseCheck) => string, minWidth = 120): DataTableColumn<LicenseCheck> => ({
      field,
      headerName: header,
      minWidth,
      flex: 1,
      sortable: false,
      valueGetter: (_, check) => value(check),
    });
    return [
      text('checkedAt', t('userActions.license.checkedAt'), (check) => format.dateTime(check.checkedAt), 150),
      text('country', t('userActions.license.country'), (check) => check.country, 90),
      text('result', t('userActions.license.result'), (check) => t(`userActions.license.results.${check.result}`), 140),
      text('validUntil', t('userActions.license.validUntil'), (check) => check.validUntil ?? '–'),
      text('verifier', t('userActions.license.verifier'), (check) => check.verifier),
      text('checkedBy', t('userActions.license.by'), (check) => check.checkedBy ?? '–'),
      text('reason', t('userActions.license.reason'), (check) => check.reason ?? '–', 160),
    ];
  }, [t, format]);
  const empty = useMemo(() => ({ title: t('userActions.license.noHistory') }), [t]);

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
      <DataTable<LicenseCheck>
        id="license-checks"
        label={t('userActions.license.history')}
        rows={checks.data ?? []}
        columns={columns}
        getRowId={(check) => check.id}
        loading={checks.isPending}
        refreshing={checks.isFetching && !checks.isPending}
        error={checks.isError ? { message: t('userActions.license.loadFailed'), onRetry: () => void checks.refetch() } : null}
        empty={empty}
        exportFileName={`${t('userActions.license.history')} ${user.username}`}
        rowAttributes={() => ({ 'data-testid': 'license-check' })}
      />
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
