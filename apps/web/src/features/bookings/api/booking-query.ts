import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { ZBookingResponse, type Booking } from '@fleetdesk/contract';
import { apiClient } from '@/lib/api/client';
import { queryKey, queryKeyPrefix } from '@/lib/query/query-keys';

/** Query keys of the bookings feature: `['bookings', op, params]`. */
export const bookingKeys = {
  all: () => queryKeyPrefix('bookings'),
  get: (bid: string) => queryKey('bookings', 'get', { bid: bid.toUpperCase() }),
  events: (bid: string, page: number, cursor: string | null) => queryKey('bookings', 'events', { bid: bid.toUpperCase(), page, cursor }),
  metadataSpec: (bid: string) => queryKey('bookings', 'metadataSpec', { bid: bid.toUpperCase() }),
  chargingPin: (bid: string) => queryKey('bookings', 'chargingPin', { bid: bid.toUpperCase() }),
  payments: (bid: string) => queryKey('bookings', 'payments', { bid: bid.toUpperCase() }),
};

/** GET /api/bookings/{bid} */
export const bookingQueryOptions = (bid: string) =>
  queryOptions({
    queryKey: bookingKeys.get(bid),
    queryFn: ({ signal }) => apiClient.request(`/bookings/${encodeURIComponent(bid.toUpperCase())}`, { schema: ZBookingResponse, signal }),
  });

export const useBooking = (bid: string) => useQuery(bookingQueryOptions(bid));

/** After a booking action: store the returned booking and refetch everything else about bookings. */
export function applyBookingUpdate(queryClient: QueryClient, booking: Booking) {
  queryClient.setQueryData(bookingKeys.get(booking.bid), booking);
  return queryClient.invalidateQueries({ queryKey: bookingKeys.all() });
}
