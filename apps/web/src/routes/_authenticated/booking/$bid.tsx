import { Outlet, createFileRoute, redirect, useMatch } from '@tanstack/react-router';
import { BookingCardPage, bookingCardQueryOptions, validateBookingCardSearch, type BookingCardTab } from '@/features/bookings';
import { loadTranslations } from '@/lib/i18n/i18n';

/**
 * /booking/{bid}: the booking card (spec §2). The suffixes /payment and /events are child routes that select
 * those tabs; the query parameters (edit, adjustValues, user, addFee, comment, amount, type, vatIncluded) are
 * validated here and shared by the children.
 */
export const Route = createFileRoute('/_authenticated/booking/$bid')({
  validateSearch: validateBookingCardSearch,
  beforeLoad: ({ params, location }) => {
    // Booking ids are upper case (BID…); a lower-case link lands on the canonical address.
    const upper = params.bid.toUpperCase();
    if (params.bid !== upper) {
      throw redirect({ href: location.href.replace(`/booking/${params.bid}`, `/booking/${upper}`), replace: true });
    }
  },
  loader: ({ context, params }) => {
    // Starts the request while the route's code loads; the card shows its own loading, error and 404 states.
    void context.queryClient.prefetchQuery(bookingCardQueryOptions(params.bid));
    // The screen's strings (every section: its parts compose several features), before it shows.
    return loadTranslations('features');
  },
  component: BookingCardRoute,
});

function BookingCardRoute() {
  const { bid } = Route.useParams();
  const search = Route.useSearch();
  const payment = useMatch({ from: '/_authenticated/booking/$bid/payment', shouldThrow: false });
  const events = useMatch({ from: '/_authenticated/booking/$bid/events', shouldThrow: false });
  const tab: BookingCardTab = payment ? 'payment' : events ? 'events' : 'details';
  return (
    <BookingCardPage bid={bid} search={search} tab={tab}>
      <Outlet />
    </BookingCardPage>
  );
}
