import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import {
  IDEMPOTENCY_KEY_HEADER,
  ZBookingPaymentsResponse,
  ZPaymentMethodsResponse,
  ZPaymentResponse,
  ZPaymentTypeResponse,
  ZPaymentsResponse,
  ZUserPaymentsResponse,
  type InvoiceStatus,
  type Payment,
  type PaymentStatus,
  type PaymentType,
  type PaymentsResponse,
} from '@fleetdesk/contract';
import { apiClient } from '@/lib/api/client';
import { queryKey, queryKeyPrefix } from '@/lib/query/query-keys';

/** The filters of the payments screen, as GET /api/payments takes them (ISO date-times for from/to). */
export interface PaymentsFilter {
  status?: readonly PaymentStatus[];
  type?: PaymentType;
  from?: string;
  to?: string;
  user?: string;
  search?: string;
  olderThanDays?: number;
}

export interface UserPaymentsRange {
  startDate?: string;
  endDate?: string;
}

/** Query keys of the payments feature: `['payments', op, params]`; `['payments']` invalidates all of them. */
export const paymentKeys = {
  all: () => queryKeyPrefix('payments'),
  list: (filter: PaymentsFilter) => queryKey('payments', 'list', { ...filter, status: filter.status ? [...filter.status] : undefined }),
  one: (orderId: string) => queryKey('payments', 'one', { orderId }),
  user: (username: string, range: UserPaymentsRange) => queryKey('payments', 'user', { username, ...range }),
  methods: (username: string) => queryKey('payments', 'methods', { username }),
  booking: (bid: string) => queryKey('payments', 'booking', { bid: bid.toUpperCase() }),
};

/** The screens show their own error states (with a retry) instead of a toast. */
const inline = { notifyErrors: false } as const;

const orderPath = (orderId: string) => `/payments/${encodeURIComponent(orderId)}`;
const userPath = (username: string) => `/users/${encodeURIComponent(username)}`;

/** GET /api/payments: newest first, keyset-paged ('load more'). */
export const paymentsQueryOptions = (filter: PaymentsFilter) =>
  infiniteQueryOptions({
    queryKey: paymentKeys.list(filter),
    queryFn: ({ pageParam, signal }) =>
      apiClient.request('/payments', {
        query: { ...filter, status: filter.status?.length ? filter.status.join(',') : undefined, cursor: pageParam || undefined },
        schema: ZPaymentsResponse,
        signal,
      }),
    initialPageParam: '',
    getNextPageParam: (last: PaymentsResponse) => (last.moreResults && last.nextCursor ? last.nextCursor : undefined),
    meta: inline,
  });

export const usePayments = (filter: PaymentsFilter) => useInfiniteQuery(paymentsQueryOptions(filter));

/** GET /api/payments/{orderId} */
export const paymentQueryOptions = (orderId: string) =>
  queryOptions({
    queryKey: paymentKeys.one(orderId),
    queryFn: ({ signal }) => apiClient.request(orderPath(orderId), { schema: ZPaymentResponse, signal }),
    meta: inline,
  });

export const usePayment = (orderId: string | null) => useQuery({ ...paymentQueryOptions(orderId ?? ''), enabled: orderId !== null });

/** GET /api/users/{username}/payments?startDate&endDate (the server defaults to the last 12 months). */
export const userPaymentsQueryOptions = (username: string, range: UserPaymentsRange) =>
  queryOptions({
    queryKey: paymentKeys.user(username, range),
    queryFn: ({ signal }) => apiClient.request(`${userPath(username)}/payments`, { query: { ...range }, schema: ZUserPaymentsResponse, signal }),
    meta: inline,
  });

export const useUserPayments = (username: string, range: UserPaymentsRange = {}) => useQuery(userPaymentsQueryOptions(username, range));

/** GET /api/users/{username}/payments/methods: the registered cards (type switching needs one). */
export const paymentMethodsQueryOptions = (username: string) =>
  queryOptions({
    queryKey: paymentKeys.methods(username),
    queryFn: ({ signal }) => apiClient.request(`${userPath(username)}/payments/methods`, { schema: ZPaymentMethodsResponse, signal }),
    meta: inline,
  });

export const usePaymentMethods = (username: string | null) => useQuery({ ...paymentMethodsQueryOptions(username ?? ''), enabled: username !== null });

/** GET /api/bookings/{bid}/payments: the booking payment first, then its event payments. */
export const bookingPaymentsQueryOptions = (bid: string) =>
  queryOptions({
    queryKey: paymentKeys.booking(bid),
    queryFn: ({ signal }) =>
      apiClient.request(`/bookings/${encodeURIComponent(bid.toUpperCase())}/payments`, { schema: ZBookingPaymentsResponse, signal }),
  });

// ---------- operations ----------

/** PUT /api/payments/{orderId}/status: the §4 invoice status changes. */
export const setInvoiceStatus = (orderId: string, status: InvoiceStatus) =>
  apiClient.request(`${orderPath(orderId)}/status`, { method: 'PUT', body: { status }, schema: ZPaymentResponse });

/** A fresh key per attempt: a request the network repeats is applied once by the server. */
const idempotencyKey = (orderId: string) => `${orderId}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;

/** POST /api/payments/{orderId}/retry (with an Idempotency-Key: it may charge the card). */
export const retryPayment = (orderId: string) =>
  apiClient.request(`${orderPath(orderId)}/retry`, {
    method: 'POST',
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey(orderId) },
    schema: ZPaymentResponse,
  });

/** POST /api/payments/{orderId}/release, the reason in the body (for the event log). */
export const releasePayment = (orderId: string, reason?: string) =>
  apiClient.request(`${orderPath(orderId)}/release`, { method: 'POST', ...(reason ? { body: { reason } } : {}), schema: ZPaymentResponse });

/** POST /api/payments/{orderId}/cancel, the reason in the body (for the event log). */
export const cancelEventPayment = (orderId: string, reason?: string) =>
  apiClient.request(`${orderPath(orderId)}/cancel`, { method: 'POST', ...(reason ? { body: { reason } } : {}), schema: ZPaymentResponse });

/**
 * Switches a payment between credit card and user invoice: a booking payment through PUT /api/bookings/{bid}/paymentType
 * (answers the booking: its payment is taken), an event order through PUT /api/payments/{orderId}/paymentType.
 */
export async function switchPaymentType(payment: Payment, bid: string | null, paymentType: PaymentType): Promise<Payment> {
  const bookingBid = payment.target === 'BOOKING' ? (bid ?? payment.bid) : null;
  if (bookingBid) {
    const booking = await apiClient.request(`/bookings/${encodeURIComponent(bookingBid.toUpperCase())}/paymentType`, {
      method: 'PUT',
      body: { paymentType },
      schema: ZPaymentTypeResponse,
    });
    return booking.payment ?? { ...payment, type: paymentType };
  }
  return apiClient.request(`${orderPath(payment.orderId)}/paymentType`, { method: 'PUT', body: { paymentType }, schema: ZPaymentResponse });
}

/** POST /api/bookings/{bid}/payment/replace: a new booking payment of `paymentType`; the old one becomes NO_CHARGE. */
export const replaceBookingPayment = (bid: string, paymentType: PaymentType) =>
  apiClient.request(`/bookings/${encodeURIComponent(bid.toUpperCase())}/payment/replace`, {
    method: 'POST',
    body: { paymentType },
    schema: ZPaymentResponse,
  });
