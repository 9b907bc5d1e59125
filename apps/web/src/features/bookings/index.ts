export { applyBookingUpdate, bookingKeys, bookingQueryOptions, useBooking } from './api/booking-query';
export { bookingCardQueryOptions } from './api/booking-card-api';
export { BookingCardPage, type BookingCardTab } from './components/card/booking-card-page';
export { BookingDetailsTab } from './components/card/booking-details-tab';
export { BookingPaymentTab } from './components/card/booking-payment-tab';
export { BookingEventsTab, formatReceivedOffset } from './components/card/booking-events-tab';
export { validateBookingCardSearch, type BookingCardSearch } from './components/card/booking-card-search';
export { BookingForm, type BookingFormProps } from './components/form/booking-form';
export { BOOKING_ACTION_SHORTCUTS } from './booking-shortcuts';
