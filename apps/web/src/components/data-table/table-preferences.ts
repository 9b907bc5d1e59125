import type { GridColumnVisibilityModel, GridDensity } from '@mui/x-data-grid';

/** How one staff member last left one table: hidden columns, density, page size and sort. */
export interface TablePreferences {
  columns?: GridColumnVisibilityModel;
  density?: GridDensity;
  pageSize?: number;
  sort?: { field: string; direction: 'asc' | 'desc' } | null;
}

const PREFIX = 'fleetdesk.table';
const DENSITIES: readonly string[] = ['compact', 'standard', 'comfortable'];

/** The storage key of one table for one staff member (user name; tables of other staff on the same browser stay apart). */
export const tablePreferencesKey = (staff: string, table: string) => `${PREFIX}.${staff}.${table}`;

/** Reads what is stored, dropping anything malformed (an old or hand-edited entry never breaks the screen). */
export function parseTablePreferences(text: string | null): TablePreferences {
  if (!text) return {};
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return {};
  }
  if (typeof raw !== 'object' || raw === null) return {};
  const value = raw as Record<string, unknown>;
  const result: TablePreferences = {};
  if (typeof value.columns === 'object' && value.columns !== null) {
    const columns = Object.entries(value.columns as Record<string, unknown>).filter(
      (entry): entry is [string, boolean] => typeof entry[1] === 'boolean',
    );
    result.columns = Object.fromEntries(columns);
  }
  if (typeof value.density === 'string' && DENSITIES.includes(value.density)) result.density = value.density as GridDensity;
  if (typeof value.pageSize === 'number' && Number.isInteger(value.pageSize) && value.pageSize > 0) result.pageSize = value.pageSize;
  const sort = value.sort as Record<string, unknown> | null | undefined;
  if (sort === null) result.sort = null;
  else if (sort && typeof sort.field === 'string' && (sort.direction === 'asc' || sort.direction === 'desc')) {
    result.sort = { field: sort.field, direction: sort.direction };
  }
  return result;
}

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null; // storage disabled: preferences last as long as the screen
  }
}

export function readTablePreferences(staff: string, table: string): TablePreferences {
  return parseTablePreferences(storage()?.getItem(tablePreferencesKey(staff, table)) ?? null);
}

export function writeTablePreferences(staff: string, table: string, next: TablePreferences): void {
  try {
    storage()?.setItem(tablePreferencesKey(staff, table), JSON.stringify(next));
  } catch {
    // Quota or privacy mode: the preference is simply not remembered.
  }
}
