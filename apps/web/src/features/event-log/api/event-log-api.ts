import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { ZEventSearchResponse, type EventSearchResponse } from '@fleetdesk/contract';
import { apiClient } from '@/lib/api/client';
import { queryKey, queryKeyPrefix } from '@/lib/query/query-keys';
import type { EventLogFilter } from '../event-log-search';

/** Query keys of the event log: `['events', op, params]`. */
export const eventLogKeys = {
  all: () => queryKeyPrefix('events'),
  search: (filter: EventLogFilter, pageSize: number, page: number, cursor: string | null) =>
    queryKey('events', 'search', { ...filter, groups: [...filter.groups], pageSize, page, cursor }),
};

/** The filter as query values: groups comma separated, none dropped (§5: empty arrays and nulls are not sent). */
const queryOf = (filter: EventLogFilter) => ({ ...filter, groups: filter.groups.length ? filter.groups.join(',') : undefined });

/** GET /api/events: one page, newest first, keyset-paged (the `cursor` of the previous page). */
export const eventSearchQueryOptions = (filter: EventLogFilter, pageSize: number, page: number, cursor: string | null) =>
  queryOptions({
    queryKey: eventLogKeys.search(filter, pageSize, page, cursor),
    queryFn: ({ signal }) =>
      apiClient.request('/events', {
        query: { ...queryOf(filter), pageSize, page, cursor: cursor ?? undefined },
        schema: ZEventSearchResponse,
        signal,
      }),
    placeholderData: keepPreviousData,
    // The screen shows failures (e.g. 'Booking not found.') in place.
    meta: { notifyErrors: false },
  });

/** GET /api/events?after=: the events of the same filters appended since `after` (follow mode), oldest first. */
export const fetchFollowedEvents = (filter: EventLogFilter, pageSize: number, after: string, signal?: AbortSignal): Promise<EventSearchResponse> =>
  apiClient.request('/events', { query: { ...queryOf(filter), pageSize, after }, schema: ZEventSearchResponse, signal });
