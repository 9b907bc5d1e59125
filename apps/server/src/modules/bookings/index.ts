/** The public surface of this module (docs/decisions/0049-import-boundaries.md): other modules import only from here. */
export { fixedPriceRefusal } from './abilities.ts';
export { findFreeVehicle, type AllocationSpec } from './allocation.ts';
export { loadBookingRows, loadBookingRowsById } from './booking-rows.ts';
export { freshEventOrderId, freshOrderId } from './identifiers.ts';
export { bookingEvent, lockBooking, lockBookingRow, lockMainBookingPayment, patchBooking, type LockedBooking } from './locked-booking.ts';
export { assertPaymentAllowed, paymentAbilities, usersWithValidCard, type PaymentFacts } from './payment-abilities.ts';
export { setBookingPaymentType } from './payment-type-service.ts';
export { money, vatRateOf } from './pricing.ts';
export { findBookingRow, getBooking, mainBookingPayment, normalizeBid, toPayment } from './service.ts';
export { computeActions, displayState, type BookingFacts } from './state.ts';
export { listUserBookings } from './user-bookings.ts';
