import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import {
  ZAdjustedValuesRequest,
  ZBookingEventsResponse,
  ZBookingResponse,
  ZChargingPinResponse,
  ZForceDeactivateQuery,
  ZMetadataSpecResponse,
  type Booking,
} from '@fleetdesk/contract';
import type { z } from 'zod';
import type { RequestOptions } from '@/lib/api/api-client';
import { apiClient } from '@/lib/api/client';
import { bookingKeys, bookingQueryOptions } from './booking-query';

/** The calls of the booking card (spec §7 Bookings). Every mutation answers the updated booking. */

const bookingPath = (bid: string, suffix = '') => `/bookings/${encodeURIComponent(bid.toUpperCase())}${suffix}`;

/**
 * GET /api/bookings/{bid} for the card: the card shows a 404 as its own page and other failures in place,
 * so the query does not also raise a notification.
 */
export const bookingCardQueryOptions = (bid: string) => queryOptions({ ...bookingQueryOptions(bid), meta: { notifyErrors: false } });

/** GET /api/bookings/{bid}/events?page&cursor: 10 per page, the five booking event types, newest first. */
export const bookingEventsQueryOptions = (bid: string, page: number, cursor: string | null) =>
  queryOptions({
    queryKey: bookingKeys.events(bid, page, cursor),
    queryFn: ({ signal }) => apiClient.request(bookingPath(bid, '/events'), { query: { page, cursor }, schema: ZBookingEventsResponse, signal }),
    placeholderData: keepPreviousData,
    // The tab shows a failure in place.
    meta: { notifyErrors: false },
  });

/** GET /api/bookings/{bid}/metadataSpec: labels for the metadata keys; the card falls back to the keys. */
export const bookingMetadataSpecQueryOptions = (bid: string) =>
  queryOptions({
    queryKey: bookingKeys.metadataSpec(bid),
    queryFn: ({ signal }) => apiClient.request(bookingPath(bid, '/metadataSpec'), { schema: ZMetadataSpecResponse, signal }),
    staleTime: Infinity,
    meta: { notifyErrors: false },
  });

/** GET /api/charging/activation-data?bid=: a fresh PIN each time it is asked for. */
export const chargingPinQueryOptions = (bid: string) =>
  queryOptions({
    queryKey: bookingKeys.chargingPin(bid),
    queryFn: ({ signal }) =>
      apiClient.request('/charging/activation-data', { query: { bid: bid.toUpperCase() }, schema: ZChargingPinResponse, signal }),
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });

export type ForceDeactivateInput = z.input<typeof ZForceDeactivateQuery>;
export type AdjustedValuesInput = z.input<typeof ZAdjustedValuesRequest>;

/** What the actions menu and its dialogs send. */
export type BookingActionRequest =
  | { kind: 'activate'; reason?: string }
  | { kind: 'deactivate'; unchecked: boolean; reason: string }
  | { kind: 'forceEnd'; query: ForceDeactivateInput }
  | { kind: 'cancel'; reason: string }
  | { kind: 'replaceWithTaxi'; reason: string }
  | { kind: 'replaceWithRideshare'; reason: string }
  | { kind: 'extend'; endTime: string; adminFeeAdded: boolean }
  | { kind: 'lockForUser'; locked: boolean }
  | { kind: 'checkout' }
  | { kind: 'technicalIssue'; description: string }
  | { kind: 'adjustValues'; values: AdjustedValuesInput };
export type BookingActionKind = BookingActionRequest['kind'];

/** A booking call: its answer is the booking as the server now has it. */
const sendForBooking = (path: string, options: RequestOptions): Promise<Booking> => apiClient.request(path, { ...options, schema: ZBookingResponse });

/** Sends one booking action and answers the booking as the server now has it. */
export function runBookingAction(bid: string, request: BookingActionRequest): Promise<Booking> {
  switch (request.kind) {
    case 'activate':
      return sendForBooking(bookingPath(bid, '/activate-without-pin'), {
        method: 'POST',
        ...(request.reason ? { body: { reason: request.reason } } : {}),
      });
    case 'deactivate':
      return sendForBooking(bookingPath(bid, '/deactivate'), {
        method: 'POST',
        body: { unchecked: request.unchecked, reason: request.reason },
      });
    case 'forceEnd': {
      // The contract's own rules (both or neither, required unless not used, positive distance) run before sending.
      // The free-text reason goes in the body, out of URLs and access logs (the server also takes ?reason=).
      const query = ZForceDeactivateQuery.parse(request.query);
      return sendForBooking(bookingPath(bid, '/force-deactivate-without-pin'), {
        method: 'POST',
        query: {
          startDate: query.startDate,
          endDate: query.endDate,
          distance: query.distance,
          wasNotUsed: query.wasNotUsed,
        },
        body: { reason: query.reason },
      });
    }
    case 'cancel':
      return sendForBooking(bookingPath(bid), { method: 'DELETE', body: { reason: request.reason } });
    case 'replaceWithTaxi':
      return sendForBooking(bookingPath(bid, '/replace-with-taxi'), { method: 'POST', body: { reason: request.reason } });
    case 'replaceWithRideshare':
      return sendForBooking(bookingPath(bid, '/replace-with-rideshare'), { method: 'POST', body: { reason: request.reason } });
    case 'extend':
      return sendForBooking(bookingPath(bid, '/adjust'), {
        method: 'PUT',
        query: { endTime: request.endTime, adminFeeAdded: request.adminFeeAdded },
      });
    case 'lockForUser':
      return sendForBooking(bookingPath(bid, '/adjust'), {
        method: 'PUT',
        query: { changesLockedForUser: request.locked },
      });
    case 'checkout':
      return sendForBooking(bookingPath(bid, '/checkout'), { method: 'POST' });
    case 'technicalIssue':
      return sendForBooking(bookingPath(bid, '/technical-issue'), {
        method: 'POST',
        body: { description: request.description },
      });
    case 'adjustValues':
      return sendForBooking(bookingPath(bid, '/adjustedValues'), {
        method: 'PUT',
        body: ZAdjustedValuesRequest.parse(request.values),
      });
  }
}

/** POST /api/bookings/{bid}/undo-extension: takes back the staff member's own latest extension (its toast's Undo). */
export function undoExtension(bid: string): Promise<Booking> {
  return sendForBooking(bookingPath(bid, '/undo-extension'), { method: 'POST' });
}

/** POST /api/bookings/{bid}/receipt: mails the receipt; any 2xx (204) is success. */
export async function mailReceipt(bid: string): Promise<void> {
  await apiClient.request(bookingPath(bid, '/receipt'), { method: 'POST' });
}
