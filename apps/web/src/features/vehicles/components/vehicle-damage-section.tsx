import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import BuildIcon from '@mui/icons-material/Build';
import CarCrashIcon from '@mui/icons-material/CarCrash';
import DeleteIcon from '@mui/icons-material/Delete';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Damage } from '@fleetdesk/contract';
import { isApiError } from '@/lib/api/api-error';
import { useLanguage } from '@/lib/i18n/i18n';
import { useFormat } from '@/lib/format/use-format';
import { notifySuccess } from '@/lib/notifications/notify';
import { damageQueryOptions, deleteDamage, fixDamage } from '../api/vehicles-api';
import { vehicleKeys } from '../api/vehicle-keys';
import { DamagePhoto } from './damage-photo';
import { DamageReportForm, VehicleConfirmDialog } from './lazy-forms';
import { VehicleSection } from './vehicle-section';

/** The descriptions of a damage, the UI language's (or the operator's) first, then English. */
export function orderedDescriptions(descriptions: Record<string, string>, language: string): [string, string][] {
  const base = language.split('-')[0] ?? language;
  const rank = (key: string) => (key === language || key === base ? 0 : key === 'en' || key.startsWith('en') ? 2 : 1);
  return Object.entries(descriptions)
    .filter(([, text]) => text.trim() !== '')
    .sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b));
}

type Pending = { kind: 'fix' | 'delete'; damage: Damage };

function DamageItem({ damage, onFix, onDelete }: { damage: Damage; onFix: () => void; onDelete: () => void }) {
  const { t } = useTranslation();
  const format = useFormat();
  const language = useLanguage();
  const texts = orderedDescriptions(damage.descriptions, language);
  const title = texts[0]?.[1] ?? t('vehicles.damage.untitled');
  const fixed = damage.fixDate !== null;
  return (
    <Stack direction="row" spacing={1.5} data-testid="damage-item" data-fixed={fixed ? 'true' : 'false'} sx={{ py: 1 }}>
      {/* A fixed damage is marked by its chip; fading the whole row would take its text below contrast (WCAG 1.4.3). */}
      <DamagePhoto thumbnailUrl={damage.thumbnailUrl} imageUrl={damage.imageUrl} title={title} />
      <Box sx={{ minWidth: 0, flexGrow: 1 }}>
        {texts.map(([lang, text], index) => (
          <Typography
            key={lang}
            variant={index === 0 ? 'body2' : 'caption'}
            color={index === 0 ? 'text.primary' : 'text.secondary'}
            component="p"
            sx={{ overflowWrap: 'anywhere' }}
          >
            {text}
            <Typography component="span" variant="caption" color="text.secondary" sx={{ ml: 0.5 }}>
              ({lang})
            </Typography>
          </Typography>
        ))}
        <Typography variant="caption" color="text.secondary" component="p">
          {t('vehicles.damage.registered', { date: format.dateTime(damage.registrationDate) })}
          {damage.reportedBy ? ` · ${damage.reportedBy}` : ''}
        </Typography>
        {fixed && (
          <Chip
            size="small"
            color="success"
            variant="outlined"
            label={t('vehicles.damage.fixedOn', { date: format.dateTime(damage.fixDate) })}
            sx={{ mt: 0.5 }}
          />
        )}
      </Box>
      <Stack spacing={0.5} sx={{ flexShrink: 0 }}>
        {!fixed && (
          <Button size="small" startIcon={<BuildIcon />} onClick={onFix}>
            {t('vehicles.damage.fix')}
          </Button>
        )}
        <Button size="small" color="error" startIcon={<DeleteIcon />} onClick={onDelete}>
          {t('vehicles.damage.delete')}
        </Button>
      </Stack>
    </Stack>
  );
}

/** Known damage (§2): unfixed first, then newest (§4), with photos, fix and delete (confirmed), and the report form (§5). */
export function VehicleDamageSection({ vin }: { vin: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { data, isPending, error, refetch } = useQuery(damageQueryOptions(vin));
  const [pending, setPending] = useState<Pending | null>(null);
  const mutation = useMutation({
    mutationFn: ({ kind, damage }: Pending) => (kind === 'fix' ? fixDamage(damage.id) : deleteDamage(damage.id)),
    onSuccess: (_result, { kind }) => {
      notifySuccess(t(kind === 'fix' ? 'vehicles.damage.fixedToast' : 'vehicles.damage.deletedToast'));
      setPending(null);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: vehicleKeys.damage(vin) }),
  });
  // §8: the damage list shows its error on 400 and on 5xx.
  const shownError = error && (!isApiError(error) || error.status === 400 || error.status >= 500) ? error : null;
  const open = data?.filter((damage) => damage.fixDate === null).length ?? 0;

  return (
    <VehicleSection
      title={t('vehicles.damage.title')}
      icon={<CarCrashIcon />}
      testId="vehicle-damage"
      action={
        data && data.length > 0 ? (
          <Chip size="small" color={open > 0 ? 'warning' : 'default'} label={t('vehicles.damage.openCount', { count: open })} />
        ) : undefined
      }
    >
      {isPending && <LinearProgress aria-label={t('common.loading')} />}
      {shownError && (
        <Alert
          severity="error"
          sx={{ mb: 1 }}
          action={
            <Button color="inherit" size="small" onClick={() => void refetch()}>
              {t('common.retry')}
            </Button>
          }
        >
          {isApiError(shownError) ? shownError.envelope.message : t('messages.genericError')}
        </Alert>
      )}
      {data && data.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          {t('messages.noDamage')}
        </Typography>
      )}
      {data && data.length > 0 && (
        <Stack divider={<Divider flexItem />} sx={{ maxHeight: 360, overflowY: 'auto' }}>
          {data.map((damage) => (
            <DamageItem
              key={damage.id}
              damage={damage}
              onFix={() => setPending({ kind: 'fix', damage })}
              onDelete={() => setPending({ kind: 'delete', damage })}
            />
          ))}
        </Stack>
      )}
      <Divider sx={{ my: 1.5 }} />
      <DamageReportForm vin={vin} />
      {pending && (
        <VehicleConfirmDialog
          title={t(pending.kind === 'fix' ? 'vehicles.damage.confirmFixTitle' : 'vehicles.damage.confirmDeleteTitle')}
          body={t(pending.kind === 'fix' ? 'vehicles.damage.confirmFixBody' : 'vehicles.damage.confirmDeleteBody')}
          confirmLabel={t(pending.kind === 'fix' ? 'vehicles.damage.fix' : 'vehicles.damage.delete')}
          color={pending.kind === 'fix' ? 'primary' : 'error'}
          pending={mutation.isPending}
          onConfirm={() => mutation.mutate(pending)}
          onClose={() => setPending(null)}
        />
      )}
    </VehicleSection>
  );
}
