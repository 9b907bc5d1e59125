import { createFileRoute } from '@tanstack/react-router';
import { BookingEventsTab } from '@/features/bookings';

/** /booking/{bid}/events: the Events tab. */
export const Route = createFileRoute('/_authenticated/booking/$bid/events')({
  component: BookingEventsTab,
});
