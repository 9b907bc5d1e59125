import { USER_SEARCH_PAGE_SIZE_OPTIONS, USER_STATUSES } from '@fleetdesk/contract';
import { optionalString } from '@/lib/router/search-params';
import type { UserSearchCriteria } from './api/users-api';

/** The lists of /users: the search, the suspicious registrations and the users pending deletion. */
export const USERS_TABS = ['search', 'suspicious', 'deletion'] as const;
export type UsersTab = (typeof USERS_TABS)[number];

/** §9 user search page sizes 5, 10, 25; the screen opens on 10. */
export const DEFAULT_USERS_PAGE_SIZE = 10;

/** The query parameters of /users: the three search inputs, the page (0-based), the page size and the list shown. */
export interface UsersSearch {
  query?: string;
  mobilePhone?: string;
  username?: string;
  /** Comma-separated user statuses (a saved view's filter, e.g. AWAITING_APPROVAL); alone it is a search too. */
  status?: string;
  page?: number;
  pageSize?: number;
  tab?: UsersTab;
}

const trimmed = (value: unknown) => optionalString(value)?.trim() || undefined;

/** Reads the URL's values: blanks dropped, a page below 0 or a page size outside 5/10/25 left at the default. */
export function validateUsersSearch(raw: Record<string, unknown>): UsersSearch {
  const result: UsersSearch = {};
  const query = trimmed(raw.query);
  if (query) result.query = query;
  const mobilePhone = trimmed(raw.mobilePhone);
  if (mobilePhone) result.mobilePhone = mobilePhone;
  const username = trimmed(raw.username);
  if (username) result.username = username;
  const given = typeof raw.status === 'string' ? raw.status.split(',') : [];
  const status = USER_STATUSES.filter((s) => given.includes(s)).join(',');
  if (status) result.status = status;
  const page = Number(raw.page);
  if (Number.isInteger(page) && page > 0) result.page = page;
  const pageSize = Number(raw.pageSize);
  if ((USER_SEARCH_PAGE_SIZE_OPTIONS as readonly number[]).includes(pageSize) && pageSize !== DEFAULT_USERS_PAGE_SIZE) {
    result.pageSize = pageSize;
  }
  if (typeof raw.tab === 'string' && (USERS_TABS as readonly string[]).includes(raw.tab) && raw.tab !== 'search') {
    result.tab = raw.tab as UsersTab;
  }
  return result;
}

/** §5: the user search needs a non-blank input in at least one of its fields. */
export const hasSearchInput = (search: Pick<UsersSearch, 'query' | 'mobilePhone' | 'username' | 'status'>) =>
  Boolean(search.query?.trim() || search.mobilePhone?.trim() || search.username?.trim() || search.status);

/** The GET /api/users criteria of a screen state. */
export function criteriaOf(search: UsersSearch): UserSearchCriteria {
  const criteria: UserSearchCriteria = { page: search.page ?? 0, pageSize: search.pageSize ?? DEFAULT_USERS_PAGE_SIZE };
  if (search.query) criteria.query = search.query;
  if (search.mobilePhone) criteria.mobilePhone = search.mobilePhone;
  if (search.username) criteria.username = search.username;
  if (search.status) criteria.status = search.status;
  return criteria;
}

/** The search form's inputs as they go into the URL: trimmed, blanks dropped, back to the first page. */
export function searchFromInputs(inputs: { query: string; mobilePhone: string; username: string }, current: UsersSearch): UsersSearch {
  const next: UsersSearch = {};
  const query = inputs.query.trim();
  const mobilePhone = inputs.mobilePhone.trim();
  const username = inputs.username.trim();
  if (query) next.query = query;
  if (mobilePhone) next.mobilePhone = mobilePhone;
  if (username) next.username = username;
  if (current.pageSize) next.pageSize = current.pageSize;
  return next;
}

/** The tabs of the user page (§2); the first one is the page without a `tab` parameter. */
export const USER_PAGE_TABS = ['timeline', 'info', 'bookings', 'payments', 'suspicious'] as const;
export type UserPageTab = (typeof USER_PAGE_TABS)[number];

/**
 * The query parameters of /users/{username}: `?edit=true` opens the edit form (§2), `tab` the tab shown (absent: the
 * mode's default, Timeline in support mode and User information outside it), `entry` a timeline entry to show.
 */
export interface UserPageSearch {
  edit?: true;
  tab?: UserPageTab;
  entry?: string;
}

/** The tab a user page opens on: the customer's timeline in support mode (issue 18), User information otherwise (§2). */
export const defaultUserPageTab = (supportMode: boolean): UserPageTab => (supportMode ? 'timeline' : 'info');

const EDIT_VALUES: readonly unknown[] = [true, 1, '1', 'true', ''];

export function validateUserPageSearch(raw: Record<string, unknown>): UserPageSearch {
  const result: UserPageSearch = {};
  if (EDIT_VALUES.includes(raw.edit)) result.edit = true;
  if (typeof raw.tab === 'string' && (USER_PAGE_TABS as readonly string[]).includes(raw.tab)) result.tab = raw.tab as UserPageTab;
  const entry = optionalString(raw.entry)?.trim();
  if (entry && /^\d{1,19}$/.test(entry)) result.entry = entry;
  return result;
}
