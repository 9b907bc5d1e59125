import { queryOptions, useQuery } from '@tanstack/react-query';
import { VEHICLE_STATUS_POLL_MS, ZFleetMapResponse } from '@fleetdesk/contract';
import { apiClient } from '@/lib/api/client';
import { queryKey } from '@/lib/query/query-keys';
import { whileStreamDown } from '@/lib/live/live-state';

export const fleetMapKeys = { get: () => queryKey('fleetMap', 'get', {}) };

/** GET /api/fleetmap: every (non-hidden) vehicle of the operator at its last position, with counts per status. */
export const fleetMapQueryOptions = () =>
  queryOptions({
    queryKey: fleetMapKeys.get(),
    queryFn: ({ signal }) => apiClient.request('/fleetmap', { schema: ZFleetMapResponse, signal }),
    meta: { notifyErrors: false },
  });

/** The fleet map's data, refreshed with the vehicle statuses (every 30 s, §9), paused in background tabs. */
export const useFleetMap = () =>
  useQuery({ ...fleetMapQueryOptions(), refetchInterval: whileStreamDown(VEHICLE_STATUS_POLL_MS), refetchIntervalInBackground: false });
