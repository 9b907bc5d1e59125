import { createFileRoute } from '@tanstack/react-router';
import { SupportSearchPage, type SearchCriteria } from '@/features/search';
import { optionalString } from '@/lib/router/search-params';
import { loadTranslations } from '@/lib/i18n/i18n';

/** The query parameters of /support (spec §2), kept in the URL so links and reloads restore the search. */
export type SupportSearch = SearchCriteria;

export const Route = createFileRoute('/_authenticated/support/')({
  validateSearch: (search: Record<string, unknown>): SupportSearch => ({
    search: optionalString(search.search),
    mobilePhone: optionalString(search.mobilePhone),
    user: optionalString(search.user),
  }),
  // The first screen after the login draws its own strings and the vehicle cards' only (issue 15: the first load's
  // budget); its lazy parts bring theirs.
  loader: () => loadTranslations(['supportSearch', 'vehicles']),
  component: SupportRoute,
});

function SupportRoute() {
  const search = Route.useSearch();
  return <SupportSearchPage search={search} />;
}
