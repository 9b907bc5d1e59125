import type { ActiveBookingRow } from '@fleetdesk/contract';

/** The sortable columns of /activebookings (§3 Active-bookings row). */
export const ACTIVE_BOOKING_COLUMNS = [
  'bid',
  'bookingStatus',
  'startTime',
  'endTime',
  'usageStart',
  'overdueHours',
  'tripType',
  'driver',
  'companyName',
  'registrationNumber',
  'fetchAt',
  'note',
] as const;
export type ActiveBookingColumn = (typeof ACTIVE_BOOKING_COLUMNS)[number];
export type SortDirection = 'asc' | 'desc';
export interface ActiveBookingsSort {
  column: ActiveBookingColumn;
  direction: SortDirection;
}

/** Opens most overdue first, like the server's order (end ascending). */
export const DEFAULT_ACTIVE_BOOKINGS_SORT: ActiveBookingsSort = { column: 'endTime', direction: 'asc' };

/** "Family, Given" of the driver, or the user name when no name is known; '' without a driver. */
export function driverName(row: Pick<ActiveBookingRow, 'driverFamilyName' | 'driverGivenName' | 'driverUsername'>): string {
  const name = [row.driverFamilyName, row.driverGivenName].filter(Boolean).join(', ');
  return name || (row.driverUsername ?? '');
}

const pickUp = (row: ActiveBookingRow) => `${row.fetchAtCityName} – ${row.fetchAtPoolName}`;

/** The value a column sorts by: numbers for times and hours, text otherwise; null (empty) sorts last. */
function sortValue(row: ActiveBookingRow, column: ActiveBookingColumn): string | number | null {
  switch (column) {
    case 'startTime':
    case 'endTime':
      return Date.parse(row[column]);
    case 'usageStart':
      return row.usageStart ? Date.parse(row.usageStart) : null;
    case 'overdueHours':
      return row.overdueHours;
    case 'driver':
      return driverName(row) || null;
    case 'fetchAt':
      return pickUp(row);
    default:
      return row[column] ?? null;
  }
}

const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });

/** The rows sorted by one column (empty values last in either direction; ties by bid), as a new array. */
export function sortActiveBookings(rows: readonly ActiveBookingRow[], sort: ActiveBookingsSort): ActiveBookingRow[] {
  const factor = sort.direction === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => {
    const x = sortValue(a, sort.column);
    const y = sortValue(b, sort.column);
    if (x === null || y === null) {
      if (x === y) return a.bid.localeCompare(b.bid);
      return x === null ? 1 : -1;
    }
    const order = typeof x === 'number' && typeof y === 'number' ? x - y : collator.compare(String(x), String(y));
    return order !== 0 ? order * factor : a.bid.localeCompare(b.bid);
  });
}

/**
 * The rows whose text contains every word of the filter (trimmed, case-insensitive): bid, status, driver (user name
 * and names), company, registration number, pick-up city and pool, note, trip type. `labels` adds the shown
 * (translated) status and trip type so that staff can type what they see.
 */
export function filterActiveBookings(
  rows: readonly ActiveBookingRow[],
  text: string,
  labels: (row: ActiveBookingRow) => string[] = () => [],
): ActiveBookingRow[] {
  const words = text.trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (!words.length) return [...rows];
  return rows.filter((row) => {
    const haystack = [
      row.bid,
      row.bookingStatus,
      row.tripType,
      row.driverUsername,
      row.driverFamilyName,
      row.driverGivenName,
      row.companyName,
      row.registrationNumber,
      row.fetchAtCityName,
      row.fetchAtPoolName,
      row.note,
      ...labels(row),
    ]
      .filter((value): value is string => Boolean(value))
      .join('\n')
      .toLowerCase();
    return words.every((word) => haystack.includes(word));
  });
}
