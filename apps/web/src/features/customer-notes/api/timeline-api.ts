import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { ZCustomerTimelineResponse, type CustomerTimelineKind } from '@fleetdesk/contract';
import { apiClient } from '@/lib/api/client';
import { queryKey, queryKeyPrefix } from '@/lib/query/query-keys';

/** What the timeline is asked: the kinds shown (none: every kind) and the start of the period (none: all time). */
export interface TimelineFilter {
  kinds: readonly CustomerTimelineKind[];
  from?: string;
}

export const timelineKeys = {
  all: () => queryKeyPrefix('timeline'),
  last: (username: string, bid: string | undefined) => queryKey('timeline', 'last', { username, bid }),
  ofUser: (username: string, filter: TimelineFilter) => queryKey('timeline', 'ofUser', { username, kinds: [...filter.kinds], from: filter.from }),
};

/** GET /api/users/{username}/timeline, page by page (newest first; `fetchNextPage` brings older entries). */
export const useCustomerTimeline = (username: string, filter: TimelineFilter) =>
  useInfiniteQuery({
    queryKey: timelineKeys.ofUser(username, filter),
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) =>
      apiClient.request(`/users/${encodeURIComponent(username)}/timeline`, {
        query: {
          ...(filter.kinds.length ? { kind: filter.kinds.join(',') } : {}),
          ...(filter.from ? { from: filter.from } : {}),
          ...(pageParam ? { cursor: pageParam } : {}),
        },
        schema: ZCustomerTimelineResponse,
        signal,
      }),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

/** The newest timeline entry of the customer, or of one of her bookings: what "last change" shows (issue 18 point 4). */
export const useLastChange = (username: string, bid?: string) =>
  useQuery({
    queryKey: timelineKeys.last(username, bid),
    queryFn: ({ signal }) =>
      apiClient.request(`/users/${encodeURIComponent(username)}/timeline`, {
        query: { limit: '1', ...(bid ? { bid } : {}) },
        schema: ZCustomerTimelineResponse,
        signal,
      }),
    select: (page) => page.results[0] ?? null,
  });
