import { useId, useMemo } from 'react';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { zodResolver } from '@hookform/resolvers/zod';
import type { Booking } from '@fleetdesk/contract';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ControlledDateTimeField } from '@/components/controlled-date-time-field';
import { FormTextField } from '@/components/form-text-field';
import { applyServerErrors } from '@/lib/forms/apply-server-errors';
import { DialogActionsBar } from './dialog-actions-bar';
import { REASON_MAX_LENGTH, forceEndDefaults, forceEndFormSchema, toForceDeactivateInput, type ForceEndFormValues } from './force-end-form';
import { useBookingAction } from './use-booking-action';

/** The server's query names onto the form's fields. */
const SERVER_FIELDS: Record<string, keyof ForceEndFormValues> = {
  startDate: 'start',
  endDate: 'end',
  distance: 'distance',
  reason: 'reason',
  wasNotUsed: 'wasNotUsed',
};

interface ForceEndDialogProps {
  booking: Booking;
  onClose: () => void;
}

/** Force end (§5 Adjust usage): the real usage, or 'was not used', and a reason. */
export function ForceEndDialog({ booking, onClose }: ForceEndDialogProps) {
  const { t } = useTranslation();
  const formId = useId();
  const resolver = useMemo(() => zodResolver(forceEndFormSchema(t)), [t]);
  const form = useForm<ForceEndFormValues>({
    resolver,
    defaultValues: forceEndDefaults(booking, Date.now()),
  });
  const { register, control, handleSubmit, watch, formState } = form;
  const action = useBookingAction(booking.bid, {
    handleError: (error) => applyServerErrors(form, error, { fields: SERVER_FIELDS, status: 400, t }).placed.length > 0,
  });
  const wasNotUsed = watch('wasNotUsed');
  const errors = formState.errors;
  const reasonLength = watch('reason').trim().length;

  const submit = handleSubmit((values) => action.mutate({ kind: 'forceEnd', query: toForceDeactivateInput(values) }, { onSuccess: onClose }));

  return (
    <Dialog open onClose={action.isPending ? undefined : onClose} fullWidth maxWidth="sm" aria-labelledby={`${formId}-title`}>
      <DialogTitle id={`${formId}-title`}>{t('bookingCard.forceEnd.title', { bid: booking.bid })}</DialogTitle>
      <DialogContent>
        <DialogContentText variant="body2" sx={{ mb: 2 }}>
          {t('bookingCard.forceEnd.intro')}
        </DialogContentText>
        <Stack component="form" id={formId} noValidate spacing={2} onSubmit={submit}>
          <Controller
            name="wasNotUsed"
            control={control}
            render={({ field }) => (
              <FormControlLabel
                control={<Checkbox checked={field.value} onChange={(event) => field.onChange(event.target.checked)} />}
                label={t('bookingCard.forceEnd.wasNotUsed')}
              />
            )}
          />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <ControlledDateTimeField
              control={control}
              name="start"
              label={t('bookingCard.forceEnd.start')}
              required={!wasNotUsed}
              disabled={wasNotUsed}
              errorMessage={wasNotUsed ? undefined : errors.start?.message}
            />
            <ControlledDateTimeField
              control={control}
              name="end"
              label={t('bookingCard.forceEnd.end')}
              required={!wasNotUsed}
              disabled={wasNotUsed}
              errorMessage={wasNotUsed ? undefined : errors.end?.message}
            />
          </Stack>
          <TextField
            label={t('bookingCard.forceEnd.distance')}
            disabled={wasNotUsed}
            error={!wasNotUsed && Boolean(errors.distance)}
            helperText={wasNotUsed ? undefined : errors.distance?.message}
            slotProps={{
              htmlInput: { inputMode: 'decimal' },
              input: { endAdornment: <InputAdornment position="end">{t('bookingCard.forceEnd.kmUnit')}</InputAdornment> },
            }}
            {...register('distance')}
          />
          <FormTextField
            control={control}
            name="reason"
            label={t('bookingCard.dialogs.reason')}
            required
            multiline
            minRows={2}
            fullWidth={false}
            helperText={t('bookingCard.dialogs.reasonHelp', { len: reasonLength, max: REASON_MAX_LENGTH })}
          />
        </Stack>
      </DialogContent>
      <DialogActionsBar onClose={onClose} form={formId} pending={action.isPending} color="warning" submitLabel={t('bookingCard.forceEnd.submit')} />
    </Dialog>
  );
}
