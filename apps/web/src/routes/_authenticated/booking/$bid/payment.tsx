import { createFileRoute } from '@tanstack/react-router';
import { BookingPaymentTab } from '@/features/bookings';

/** /booking/{bid}/payment: the Payment tab. */
export const Route = createFileRoute('/_authenticated/booking/$bid/payment')({
  component: BookingPaymentTab,
});
