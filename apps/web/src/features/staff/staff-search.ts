import { optionalString } from '@/lib/router/search-params';

/** The status filter of /staff; `all` is the screen without a `status` parameter. */
export const STAFF_STATUS_FILTERS = ['all', 'active', 'disabled'] as const;
export type StaffStatusFilter = (typeof STAFF_STATUS_FILTERS)[number];

/** The query parameters of /staff (GUIDE §3.8, URL is state): the filter text and the status filter. */
export interface StaffSearch {
  q?: string;
  status?: Exclude<StaffStatusFilter, 'all'>;
}

/** Reads the URL's values: a blank filter and an unknown status are left out. */
export function validateStaffSearch(raw: Record<string, unknown>): StaffSearch {
  const result: StaffSearch = {};
  const q = optionalString(raw.q);
  if (q) result.q = q;
  if (raw.status === 'active' || raw.status === 'disabled') result.status = raw.status;
  return result;
}

/** The URL of a screen state: an empty filter and `all` are left out. */
export function staffSearchOf(filter: string, status: StaffStatusFilter): StaffSearch {
  const next: StaffSearch = {};
  if (filter) next.q = filter;
  if (status !== 'all') next.status = status;
  return next;
}
