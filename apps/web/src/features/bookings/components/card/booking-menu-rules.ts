import { ZBookingDisplayState, type Booking, type BookingDisplayState } from '@fleetdesk/contract';

/** Deactivation is checked (the vehicle must be back) when DEACTIVATE is allowed, otherwise unchecked. */
export const deactivatesUnchecked = (booking: Pick<Booking, 'actions'>): boolean => !booking.actions.includes('DEACTIVATE');

/** The state shown on the card (§4): the display state the server computed (READY, REQUIRES_AUTH, ARCHIVED …). */
export function displayStateOf(booking: Pick<Booking, 'displayState' | 'state'>): BookingDisplayState {
  const fromServer = ZBookingDisplayState.safeParse(booking.displayState);
  return fromServer.success ? fromServer.data : booking.state;
}
