import type { TFunction } from 'i18next';
import type { useFormat } from '@/lib/format/use-format';
import type { SummaryRow } from './booking-summary';
import { poolLabel } from './pool-field';
import type { BookingLiveChecks } from './use-booking-live-checks';
import type { BookingFormModel } from './use-booking-form-model';
import { userOptionLabel } from './user-field';

/** The booking at a glance, as the creation dialog of §4 confirms it. */
export function bookingSummaryRows(
  { values, selectedUser, contract, fromPool, toPool, taxiOffered, adminFee, warnings }: BookingFormModel,
  { period, availability, distance, estimate }: BookingLiveChecks,
  t: TFunction,
  format: ReturnType<typeof useFormat>,
): SummaryRow[] {
  const none = t('bookingForm.summary.none');
  const options = [
    values.rideShare && t('bookingForm.fields.rideShare'),
    values.taxiAcceptable && taxiOffered && t('bookingForm.fields.taxiAcceptable'),
    adminFee !== null && values.adminFeeAdded && t('bookingForm.summary.adminFee'),
    values.ignoreRules && t('bookingForm.fields.ignoreRules'),
    warnings.overridePoolAccess && t('bookingForm.summary.poolAccessOverride'),
  ].filter((option): option is string => Boolean(option));
  const vehicle =
    values.vehicleSpecType === 'CLASS'
      ? t('bookingForm.summary.vehicleClass', { name: values.className })
      : values.vehicleSpecType === 'MODEL'
        ? t('bookingForm.summary.vehicleModel', {
            name: availability.data?.models.find((m) => m.modelId === values.modelId)?.modelName ?? String(values.modelId),
          })
        : (() => {
            const chosen = availability.data?.vehicles.find((v) => v.vin === values.vin);
            return chosen ? `${chosen.registrationNumber} — ${chosen.longPresentation}` : values.vin;
          })();
  const price = estimate.data;
  return [
    { label: t('bookingForm.fields.user'), value: selectedUser ? userOptionLabel(selectedUser) : none },
    { label: t('bookingForm.fields.contract'), value: contract?.name ?? none },
    { label: t('bookingForm.fields.fromPool'), value: fromPool ? `${poolLabel(fromPool)}, ${fromPool.city}` : none },
    { label: t('bookingForm.fields.toPool'), value: toPool ? `${poolLabel(toPool)}, ${toPool.city}` : none },
    {
      label: t('bookingForm.summary.period'),
      value: t('bookingForm.summary.periodValue', { start: format.dateTime(values.startTime), end: format.dateTime(values.endTime) }),
    },
    { label: t('bookingForm.summary.duration'), value: period ? format.duration(period.endMs - period.startMs) : none },
    { label: t('bookingForm.summary.vehicle'), value: vehicle },
    {
      label: t('bookingForm.fields.estimatedDistance'),
      value: t('bookingForm.summary.distanceValue', { distance: format.number(distance ?? 0, 0) }),
    },
    { label: t('bookingForm.fields.tripType'), value: t(`bookingForm.tripTypes.${values.tripType}`) },
    { label: t('bookingForm.summary.options'), value: options.length > 0 ? options.join(', ') : none },
    ...(contract && contract.metaDataSpec.length > 0
      ? contract.metaDataSpec.map((entry) => ({ label: entry.label, value: values.metadata[entry.key]?.trim() || none }))
      : []),
    ...(values.note.trim() ? [{ label: t('bookingForm.fields.note'), value: values.note.trim() }] : []),
    {
      label: t('bookingForm.estimate.title'),
      value: price ? format.money(price.totalPriceWithVat, price.currency) : t('bookingForm.summary.noEstimate'),
    },
  ];
}
