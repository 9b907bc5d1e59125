import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { FleetMapPage, validateFleetMapSearch, type FleetMapSearch } from '@/features/fleet-map';
import { loadTranslations } from '@/lib/i18n/i18n';

/** /fleetMap: the fleet overview map (§1, §2; issue 7). The status and category filters live in the URL. */
export const Route = createFileRoute('/_authenticated/fleetMap')({
  validateSearch: validateFleetMapSearch,
  // The screen's strings (every section: its parts compose several features), before it shows.
  loader: () => loadTranslations('features'),
  component: FleetMapRoute,
});

function FleetMapRoute() {
  const search = Route.useSearch();
  const navigate = useNavigate();
  const onSearchChange = (next: FleetMapSearch) => void navigate({ to: '/fleetMap', search: next, replace: true });
  return <FleetMapPage search={search} onSearchChange={onSearchChange} />;
}
