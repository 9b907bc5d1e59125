import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { EventLogPage, validateEventLogSearch, type EventLogSearch } from '@/features/event-log';
import { loadTranslations } from '@/lib/i18n/i18n';

/**
 * /event: the event log search (§2). The subject (vin, bid, user), the role, the groups and the period live in the URL,
 * so the links from a booking (/event?bid=…&startDate=…) and a user (/event?user=…) open a filled-in search.
 */
export const Route = createFileRoute('/_authenticated/event')({
  validateSearch: validateEventLogSearch,
  // The screen's strings (every section: its parts compose several features), before it shows.
  loader: () => loadTranslations('features'),
  component: EventLogRoute,
});

function EventLogRoute() {
  const search = Route.useSearch();
  const navigate = useNavigate();
  const onSearchChange = (next: EventLogSearch, options?: { replace?: boolean }) =>
    void navigate({ to: '/event', search: next, replace: options?.replace });
  return <EventLogPage search={search} onSearchChange={onSearchChange} />;
}
