import type { CompanyUsersSortDirection, CompanyUsersSortField } from '@fleetdesk/contract';

export interface CompanyUsersSort {
  sort: CompanyUsersSortField;
  direction: CompanyUsersSortDirection;
}

/** §9: the users tab sorts on applyDate, newest first, until the staff member changes it. */
export const DEFAULT_COMPANY_USERS_SORT: CompanyUsersSort = { sort: 'applyDate', direction: 'desc' };

const NEXT_DIRECTION: Record<CompanyUsersSortDirection, CompanyUsersSortDirection> = { desc: 'asc', asc: 'none', none: 'desc' };

/**
 * A click on a column header (§9: toggling desc, asc, none). The sorted column steps desc → asc → none → desc; another
 * column starts at desc. With `none` the list is in user-name order and no header shows an arrow.
 */
export function toggleCompanyUsersSort(current: CompanyUsersSort, column: CompanyUsersSortField): CompanyUsersSort {
  if (current.sort !== column || current.direction === 'none') return { sort: column, direction: 'desc' };
  return { sort: column, direction: NEXT_DIRECTION[current.direction] };
}
