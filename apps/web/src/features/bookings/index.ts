export { applyBookingUpdate, bookingKeys, bookingQueryOptions, useBooking } from './api/booking-query';
