import { useMemo, useState } from 'react';
import TuneIcon from '@mui/icons-material/Tune';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import type { TFunction } from 'i18next';
import { ZDataQuality, ZTripType, type Booking, type DataQuality, type TripType } from '@fleetdesk/contract';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ControlledDateTimeField } from '@/components/controlled-date-time-field';
import { FormTextField } from '@/components/form-text-field';
import { useFormat } from '@/lib/format/use-format';
import { applyServerErrors } from '@/lib/forms/apply-server-errors';
import { serverMessageText } from '@/lib/i18n/server-message';
import type { AdjustedValuesInput } from '../../api/booking-card-api';
import { fromLocalInput, toLocalInput } from './datetime-local';
import { NO_VALUE } from './detail-section';
import { parseDistance } from './force-end-form';
import { useBookingAction } from './use-booking-action';

export interface AdjustValuesFormValues {
  adjustedStartTime: string;
  adjustedEndTime: string;
  adjustedDistance: string;
  adjustedBookingType: TripType | '';
  dataQuality: DataQuality | '';
}

/** The server's field names are the form's. */
const FIELDS = [
  'adjustedStartTime',
  'adjustedEndTime',
  'adjustedDistance',
  'adjustedBookingType',
  'dataQuality',
] as const satisfies readonly (keyof AdjustValuesFormValues)[];

/**
 * §5 Adjust values form: start and end (start before end), a distance of zero or more, the booking type
 * (MAINTENANCE, PRIVATE, BUSINESS) and the data quality, all required.
 */
export function adjustValuesFormSchema(t: TFunction) {
  const required = t('messages.required');
  return z
    .object({
      adjustedStartTime: z.string(),
      adjustedEndTime: z.string(),
      adjustedDistance: z.string(),
      adjustedBookingType: z.union([ZTripType, z.literal('')]),
      dataQuality: z.union([ZDataQuality, z.literal('')]),
    })
    .superRefine((values, ctx) => {
      const start = fromLocalInput(values.adjustedStartTime);
      const end = fromLocalInput(values.adjustedEndTime);
      if (!start) ctx.addIssue({ code: 'custom', path: ['adjustedStartTime'], message: required });
      if (!end) ctx.addIssue({ code: 'custom', path: ['adjustedEndTime'], message: required });
      if (start && end && Date.parse(start) >= Date.parse(end)) {
        ctx.addIssue({ code: 'custom', path: ['adjustedStartTime'], message: t('messages.startBeforeEnd') });
      }
      const distance = parseDistance(values.adjustedDistance);
      if (distance === undefined) ctx.addIssue({ code: 'custom', path: ['adjustedDistance'], message: required });
      else if (Number.isNaN(distance)) ctx.addIssue({ code: 'custom', path: ['adjustedDistance'], message: t('messages.mustBeNumber') });
      else if (distance < 0) ctx.addIssue({ code: 'custom', path: ['adjustedDistance'], message: t('messages.valueCanNotBeNegative') });
      if (!values.adjustedBookingType) ctx.addIssue({ code: 'custom', path: ['adjustedBookingType'], message: required });
      if (!values.dataQuality) ctx.addIssue({ code: 'custom', path: ['dataQuality'], message: required });
    });
}

/** The request of a valid form (the schema has checked every field). */
export function toAdjustedValuesInput(values: AdjustValuesFormValues): AdjustedValuesInput {
  return {
    adjustedStartTime: fromLocalInput(values.adjustedStartTime) ?? '',
    adjustedEndTime: fromLocalInput(values.adjustedEndTime) ?? '',
    adjustedDistance: parseDistance(values.adjustedDistance) ?? 0,
    adjustedBookingType: values.adjustedBookingType || 'PRIVATE',
    dataQuality: values.dataQuality || 'CORRECTED',
  };
}

/** Prefilled from earlier adjusted values, else from the recorded usage. */
export function adjustValuesDefaults(booking: Booking): AdjustValuesFormValues {
  const adjusted = booking.adjustedValues;
  const distance = adjusted?.adjustedDistance ?? booking.distance;
  return {
    adjustedStartTime: toLocalInput(adjusted?.adjustedStartTime ?? booking.usageTime?.start ?? booking.bookedInterval.start),
    adjustedEndTime: toLocalInput(adjusted?.adjustedEndTime ?? booking.usageTime?.end ?? booking.bookedInterval.end),
    adjustedDistance: distance === null ? '' : String(distance),
    adjustedBookingType: adjusted?.adjustedBookingType ?? booking.tripType,
    dataQuality: adjusted?.dataQuality ?? '',
  };
}

