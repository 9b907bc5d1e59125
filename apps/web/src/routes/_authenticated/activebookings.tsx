import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { ActiveBookingsPage, searchOf, sortOfSearch, validateActiveBookingsSearch } from '@/features/active-bookings';

/** /activebookings: all active bookings of the operator (§2); the filter and the sort live in the URL. */
export const Route = createFileRoute('/_authenticated/activebookings')({
  validateSearch: validateActiveBookingsSearch,
  component: ActiveBookingsRoute,
});

function ActiveBookingsRoute() {
  const search = Route.useSearch();
  const navigate = useNavigate();
  return (
    <ActiveBookingsPage
      filter={search.q ?? ''}
      sort={sortOfSearch(search)}
      onChange={({ filter, sort }) => void navigate({ to: '/activebookings', search: searchOf(filter, sort), replace: true })}
    />
  );
}
