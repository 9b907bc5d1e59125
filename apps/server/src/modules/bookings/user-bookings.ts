import {
  bookingListHighlights,
  startOfLocalDay,
  USER_BOOKINGS_DEFAULT_STATES,
  USER_BOOKINGS_MAX_RESULTS,
  type Booking,
  type UserBookingsListItem,
  type UserBookingsQuery,
} from '@fleetdesk/contract';
import { and, asc, count, desc, eq, gt, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { bookings, fleets } from '../../db/schema.ts';
import type { Actor } from '../auth/index.ts';
import { findFleetUser } from '../users/index.ts';
import { getBooking } from './service.ts';
import { ACTIVATION_WINDOW_MS } from './state.ts';

/** §4 list order: active, future by start ascending, historic by start descending, then the booking id. */
const LIST_GROUP = sql`case ${bookings.state} when 'ACTIVE' then 0 when 'INACTIVE' then 1 else 2 end`;
const LIST_ORDER = [
  asc(LIST_GROUP),
  asc(sql`case when ${bookings.state} in ('ACTIVE', 'INACTIVE') then ${bookings.startTime} end`),
  desc(bookings.startTime),
  asc(bookings.bid),
] as const;

/**
 * The §4 highlights of every matching booking (not only the page): the states and starts of all of them, and for the
 * few inactive ones inside their activation window whether the server would activate them now (the booking's own
 * `actions`, so the rule stays the one of state.ts).
 */
async function listHighlights(db: Db, actor: Actor, matching: SQL | undefined, now: Date) {
  const all = await db
    .select({ bid: bookings.bid, state: bookings.state, start: bookings.startTime, end: bookings.endTime })
    .from(bookings)
    .where(matching);
  const inWindow = all.filter(
    (b) => b.state === 'INACTIVE' && b.start.getTime() - ACTIVATION_WINDOW_MS <= now.getTime() && now.getTime() < b.end.getTime(),
  );
  const activatable = new Set<string>();
  for (const b of inWindow) {
    const booking = await getBooking(db, actor, b.bid, now);
    if (booking.actions.includes('ACTIVATE')) activatable.add(b.bid);
  }
  return bookingListHighlights(all.map((b) => ({ bid: b.bid, state: b.state, start: b.start, activatable: activatable.has(b.bid) })));
}

/** Bookings are expanded to the §3 shape this many at a time. */
const EXPAND_CONCURRENCY = 10;

/** §9 default user bookings window: start of yesterday to the end of tomorrow in the operator's time zone. */
export function defaultUserBookingsPeriod(now: Date, timeZone: string): { start: Date; end: Date } {
  return { start: startOfLocalDay(now, timeZone, -1), end: startOfLocalDay(now, timeZone, 2) };
}

/**
 * GET /api/users/{username}/bookings (§7 user bookings search, §9 defaults): the operator's user's bookings that
 * overlap [startDate, endDate) in the given states (default INACTIVE, FINISHED, ACTIVE). An ACTIVE booking that
 * overruns its end counts until now (it is still running). Ordered active first, then by start ascending (then
 * bid); `limit` (at most USER_BOOKINGS_MAX_RESULTS, 100) from `offset`, with the number of all matches as `total`.
 * Another operator's user answers 404.
 *
 * §4 order (issue 17): active first, then future (INACTIVE) by start ascending, then historic (FINISHED, CANCELLED)
 * newest first; the booking id breaks ties. Each booking carries its §4 highlight in the whole list
 * (bookingListHighlights of the contract), so a page shows the marks of the list, not of the page.
 */
export async function listUserBookings(
  db: Db,
  actor: Actor,
  username: string,
  q: UserBookingsQuery,
  now = new Date(),
): Promise<{ bookings: UserBookingsListItem[]; total: number }> {
  const user = await findFleetUser(db, actor, username);
  let start = q.startDate ? new Date(q.startDate) : null;
  let end = q.endDate ? new Date(q.endDate) : null;
  if (!start || !end) {
    const [fleet] = await db.select({ timeZone: fleets.timeZone }).from(fleets).where(eq(fleets.id, actor.fleet)).limit(1);
    const period = defaultUserBookingsPeriod(now, fleet?.timeZone ?? 'UTC');
    start ??= period.start;
    end ??= period.end;
  }
  const states = q.state?.length ? [...new Set(q.state)] : [...USER_BOOKINGS_DEFAULT_STATES];
  const matching = and(
    eq(bookings.fleetId, actor.fleet),
    eq(bookings.userId, user.id),
    inArray(bookings.state, states),
    lt(bookings.startTime, end),
    // An overdue ACTIVE booking runs until now, so it overlaps any period that starts before now.
    or(gt(bookings.endTime, start), now.getTime() > start.getTime() ? eq(bookings.state, 'ACTIVE') : undefined),
  );
  const offset = q.offset ?? 0;
  const [rows, [counted]] = await Promise.all([
    db
      .select({ bid: bookings.bid })
      .from(bookings)
      .where(matching)
      .orderBy(...LIST_ORDER)
      .limit(q.limit ?? USER_BOOKINGS_MAX_RESULTS)
      .offset(offset),
    db.select({ total: count() }).from(bookings).where(matching),
  ]);
  const result: Booking[] = [];
  for (let i = 0; i < rows.length; i += EXPAND_CONCURRENCY) {
    result.push(...(await Promise.all(rows.slice(i, i + EXPAND_CONCURRENCY).map((r) => getBooking(db, actor, r.bid, now)))));
  }
  const marks = await listHighlights(db, actor, matching, now);
  return { bookings: result.map((b) => ({ ...b, listHighlight: marks.get(b.bid) ?? null })), total: Number(counted?.total ?? 0) };
}
