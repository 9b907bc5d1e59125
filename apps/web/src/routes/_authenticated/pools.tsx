import { createFileRoute } from '@tanstack/react-router';
import { PoolsPage, validatePoolsSearch } from '@/features/pools';

/** /pools?city&pool (§2): the sidebar of pools and the chosen pool's details and booking timeline. */
export const Route = createFileRoute('/_authenticated/pools')({
  validateSearch: validatePoolsSearch,
  component: PoolsRoute,
});

function PoolsRoute() {
  const search = Route.useSearch();
  return <PoolsPage search={search} />;
}
