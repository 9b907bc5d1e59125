import {
  USER_BOOKINGS_DEFAULT_STATES, USER_BOOKINGS_MAX_RESULTS, type Booking, type UserBookingsQuery,
} from '@fleetdesk/contract';
import { and, asc, count, desc, eq, gt, inArray, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { bookings, fleets } from '../../db/schema.ts';
import { startOfLocalDay } from '../../lib/zoned-time.ts';
import type { Actor } from '../auth/session.ts';
import { getBooking } from '../bookings/service.ts';
import { findFleetUser } from './service.ts';

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
 */
export async function listUserBookings(
  db: Db, actor: Actor, username: string, q: UserBookingsQuery, now = new Date(),
): Promise<{ bookings: Booking[]; total: number }> {
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
      .orderBy(desc(sql`${bookings.state} = 'ACTIVE'`), asc(bookings.startTime), asc(bookings.bid))
      .limit(q.limit ?? USER_BOOKINGS_MAX_RESULTS)
      .offset(offset),
    db.select({ total: count() }).from(bookings).where(matching),
  ]);
  const result: Booking[] = [];
  for (let i = 0; i < rows.length; i += EXPAND_CONCURRENCY) {
    result.push(...(await Promise.all(rows.slice(i, i + EXPAND_CONCURRENCY).map((r) => getBooking(db, actor, r.bid, now)))));
  }
  return { bookings: result, total: Number(counted?.total ?? 0) };
}
