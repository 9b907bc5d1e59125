import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { AlarmsPage, validateAlarmsSearch, type AlarmsSearch } from '@/features/alarms';
import { loadTranslations } from '@/lib/i18n/i18n';

/**
 * /alarms: the alarms screen the state stores imply (§2; path chosen in docs/decisions/0035). The filters (state,
 * category, vin, bid) live in the URL.
 */
export const Route = createFileRoute('/_authenticated/alarms')({
  validateSearch: validateAlarmsSearch,
  // The screen's strings (every section: its parts compose several features), before it shows.
  loader: () => loadTranslations('features'),
  component: AlarmsRoute,
});

function AlarmsRoute() {
  const search = Route.useSearch();
  const navigate = useNavigate();
  const onSearchChange = (next: AlarmsSearch) => void navigate({ to: '/alarms', search: next });
  return <AlarmsPage search={search} onSearchChange={onSearchChange} />;
}
