import type { TFunction } from 'i18next';
import { z } from 'zod';
import { BOOKING_REASON_MAX_LENGTH, forceEndUsageProblems, type Booking } from '@fleetdesk/contract';
import type { ForceDeactivateInput } from '../../api/booking-card-api';
import { fromLocalInput, toLocalInput } from './datetime-local';

/** The longest reason the server keeps (ZReasonQuery, ZForceDeactivateQuery). */
export const REASON_MAX_LENGTH = BOOKING_REASON_MAX_LENGTH;

/** The Adjust usage / force end form: datetime-local strings, the distance as typed, and a reason. */
export interface ForceEndFormValues {
  start: string;
  end: string;
  distance: string;
  wasNotUsed: boolean;
  reason: string;
}

/** A distance as typed ("12.5" or "12,5"); NaN when it is not a number, undefined when blank. */
export function parseDistance(value: string): number | undefined {
  const trimmed = value.trim();
  if (!trimmed) return undefined;
  return /^[+-]?\d+([.,]\d+)?$/.test(trimmed) ? Number(trimmed.replace(',', '.')) : Number.NaN;
}

/** A reason is required and at most REASON_MAX_LENGTH characters ('Maximum characters N (len/N)'). */
export function reasonIssue(reason: string, t: TFunction): string | null {
  const trimmed = reason.trim();
  if (!trimmed) return t('messages.required');
  if (trimmed.length > REASON_MAX_LENGTH) return t('messages.maxCharacters', { max: REASON_MAX_LENGTH, len: trimmed.length });
  return null;
}

/**
 * §5 Adjust usage / force end, the field rules of the request only — whether the booking may be force-ended is the
 * server's (the booking's `forceEnd` ability), never decided here:
 * - start and end must both be set or both be empty, and they are required unless 'was not used' is ticked; start has
 *   to be before end; the distance, when given, must be a positive number (what ZForceDeactivateQuery states);
 * - the usage can neither start nor end in the future (forceEndUsageProblems, the server's check);
 * - staff give a reason for the event log, as for cancelling, of at most BOOKING_REASON_MAX_LENGTH characters.
 * With 'was not used', start, end and distance are not checked: they are left out of the submission.
 */
export function forceEndFormSchema(t: TFunction, now: () => number = Date.now) {
  return z
    .object({ start: z.string(), end: z.string(), distance: z.string(), wasNotUsed: z.boolean(), reason: z.string() })
    .superRefine((values, ctx) => {
      const reason = reasonIssue(values.reason, t);
      if (reason) ctx.addIssue({ code: 'custom', path: ['reason'], message: reason });
      if (values.wasNotUsed) return;

      const start = fromLocalInput(values.start);
      const end = fromLocalInput(values.end);
      if (!start && !end) {
        ctx.addIssue({ code: 'custom', path: ['start'], message: t('messages.required') });
        ctx.addIssue({ code: 'custom', path: ['end'], message: t('messages.required') });
      } else if (!start || !end) {
        ctx.addIssue({ code: 'custom', path: [start ? 'end' : 'start'], message: t('bookingCard.forceEnd.bothOrNeither') });
      } else if (Date.parse(start) >= Date.parse(end)) {
        ctx.addIssue({ code: 'custom', path: ['start'], message: t('messages.startBeforeEnd') });
      } else {
        for (const problem of forceEndUsageProblems({ wasNotUsed: false, startDate: start, endDate: end }, new Date(now()))) {
          ctx.addIssue({ code: 'custom', path: [problem.field === 'startDate' ? 'start' : 'end'], message: t(`messages.${problem.message}`) });
        }
      }

      const distance = parseDistance(values.distance);
      if (distance !== undefined && (Number.isNaN(distance) || distance <= 0)) {
        ctx.addIssue({ code: 'custom', path: ['distance'], message: t('messages.mustBePositive') });
      }
    });
}

/** What the force-deactivate call gets: with 'was not used' only the flag and the reason. */
export function toForceDeactivateInput(values: ForceEndFormValues): ForceDeactivateInput {
  const reason = values.reason.trim();
  if (values.wasNotUsed) return { wasNotUsed: true, reason };
  return {
    wasNotUsed: false,
    startDate: fromLocalInput(values.start),
    endDate: fromLocalInput(values.end),
    distance: parseDistance(values.distance),
    reason,
  };
}

/**
 * Prefilled from the booking: the usage start (else the booked start) until now, the recorded distance;
 * a booking that never started is most likely ended as 'not used'.
 */
export function forceEndDefaults(booking: Booking, now: number): ForceEndFormValues {
  const start = booking.usageTime?.start ?? booking.bookedInterval.start;
  const started = Date.parse(start) < now;
  return {
    start: toLocalInput(start),
    end: started ? toLocalInput(booking.usageTime?.end ?? now) : '',
    distance: booking.distance === null ? '' : String(booking.distance),
    wasNotUsed: booking.state === 'INACTIVE',
    reason: '',
  };
}