interface AdjustValuesFormProps {
  booking: Booking;
  /** Leaves adjust-values mode. */
  onDone: () => void;
}

/** Adjust historic values of a FINISHED booking (?adjustValues=1). Server error lists are shown on the form. */
export function AdjustValuesForm({ booking, onDone }: AdjustValuesFormProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const [listErrors, setListErrors] = useState<string[]>([]);
  const resolver = useMemo(() => zodResolver(adjustValuesFormSchema(t)), [t]);
  const form = useForm<AdjustValuesFormValues>({
    resolver,
    defaultValues: adjustValuesDefaults(booking),
  });
  const { control, handleSubmit, formState } = form;
  const action = useBookingAction(booking.bid, {
    handleError: (error) => {
      const { placed, unplaced } = applyServerErrors(form, error, { fields: FIELDS, status: 400, t });
      setListErrors(unplaced.map((item) => serverMessageText(item, t)));
      return placed.length + unplaced.length > 0;
    },
  });
  const errors = formState.errors;
  const original = booking.adjustedValues?.originalUsageTime ?? booking.usageTime;

  const submit = handleSubmit((values) => {
    setListErrors([]);
    action.mutate({ kind: 'adjustValues', values: toAdjustedValuesInput(values) }, { onSuccess: onDone });
  });

  return (
    <Paper variant="outlined" component="section" aria-labelledby="adjust-values-title" sx={{ p: { xs: 2, md: 3 } }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
        <TuneIcon color="primary" aria-hidden />
        <Typography id="adjust-values-title" variant="h6" component="h2">
          {t('bookingCard.adjustValues.title')}
        </Typography>
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2.5 }}>
        {t('bookingCard.adjustValues.intro', {
          start: format.dateTime(original?.start) || NO_VALUE,
          end: format.dateTime(original?.end) || NO_VALUE,
        })}
      </Typography>
      <Box component="form" noValidate onSubmit={submit}>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' }, maxWidth: 760 }}>
          <ControlledDateTimeField
            control={control}
            name="adjustedStartTime"
            label={t('bookingCard.adjusted.start')}
            required
            errorMessage={errors.adjustedStartTime?.message}
          />
          <ControlledDateTimeField
            control={control}
            name="adjustedEndTime"
            label={t('bookingCard.adjusted.end')}
            required
            errorMessage={errors.adjustedEndTime?.message}
          />
          <FormTextField
            control={control}
            name="adjustedDistance"
            label={t('bookingCard.adjustValues.distanceKm')}
            required
            fullWidth={false}
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          />
          <Controller
            name="adjustedBookingType"
            control={control}
            render={({ field }) => (
              <TextField
                select
                label={t('bookingCard.adjusted.tripType')}
                required
                error={Boolean(errors.adjustedBookingType)}
                helperText={errors.adjustedBookingType?.message}
                {...field}
              >
                {ZTripType.options.map((type) => (
                  <MenuItem key={type} value={type}>
                    {t(`bookingCard.tripType.${type}`)}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
          <Controller
            name="dataQuality"
            control={control}
            render={({ field }) => (
              <TextField
                select
                label={t('bookingCard.adjustValues.dataQuality')}
                required
                error={Boolean(errors.dataQuality)}
                helperText={errors.dataQuality?.message}
                {...field}
              >
                {ZDataQuality.options.map((quality) => (
                  <MenuItem key={quality} value={quality}>
                    {t(`bookingCard.dataQuality.${quality}`)}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
        </Box>
        {listErrors.length > 0 && (
          <Alert severity="error" sx={{ mt: 2, maxWidth: 760 }} role="alert">
            <Box component="ul" sx={{ m: 0, pl: 2 }}>
              {listErrors.map((message) => (
                <li key={message}>{message}</li>
              ))}
            </Box>
          </Alert>
        )}
        <Stack direction="row" spacing={1} sx={{ mt: 3 }}>
          <Button
            type="submit"
            variant="contained"
            disabled={action.isPending}
            startIcon={action.isPending ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
          >
            {t('bookingCard.adjustValues.save')}
          </Button>
          <Button onClick={onDone} disabled={action.isPending}>
            {t('bookingCard.adjustValues.leave')}
          </Button>
        </Stack>
      </Box>
    </Paper>
  );
}
