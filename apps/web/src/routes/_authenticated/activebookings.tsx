import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useTablePreferences } from '@/components/data-table/use-table-preferences';
import { ActiveBookingsPage, searchOf, sortOfSearch, validateActiveBookingsSearch } from '@/features/active-bookings';
import { loadTranslations } from '@/lib/i18n/i18n';

/**
 * /activebookings: all active bookings of the operator (§2); the filter and the sort live in the URL. Without a sort
 * in the URL the staff member's last sort of this table applies (remembered by the table), else end ascending.
 */
export const Route = createFileRoute('/_authenticated/activebookings')({
  validateSearch: validateActiveBookingsSearch,
  // The screen's strings (every section: its parts compose several features), before it shows.
  loader: () => loadTranslations('features'),
  component: ActiveBookingsRoute,
});

function ActiveBookingsRoute() {
  const search = Route.useSearch();
  const navigate = useNavigate();
  const [preferences] = useTablePreferences('active-bookings');
  const remembered =
    search.sort || !preferences.sort ? {} : validateActiveBookingsSearch({ sort: preferences.sort.field, dir: preferences.sort.direction });
  return (
    <ActiveBookingsPage
      filter={search.q ?? ''}
      overdue={search.overdue === true}
      sort={sortOfSearch({ ...search, ...remembered })}
      onChange={({ filter, sort, overdue }) => void navigate({ to: '/activebookings', search: searchOf(filter, sort, overdue), replace: true })}
    />
  );
}
