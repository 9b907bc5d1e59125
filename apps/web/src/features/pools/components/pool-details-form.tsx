import { useId } from 'react';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { POOL_DESCRIPTION_MAX, POOL_TEXT_MAX, type Pool, type PoolUpdateRequest } from '@fleetdesk/contract';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/lib/api/api-error';
import { useFormat } from '@/lib/format/use-format';
import { notifySuccess } from '@/lib/notifications/notify';
import { useUpdatePool } from '../api/pools-api';
import {
  POOL_FLAG_FIELDS,
  POOL_FORM_NUMBER_ERROR,
  POOL_TEXT_FIELDS,
  poolFormDefaults,
  poolFormResolver,
  serverPoolFormErrors,
  type PoolFormValues,
} from '../pool-form';

interface PoolDetailsFormProps {
  pool: Pool;
  /** Every pool of the operator (for 'moved to'). */
  pools: readonly Pool[];
  /** Pool groups, id → name. */
  groups: Record<string, string> | undefined;
  /** The operator's currency, for the fee. */
  currency: string | undefined;
}

/**
 * §3 Pool details, editable (PUT /api/pools/{poolId}): submit is disabled while the form is pristine or invalid (§5);
 * the contract's ZPoolUpdateRequest validates, and the server's field errors land on their fields.
 */
export function PoolDetailsForm({ pool, pools, groups, currency }: PoolDetailsFormProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const formId = useId();
  const update = useUpdatePool(pool.poolId);
  const { register, control, handleSubmit, setError, reset, formState } = useForm<PoolFormValues, unknown, PoolUpdateRequest>({
    resolver: poolFormResolver,
    defaultValues: poolFormDefaults(pool),
    mode: 'onChange',
  });
  const { errors, isDirty, isValid } = formState;
  const message = (text: string | undefined) => (text === POOL_FORM_NUMBER_ERROR ? t('pools.details.notANumber') : text);
  const fieldProps = (name: keyof PoolFormValues) => ({
    ...register(name),
    error: Boolean(errors[name]),
    helperText: message(errors[name]?.message),
    size: 'small' as const,
    fullWidth: true,
    label: t(`pools.fields.${name}`),
  });

  const submit = handleSubmit((body) =>
    update.mutate(body, {
      onSuccess: (updated) => {
        reset(poolFormDefaults(updated));
        notifySuccess(t('pools.details.saved', { pool: updated.pool }));
      },
      onError: (error) => {
        if (isApiError(error)) serverPoolFormErrors(error.envelope).forEach(({ field, message: text }) => setError(field, { type: 'server', message: text }, { shouldFocus: true }));
      },
    }),
  );

  const otherPools = pools.filter((p) => p.poolId !== pool.poolId);
  const groupEntries = Object.entries(groups ?? {}).sort((a, b) => a[1].localeCompare(b[1]));

  return (
    <Accordion variant="outlined" disableGutters defaultExpanded={false}>
      <AccordionSummary expandIcon={<ExpandMoreIcon />} aria-controls={`${formId}-details`} id={`${formId}-summary`}>
        <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography variant="subtitle1" component="h2">
            {t('pools.details.heading')}
          </Typography>
          {pool.poolGroupName && <Chip size="small" label={pool.poolGroupName} />}
          {pool.disabled && <Chip size="small" color="warning" label={t('pools.sidebar.disabled')} />}
          {pool.chargingAvailable && <Chip size="small" color="success" variant="outlined" label={t('pools.fields.chargingAvailable')} />}
          {pool.fee !== null && currency && <Chip size="small" variant="outlined" label={t('pools.details.feeChip', { fee: format.money(pool.fee, currency) })} />}
          {isDirty && <Chip size="small" color="info" label={t('pools.details.unsaved')} />}
        </Stack>
      </AccordionSummary>
      <AccordionDetails id={`${formId}-details`}>
        <Box component="form" noValidate onSubmit={submit} aria-label={t('pools.details.formLabel', { pool: pool.pool })}>
          <Stack spacing={2}>
            <Typography variant="body2" color="text.secondary">
              {t('pools.details.readOnly', { pool: pool.pool, city: pool.city, id: pool.poolId })}
            </Typography>
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: '1fr 1fr 1fr' } }}>
              <TextField {...fieldProps('description')} multiline minRows={2} sx={{ gridColumn: { sm: '1 / -1' } }} slotProps={{ htmlInput: { maxLength: POOL_DESCRIPTION_MAX } }} />
              {POOL_TEXT_FIELDS.filter((name) => name !== 'description').map((name) => (
                <TextField key={name} {...fieldProps(name)} slotProps={{ htmlInput: { maxLength: POOL_TEXT_MAX } }} />
              ))}
              <TextField
                {...fieldProps('fee')}
                inputMode="decimal"
                slotProps={{ input: { endAdornment: currency ? <InputAdornment position="end">{currency}</InputAdornment> : undefined } }}
              />
              <Controller
                name="movedTo"
                control={control}
                render={({ field }) => (
                  <TextField select size="small" fullWidth label={t('pools.fields.movedTo')} {...field} error={Boolean(errors.movedTo)} helperText={errors.movedTo?.message}>
                    <MenuItem value="">
                      <em>{t('pools.details.none')}</em>
                    </MenuItem>
                    {otherPools.map((p) => (
                      <MenuItem key={p.poolId} value={String(p.poolId)}>
                        {p.city} – {p.pool}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              />
              <Controller
                name="poolGroupId"
                control={control}
                render={({ field }) => (
                  <TextField select size="small" fullWidth label={t('pools.fields.poolGroupId')} {...field} error={Boolean(errors.poolGroupId)} helperText={errors.poolGroupId?.message}>
                    <MenuItem value="">
                      <em>{t('pools.details.none')}</em>
                    </MenuItem>
                    {groupEntries.map(([id, name]) => (
                      <MenuItem key={id} value={id}>
                        {name}
                      </MenuItem>
                    ))}
                    {pool.poolGroupId !== null && !groups?.[String(pool.poolGroupId)] && (
                      <MenuItem value={String(pool.poolGroupId)}>{pool.poolGroupName ?? pool.poolGroupId}</MenuItem>
                    )}
                  </TextField>
                )}
              />
              <TextField {...fieldProps('allowedContracts')} helperText={message(errors.allowedContracts?.message) ?? t('pools.details.contractsHint')} />
            </Box>
            <Stack direction="row" useFlexGap spacing={2} sx={{ flexWrap: 'wrap' }}>
              {POOL_FLAG_FIELDS.map((name) => (
                <Controller
                  key={name}
                  name={name}
                  control={control}
                  render={({ field }) => (
                    <FormControlLabel
                      control={<Checkbox checked={field.value} onChange={(event) => field.onChange(event.target.checked)} onBlur={field.onBlur} name={field.name} />}
                      label={t(`pools.fields.${name}`)}
                    />
                  )}
                />
              ))}
            </Stack>
            <Stack direction="row" spacing={1.5} sx={{ justifyContent: 'flex-end' }}>
              <Button onClick={() => reset(poolFormDefaults(pool))} disabled={!isDirty || update.isPending}>
                {t('pools.details.reset')}
              </Button>
              <Button type="submit" variant="contained" disabled={!isDirty || !isValid} loading={update.isPending}>
                {t('pools.details.save')}
              </Button>
            </Stack>
          </Stack>
        </Box>
      </AccordionDetails>
    </Accordion>
  );
}
