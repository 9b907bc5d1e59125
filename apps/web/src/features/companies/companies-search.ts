import {
  COMPANY_USERS_DEFAULT_PAGE_SIZE,
  COMPANY_USERS_PAGE_SIZE_OPTIONS,
  COMPANY_USERS_SORT_DIRECTIONS,
  COMPANY_USERS_SORT_FIELDS,
  isOneOf,
  USER_STATUSES,
  type CompanyUsersSortDirection,
  type CompanyUsersSortField,
  type UserStatus,
} from '@fleetdesk/contract';
import { optionalString } from '@/lib/router/search-params';
import type { CompanyUsersFilter } from './api/companies-api';
import { DEFAULT_COMPANY_USERS_SORT } from './company-users-sort';

export const COMPANY_TABS = ['details', 'users', 'import'] as const;
export type CompanyTab = (typeof COMPANY_TABS)[number];

/**
 * The URL state of /companies/{id} (GUIDE §3.7): the tab, the edit form, and the users tab's status filter, sort,
 * direction, page (1-based in the URL) and page size. Defaults are left out of the URL.
 */
export interface CompanySearch {
  tab?: Exclude<CompanyTab, 'details'>;
  /** 1 opens the edit form (ADMIN); `1` as the booking card's ?edit=1, and ?edit=true is read too. */
  edit?: 1;
  status?: UserStatus[];
  sort?: CompanyUsersSortField;
  direction?: CompanyUsersSortDirection;
  page?: number;
  pageSize?: number;
}

const statusList = (value: unknown): UserStatus[] | undefined => {
  const raw = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [];
  const statuses = [
    ...new Set(
      raw.map((item: unknown) => (typeof item === 'string' ? item.trim() : item)).filter((item): item is UserStatus => isOneOf(USER_STATUSES, item)),
    ),
  ];
  return statuses.length > 0 ? statuses : undefined;
};

export function validateCompanySearch(search: Record<string, unknown>): CompanySearch {
  const tab = optionalString(search.tab);
  const sort = search.sort;
  const direction = search.direction;
  const page = Number(search.page);
  const pageSize = Number(search.pageSize);
  return {
    tab: tab === 'users' || tab === 'import' ? tab : undefined,
    edit: search.edit === 1 || search.edit === true || search.edit === '1' || search.edit === 'true' ? 1 : undefined,
    status: statusList(search.status),
    sort: isOneOf(COMPANY_USERS_SORT_FIELDS, sort) && sort !== DEFAULT_COMPANY_USERS_SORT.sort ? sort : undefined,
    direction: isOneOf(COMPANY_USERS_SORT_DIRECTIONS, direction) && direction !== DEFAULT_COMPANY_USERS_SORT.direction ? direction : undefined,
    page: Number.isInteger(page) && page > 1 ? page : undefined,
    pageSize:
      (COMPANY_USERS_PAGE_SIZE_OPTIONS as readonly number[]).includes(pageSize) && pageSize !== COMPANY_USERS_DEFAULT_PAGE_SIZE
        ? pageSize
        : undefined,
  };
}

/** The users tab's API query of a URL state. */
export const companyUsersFilterOf = (search: CompanySearch): CompanyUsersFilter => ({
  status: search.status,
  sort: search.sort ?? DEFAULT_COMPANY_USERS_SORT.sort,
  direction: search.direction ?? DEFAULT_COMPANY_USERS_SORT.direction,
  page: (search.page ?? 1) - 1,
  pageSize: search.pageSize ?? COMPANY_USERS_DEFAULT_PAGE_SIZE,
});
