import { useMemo } from 'react';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { STATUS_FOR_MAX_VINS, VEHICLE_STATUS_POLL_MS, ZStatusForResponse, type VehicleStatus } from '@fleetdesk/contract';
import { apiClient } from '@/lib/api/client';
import { isApiError } from '@/lib/api/api-error';
import { vehicleKeys } from './vehicle-keys';
import { whileStreamDown } from '@/lib/live/live-state';

/** Stores each status under its VIN, where the cards read it. */
export function storeVehicleStatuses(queryClient: QueryClient, statuses: readonly VehicleStatus[]): void {
  for (const status of statuses) queryClient.setQueryData(vehicleKeys.status(status.vin), status);
}

/** GET /api/vehicles/statusFor?vin=A&vin=B; a 404 is silent (§8) and counts as "no statuses". */
async function fetchStatuses(queryClient: QueryClient, vins: readonly string[], signal: AbortSignal): Promise<VehicleStatus[]> {
  try {
    // The server takes at most STATUS_FOR_MAX_VINS per call: a long "load more" list is polled in batches.
    const batches: string[][] = [];
    for (let i = 0; i < vins.length; i += STATUS_FOR_MAX_VINS) batches.push(vins.slice(i, i + STATUS_FOR_MAX_VINS));
    const statuses = (
      await Promise.all(batches.map((vin) => apiClient.request('/vehicles/statusFor', { query: { vin }, schema: ZStatusForResponse, signal })))
    ).flat();
    storeVehicleStatuses(queryClient, statuses);
    return statuses;
  } catch (error) {
    if (isApiError(error) && error.status === 404) return [];
    throw error;
  }
}

/**
 * Polls GET /api/vehicles/statusFor for the VINs on screen every 30 s (§7, §9) in ONE query, and keeps
 * each vehicle's status fresh for the cards (useVehicleStatus). Paused while the tab is in the background;
 * failures stay quiet, the cards keep the last status they had.
 */
export function useVehicleStatusPolling(vins: readonly string[]): void {
  const queryClient = useQueryClient();
  const key = vehicleKeys.statusFor(vins);
  const wanted = key[2].vins;
  useQuery({
    queryKey: key,
    queryFn: ({ signal }) => fetchStatuses(queryClient, wanted, signal),
    enabled: wanted.length > 0,
    refetchInterval: whileStreamDown(VEHICLE_STATUS_POLL_MS),
    refetchIntervalInBackground: false,
    staleTime: VEHICLE_STATUS_POLL_MS,
    retry: false,
    meta: { notifyErrors: false },
  });
}

const updatedAt = (status: VehicleStatus | null | undefined) => (status?.updated ? Date.parse(status.updated) : Number.NEGATIVE_INFINITY);

/**
 * The freshest status of a vehicle: the polled one (useVehicleStatusPolling) or the one the vehicle came
 * with, whichever was reported later. Never fetches by itself.
 */
export function useVehicleStatus(vin: string, fallback: VehicleStatus | null): VehicleStatus | null {
  const { data: polled } = useQuery<VehicleStatus | null>({
    queryKey: vehicleKeys.status(vin),
    queryFn: () => null,
    enabled: false,
  });
  return useMemo(() => {
    if (!polled) return fallback;
    if (!fallback) return polled;
    return updatedAt(polled) >= updatedAt(fallback) ? polled : fallback;
  }, [polled, fallback]);
}
