import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ZAvailabilityResponse,
  ZBookingResponse,
  ZContractRulesResponse,
  ZPriceResponse,
  ZSuggestionsResponse,
  ZUsablePoolsResponse,
  ZUserBookingsResponse,
  ZUserContractsResponse,
  ZUserSearchResponse,
  type Booking,
  type UserSummary,
  type PaymentType,
  type ZBookingCreateRequest,
  type ZBookingUpdateRequest,
  type ZPriceRequest,
} from '@fleetdesk/contract';
import type { z } from 'zod';
import { apiClient } from '@/lib/api/client';
import { queryKey } from '@/lib/query/query-keys';
import { applyBookingUpdate, bookingKeys } from './booking-query';

/**
 * The calls of the booking creation and update form (spec §7 Bookings): user search among ACTIVE users,
 * the user's contracts and usable pools, the contract's rules for a pool, availability, the live price
 * estimate, suggestions, the user's own bookings (overlap warning), and create / update / cancel.
 */

/** How many users the form's search offers at once. */
export const USER_SEARCH_LIMIT = 10;
/** Page size of the exact-name lookup (the filter matches names containing the text). */
const USER_LOOKUP_LIMIT = 20;

/** The creation dialog offers 'Convert to invoice' (§4) through `PUT /api/bookings/{bid}/paymentType`. */
export const CONVERT_TO_INVOICE_AVAILABLE = true;

export type PriceRequest = z.input<typeof ZPriceRequest>;
/** The query of GET /api/availability (ZAvailabilityQuery) as the form sends it. */
export type AvailabilityQuery = {
  fromPoolId: number;
  from: string;
  to: string;
  contractId?: number;
  excludeBid?: string;
};
export type CreateBookingBody = z.input<typeof ZBookingCreateRequest>;
export type UpdateBookingBody = z.input<typeof ZBookingUpdateRequest>;

export const bookingFormKeys = {
  userSearch: (query: string) => queryKey('users', 'search', { query, status: 'ACTIVE', pageSize: USER_SEARCH_LIMIT }),
  user: (username: string) => queryKey('users', 'get', { username }),
  contracts: (username: string) => queryKey('users', 'contracts', { username }),
  usablePools: (username: string) => queryKey('users', 'usablePools', { username }),
  userBookings: (username: string, startDate: string, endDate: string) => queryKey('users', 'bookings', { username, startDate, endDate }),
  contractRules: (contractId: number, poolId: number | null) => queryKey('contracts', 'rules', { contractId, poolId }),
  availability: (query: AvailabilityQuery) => queryKey('bookings', 'availability', query),
  price: (request: PriceRequest) => queryKey('bookings', 'price', request),
  suggestions: (username: string) => queryKey('bookings', 'suggestions', { username }),
};

const userPath = (username: string) => `/users/${encodeURIComponent(username)}`;

/** GET /api/users?query&status=ACTIVE&pageSize: the form books for ACTIVE users only (§5). */
export const userSearchQueryOptions = (query: string) =>
  queryOptions({
    queryKey: bookingFormKeys.userSearch(query),
    queryFn: ({ signal }) =>
      apiClient.request('/users', {
        query: { query, status: 'ACTIVE', pageSize: USER_SEARCH_LIMIT },
        schema: ZUserSearchResponse,
        signal,
      }),
    staleTime: 60_000,
    meta: { notifyErrors: false },
  });

export const useUserSearch = (query: string) =>
  useQuery({ ...userSearchQueryOptions(query), enabled: query.trim().length > 0, placeholderData: keepPreviousData });

/**
 * A customer named in the URL (?user=), with the name and status the form shows ('User is not active').
 * GET /api/users?username= (the user search's contains-filter, any status), picking the exact name; null
 * when there is no such customer.
 */
export const bookingFormUserQueryOptions = (username: string) =>
  queryOptions({
    queryKey: bookingFormKeys.user(username),
    queryFn: async ({ signal }): Promise<UserSummary | null> => {
      const found = await apiClient.request('/users', {
        query: { username, pageSize: USER_LOOKUP_LIMIT },
        schema: ZUserSearchResponse,
        signal,
      });
      return found.results.find((user) => user.username.toLowerCase() === username.toLowerCase()) ?? null;
    },
    meta: { notifyErrors: false },
  });

export const useBookingFormUser = (username: string | null) =>
  useQuery({ ...bookingFormUserQueryOptions(username ?? ''), enabled: Boolean(username) });

/** GET /api/users/{username}/contracts */
export const userContractsQueryOptions = (username: string) =>
  queryOptions({
    queryKey: bookingFormKeys.contracts(username),
    queryFn: ({ signal }) => apiClient.request(`${userPath(username)}/contracts`, { schema: ZUserContractsResponse, signal }),
    meta: { notifyErrors: false },
  });

export const useUserContracts = (username: string | null) => useQuery({ ...userContractsQueryOptions(username ?? ''), enabled: Boolean(username) });

/** GET /api/users/{username}/usable-pools (pools without directAccess need the access override). */
export const usablePoolsQueryOptions = (username: string) =>
  queryOptions({
    queryKey: bookingFormKeys.usablePools(username),
    queryFn: ({ signal }) => apiClient.request(`${userPath(username)}/usable-pools`, { schema: ZUsablePoolsResponse, signal }),
    meta: { notifyErrors: false },
  });

export const useUsablePools = (username: string | null) => useQuery({ ...usablePoolsQueryOptions(username ?? ''), enabled: Boolean(username) });

/**
 * GET /api/users/{username}/bookings?startDate&endDate&state=INACTIVE&state=ACTIVE: the user's live bookings,
 * for the overlap warning of contracts that allow one booking at a time. Errors stay quiet: the server
 * checks the overlap again on submit.
 */
