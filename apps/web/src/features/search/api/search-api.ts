import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { BookingGroup, ZSearchBookingsPage, ZSearchUsersPage, ZSearchVehiclesPage } from '@fleetdesk/contract';
import type { z } from 'zod';
import { apiClient } from '@/lib/api/client';
import { queryKey, queryKeyPrefix } from '@/lib/query/query-keys';
import type { SearchCriteria } from '../search-criteria';

export type SearchVehiclesPageData = z.infer<typeof ZSearchVehiclesPage>;
export type SearchUsersPageData = z.infer<typeof ZSearchUsersPage>;
export type SearchBookingsPageData = z.infer<typeof ZSearchBookingsPage>;

/** Query keys of the search feature: `['search', op, params]`. Criteria are normalized (trimmed, blanks dropped). */
export const searchKeys = {
  all: () => queryKeyPrefix('search'),
  combined: (criteria: SearchCriteria) => queryKey('search', 'combined', { ...criteria }),
  vehicles: (criteria: SearchCriteria, from: string) => queryKey('search', 'vehicles', { ...criteria, from }),
  users: (criteria: SearchCriteria, cursor: string) => queryKey('search', 'users', { ...criteria, cursor }),
  bookings: (criteria: SearchCriteria, group: BookingGroup, cursor: string) => queryKey('search', 'bookings', { ...criteria, group, cursor }),
};

/** The answers' schemas, downloaded beside the first request rather than before it. */
const schemas = () => import('./search-schemas');

/** The screen shows its own error state (with a retry) instead of a toast. */
const inline = { notifyErrors: false } as const;

/** GET /api/search: the first page of every list plus the other-operator hint. */
export const supportSearchQueryOptions = (criteria: SearchCriteria) =>
  queryOptions({
    queryKey: searchKeys.combined(criteria),
    queryFn: ({ signal }) =>
      apiClient.request('/search', { query: { ...criteria }, schema: () => schemas().then((m) => m.ZSupportSearchResponse), signal }),
    meta: inline,
  });

export const useSupportSearch = (criteria: SearchCriteria, enabled: boolean) => useQuery({ ...supportSearchQueryOptions(criteria), enabled });

/**
 * GET /api/search/vehicles: the pages after the first (which came with the combined search), from its cursor on.
 * Nothing is fetched until the first 'Load more'.
 */
export const searchVehiclesMoreQueryOptions = (criteria: SearchCriteria, from: string) =>
  infiniteQueryOptions({
    queryKey: searchKeys.vehicles(criteria, from),
    queryFn: ({ pageParam, signal }) =>
      apiClient.request('/search/vehicles', {
        query: { ...criteria, cursor: pageParam },
        schema: () => schemas().then((m) => m.ZSearchVehiclesPage),
        signal,
      }),
    initialPageParam: from,
    getNextPageParam: (last: SearchVehiclesPageData) => (last.moreResults && last.nextCursor ? last.nextCursor : undefined),
    meta: inline,
  });

export const useSearchVehiclesMore = (criteria: SearchCriteria, from: string | null, enabled: boolean) =>
  useInfiniteQuery({ ...searchVehiclesMoreQueryOptions(criteria, from ?? ''), enabled: enabled && from !== null });

/** GET /api/search/users: a page after the first. */
export const searchUsersPageQueryOptions = (criteria: SearchCriteria, cursor: string) =>
  queryOptions({
    queryKey: searchKeys.users(criteria, cursor),
    queryFn: ({ signal }) =>
      apiClient.request('/search/users', { query: { ...criteria, cursor }, schema: () => schemas().then((m) => m.ZSearchUsersPage), signal }),
    meta: inline,
  });

/** GET /api/search/bookings: a page after the first of one group (5 per page). */
export const searchBookingsPageQueryOptions = (criteria: SearchCriteria, group: BookingGroup, cursor: string) =>
  queryOptions({
    queryKey: searchKeys.bookings(criteria, group, cursor),
    queryFn: ({ signal }) =>
      apiClient.request('/search/bookings', {
        query: { ...criteria, group, cursor },
        schema: () => schemas().then((m) => m.ZSearchBookingsPage),
        signal,
      }),
    meta: inline,
  });
