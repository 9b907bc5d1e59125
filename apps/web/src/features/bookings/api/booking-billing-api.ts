import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  IDEMPOTENCY_KEY_HEADER,
  MESSAGES,
  ZBillingRequest,
  ZBillingResponse,
  ZBookingPaymentsResponse,
  ZFixedPriceRequest,
  ZFixedPriceResponse,
  type BillingRequest,
  type Booking,
  type MessageKey,
  type Payment,
} from '@fleetdesk/contract';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/lib/api/api-error';
import { apiClient } from '@/lib/api/client';
import { errorToNotifications } from '@/lib/notifications/error-notifications';
import type { AppNotification } from '@/lib/notifications/notification';
import { notify, notifySuccess } from '@/lib/notifications/notify';
import { queryKeyPrefix } from '@/lib/query/query-keys';
import { applyBookingUpdate, bookingKeys } from './booking-query';

/** Billing (fees and credits), fixed price and the booking's payments: spec §7 Bookings, contract api/payments.ts. */

const bookingPath = (bid: string, suffix = '') => `/bookings/${encodeURIComponent(bid.toUpperCase())}${suffix}`;

/**
 * GET /api/bookings/{bid}/payments: the booking payment (BOK) first, then its event payments (EVE). §8: a 404 on a
 * booking payment stores an empty payment, so a 404 answers an empty list; the tab shows other failures in place.
 */
export const bookingPaymentsQueryOptions = (bid: string) =>
  queryOptions({
    queryKey: bookingKeys.payments(bid),
    queryFn: async ({ signal }): Promise<Payment[]> => {
      try {
        return await apiClient.request(bookingPath(bid, '/payments'), { schema: ZBookingPaymentsResponse, signal });
      } catch (error) {
        if (isApiError(error) && error.status === 404) return [];
        throw error;
      }
    },
    meta: { notifyErrors: false },
  });

/** A random key for the Idempotency-Key header (crypto.randomUUID needs a secure context; this does not). */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** POST /api/bookings/{bid}/billing with one idempotency key per submission (a retry of it reuses the key). */
export function postBilling(bid: string, items: BillingRequest, idempotencyKey: string): Promise<Booking> {
  return apiClient.request(bookingPath(bid, '/billing'), {
    method: 'POST',
    body: ZBillingRequest.parse(items),
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
    schema: ZBillingResponse,
  });
}

export type FixedPriceChange = { kind: 'set' | 'change'; price: number; comment: string | null } | { kind: 'remove' };

/** POST (none set yet), PUT (change) or DELETE (remove) /api/bookings/{bid}/fixedprice. DELETE may answer 204. */
export async function sendFixedPrice(bid: string, change: FixedPriceChange): Promise<Booking | null> {
  const path = bookingPath(bid, '/fixedprice');
  if (change.kind === 'remove') {
    const answer = await apiClient.request(path, { method: 'DELETE' });
    const booking = ZFixedPriceResponse.safeParse(answer);
    return booking.success ? booking.data : null;
  }
  return apiClient.request(path, {
    method: change.kind === 'set' ? 'POST' : 'PUT',
    body: ZFixedPriceRequest.parse({ price: change.price, comment: change.comment }),
    schema: ZFixedPriceResponse,
  });
}

const MESSAGE_BY_TEXT = new Map<string, MessageKey>(Object.entries(MESSAGES).map(([key, text]) => [text, key as MessageKey]));

/**
 * A refusal of billing or fixed price as §8 says: a conflict the contract names (creditingConflict,
 * commitCreditingFirst, specifyBillingType, creditExceedsTotal, …) in the user's language; otherwise the envelope mapping.
 */
export function billingErrorNotifications(error: unknown, t: TFunction): AppNotification[] {
  if (isApiError(error)) {
    const key = MESSAGE_BY_TEXT.get(error.envelope.message);
    if (key && error.envelope.errors.length === 0) return [{ variant: 'error', message: t(`messages.${key}`) }];
  }
  return errorToNotifications(error, t);
}

interface BillingSubmission {
  items: BillingRequest;
  idempotencyKey: string;
}

/** Sends the pending list; success stores the returned booking, says 'Billing added' and refreshes the payments. */
export function useAddBilling(bid: string, options: { handleError?: (error: unknown) => boolean } = {}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['bookings', 'billing', { bid: bid.toUpperCase() }],
    mutationFn: ({ items, idempotencyKey }: BillingSubmission) => postBilling(bid, items, idempotencyKey),
    meta: { notifyErrors: false },
    onSuccess: (booking) => {
      notifySuccess(t('messages.billingAdded'));
      void applyBookingUpdate(queryClient, booking);
      // The payments screen and user payments list the new fee orders and the credited totals.
      void queryClient.invalidateQueries({ queryKey: queryKeyPrefix('payments') });
    },
    onError: (error) => {
      if (options.handleError?.(error)) return;
      billingErrorNotifications(error, t).forEach(notify);
    },
  });
}

/** Sets, changes or removes the fixed price: 'Fixed price set' or 'Fixed price removed'. */
export function useFixedPrice(bid: string, options: { handleError?: (error: unknown) => boolean } = {}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['bookings', 'fixedPrice', { bid: bid.toUpperCase() }],
    mutationFn: (change: FixedPriceChange) => sendFixedPrice(bid, change),
    meta: { notifyErrors: false },
    onSuccess: (booking, change) => {
      notifySuccess(t(change.kind === 'remove' ? 'messages.fixedPriceRemoved' : 'messages.fixedPriceSet'));
      if (booking) void applyBookingUpdate(queryClient, booking);
      else void queryClient.invalidateQueries({ queryKey: bookingKeys.all() });
    },
    onError: (error) => {
      if (options.handleError?.(error)) return;
      billingErrorNotifications(error, t).forEach(notify);
    },
  });
}
