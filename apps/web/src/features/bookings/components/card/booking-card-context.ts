import { createContext, useContext } from 'react';
import type { Booking } from '@fleetdesk/contract';
import type { BookingCardSearch } from './booking-card-search';

export interface BookingCardContextValue {
  booking: Booking;
  search: BookingCardSearch;
}

/** The loaded booking and the card's URL state, for the tab panels rendered by the child routes. */
export const BookingCardContext = createContext<BookingCardContextValue | null>(null);

export function useBookingCard(): BookingCardContextValue {
  const value = useContext(BookingCardContext);
  if (!value) throw new Error('useBookingCard is used outside the booking card');
  return value;
}
