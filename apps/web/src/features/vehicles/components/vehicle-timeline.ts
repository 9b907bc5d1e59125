import { VEHICLE_TIMELINE_WINDOW_MS, type SearchBooking } from '@fleetdesk/contract';

export type TimelineMark = 'previous' | 'current' | 'next';

export interface VehicleTimeline {
  previous: SearchBooking | null;
  current: SearchBooking | null;
  next: SearchBooking | null;
  /** §4: the 'vehicle is booked' warning shows when a current booking exists. */
  booked: boolean;
}

const startOf = (booking: SearchBooking) => Date.parse(booking.startTime);
const endOf = (booking: SearchBooking) => Date.parse(booking.usageEnd ?? booking.endTime);

/**
 * The marks of the vehicle's booking timeline (§4): previous is the last finished booking, current is the
 * active one, else a future one, and next comes from the inactive bookings. "A future one" is the first
 * inactive booking that has started or starts within the timeline's window of 1 day (§9): a booking days
 * ahead does not make the vehicle "booked" now (docs/decisions/0020-vehicle-card.md).
 */
export function vehicleTimeline(bookings: readonly SearchBooking[], now: number): VehicleTimeline {
  const finished = bookings.filter((b) => b.state === 'FINISHED').sort((a, b) => endOf(b) - endOf(a));
  const inactive = bookings.filter((b) => b.state === 'INACTIVE').sort((a, b) => startOf(a) - startOf(b));
  const active = bookings.filter((b) => b.state === 'ACTIVE').sort((a, b) => startOf(a) - startOf(b));

  const previous = finished[0] ?? null;
  const soon = inactive.find((b) => startOf(b) <= now + VEHICLE_TIMELINE_WINDOW_MS) ?? null;
  const current = active[0] ?? soon;
  const next = inactive.find((b) => b !== current && (current === null || startOf(b) >= startOf(current))) ?? null;
  return { previous, current, next, booked: current !== null };
}

/** The mark of one booking, if any. */
export function markOf(timeline: VehicleTimeline, booking: SearchBooking): TimelineMark | null {
  if (timeline.current?.bid === booking.bid) return 'current';
  if (timeline.previous?.bid === booking.bid) return 'previous';
  if (timeline.next?.bid === booking.bid) return 'next';
  return null;
}
