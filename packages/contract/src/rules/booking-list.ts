import { z } from 'zod';
import type { BookingState } from '../enums.ts';

/**
 * §4 booking lists: "split into future (INACTIVE, start ascending), active, and historic (FINISHED and CANCELLED,
 * newest first)", and the highlighting: "the active booking is current. Otherwise the first activatable booking is
 * current and the next inactive one is next. The first finished booking is previous." Written once here; the server
 * orders and marks the user's bookings with it (GET /api/users/{username}/bookings), the web draws the marks.
 */

export const ZBookingListHighlight = z.enum(['CURRENT', 'NEXT', 'PREVIOUS']);
export type BookingListHighlight = z.infer<typeof ZBookingListHighlight>;

/** What the order and the highlighting need of a booking. */
export interface BookingListItem {
  bid: string;
  state: BookingState;
  /** ISO instant or Date: the booked start. */
  start: string | Date;
  /** May be activated now (an INACTIVE booking whose `activate` ability is allowed). */
  activatable?: boolean;
}

/** Active first, then future (INACTIVE), then historic (FINISHED, CANCELLED). */
const GROUP: Record<BookingState, number> = { ACTIVE: 0, INACTIVE: 1, FINISHED: 2, CANCELLED: 2 };

const time = (value: string | Date) => (typeof value === 'string' ? Date.parse(value) : value.getTime());

/** The §4 group of a state: 0 active, 1 future (INACTIVE), 2 historic (FINISHED, CANCELLED). */
export const bookingListGroup = (state: BookingState): number => GROUP[state];

/** Sorts in §4 order: active, future by start ascending, historic newest first (by start); the booking id breaks ties. */
export function compareBookingsForList(a: BookingListItem, b: BookingListItem): number {
  const group = GROUP[a.state] - GROUP[b.state];
  if (group !== 0) return group;
  const byStart = time(a.start) - time(b.start);
  if (byStart !== 0) return GROUP[a.state] === 2 ? -byStart : byStart;
  return a.bid < b.bid ? -1 : a.bid > b.bid ? 1 : 0;
}

/**
 * The §4 highlighting of a list (any order; it is sorted here): the bid of the current, next and previous booking.
 * - current: the active booking, else the first activatable one (by start);
 * - next: the first inactive booking (by start) that is not the current one;
 * - previous: the most recent finished booking (cancelled ones are not trips that happened).
 */
export function bookingListHighlights(items: readonly BookingListItem[]): Map<string, BookingListHighlight> {
  const sorted = [...items].sort(compareBookingsForList);
  const current = sorted.find((b) => b.state === 'ACTIVE') ?? sorted.find((b) => b.state === 'INACTIVE' && b.activatable);
  const next = sorted.find((b) => b.state === 'INACTIVE' && b !== current);
  const previous = sorted.find((b) => b.state === 'FINISHED');
  const marks = new Map<string, BookingListHighlight>();
  if (current) marks.set(current.bid, 'CURRENT');
  if (next) marks.set(next.bid, 'NEXT');
  if (previous) marks.set(previous.bid, 'PREVIOUS');
  return marks;
}
