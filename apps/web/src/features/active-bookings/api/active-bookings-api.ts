import { queryOptions, useQuery } from '@tanstack/react-query';
import { ACTIVE_BOOKINGS_POLL_MS, ZActiveBookingsResponse } from '@fleetdesk/contract';
import { apiClient } from '@/lib/api/client';
import { queryKey, queryKeyPrefix } from '@/lib/query/query-keys';
import { whileStreamDown } from '@/lib/live/live-state';

/** Query keys of active bookings: `['activeBookings', op, params]`. */
export const activeBookingKeys = {
  all: () => queryKeyPrefix('activeBookings'),
  list: (overdue = false) => queryKey('activeBookings', 'list', { overdue }),
};

/** GET /api/activebookings, polled every 60 s (§9) while the tab is visible. */
export const activeBookingsQueryOptions = (overdue = false) =>
  queryOptions({
    queryKey: activeBookingKeys.list(overdue),
    queryFn: ({ signal }) =>
      apiClient.request('/activebookings', { query: overdue ? { overdue: 'true' } : undefined, schema: ZActiveBookingsResponse, signal }),
    refetchInterval: whileStreamDown(ACTIVE_BOOKINGS_POLL_MS),
    refetchIntervalInBackground: false,
    staleTime: ACTIVE_BOOKINGS_POLL_MS,
    // The screen shows a failure in place (with a retry) and keeps the last rows on a failed refresh.
    meta: { notifyErrors: false },
  });

export const useActiveBookings = (overdue = false) => useQuery(activeBookingsQueryOptions(overdue));
