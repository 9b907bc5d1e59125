import { createFileRoute } from '@tanstack/react-router';
import { SupportSearchPage, type SearchCriteria } from '@/features/search';
import { supportSearchQueryOptions } from '@/features/search/api/search-api';
import { bookingIdOf, effectiveCriteria, hasCriteria, normalizeCriteria } from '@/features/search/search-criteria';
import { pinnedUserOf } from '@/lib/support-mode/pinned-user-filter';
import { staffScopeOf, supportModeOf } from '@/lib/support-mode/support-mode';
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
  // The loader stays in the first chunk (not split like the other screens'): split, its chunk queued behind the
  // screen's ~60 chunks on the browser's six connections, and the search waited for them (decision 0043).
  codeSplitGroupings: [['component'], ['errorComponent'], ['notFoundComponent']],
  loaderDeps: ({ search }) => search,
  // The first screen after the login draws its own strings and the vehicle cards' only (issue 15: the first load's
  // budget); its lazy parts bring theirs. The results are asked for at once, beside the screen's code and strings,
  // not once the screen has rendered (decision 0043: the request waterfall): the same search the screen makes, with
  // support mode's pinned user filter. A booking id opens its own query; the screen asks for that one.
  loader: ({ context, deps }) => {
    const scope = staffScopeOf(context.session.getSession());
    const criteria = effectiveCriteria(normalizeCriteria(deps), supportModeOf(scope) ? pinnedUserOf(scope) : null);
    if (hasCriteria(criteria) && !bookingIdOf(criteria.search)) void context.queryClient.prefetchQuery(supportSearchQueryOptions(criteria));
    return loadTranslations(['supportSearch', 'vehicles']);
  },
  component: SupportRoute,
});

function SupportRoute() {
  const search = Route.useSearch();
  return <SupportSearchPage search={search} />;
}
