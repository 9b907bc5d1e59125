import { z } from 'zod';
import { ZBookingState } from '../enums.ts';
import { ZIsoDateTime } from '../entities.ts';
import { MESSAGES } from '../messages.ts';

/** At most this many bookings answer one user bookings search (active first, then by start). */
export const USER_BOOKINGS_MAX_RESULTS = 100;
/** §9 default user bookings search states. */
export const USER_BOOKINGS_DEFAULT_STATES = ['INACTIVE', 'FINISHED', 'ACTIVE'] as const;

const emptyToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
/** Query values may repeat (`state=A&state=B`) or be comma separated (`state=A,B`). */
const listParam = <T extends z.ZodType>(item: T) =>
  z.preprocess((v) => {
    if (v === undefined || v === null || v === '') return undefined;
    const arr = Array.isArray(v) ? v : [v];
    const kept = arr
      .flatMap((x) => (typeof x === 'string' ? x.split(',') : [x]))
      .map((x) => (typeof x === 'string' ? x.trim() : x))
      .filter((x) => x !== '' && x !== null);
    return kept.length ? kept : undefined;
  }, z.array(item).optional());

/**
 * GET /api/users/{username}/bookings (§7 user bookings search: startDate, endDate, state list). Bookings that
 * overlap [startDate, endDate]; §9 defaults: start of yesterday to end of tomorrow in the operator's time zone,
 * states INACTIVE, FINISHED and ACTIVE.
 */
export const ZUserBookingsQuery = z
  .object({
    startDate: z.preprocess(emptyToUndefined, ZIsoDateTime.optional()),
    endDate: z.preprocess(emptyToUndefined, ZIsoDateTime.optional()),
    state: listParam(ZBookingState),
    /** Paging (the user page's 10/25/50): skip this many of the ordered bookings… */
    offset: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(1_000_000).optional()),
    /** …and answer at most this many (1–100, default 100). The total is in the `X-Total-Count` header. */
    limit: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(USER_BOOKINGS_MAX_RESULTS).optional()),
  })
  .refine((q) => !q.startDate || !q.endDate || Date.parse(q.startDate) <= Date.parse(q.endDate), {
    message: MESSAGES.endNotBeforeStart,
    path: ['endDate'],
  });
export type UserBookingsQuery = z.infer<typeof ZUserBookingsQuery>;

// The response is ZUserBookingsResponse (api/bookings.ts): active bookings first, then the rest by start
// ascending; `limit` (at most USER_BOOKINGS_MAX_RESULTS) from `offset`. The header USER_BOOKINGS_TOTAL_HEADER
// carries how many bookings match in all, so a client can page through more than one answer holds.
export const USER_BOOKINGS_TOTAL_HEADER = 'x-total-count';
