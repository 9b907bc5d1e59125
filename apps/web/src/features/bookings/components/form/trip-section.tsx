import Alert from '@mui/material/Alert';
import Grid from '@mui/material/Grid';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { ZTripType } from '@fleetdesk/contract';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormSection } from './form-section';
import { PoolField } from './pool-field';
import { LengthRulesFields, TimeFields } from './time-fields';
import type { BookingLiveChecks } from './use-booking-live-checks';
import type { BookingFormModel } from './use-booking-form-model';
import { useFormMessage } from './use-form-message';

interface TripSectionProps {
  model: BookingFormModel;
  checks: BookingLiveChecks;
}

/** The trip: pools, period and length rules, distance and trip type, with the warnings about them (§5). */
export function TripSection({ model, checks }: TripSectionProps) {
  const { t } = useTranslation();
  const fieldMessage = useFormMessage();
  const { values, form, started, username, pools, poolsQuery, contract, warnings } = model;
  const { overlapping } = checks;
  const errors = form.formState.errors;
  const noPoolsText = !username ? t('bookingForm.contract.chooseUserFirst') : t('bookingForm.pools.none');

  return (
    <FormSection id="booking-form-trip" title={t('bookingForm.sections.trip')}>
      <Grid container spacing={1.5}>
        <Grid size={{ xs: 12, sm: 6 }}>
          <PoolField
            label={t('bookingForm.fields.fromPool')}
            pools={pools}
            value={values.fromPoolId}
            onChange={model.changeFromPool}
            disabled={started || !username}
            loading={poolsQuery.isFetching}
            required
            error={fieldMessage(errors.fromPoolId?.message)}
            loadingText={t('common.loading')}
            noOptionsText={noPoolsText}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <PoolField
            label={t('bookingForm.fields.toPool')}
            pools={pools}
            value={values.toPoolId}
            onChange={(id) => model.set('toPoolId', id)}
            disabled={started || !contract?.oneWayAllowed}
            loading={poolsQuery.isFetching}
            required
            error={fieldMessage(errors.toPoolId?.message)}
            helperText={contract && !contract.oneWayAllowed ? t('bookingForm.pools.roundTripOnly') : undefined}
            loadingText={t('common.loading')}
            noOptionsText={noPoolsText}
          />
        </Grid>
        <TimeFields model={model} checks={checks} />
      </Grid>

      <LengthRulesFields model={model} checks={checks} />

      <Grid container spacing={1.5} sx={{ mt: 2 }}>
        <Grid size={{ xs: 12, sm: 4 }}>
          <Controller
            name="estimatedDistance"
            control={form.control}
            render={({ field }) => (
              <TextField
                {...field}
                label={t('bookingForm.fields.estimatedDistance')}
                required
                disabled={started}
                error={Boolean(errors.estimatedDistance)}
                helperText={fieldMessage(errors.estimatedDistance?.message)}
                slotProps={{
                  htmlInput: { inputMode: 'decimal' },
                  input: { endAdornment: <InputAdornment position="end">{t('bookingForm.units.km')}</InputAdornment> },
                }}
              />
            )}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <Controller
            name="tripType"
            control={form.control}
            render={({ field }) => (
              <TextField {...field} select label={t('bookingForm.fields.tripType')} required>
                {ZTripType.options.map((type) => (
                  <MenuItem key={type} value={type}>
                    {t(`bookingForm.tripTypes.${type}`)}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
        </Grid>
      </Grid>

      <Stack spacing={1} sx={{ mt: 1.5, '&:empty': { display: 'none' } }}>
        {warnings.noPoolsOnContract && (
          <Alert severity="warning" role="status">
            {t('messages.noPoolsOnContract')}
          </Alert>
        )}
        {warnings.overridePoolAccess && (
          <Alert severity="info" role="status">
            {t('messages.poolAccessOverride')}
          </Alert>
        )}
        {overlapping.map((own) => (
          <Alert key={own.bid} severity="warning" role="status">
            {t('messages.bookingsOverlap', { bid: own.bid })}
          </Alert>
        ))}
      </Stack>
    </FormSection>
  );
}
