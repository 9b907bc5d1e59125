import { createRouter, lazyRouteComponent, type RouterHistory } from '@tanstack/react-router';
import { PlainPageLoading } from '@/components/plain-page-loading';
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
    // Drawn without MUI, and the error and not-found pages loaded when needed: the first load carries no MUI (issue 15).
    defaultPendingComponent: PlainPageLoading,
    defaultPendingMs: 300,
    defaultErrorComponent: lazyRouteComponent(() => import('@/components/themed-route-error'), 'ThemedRouteError'),
    defaultNotFoundComponent: lazyRouteComponent(() => import('@/components/not-found-page'), 'NotFoundPage'),
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
