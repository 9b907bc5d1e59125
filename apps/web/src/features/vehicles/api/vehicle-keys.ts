import { queryKey, queryKeyPrefix } from '@/lib/query/query-keys';

const vinParam = (vin: string) => vin.trim().toUpperCase();

/** Query keys of the vehicles feature: `['vehicles', op, params]`, damage under `['damage', …]`, alarms under `['alarms', …]`. */
export const vehicleKeys = {
  all: () => queryKeyPrefix('vehicles'),
  get: (vin: string) => queryKey('vehicles', 'get', { vin: vinParam(vin) }),
  /** One vehicle's freshest status, written by the statusFor poll and read by the cards. */
  status: (vin: string) => queryKey('vehicles', 'status', { vin: vinParam(vin) }),
  statusFor: (vins: readonly string[]) => queryKey('vehicles', 'statusFor', { vins: [...new Set(vins.map(vinParam))].sort() }),
  bookings: (vin: string, startDate: string, endDate: string) => queryKey('vehicles', 'bookings', { vin: vinParam(vin), startDate, endDate }),
  events: (vin: string, startDate: string) => queryKey('vehicles', 'events', { vin: vinParam(vin), startDate }),
  journal: (vin: string, year: number, month: number) => queryKey('vehicles', 'journal', { vin: vinParam(vin), year, month }),
  command: (id: number) => queryKey('vehicles', 'command', { id }),
  damage: (vin: string) => queryKey('damage', 'byVin', { vin: vinParam(vin) }),
  damageAll: () => queryKeyPrefix('damage'),
  alarms: (vin: string) => queryKey('alarms', 'list', { vin: vinParam(vin), state: 'TRIGGERED' }),
  alarmsAll: () => queryKeyPrefix('alarms'),
};
