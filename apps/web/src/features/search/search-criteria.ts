import { BID_SEARCH_PATTERN } from '@fleetdesk/contract';

/** What the /support screen searches for (spec §2): the free text and the two chips, as in the URL. */
export interface SearchCriteria {
  search?: string;
  mobilePhone?: string;
  user?: string;
}

const clean = (value: string | undefined): string | undefined => {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
};

/** Trimmed values, blanks dropped: the same search always reads (and caches) the same way. */
export function normalizeCriteria(criteria: SearchCriteria): SearchCriteria {
  const result: SearchCriteria = {};
  const search = clean(criteria.search);
  const mobilePhone = clean(criteria.mobilePhone);
  const user = clean(criteria.user);
  if (search) result.search = search;
  if (mobilePhone) result.mobilePhone = mobilePhone;
  if (user) result.user = user;
  return result;
}

/**
 * What /support searches for: the URL's criteria, plus the pinned user-name filter of support mode when the URL has no
 * user chip (docs/decisions/0036-support-mode.md). The screen and its route's loader both read it.
 */
export function effectiveCriteria(inUrl: SearchCriteria, pinnedUser: string | null): SearchCriteria {
  return pinnedUser && !inUrl.user ? normalizeCriteria({ ...inUrl, user: pinnedUser }) : inUrl;
}

export const hasCriteria = (criteria: SearchCriteria): boolean => Boolean(criteria.search || criteria.mobilePhone || criteria.user);

/** The booking id a phrase asks for ('BID' + 10 or more digits, any case; §5), upper-cased; else null. */
export function bookingIdOf(phrase: string | undefined): string | null {
  if (!phrase || !BID_SEARCH_PATTERN.test(phrase)) return null;
  return phrase.trim().toUpperCase();
}

/** A stable text for a criteria object (React keys: a new search starts its lists from the first page). */
export const criteriaKey = (criteria: SearchCriteria): string =>
  JSON.stringify([criteria.search ?? '', criteria.mobilePhone ?? '', criteria.user ?? '']);
