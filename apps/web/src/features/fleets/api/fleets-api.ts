import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api/client';
import { queryKey } from '@/lib/query/query-keys';

export const fleetKeys = { get: (fleet: string) => queryKey('fleets', 'get', { fleet }) };

/** GET /api/fleets/{fleet}: the operator behind the session (name, country, currency, language, time zone). */
export const fleetQueryOptions = (fleet: string) =>
  queryOptions({
    queryKey: fleetKeys.get(fleet),
    queryFn: ({ signal }) =>
      apiClient.request(`/fleets/${encodeURIComponent(fleet)}`, { schema: () => import('./fleet-schema').then((m) => m.ZFleetResponse), signal }),
    staleTime: Infinity,
  });

/** The fleet of the given id; idle while there is none (logged out, or a single-sign-on session). */
export const useFleet = (fleet: string | undefined) => useQuery({ ...fleetQueryOptions(fleet ?? ''), enabled: Boolean(fleet) });
