import { queryOptions } from '@tanstack/react-query';
import {
  VEHICLE_BOOKINGS_INITIAL_WINDOW_MS,
  VEHICLE_EVENTS_DEFAULT_MS,
  ZAlarm,
  ZAlarmListResponse,
  ZDamage,
  ZDamageListResponse,
  ZEventSearchResponse,
  ZJournalResponse,
  ZVehicle,
  ZVehicleBookingsResponse,
  ZVehicleCommandResult,
  type Damage,
  type DamageReportFields,
  type RemoteCommand,
  type VehicleCommandResult,
  type Language,
} from '@fleetdesk/contract';
import { apiClient } from '@/lib/api/client';
import { isApiError } from '@/lib/api/api-error';
import { fetchBlob, saveBlob } from './fetch-blob';
import { vehicleKeys } from './vehicle-keys';

/** The calls of the vehicle card (spec §7 Vehicles and damage, alarms). */

export const vehiclePath = (vin: string, suffix = '') => `/vehicles/by-vin/${encodeURIComponent(vin.trim())}${suffix}`;

/** GET /api/vehicles/by-vin/{vin}. The page shows a 404 as 'No vehicle' itself, so no notification. */
export const vehicleQueryOptions = (vin: string) =>
  queryOptions({
    queryKey: vehicleKeys.get(vin),
    queryFn: ({ signal }) => apiClient.request(vehiclePath(vin), { schema: ZVehicle, signal }),
    meta: { notifyErrors: false },
  });

/** The vehicle's bookings 3 days either side of `now` (§9), start ascending. */
export function vehicleBookingsQueryOptions(vin: string, now: number) {
  const startDate = new Date(now - VEHICLE_BOOKINGS_INITIAL_WINDOW_MS).toISOString();
  const endDate = new Date(now + VEHICLE_BOOKINGS_INITIAL_WINDOW_MS).toISOString();
  return queryOptions({
    queryKey: vehicleKeys.bookings(vin, startDate, endDate),
    queryFn: ({ signal }) =>
      apiClient.request(vehiclePath(vin, '/bookings'), { query: { startDate, endDate }, schema: ZVehicleBookingsResponse, signal }),
    meta: { notifyErrors: false },
  });
}

/** The vehicle's events of the last day (§9), newest first. */
export function vehicleEventsQueryOptions(vin: string, now: number) {
  const startDate = new Date(now - VEHICLE_EVENTS_DEFAULT_MS).toISOString();
  return queryOptions({
    queryKey: vehicleKeys.events(vin, startDate),
    queryFn: ({ signal }) =>
      apiClient.request('/events', { query: { vin: vin.trim(), startDate, pageSize: 50 }, schema: ZEventSearchResponse, signal }),
    meta: { notifyErrors: false },
  });
}

/** GET …/journal?year&month. A failure is shown in the modal as §8's journal error. */
export const journalQueryOptions = (vin: string, year: number, month: number) =>
  queryOptions({
    queryKey: vehicleKeys.journal(vin, year, month),
    queryFn: ({ signal }) => apiClient.request(vehiclePath(vin, '/journal'), { query: { year, month }, schema: ZJournalResponse, signal }),
    retry: false,
    meta: { notifyErrors: false },
  });

/**
 * GET …/journal.xls?year&month&lang, saved as '{reg} - {year} - {month}.xls' (the server's file name when it sends
 * one); its headers and trip types in the staff member's language.
 */
export async function downloadJournal(vin: string, registrationNumber: string, year: number, month: number, lang: Language): Promise<string> {
  const { blob, filename } = await fetchBlob(vehiclePath(vin, '/journal.xls'), { query: { year, month, lang } });
  const name = filename ?? `${registrationNumber} - ${year} - ${month}.xls`;
  saveBlob(blob, name);
  return name;
}

/** Unfixed before fixed, then newest registration first (§4). */
export function sortDamage(list: readonly Damage[]): Damage[] {
  return [...list].sort((a, b) => {
    const fixed = Number(a.fixDate !== null) - Number(b.fixDate !== null);
    if (fixed !== 0) return fixed;
    return Date.parse(b.registrationDate) - Date.parse(a.registrationDate);
  });
}

