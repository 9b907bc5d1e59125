import { BOOKING_EVENTS_PAGE_SIZE, type EventSearchResponse, type EventType, type ZBookingEventsQuery } from '@fleetdesk/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../auth/index.ts';
import { searchEvents } from '../events/index.ts';
import { invalid } from './locked-booking.ts';
import { findBookingRow } from './service.ts';

/** The events of one booking (spec §7 GET /api/bookings/{bid}/events), read from the event log. */

export type BookingEventsQuery = z.infer<typeof ZBookingEventsQuery>;

/** The §7 booking events: these five types, from the epoch to 2100, 10 per page. */
export const BOOKING_EVENT_TYPES = [
  'BOOKING_EVENT',
  'REMOTE_COMMAND',
  'VEHICLE_STATUS',
  'VEHICLE_ADMIN',
  'PAYMENT_ACTION',
] as const satisfies readonly EventType[];
const BOOKING_EVENTS_FROM = '1970-01-01T00:00:00.000Z';
const BOOKING_EVENTS_TO = '2100-01-01T00:00:00.000Z';

/** GET /api/bookings/{bid}/events: the booking's events of the five §7 types, epoch to 2100, newest first, 10 per page. */
export async function listBookingEvents(db: Db, actor: Actor, rawBid: string, q: BookingEventsQuery): Promise<EventSearchResponse> {
  const row = await findBookingRow(db, actor, rawBid);
  const allowed: readonly EventType[] = BOOKING_EVENT_TYPES;
  const outside = (q.types ?? []).filter((t) => !allowed.includes(t));
  if (outside.length) throw invalid('types', `Booking events are of the types ${BOOKING_EVENT_TYPES.join(', ')}`);
  return searchEvents(db, actor, {
    bid: row.bid,
    types: q.types?.length ? q.types : [...BOOKING_EVENT_TYPES],
    startDate: BOOKING_EVENTS_FROM,
    endDate: BOOKING_EVENTS_TO,
    pageSize: BOOKING_EVENTS_PAGE_SIZE,
    page: q.page,
    order: 'desc',
    ...(q.cursor ? { cursor: q.cursor } : {}),
  });
}
