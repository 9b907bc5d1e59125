import type { EventTypeGroup } from '../enums.ts';
import { DAY_MS, HOUR_MS, startOfLocalDay } from './zoned-time.ts';

/**
 * §5 event search screen defaults: type groups bookings, vehicle status, payments, remote commands, user actions and
 * external costs (road toll) on; bluetooth off; heartbeat on only when a vin is given.
 */
export function eventSearchDefaultGroups(hasVin: boolean): EventTypeGroup[] {
  const groups: EventTypeGroup[] = ['BOOKING', 'VEHICLE', 'PAYMENT', 'REMOTE_COMMAND', 'USER_ACTION', 'ROAD_TOLL'];
  return hasVin ? [...groups, 'HEARTBEAT'] : groups;
}

/**
 * §5 event search screen default period: one month back (local midnight, a calendar month before today) to the end of
 * today (the next local midnight) in the operator's time zone. The plain API's own default is the start of yesterday
 * until now (docs/decisions/0005-event-log-api.md), so the screen sends these explicitly.
 */
export function eventSearchDefaultPeriod(now: Date, timeZone: string): { startDate: string; endDate: string } {
  return { startDate: startOfLocalDay(now, timeZone, 0, -1).toISOString(), endDate: startOfLocalDay(now, timeZone, 1).toISOString() };
}

/**
 * The longest period a search without a subject may span (a failed-commands search across the operator's vehicles,
 * docs/decisions/0071-saved-views.md): five weeks, above the screen's default month (at most 32 days and an hour), so
 * that the scan of the operator's events stays bounded.
 */
export const EVENT_SEARCH_UNSCOPED_MAX_DAYS = 35;
/** The longest relative window (`lastHours`): the same five weeks. */
export const EVENT_SEARCH_LAST_HOURS_MAX = EVENT_SEARCH_UNSCOPED_MAX_DAYS * 24;

/** What decides whether an event search may run: its subjects and the failed-commands filter. */
export interface EventSearchScope {
  vin?: string | undefined;
  bid?: string | undefined;
  user?: string | undefined;
  failedCommands?: boolean | undefined;
}

/** §5: at least one of vin, bid or user; the failed-commands filter is the one search that needs none. */
export const eventSearchHasSubject = (q: EventSearchScope): boolean => Boolean(q.vin || q.bid || q.user);
export const eventSearchIsRunnable = (q: EventSearchScope): boolean => eventSearchHasSubject(q) || q.failedCommands === true;

/** A search without a subject may span at most EVENT_SEARCH_UNSCOPED_MAX_DAYS; one with a subject any period. */
export const eventSearchPeriodTooLong = (q: EventSearchScope, startMs: number, endMs: number): boolean =>
  !eventSearchHasSubject(q) && endMs - startMs > EVENT_SEARCH_UNSCOPED_MAX_DAYS * DAY_MS;

/** The window of `lastHours`: the last hours up to `now` (evaluated when the search runs, not when it was saved). */
export const eventSearchLastHoursPeriod = (lastHours: number, now: Date): { start: Date; end: Date } => ({
  start: new Date(now.getTime() - lastHours * HOUR_MS),
  end: now,
});