/** GET /api/damage/by-vin/{vin}?includeFixed=true: every damage, sorted as §4 says. A 404 is 'No damage'. */
export const damageQueryOptions = (vin: string) =>
  queryOptions({
    queryKey: vehicleKeys.damage(vin),
    queryFn: async ({ signal }) => {
      try {
        const list = await apiClient.request(`/damage/by-vin/${encodeURIComponent(vin.trim())}`, {
          query: { includeFixed: true },
          schema: ZDamageListResponse,
          signal,
        });
        return sortDamage(list);
      } catch (error) {
        if (isApiError(error) && error.status === 404) return [];
        throw error;
      }
    },
    // §8: on 400 or 5xx the list shows the error itself, at once, with a way to try again.
    retry: false,
    meta: { notifyErrors: false },
  });

/** POST /api/damage/by-vin/{vin} as multipart: the two descriptions and the photo. */
export function reportDamage(vin: string, fields: DamageReportFields, image: File): Promise<Damage> {
  const body = new FormData();
  body.append('description_operator', fields.description_operator);
  body.append('description_en', fields.description_en);
  body.append('image', image, image.name);
  return apiClient.request(`/damage/by-vin/${encodeURIComponent(vin.trim())}`, { method: 'POST', body, schema: ZDamage });
}

export async function fixDamage(id: number): Promise<void> {
  await apiClient.request(`/damage/${id}/fix`, { method: 'POST' });
}

export async function deleteDamage(id: number): Promise<void> {
  await apiClient.request(`/damage/${id}`, { method: 'DELETE' });
}

/** GET /api/alarms?vin&state=TRIGGERED: the vehicle's open alarms, for acknowledging. */
export const triggeredAlarmsQueryOptions = (vin: string) =>
  queryOptions({
    queryKey: vehicleKeys.alarms(vin),
    queryFn: ({ signal }) => apiClient.request('/alarms', { query: { vin: vin.trim(), state: 'TRIGGERED' }, schema: ZAlarmListResponse, signal }),
    meta: { notifyErrors: false },
  });

export const acknowledgeAlarm = (alarmId: number) => apiClient.request(`/alarms/${alarmId}/acknowledge`, { method: 'PUT', schema: ZAlarm });

/** PUT /api/vehicles/by-vin/{vin}: the public note; answers the vehicle. */
export const updatePublicNote = (vin: string, publicNote: string | null) =>
  apiClient.request(vehiclePath(vin), { method: 'PUT', body: { publicNote }, schema: ZVehicle });

/** PUT …/parkingPlaceInfo: 204 is success. */
export async function updateParkingPlaceInfo(vin: string, parkingPlaceInfo: string | null): Promise<void> {
  await apiClient.request(vehiclePath(vin, '/parkingPlaceInfo'), { method: 'PUT', body: { parkingPlaceInfo } });
}

const COMMAND_PATHS: Record<RemoteCommand, string> = {
  LOCK: '/lock',
  UNLOCK: '/unlock',
  MOBILIZE: '/mobilize',
  IMMOBILIZE: '/immobilize',
  REBOOT: '/agent/reboot',
  WAKE_UP: '/agent/wake-up',
};

/** POST …/lock|unlock|mobilize|immobilize|agent/reboot|agent/wake-up: 202 with the PENDING command. */
export const sendVehicleCommand = (vin: string, command: RemoteCommand, reason?: string): Promise<VehicleCommandResult> =>
  apiClient.request(vehiclePath(vin, COMMAND_PATHS[command]), {
    method: 'POST',
    body: reason ? { reason } : {},
    schema: ZVehicleCommandResult,
  });

/** GET /api/vehicles/commands/{id}, polled about every second while the command is PENDING. */
export const COMMAND_POLL_MS = 1_000;
export const commandQueryOptions = (id: number) =>
  queryOptions({
    queryKey: vehicleKeys.command(id),
    queryFn: ({ signal }) => apiClient.request(`/vehicles/commands/${id}`, { schema: ZVehicleCommandResult, signal }),
    refetchInterval: (query) => (query.state.data?.state === 'PENDING' || query.state.data === undefined ? COMMAND_POLL_MS : false),
    refetchIntervalInBackground: true,
    staleTime: 0,
    meta: { notifyErrors: false },
  });
