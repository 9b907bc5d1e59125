import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZClientConfig } from '@fleetdesk/contract';
import { apiClient } from '@/lib/api/client';
import { queryKey } from '@/lib/query/query-keys';

export const configKeys = { get: () => queryKey('config', 'get', {}) };

/** GET /api/config (no auth): product name, help-desk widget URL, version. Fixed for the page's life. */
export const configQueryOptions = () =>
  queryOptions({
    queryKey: configKeys.get(),
    queryFn: ({ signal }) => apiClient.request('/config', { auth: 'none', schema: ZClientConfig, signal }),
    staleTime: Infinity,
    meta: { notifyErrors: false },
  });

export const useClientConfig = () => useQuery(configQueryOptions());
