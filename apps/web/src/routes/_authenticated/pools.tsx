import { createFileRoute } from '@tanstack/react-router';
import { PoolsPage, validatePoolsSearch } from '@/features/pools';
import { loadTranslations } from '@/lib/i18n/i18n';

/** /pools?city&pool (§2): the sidebar of pools and the chosen pool's details and booking timeline. */
export const Route = createFileRoute('/_authenticated/pools')({
  validateSearch: validatePoolsSearch,
  // The screen's strings (every section: its parts compose several features), before it shows.
  loader: () => loadTranslations('features'),
  component: PoolsRoute,
});

function PoolsRoute() {
  const search = Route.useSearch();
  return <PoolsPage search={search} />;
}
