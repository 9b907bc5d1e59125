import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZSavedView, ZSavedViewCount, ZSavedViewListResponse, type SavedViewCreateRequest, type SavedViewUpdateRequest } from '@fleetdesk/contract';
import { apiClient } from '@/lib/api/client';
import { queryKey, queryKeyPrefix } from '@/lib/query/query-keys';

/** How often the side menu's queue counts refresh (and on focus); paused in background tabs by the query client. */
export const QUEUE_COUNT_REFRESH_MS = 60_000;

export const savedViewKeys = {
  all: () => queryKeyPrefix('views'),
  list: () => queryKey('views', 'list', {}),
  count: (id: number) => queryKey('views', 'count', { id }),
};

/** GET /api/views: mine and the shared ones of my operator. */
export const savedViewsQueryOptions = () =>
  queryOptions({
    queryKey: savedViewKeys.list(),
    queryFn: ({ signal }) => apiClient.request('/views', { schema: ZSavedViewListResponse, signal }),
    staleTime: 30_000,
    // Ambient (the side menu's queues): a failure leaves them out instead of raising a notification.
    meta: { notifyErrors: false },
  });
export const useSavedViews = () => useQuery(savedViewsQueryOptions());

/** GET /api/views/{id}/count: what the view matches now. */
export const useSavedViewCount = (id: number) =>
  useQuery({
    queryKey: savedViewKeys.count(id),
    queryFn: ({ signal }) => apiClient.request(`/views/${id}/count`, { schema: ZSavedViewCount, signal }),
    refetchInterval: QUEUE_COUNT_REFRESH_MS,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: true,
    staleTime: 15_000,
    meta: { notifyErrors: false },
  });

function useInvalidateViews() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: savedViewKeys.all() });
}

export function useCreateSavedView() {
  const invalidate = useInvalidateViews();
  return useMutation({
    mutationFn: (body: SavedViewCreateRequest) => apiClient.request('/views', { method: 'POST', body, schema: ZSavedView }),
    onSuccess: invalidate,
  });
}

export function useUpdateSavedView() {
  const invalidate = useInvalidateViews();
  return useMutation({
    mutationFn: ({ id, ...body }: SavedViewUpdateRequest & { id: number }) =>
      apiClient.request(`/views/${id}`, { method: 'PATCH', body, schema: ZSavedView }),
    onSuccess: invalidate,
  });
}

export function useDeleteSavedView() {
  const invalidate = useInvalidateViews();
  return useMutation({
    mutationFn: (id: number) => apiClient.request(`/views/${id}`, { method: 'DELETE' }),
    onSuccess: invalidate,
  });
}
