import { createFileRoute } from '@tanstack/react-router';
import { BookingDetailsTab } from '@/features/bookings';

/** /booking/{bid}: the Booking details tab. */
export const Route = createFileRoute('/_authenticated/booking/$bid/')({
  component: BookingDetailsTab,
});
