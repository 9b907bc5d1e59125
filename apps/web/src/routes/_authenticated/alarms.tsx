import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { AlarmsPage, validateAlarmsSearch, type AlarmsSearch } from '@/features/alarms';

/**
 * /alarms: the alarms screen the state stores imply (§2; path chosen in docs/decisions/0035). The filters (state,
 * category, vin, bid) live in the URL.
 */
export const Route = createFileRoute('/_authenticated/alarms')({
  validateSearch: validateAlarmsSearch,
  component: AlarmsRoute,
});

function AlarmsRoute() {
  const search = Route.useSearch();
  const navigate = useNavigate();
  const onSearchChange = (next: AlarmsSearch) => void navigate({ to: '/alarms', search: next });
  return <AlarmsPage search={search} onSearchChange={onSearchChange} />;
}
