import type { EventTypeGroup } from '../enums.ts';
import { startOfLocalDay } from './zoned-time.ts';

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
