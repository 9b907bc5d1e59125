import { createFileRoute } from '@tanstack/react-router';
import { BookingForm } from '@/features/bookings';
import { optionalString } from '@/lib/router/search-params';
import { loadTranslations } from '@/lib/i18n/i18n';

/** /booking?user={username}: the new-booking form, for the customer named in the URL (spec §2). */
export interface BookingCreateSearch {
  user?: string;
}

export const Route = createFileRoute('/_authenticated/booking/')({
  validateSearch: (search: Record<string, unknown>): BookingCreateSearch => ({ user: optionalString(search.user)?.trim() }),
  // The screen's strings (every section: its parts compose several features), before it shows.
  loader: () => loadTranslations('features'),
  component: BookingCreateRoute,
});

function BookingCreateRoute() {
  const { user } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <BookingForm
      initialUser={user}
      // The chosen customer is kept in the URL, so a reload or a shared link restores it.
      onUserChange={(username) => void navigate({ search: { user: username }, replace: true })}
      onCreated={(booking) => void navigate({ href: `/booking/${booking.bid}` })}
    />
  );
}