export const userBookingsQueryOptions = (username: string, startDate: string, endDate: string) =>
  queryOptions({
    queryKey: bookingFormKeys.userBookings(username, startDate, endDate),
    queryFn: ({ signal }) =>
      apiClient.request(`${userPath(username)}/bookings`, {
        query: { startDate, endDate, state: ['INACTIVE', 'ACTIVE'] },
        schema: ZUserBookingsResponse,
        signal,
      }),
    retry: false,
    meta: { notifyErrors: false },
  });

export const useUserBookings = (username: string | null, window: { startDate: string; endDate: string } | null) =>
  useQuery({
    ...userBookingsQueryOptions(username ?? '', window?.startDate ?? '', window?.endDate ?? ''),
    enabled: Boolean(username && window),
    placeholderData: keepPreviousData,
  });

/** GET /api/contracts/{id}/rules?poolId: the booking rules that apply from a pool. */
export const contractRulesQueryOptions = (contractId: number, poolId: number | null) =>
  queryOptions({
    queryKey: bookingFormKeys.contractRules(contractId, poolId),
    queryFn: ({ signal }) => apiClient.request(`/contracts/${contractId}/rules`, { query: { poolId }, schema: ZContractRulesResponse, signal }),
    staleTime: 5 * 60_000,
    retry: false,
    meta: { notifyErrors: false },
  });

export const useContractRules = (contractId: number | null, poolId: number | null) =>
  useQuery({ ...contractRulesQueryOptions(contractId ?? 0, poolId), enabled: contractId !== null });

/** GET /api/availability?fromPoolId&from&to&contractId&excludeBid: free classes, models and vehicles with prices. */
export const availabilityQueryOptions = (query: AvailabilityQuery) =>
  queryOptions({
    queryKey: bookingFormKeys.availability(query),
    queryFn: ({ signal }) => apiClient.request('/availability', { query: { ...query }, schema: ZAvailabilityResponse, signal }),
    staleTime: 15_000,
    meta: { notifyErrors: false },
  });

export const useAvailability = (query: AvailabilityQuery | null) =>
  useQuery({
    ...availabilityQueryOptions(query ?? { fromPoolId: 0, from: '', to: '' }),
    enabled: query !== null,
    placeholderData: keepPreviousData,
  });

/** POST /api/price: the live estimate (the form debounces the request). */
export const priceQueryOptions = (request: PriceRequest) =>
  queryOptions({
    queryKey: bookingFormKeys.price(request),
    queryFn: ({ signal }) => apiClient.request('/price', { method: 'POST', body: request, schema: ZPriceResponse, signal }),
    staleTime: 15_000,
    retry: false,
    meta: { notifyErrors: false },
  });

export const usePriceEstimate = (request: PriceRequest | null) =>
  useQuery({
    ...priceQueryOptions(request ?? { startTime: '', endTime: '', fromLocation: { poolId: 0 }, contractId: 0 }),
    enabled: request !== null,
    placeholderData: keepPreviousData,
  });

/** GET /api/bookings/suggestions?user=: the customer's recent choices, to prefill a new booking. */
export const suggestionsQueryOptions = (username: string) =>
  queryOptions({
    queryKey: bookingFormKeys.suggestions(username),
    queryFn: ({ signal }) => apiClient.request('/bookings/suggestions', { query: { user: username }, schema: ZSuggestionsResponse, signal }),
    retry: false,
    meta: { notifyErrors: false },
  });

export const useBookingSuggestions = (username: string | null, enabled: boolean) =>
  useQuery({ ...suggestionsQueryOptions(username ?? ''), enabled: enabled && Boolean(username) });

const bookingPath = (bid: string) => `/bookings/${encodeURIComponent(bid.toUpperCase())}`;

/** POST /api/bookings. Errors are shown by the creation dialog (§8 Booking, creation). */
export function useCreateBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateBookingBody) => apiClient.request('/bookings', { method: 'POST', body, schema: ZBookingResponse }),
    onSuccess: (booking: Booking) => applyBookingUpdate(queryClient, booking),
    meta: { notifyErrors: false },
  });
}

/** PUT /api/bookings/{bid}. Errors are shown by the form (listed, and on their fields). */
export function useUpdateBooking(bid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateBookingBody) => apiClient.request(bookingPath(bid), { method: 'PUT', body, schema: ZBookingResponse }),
    onSuccess: (booking: Booking) => applyBookingUpdate(queryClient, booking),
    meta: { notifyErrors: false },
  });
}

/** DELETE /api/bookings/{bid} with the reason in the body: cancels a booking whose payment is not (or not yet) authorised. */
export function useCancelCreatedBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ bid, reason }: { bid: string; reason: string }) => {
      // The reason travels in the body, not the URL, so it stays out of access logs (the server also takes ?reason=).
      await apiClient.request(bookingPath(bid), { method: 'DELETE', body: { reason } });
      return bid;
    },
    // The dialog shows a refusal itself; either way every query about the booking is read again (issue 17).
    meta: { notifyErrors: false },
    onSettled: () => queryClient.invalidateQueries({ queryKey: bookingKeys.all() }),
  });
}

/** PUT /api/bookings/{bid}/paymentType (see CONVERT_TO_INVOICE_AVAILABLE): the booking's payment becomes a user invoice. */
export function useConvertToInvoice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ bid, paymentType }: { bid: string; paymentType: PaymentType }) => {
      await apiClient.request(`${bookingPath(bid)}/paymentType`, { method: 'PUT', body: { paymentType } });
      return bid;
    },
    meta: { notifyErrors: false },
    onSettled: () => queryClient.invalidateQueries({ queryKey: bookingKeys.all() }),
  });
}
