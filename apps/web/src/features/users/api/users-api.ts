import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  USER_BOOKINGS_DEFAULT_STATES,
  USER_BOOKINGS_TOTAL_HEADER,
  ZCompanyTreeResponse,
  ZFreeMonths,
  ZMembershipCheckResponse,
  ZUserBookingsResponse,
  ZUserDetail,
  ZUserSearchResponse,
  ZUserSummary,
  type UserDetail,
  type UserUpdateRequest,
} from '@fleetdesk/contract';
import { z } from 'zod';
import { apiClient } from '@/lib/api/client';
import { queryKey, queryKeyPrefix } from '@/lib/query/query-keys';

/** The user search's criteria as GET /api/users takes them (blank values left out). */
export interface UserSearchCriteria {
  query?: string;
  mobilePhone?: string;
  username?: string;
  /** Comma-separated user statuses. */
  status?: string;
  page: number;
  pageSize: number;
}

/** The window of the user page's Bookings tab (§9: a month either side of now). */
export interface UserBookingsWindow {
  startDate: string;
  endDate: string;
}

/**
 * Query keys of the users feature: `['users', op, params]`. `['users']` invalidates every user query (the user
 * actions of features/user-actions do that after a change); `userKeys.detail(username)` is one user's page.
 */
export const userKeys = {
  all: () => queryKeyPrefix('users'),
  search: (criteria: UserSearchCriteria) => queryKey('users', 'search', { ...criteria }),
  detail: (username: string) => queryKey('users', 'detail', { username }),
  bookings: (username: string, window: UserBookingsWindow, page: UserBookingsPage) => queryKey('users', 'bookings', { username, ...window, ...page }),
  companyOptions: () => queryKey('users', 'companyOptions', {}),
};

/** The screens show their own error states (with a retry) instead of a toast. */
const inline = { notifyErrors: false } as const;

export const userPath = (username: string) => `/users/${encodeURIComponent(username)}`;

/**
 * A search row as the screen reads it: the status is kept as text, so that a status this console does not know yet is
 * still listed (grey, 'unknown', §4) instead of failing the whole page.
 */
export const ZUserSearchRow = ZUserSummary.extend({ status: z.string() });
export type UserSearchRow = z.infer<typeof ZUserSearchRow>;
const ZUserSearchPage = ZUserSearchResponse.extend({ results: z.array(ZUserSearchRow) });
export type UserSearchPage = z.infer<typeof ZUserSearchPage>;

/** GET /api/users: one page of the search (§5: needs a non-blank input; the caller enables it only then). */
export const userSearchQueryOptions = (criteria: UserSearchCriteria) =>
  queryOptions({
    queryKey: userKeys.search(criteria),
    queryFn: ({ signal }) => apiClient.request('/users', { query: { ...criteria }, schema: ZUserSearchPage, signal }),
    meta: inline,
  });

export const useUserSearch = (criteria: UserSearchCriteria, enabled: boolean) =>
  useQuery({ ...userSearchQueryOptions(criteria), enabled, placeholderData: keepPreviousData });

/** GET /api/users/{username} */
export const userQueryOptions = (username: string) =>
  queryOptions({
    queryKey: userKeys.detail(username),
    queryFn: ({ signal }) => apiClient.request(userPath(username), { schema: ZUserDetail, signal }),
    meta: inline,
  });

export const useUser = (username: string) => useQuery(userQueryOptions(username));

/** One page of the user's bookings: `offset` and `limit` of GET /api/users/{username}/bookings. */
export interface UserBookingsPage {
  offset: number;
  limit: number;
}

/**
 * GET /api/users/{username}/bookings in the §9 window (a month either side) with every state, so that finished,
 * cancelled and inactive bookings of the window come with the active ones: one page of the list the API orders
 * (active first, then by start), with the number of all matches from its `X-Total-Count` header.
 */
export const userBookingsQueryOptions = (username: string, window: UserBookingsWindow, page: UserBookingsPage) =>
  queryOptions({
    queryKey: userKeys.bookings(username, window, page),
    queryFn: async ({ signal }) => {
      let total: number | null = null;
      const bookings = await apiClient.request(`${userPath(username)}/bookings`, {
        query: { ...window, state: [...USER_BOOKINGS_DEFAULT_STATES, 'CANCELLED'], offset: page.offset, limit: page.limit },
        schema: ZUserBookingsResponse,
        signal,
        onHeaders: (headers) => {
          const counted = Number(headers.get(USER_BOOKINGS_TOTAL_HEADER));
          total = headers.has(USER_BOOKINGS_TOTAL_HEADER) && Number.isFinite(counted) ? counted : null;
        },
      });
      // Without the header (an older server) the page is all there is to count.
      return { bookings, total: total ?? page.offset + bookings.length };
    },
    meta: inline,
  });

export const useUserBookings = (username: string, window: UserBookingsWindow, page: UserBookingsPage) =>
  useQuery({ ...userBookingsQueryOptions(username, window, page), placeholderData: keepPreviousData });

/** GET /api/companies: the operator's company tree, the choices of the user form's company membership. */
export const companyOptionsQueryOptions = () =>
  queryOptions({
    queryKey: userKeys.companyOptions(),
    queryFn: ({ signal }) => apiClient.request('/companies', { schema: ZCompanyTreeResponse, signal }),
    staleTime: 5 * 60_000,
  });

export const useCompanyOptions = (enabled: boolean) => useQuery({ ...companyOptionsQueryOptions(), enabled });

/** Puts a changed user into the cache (the page shows it at once) and refreshes the lists that show it. */
export function useApplyUser() {
  const queryClient = useQueryClient();
  return (user: UserDetail, previousUsername?: string) => {
    queryClient.setQueryData(userKeys.detail(user.username), user);
    if (previousUsername && previousUsername !== user.username) {
      queryClient.removeQueries({ queryKey: userKeys.detail(previousUsername) });
    }
    void queryClient.invalidateQueries({ queryKey: queryKeyPrefix('users', 'search') });
  };
}

/** PUT /api/users/{username}: answers the saved user (400 field errors, 409 a taken user name). */
export function useUpdateUser(username: string) {
  const applyUser = useApplyUser();
  return useMutation({
    mutationFn: (body: UserUpdateRequest) => apiClient.request(userPath(username), { method: 'PUT', body, schema: ZUserDetail }),
    onSuccess: (user) => applyUser(user, username),
    meta: { notifyErrors: false },
  });
}

/** PUT /api/users/{username}/freeMonths */
export function useUpdateFreeMonths(username: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (freeMonths: number) =>
      apiClient.request(`${userPath(username)}/freeMonths`, { method: 'PUT', body: { freeMonths }, schema: ZFreeMonths }),
    onSuccess: ({ freeMonths }) => {
      queryClient.setQueryData(userKeys.detail(username), (user: UserDetail | undefined) => (user ? { ...user, freeMonths } : user));
    },
    meta: { notifyErrors: false },
  });
}

/** POST /api/users/{username}/membership/check: the housing association's membership code (§7). */
export function useCheckMembership(username: string) {
  const applyUser = useApplyUser();
  return useMutation({
    mutationFn: (companyCode: string) =>
      apiClient.request(`${userPath(username)}/membership/check`, { method: 'POST', body: { companyCode }, schema: ZMembershipCheckResponse }),
    onSuccess: ({ user }) => applyUser(user),
    meta: { notifyErrors: false },
  });
}
