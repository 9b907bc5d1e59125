import { FLEET_MAP_STATUSES, VEHICLE_CATEGORIES as FLEET_MAP_CATEGORIES, type FleetMapStatus, type VehicleCategory } from '@fleetdesk/contract';
import type { FleetMapFilter } from './fleet-map-markers';

/** The query parameters of /fleetMap: the status and category filters, comma separated (absent: all). */
export interface FleetMapSearch {
  status?: string;
  category?: string;
}

const pick = <T extends string>(raw: unknown, known: readonly T[]): T[] => {
  const given = (Array.isArray(raw) ? raw : [raw]).flatMap((v) => (typeof v === 'string' ? v.split(',') : [])).map((v) => v.trim().toUpperCase());
  return known.filter((k) => given.includes(k));
};

/** Reads the URL: unknown values are dropped, known ones kept in legend order. */
export function validateFleetMapSearch(raw: Record<string, unknown>): FleetMapSearch {
  const result: FleetMapSearch = {};
  const status = pick(raw.status, FLEET_MAP_STATUSES).join(',');
  if (status) result.status = status;
  const category = pick(raw.category, FLEET_MAP_CATEGORIES).join(',');
  if (category) result.category = category;
  return result;
}

export function fleetMapFilterOf(search: FleetMapSearch): FleetMapFilter {
  return { statuses: pick(search.status, FLEET_MAP_STATUSES), categories: pick(search.category, FLEET_MAP_CATEGORIES) };
}

/** The URL state of a filter (empty lists leave the parameter out). */
export function fleetMapSearchOf(filter: FleetMapFilter): FleetMapSearch {
  return validateFleetMapSearch({ status: filter.statuses.join(','), category: filter.categories.join(',') });
}

/** Toggles one value in a list, keeping the order of `all`. */
export function toggleIn<T extends FleetMapStatus | VehicleCategory>(list: readonly T[], value: T, all: readonly T[]): T[] {
  const next = list.includes(value) ? list.filter((v) => v !== value) : [...list, value];
  return all.filter((v) => next.includes(v));
}
