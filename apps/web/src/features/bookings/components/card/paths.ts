import { EVENT_LOG_FROM_BOOKING_LOOKBACK_MS } from '@fleetdesk/contract';

/** Paths of other screens the card links to (spec §2). */
export const userPath = (username: string) => `/users/${encodeURIComponent(username)}`;
export const vehiclePath = (vin: string) => `/vehicles/${encodeURIComponent(vin)}`;

/** The event log for a booking: /event?bid={bid}&startDate=one week before the booking start (§2, §9). */
export function eventLogPath(bid: string, bookingStart: string): string {
  const startDate = new Date(Date.parse(bookingStart) - EVENT_LOG_FROM_BOOKING_LOOKBACK_MS).toISOString();
  return `/event?${new URLSearchParams({ bid, startDate }).toString()}`;
}
