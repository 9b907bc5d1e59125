import { useState } from 'react';
import type { Booking, BookingCreateRequest, ErrorEnvelope } from '@fleetdesk/contract';
import type { FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/lib/api/api-error';
import { useFormat } from '@/lib/format/use-format';
import { applyServerErrors } from '@/lib/forms/apply-server-errors';
import { envelopeToNotifications } from '@/lib/notifications/error-notifications';
import { notify, notifyError, notifySuccess } from '@/lib/notifications/notify';
import { useUpdateBooking } from '../../api/booking-form-api';
import { bookingToFormValues, hasAdminFee, toCreateRequest, toUpdateRequest, type BookingFormValues } from './booking-form-schema';
import type { SummaryRow } from './booking-summary';
import { bookingSummaryRows } from './booking-summary-rows';
import type { BookingLiveChecks } from './use-booking-live-checks';
import type { BookingFormModel } from './use-booking-form-model';

/** Server field names (§8 field errors) onto the form's fields. */
function formFieldOf(field: string, values: BookingFormValues): FieldPath<BookingFormValues> | null {
  if (field.startsWith('metadata.')) return field as FieldPath<BookingFormValues>;
  switch (field.split('.')[0]) {
    case 'user':
      return 'user';
    case 'contractId':
      return 'contractId';
    case 'startTime':
      return 'startTime';
    case 'endTime':
      return 'endTime';
    case 'fromLocation':
      return 'fromPoolId';
    case 'toLocation':
      return 'toPoolId';
    case 'estimatedDistance':
      return 'estimatedDistance';
    case 'tripType':
      return 'tripType';
    case 'note':
      return 'note';
    case 'rideShare':
      return 'rideShare';
    case 'taxiAcceptable':
      return 'taxiAcceptable';
    case 'vehicleSpecification':
      return values.vehicleSpecType === 'CLASS' ? 'className' : values.vehicleSpecType === 'MODEL' ? 'modelId' : 'vin';
    default:
      return null;
  }
}

/**
 * Submitting the form: a new booking opens the creation dialog of §4 with its request and summary; an update is saved
 * directly. The server's refusals land on the fields (§8) and in notifications.
 */
export function useBookingSubmit(model: BookingFormModel, checks: BookingLiveChecks, onUpdated?: (booking: Booking) => void) {
  const { t } = useTranslation();
  const format = useFormat();
  const { booking, timeZone, updating, started, form, contract, warnings } = model;
  const { getValues, reset, handleSubmit, formState } = form;
  const update = useUpdateBooking(booking?.bid ?? '');
  const [dialog, setDialog] = useState<{ request: BookingCreateRequest; summary: SummaryRow[] } | null>(null);
  const requestContext = {
    timeZone,
    metadataSpec: contract?.metaDataSpec ?? [],
    overridePoolAccess: warnings.overridePoolAccess,
    classCategory: checks.classCategory,
    adminFeeOffered: !updating && hasAdminFee(contract),
  };

  const showServerErrors = (envelope: ErrorEnvelope) => {
    envelopeToNotifications(envelope, t).forEach(notify);
    const current = getValues();
    applyServerErrors(form, envelope, { fields: (path) => formFieldOf(path, current), t });
  };

  const submit = handleSubmit(async (submitted) => {
    if (checks.rulesBlocking) return;
    if (!booking) {
      setDialog({ request: toCreateRequest(submitted, requestContext), summary: bookingSummaryRows(model, checks, t, format) });
      return;
    }
    try {
      const saved = await update.mutateAsync(toUpdateRequest(submitted, booking, { ...requestContext, started }));
      notifySuccess(t('messages.bookingUpdated'));
      reset(bookingToFormValues(saved, timeZone));
      onUpdated?.(saved);
    } catch (error) {
      if (isApiError(error) && error.status >= 400 && error.envelope.errors.length > 0) showServerErrors(error.envelope);
      else notifyError(error);
    }
  });

  // Read every flag on each render: react-hook-form only tracks the formState flags that are read.
  const { isDirty, isValid, isSubmitting } = formState;
  const pending = isSubmitting || update.isPending || dialog !== null;
  const canSubmit = isDirty && isValid && !checks.rulesBlocking && !pending;

  return { submit, dialog, closeDialog: () => setDialog(null), showServerErrors, saving: update.isPending, pending, canSubmit, isDirty };
}
