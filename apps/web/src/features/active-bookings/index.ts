export { ActiveBookingsPage, type ActiveBookingsPageProps } from './components/active-bookings-page';
export { activeBookingKeys, activeBookingsQueryOptions, useActiveBookings } from './api/active-bookings-api';
export {
  ACTIVE_BOOKING_COLUMNS,
  DEFAULT_ACTIVE_BOOKINGS_SORT,
  filterActiveBookings,
  sortActiveBookings,
  type ActiveBookingColumn,
  type ActiveBookingsSort,
} from './active-bookings-table';
export { validateActiveBookingsSearch, sortOfSearch, searchOf, type ActiveBookingsSearch } from './active-bookings-search';
