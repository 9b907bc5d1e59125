import { useMemo } from 'react';
import {
  BOOKING_FORM_WINDOW_AFTER_MS,
  BOOKING_FORM_WINDOW_BEFORE_MS,
  evaluateBookingLength,
  msToIsoWithOffset,
  wallClockToMs,
  type BookingLengthViolation,
} from '@fleetdesk/contract';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '@/lib/i18n/i18n';
import {
  useAvailability,
  useContractRules,
  usePriceEstimate,
  useUserBookings,
  type AvailabilityQuery,
  type PriceRequest,
} from '../../api/booking-form-api';
import { hasAdminFee, metadataOf, parseDistance, vehicleSpecOf } from './booking-form-schema';
import { ruleDurationText } from './rule-duration-text';
import type { BookingFormModel } from './use-booking-form-model';
import { useDebouncedValue } from './use-debounced-value';

/** How long the inputs must rest before the price, availability and own bookings are asked again. */
export const ESTIMATE_DEBOUNCE_MS = 400;

/**
 * The §5 length rules the server judges the booking by (evaluateBookingLength), checked while staff type. A contract
 * the rules cannot read breaks none here: the server answers for it on submit.
 */
function bookingLengthViolations(
  limits: Parameters<typeof evaluateBookingLength>[0],
  startMs: number,
  endMs: number,
  timeZone: string,
): BookingLengthViolation[] {
  try {
    return evaluateBookingLength(limits, new Date(startMs), new Date(endMs), timeZone);
  } catch (error) {
    if (error instanceof RangeError) return [];
    throw error;
  }
}

/**
 * What the form checks while staff type: the period and the contract's length rules (§5), the vehicles free in the
 * pool (availability), the live price estimate, and the customer's own overlapping bookings (one booking at a time).
 */
export function useBookingLiveChecks({ booking, timeZone, updating, nowMs, values, username, contract }: BookingFormModel) {
  const { t } = useTranslation();
  const language = useLanguage();

  // ---- times and rules ------------------------------------------------------------------------------------
  const startMs = wallClockToMs(values.startTime, timeZone);
  const endMs = wallClockToMs(values.endTime, timeZone);
  const period = startMs !== null && endMs !== null && startMs < endMs ? { startMs, endMs } : null;
  const rules = useContractRules(values.contractId, values.fromPoolId);
  const limits = rules.data ?? contract;
  const violations: BookingLengthViolation[] = useMemo(
    () => (limits && period ? bookingLengthViolations(limits, period.startMs, period.endMs, timeZone) : []),
    [limits, period?.startMs, period?.endMs, timeZone], // eslint-disable-line react-hooks/exhaustive-deps -- period is rebuilt each render
  );
  const ruleTexts = violations.map((violation) => {
    const duration = ruleDurationText(violation.durationMs, language);
    const short = violation.kind === 'MIN_DURATION';
    const inline = short ? t('messages.bookingTooShort', { duration }) : t('messages.bookingTooLong', { duration });
    const window = violation.window;
    const expanded =
      window === null
        ? inline
        : short
          ? t('messages.bookingTooShortScheduled', { duration, from: window.from, to: window.to })
          : t('messages.bookingTooLongScheduled', { duration, from: window.from, to: window.to });
    return { inline, expanded, scheduled: window !== null };
  });
  const rulesBlocking = ruleTexts.length > 0 && !values.ignoreRules;

  // ---- availability ---------------------------------------------------------------------------------------
  const isoOf = (ms: number) => msToIsoWithOffset(ms, timeZone);
  const availabilityQuery = useDebouncedValue<AvailabilityQuery | null>(
    values.fromPoolId !== null && period
      ? {
          fromPoolId: values.fromPoolId,
          from: isoOf(period.startMs),
          to: isoOf(period.endMs),
          contractId: values.contractId ?? undefined,
          excludeBid: booking?.bid,
        }
      : null,
    ESTIMATE_DEBOUNCE_MS,
  );
  const availability = useAvailability(availabilityQuery);
  const classCategory = availability.data?.classes.find((c) => c.className === values.className)?.vehicleCategory;

  // ---- price estimate -------------------------------------------------------------------------------------
  const distance = parseDistance(values.estimatedDistance);
  const vehicleSpecification = vehicleSpecOf(values, classCategory);
  const priceRequest = useDebouncedValue<PriceRequest | null>(
    contract && values.fromPoolId !== null && period && distance !== null && distance >= 0
      ? {
          startTime: isoOf(period.startMs),
          endTime: isoOf(period.endMs),
          user: username ?? undefined,
          fromLocation: { poolId: values.fromPoolId },
          toLocation: { poolId: values.toPoolId ?? values.fromPoolId },
          vehicleSpecification: vehicleSpecification ?? undefined,
          vehicleSpecType: values.vehicleSpecType,
          contractId: contract.id,
          estimatedDistance: distance,
          rideShare: values.rideShare ? 'ENABLED' : 'NOT_SELECTED',
          taxiAcceptable: values.taxiAcceptable ? 'ENABLED' : 'NOT_SELECTED',
          metadata: metadataOf(values, contract.metaDataSpec),
          adminFeeAdded: !updating && hasAdminFee(contract) && values.adminFeeAdded,
        }
      : null,
    ESTIMATE_DEBOUNCE_MS,
  );
  const estimate = usePriceEstimate(priceRequest);

  // ---- §5: with one booking at a time, the customer's own live bookings must not overlap ---------------------
  const overlapWindow = useDebouncedValue(
    contract?.onlyOneBookingAtTheSameTimeAllowed && period
      ? {
          startDate: isoOf(Math.min(period.startMs, nowMs - BOOKING_FORM_WINDOW_BEFORE_MS)),
          endDate: isoOf(Math.max(period.endMs, nowMs + BOOKING_FORM_WINDOW_AFTER_MS)),
        }
      : null,
    ESTIMATE_DEBOUNCE_MS,
  );
  const ownBookings = useUserBookings(contract?.onlyOneBookingAtTheSameTimeAllowed ? username : null, overlapWindow);
  const overlapping =
    contract?.onlyOneBookingAtTheSameTimeAllowed && period
      ? (ownBookings.data ?? []).filter(
          (own) =>
            own.bid !== booking?.bid &&
            (own.state === 'ACTIVE' || own.state === 'INACTIVE') &&
            Date.parse(own.startTime) < period.endMs &&
            period.startMs < Date.parse(own.endTime),
        )
      : [];

  return { period, ruleTexts, rulesBlocking, availabilityQuery, availability, classCategory, distance, priceRequest, estimate, overlapping };
}

export type BookingLiveChecks = ReturnType<typeof useBookingLiveChecks>;
