import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ZPoolBookingsResponse,
  ZPoolContractOptionsResponse,
  ZPoolGroupsResponse,
  ZPoolListResponse,
  ZPoolUpdateResponse,
  ZPoolVehiclesResponse,
  mergePoolBookings,
  type Pool,
  type PoolBookingRow,
  type PoolBookingsResponse,
  type PoolUpdateRequest,
} from '@fleetdesk/contract';
import { apiClient } from '@/lib/api/client';
import { queryKey, queryKeyPrefix } from '@/lib/query/query-keys';

/** A fetch window of the timeline (ISO date-times); null asks the server for its §9 default (today to end of tomorrow). */
export interface PoolBookingsWindow {
  start: string;
  end: string;
}

/** Query keys of the pools feature: `['pools', op, params]`; `['pools']` invalidates all of them. */
export const poolKeys = {
  all: () => queryKeyPrefix('pools'),
  list: () => queryKey('pools', 'list', {}),
  groups: () => queryKey('pools', 'groups', {}),
  contracts: () => queryKey('pools', 'contracts', {}),
  vehicles: (poolId: number) => queryKey('pools', 'vehicles', { poolId }),
  bookings: (poolId: number, window: PoolBookingsWindow | null) => queryKey('pools', 'bookings', { poolId, window }),
};

/** The screen shows its own error states; the bookings failure has its own toast (§8). */
const inline = { notifyErrors: false } as const;

const poolPath = (poolId: number) => `/pools/${poolId}`;

/** GET /api/pools: every pool of the operator, disabled ones included, by city then name. */
export const poolsQueryOptions = () =>
  queryOptions({
    queryKey: poolKeys.list(),
    queryFn: ({ signal }) => apiClient.request('/pools', { schema: ZPoolListResponse, signal }),
    meta: inline,
  });

export const usePools = () => useQuery(poolsQueryOptions());

/** GET /api/pools/groups: group id → name. */
export const usePoolGroups = () =>
  useQuery({
    queryKey: poolKeys.groups(),
    queryFn: ({ signal }) => apiClient.request('/pools/groups', { schema: ZPoolGroupsResponse, signal }),
    staleTime: 5 * 60_000,
    meta: inline,
  });

/** GET /api/pools/contracts: the operator's contracts (id, name, type), the choices of 'Allowed contracts'. */
export const usePoolContractOptions = () =>
  useQuery({
    queryKey: poolKeys.contracts(),
    queryFn: ({ signal }) => apiClient.request('/pools/contracts', { schema: ZPoolContractOptionsResponse, signal }),
    staleTime: 5 * 60_000,
    meta: inline,
  });

/** GET /api/pools/{id}/vehicles: the timeline's vehicle rows (hidden ones flagged). */
export const usePoolVehicles = (poolId: number | null) =>
  useQuery({
    queryKey: poolKeys.vehicles(poolId ?? 0),
    queryFn: ({ signal }) => apiClient.request(`${poolPath(poolId ?? 0)}/vehicles`, { schema: ZPoolVehiclesResponse, signal }),
    enabled: poolId !== null,
    meta: inline,
  });

export interface PoolBookings {
  rows: PoolBookingRow[];
  /** One of the two calls was cut by its limit. */
  moreResults: boolean;
  /** The window the first call applied (defaults resolved by the server). */
  window: PoolBookingsResponse['window'];
}

/**
 * The pool's bookings as §7/§9 say: the window call (the server's default, or `window`) and the 'upcoming' call
 * (`upcoming=1`: from one hour ago, ACTIVE and INACTIVE, with a limit), merged with the contract's mergePoolBookings.
 */
export async function fetchPoolBookings(poolId: number, window: PoolBookingsWindow | null, signal?: AbortSignal): Promise<PoolBookings> {
  const path = `${poolPath(poolId)}/bookings`;
  const [first, upcoming] = await Promise.all([
    apiClient.request(path, { query: window ? { startDate: window.start, endDate: window.end } : {}, schema: ZPoolBookingsResponse, signal }),
    apiClient.request(path, { query: { upcoming: 1 }, schema: ZPoolBookingsResponse, signal }),
  ]);
  return {
    rows: mergePoolBookings(first.results, upcoming.results),
    moreResults: first.moreResults,
    window: first.window,
  };
}

export const poolBookingsQueryOptions = (poolId: number, window: PoolBookingsWindow | null) =>
  queryOptions({
    queryKey: poolKeys.bookings(poolId, window),
    queryFn: ({ signal }) => fetchPoolBookings(poolId, window, signal),
    meta: inline,
    retry: false,
  });

export const usePoolBookings = (poolId: number | null, window: PoolBookingsWindow | null) =>
  useQuery({ ...poolBookingsQueryOptions(poolId ?? 0, window), enabled: poolId !== null, placeholderData: (previous) => previous });

/** PUT /api/pools/{poolId}: answers the updated pool, which replaces it in the list. Errors toast as §8 says (and the form maps field errors). */
export function useUpdatePool(poolId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PoolUpdateRequest) => apiClient.request(poolPath(poolId), { method: 'PUT', body, schema: ZPoolUpdateResponse }),
    onSuccess: (updated: Pool) => {
      queryClient.setQueryData(poolKeys.list(), (list: Pool[] | undefined) => list?.map((p) => (p.poolId === updated.poolId ? updated : p)));
      void queryClient.invalidateQueries({ queryKey: poolKeys.list() });
    },
  });
}
