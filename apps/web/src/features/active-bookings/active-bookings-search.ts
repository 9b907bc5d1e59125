import { optionalString } from '@/lib/router/search-params';
import { ACTIVE_BOOKING_COLUMNS, DEFAULT_ACTIVE_BOOKINGS_SORT, type ActiveBookingColumn, type ActiveBookingsSort } from './active-bookings-table';

/** The query parameters of /activebookings: the filter text and the sort (absent: end ascending). */
export interface ActiveBookingsSearch {
  q?: string;
  sort?: ActiveBookingColumn;
  dir?: 'asc' | 'desc';
  /** Only the bookings past their end (the server's `overdue=true`; a saved view's filter). */
  overdue?: true;
}

export function validateActiveBookingsSearch(raw: Record<string, unknown>): ActiveBookingsSearch {
  const result: ActiveBookingsSearch = {};
  const q = optionalString(raw.q);
  if (q) result.q = q;
  if (typeof raw.sort === 'string' && (ACTIVE_BOOKING_COLUMNS as readonly string[]).includes(raw.sort)) result.sort = raw.sort as ActiveBookingColumn;
  if (raw.dir === 'asc' || raw.dir === 'desc') result.dir = raw.dir;
  if (raw.overdue === true || raw.overdue === 'true') result.overdue = true;
  return result;
}

export function sortOfSearch(search: ActiveBookingsSearch): ActiveBookingsSort {
  if (!search.sort) return DEFAULT_ACTIVE_BOOKINGS_SORT;
  return { column: search.sort, direction: search.dir ?? 'asc' };
}

/** The URL of a screen state: the default sort and an empty filter are left out. */
export function searchOf(filter: string, sort: ActiveBookingsSort, overdue = false): ActiveBookingsSearch {
  const next: ActiveBookingsSearch = {};
  if (filter) next.q = filter;
  if (overdue) next.overdue = true;
  if (sort.column !== DEFAULT_ACTIVE_BOOKINGS_SORT.column || sort.direction !== DEFAULT_ACTIVE_BOOKINGS_SORT.direction) {
    next.sort = sort.column;
    next.dir = sort.direction;
  }
  return next;
}
