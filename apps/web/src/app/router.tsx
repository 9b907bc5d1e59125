import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { NotFoundPage } from '@/components/not-found-page';
import { PageLoading } from '@/components/page-loading';
import { RouteError } from '@/components/route-error';
import { queryClient } from '@/lib/query/query-client';
import { trackListReturns } from '@/lib/router/list-return';
import { parseSearch, stringifySearch } from '@/lib/router/search-serialization';
import { sessionStore } from '@/lib/session/session';
import { routeTree } from '../routeTree.gen';

/** The app's router; tests pass a memory history. */
export function createAppRouter(options: { history?: RouterHistory } = {}) {
  const router = createRouter({
    routeTree,
    history: options.history,
    context: { queryClient, session: sessionStore },
    defaultPreload: 'intent',
    // The query cache decides freshness; the router always asks it.
    defaultPreloadStaleTime: 0,
    defaultPendingComponent: PageLoading,
    defaultPendingMs: 300,
    defaultErrorComponent: RouteError,
    defaultNotFoundComponent: NotFoundPage,
    scrollRestoration: true,
    // Plain text in the address: a digits-only search is not JSON-quoted (issue 17).
    parseSearch,
    stringifySearch,
  });
  // Back links return to the list with its search (issue 17).
  trackListReturns(router);
  return router;
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}
