import { useId } from 'react';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import Autocomplete from '@mui/material/Autocomplete';
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
import { FormTextField } from '@/components/form-text-field';
import { useFormat } from '@/lib/format/use-format';
import { fieldMessageText } from '@/lib/forms/field-message-text';
import { applyServerErrors } from '@/lib/forms/apply-server-errors';
import { notifySuccess } from '@/lib/notifications/notify';
import { usePoolContractOptions, useUpdatePool } from '../api/pools-api';
import {
  POOL_FLAG_FIELDS,
  POOL_FORM_NUMBER_ERROR,
  POOL_TEXT_FIELDS,
  poolFormDefaults,
  poolFormFieldOf,
  poolFormResolver,
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
  const contractOptions = usePoolContractOptions();
  const contractNames = new Map((contractOptions.data ?? []).map((c) => [c.id, c.name]));
  const contractLabel = (id: number) => contractNames.get(id) ?? t('pools.details.unknownContract', { id });
  const form = useForm<PoolFormValues, unknown, PoolUpdateRequest>({
    resolver: poolFormResolver,
    defaultValues: poolFormDefaults(pool),
    mode: 'onChange',
  });
  const { control, handleSubmit, reset, formState } = form;
  const { errors, isDirty, isValid } = formState;
  const message = (text: string | undefined) => (text === POOL_FORM_NUMBER_ERROR ? t('pools.details.notANumber') : text);
  const errorText = (text: string, value: unknown) =>
    text === POOL_FORM_NUMBER_ERROR ? t('pools.details.notANumber') : fieldMessageText(text, value, t);
  const fieldProps = (name: (typeof POOL_TEXT_FIELDS)[number] | 'fee') => ({
    control,
    name,
    errorText,
    size: 'small' as const,
    label: t(`pools.fields.${name}`),
  });

  const submit = handleSubmit((body) =>
    update.mutate(body, {
      onSuccess: (updated) => {
        reset(poolFormDefaults(updated));
        notifySuccess(t('pools.details.saved', { pool: updated.pool }));
      },
      onError: (error) => {
        applyServerErrors(form, error, { fields: poolFormFieldOf, shouldFocus: true, t });
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
          {pool.fee !== null && currency && (
            <Chip size="small" variant="outlined" label={t('pools.details.feeChip', { fee: format.money(pool.fee, currency) })} />
          )}
          {isDirty && <Chip size="small" color="info" label={t('pools.details.unsaved')} />}
        </Stack>
      </AccordionSummary>
      <AccordionDetails id={`${formId}-details`}>
        <Box component="form" noValidate onSubmit={(event) => void submit(event)} aria-label={t('pools.details.formLabel', { pool: pool.pool })}>
          <Stack spacing={2}>
            <Typography variant="body2" color="text.secondary">
              {t('pools.details.readOnly', { pool: pool.pool, city: pool.city, id: pool.poolId })}
            </Typography>
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: '1fr 1fr 1fr' } }}>
              <FormTextField
                {...fieldProps('description')}
                multiline
                minRows={2}
                sx={{ gridColumn: { sm: '1 / -1' } }}
                slotProps={{ htmlInput: { maxLength: POOL_DESCRIPTION_MAX } }}
              />
              {POOL_TEXT_FIELDS.filter((name) => name !== 'description').map((name) => (
                <FormTextField key={name} {...fieldProps(name)} slotProps={{ htmlInput: { maxLength: POOL_TEXT_MAX } }} />
              ))}
              <FormTextField
                {...fieldProps('fee')}
                inputMode="decimal"
                slotProps={{ input: { endAdornment: currency ? <InputAdornment position="end">{currency}</InputAdornment> : undefined } }}
              />
              <Controller
                name="movedTo"
                control={control}
                render={({ field }) => (
                  <TextField
                    select
                    size="small"
                    fullWidth
                    label={t('pools.fields.movedTo')}
                    {...field}
                    error={Boolean(errors.movedTo)}
                    helperText={errors.movedTo?.message}
                  >
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
                  <TextField
                    select
                    size="small"
                    fullWidth
                    label={t('pools.fields.poolGroupId')}
                    {...field}
                    error={Boolean(errors.poolGroupId)}
                    helperText={errors.poolGroupId?.message}
                  >
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
              {/* Chosen by name from the operator's contracts (issue 17); an id the list lacks still shows, as 'Contract 7'. */}
              <Controller
                name="allowedContracts"
                control={control}
                render={({ field }) => (
                  <Autocomplete
                    multiple
                    size="small"
                    fullWidth
                    sx={{ gridColumn: { sm: '1 / -1' } }}
                    options={(contractOptions.data ?? []).map((c) => c.id)}
                    value={field.value}
                    onChange={(_, ids) => field.onChange(ids)}
                    onBlur={field.onBlur}
                    getOptionLabel={contractLabel}
                    loading={contractOptions.isPending}
                    loadingText={t('common.loading')}
                    noOptionsText={t('pools.details.noContracts')}
                    filterSelectedOptions
                    renderInput={(params) => (
                      <TextField
                        {...params}
                        inputRef={field.ref}
                        name={field.name}
                        label={t('pools.fields.allowedContracts')}
                        error={Boolean(errors.allowedContracts)}
                        helperText={message(errors.allowedContracts?.message) ?? t('pools.details.contractsHint')}
                      />
                    )}
                  />
                )}
              />
            </Box>
            <Stack direction="row" useFlexGap spacing={2} sx={{ flexWrap: 'wrap' }}>
              {POOL_FLAG_FIELDS.map((name) => (
                <Controller
                  key={name}
                  name={name}
                  control={control}
                  render={({ field }) => (
                    <FormControlLabel
                      control={
                        <Checkbox
                          checked={field.value}
                          onChange={(event) => field.onChange(event.target.checked)}
                          onBlur={field.onBlur}
                          name={field.name}
                        />
                      }
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
