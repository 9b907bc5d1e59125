import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { DATA_REFRESH_MS } from '@fleetdesk/contract';
import { isApiError } from '../api/api-error';
import { notifyError } from '../notifications/notify';

declare module '@tanstack/react-query' {
  interface Register {
    /** notifyErrors: false when the screen shows the error itself. */
    queryMeta: { notifyErrors?: boolean };
    mutationMeta: { notifyErrors?: boolean };
  }
}

/** A 401 has already sent the user to the login page; saying so again in a toast only adds noise. */
const shouldNotify = (error: unknown, meta: { notifyErrors?: boolean } | undefined) =>
  meta?.notifyErrors !== false && !(isApiError(error) && error.status === 401);

/** Client errors (4xx) are answers, not accidents: they are not retried. */
export const shouldRetry = (failureCount: number, error: unknown): boolean => !(isApiError(error) && error.status < 500) && failureCount < 2;

/**
 * Resources that record the history of changes (the customer timeline and its "last change", the event log). Every
 * change made through the console may add an entry to them, so every successful mutation marks them stale. Shown
 * ones refetch at once; hidden ones on their next use.
 */
export const HISTORY_RESOURCES = ['timeline', 'events'] as const;

export function createQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (shouldNotify(error, query.meta)) notifyError(error);
      },
    }),
    mutationCache: new MutationCache({
      onSuccess: () => {
        for (const resource of HISTORY_RESOURCES) void client.invalidateQueries({ queryKey: [resource] });
      },
      onError: (error, _variables, _context, mutation) => {
        if (shouldNotify(error, mutation.meta)) notifyError(error);
      },
    }),
    defaultOptions: {
      queries: { staleTime: DATA_REFRESH_MS, retry: shouldRetry, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
  return client;
}

export const queryClient = createQueryClient();
