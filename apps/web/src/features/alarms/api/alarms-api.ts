import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  ALARMS_POLL_MS,
  ZAlarm,
  ZAlarmBulkResponse,
  ZAlarmComment,
  ZAlarmCommentListResponse,
  ZAlarmListResponse,
  type Alarm,
  type ZAlarmBulkRequest,
} from '@fleetdesk/contract';
import type { z } from 'zod';
import { apiClient } from '@/lib/api/client';
import { notifySuccess } from '@/lib/notifications/notify';
import { queryKey, queryKeyPrefix } from '@/lib/query/query-keys';
import type { AlarmsFilter } from '../alarms-search';
import { whileStreamDown } from '@/lib/live/live-state';

/** Query keys under `['alarms', …]`, shared with the vehicle card's alarm list (which invalidates the same prefix). */
export const alarmKeys = {
  all: () => queryKeyPrefix('alarms'),
  list: (filter: AlarmsFilter) => queryKey('alarms', 'search', { ...filter }),
};

export const ALARMS_PAGE_SIZE = 50;

type AlarmBulkRequestInput = z.input<typeof ZAlarmBulkRequest>;

/** GET /api/alarms?state, category, vin, bid: newest first, keyset paged ('load more'). */
export const alarmsQueryOptions = (filter: AlarmsFilter) =>
  infiniteQueryOptions({
    queryKey: alarmKeys.list(filter),
    queryFn: ({ pageParam, signal }) =>
      apiClient.request('/alarms', {
        query: { ...filter, pageSize: ALARMS_PAGE_SIZE, cursor: pageParam || undefined },
        schema: ZAlarmListResponse,
        signal,
      }),
    initialPageParam: '',
    getNextPageParam: (last) => (last.moreResults && last.nextCursor ? last.nextCursor : undefined),
    meta: { notifyErrors: false },
  });

/** The alarm list, refreshed every 30 s (§9) while the tab is in the foreground. */
export const useAlarms = (filter: AlarmsFilter) =>
  useInfiniteQuery({ ...alarmsQueryOptions(filter), refetchInterval: whileStreamDown(ALARMS_POLL_MS), refetchIntervalInBackground: false });

/**
 * PUT /api/alarms/{alarmId}/acknowledge: TRIGGERED → HANDLED by the signed-in staff member, now. A 409 (another staff
 * member was quicker) shows the server's 'The alarm is already handled'; either way the list is fetched again, so the
 * row shows who handled it and when.
 */
export function useAcknowledgeAlarm() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (alarmId: number) => apiClient.request(`/alarms/${alarmId}/acknowledge`, { method: 'PUT', schema: ZAlarm }),
    onSuccess: (alarm: Alarm) => notifySuccess(t('alarms.acknowledged', { name: t(`alarms.names.${alarm.name}`) })),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: alarmKeys.all() });
      // The vehicle's status flags and the fleet map follow the TRIGGERED alarms.
      void queryClient.invalidateQueries({ queryKey: ['vehicles'] });
      void queryClient.invalidateQueries({ queryKey: ['fleetMap'] });
    },
    // Errors (the 409 included) go through the default §8 notifications.
  });
}

/** POST /api/alarms/bulk: with `dryRun` the plan, else per alarm what was done (issue 19 point 4). */
export const bulkAlarms = (body: AlarmBulkRequestInput) => apiClient.request('/alarms/bulk', { method: 'POST', body, schema: ZAlarmBulkResponse });

const alarmCommentsPath = (alarmId: number) => `/alarms/${alarmId}/comments`;

/** GET /api/alarms/{alarmId}/comments: the alarm's comments, oldest first. */
export const useAlarmComments = (alarmId: number) =>
  useQuery({
    queryKey: queryKey('alarms', 'comments', { alarmId }),
    queryFn: ({ signal }) => apiClient.request(alarmCommentsPath(alarmId), { schema: ZAlarmCommentListResponse, signal }),
    meta: { notifyErrors: false },
  });

/** POST /api/alarms/{alarmId}/comments: a staff member's comment (at most ALARM_COMMENT_MAX characters). */
export function useAddAlarmComment(alarmId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => apiClient.request(alarmCommentsPath(alarmId), { method: 'POST', body: { text }, schema: ZAlarmComment }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: queryKey('alarms', 'comments', { alarmId }) }),
  });
}
