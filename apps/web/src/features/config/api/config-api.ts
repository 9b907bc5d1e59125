import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ClientConfig } from '@fleetdesk/contract';
import { apiClient } from '@/lib/api/client';
import { queryKey } from '@/lib/query/query-keys';

export const configKeys = { get: () => queryKey('config', 'get', {}) };

const isText = (value: unknown): value is string => typeof value === 'string';
const isTextOrNull = (value: unknown): value is string | null => value === null || isText(value);

/**
 * The answer of GET /api/config, checked field by field rather than with the contract's zod schema: every page asks for
 * it on its first load (the login page too), and a zod schema here would put zod in that download (issue 15,
 * docs/decisions/0043-fast-first-load.md). The server checks the answer against ZClientConfig before it sends it;
 * this guards against an answer of another shape (a proxy's page, an older server), which fails like a schema would.
 */
export function readClientConfig(body: unknown): ClientConfig {
  const value = (body ?? {}) as Record<string, unknown>;
  const { productName, helpDeskWidgetUrl, version, mapTileUrl, mapTileAttribution } = value;
  if (
    typeof body !== 'object' ||
    !isText(productName) ||
    !isTextOrNull(helpDeskWidgetUrl) ||
    !isText(version) ||
    (mapTileUrl !== undefined && !isTextOrNull(mapTileUrl)) ||
    (mapTileAttribution !== undefined && !isTextOrNull(mapTileAttribution))
  ) {
    throw new TypeError('GET /api/config answered with an unexpected shape');
  }
  return { productName, helpDeskWidgetUrl, version, mapTileUrl, mapTileAttribution };
}

/** GET /api/config (no auth): product name, help-desk widget URL, version. Fixed for the page's life. */
export const configQueryOptions = () =>
  queryOptions({
    queryKey: configKeys.get(),
    queryFn: async ({ signal }) => readClientConfig(await apiClient.request('/config', { auth: 'none', signal })),
    staleTime: Infinity,
    meta: { notifyErrors: false },
  });

export const useClientConfig = () => useQuery(configQueryOptions());
