import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  ZStaffList,
  ZStaffMember,
  ZStaffResetPasswordResponse,
  type StaffCreateRequest,
  type StaffList,
  type StaffMember,
  type StaffUpdateRequest,
} from '@fleetdesk/contract';
import { apiClient } from '@/lib/api/client';
import { queryKey, queryKeyPrefix } from '@/lib/query/query-keys';

/** Query keys of the staff feature: `['staff', op, params]`; `['staff']` invalidates all of them. */
export const staffKeys = {
  all: () => queryKeyPrefix('staff'),
  list: () => queryKey('staff', 'list', {}),
};

/** The screen shows its own load error, and each action says itself what failed. */
const inline = { notifyErrors: false } as const;
const memberPath = (username: string) => `/staff/${encodeURIComponent(username)}`;

/** GET /api/staff: the operator's staff in user name order (ADMIN only; 403 to SUPPORT). */
export const staffListQueryOptions = () =>
  queryOptions({
    queryKey: staffKeys.list(),
    queryFn: ({ signal }) => apiClient.request('/staff', { schema: ZStaffList, signal }),
    meta: inline,
  });

/** The staff list; `enabled` false for a member who may not see it (no call that can only answer 403). */
export const useStaffList = (enabled = true) => useQuery({ ...staffListQueryOptions(), enabled });

/** Puts a changed member into the cached list at once (the re-fetch that follows confirms it). */
function storeMember(queryClient: QueryClient, member: StaffMember) {
  queryClient.setQueryData(staffKeys.list(), (list: StaffList | undefined) =>
    list ? { staff: list.staff.map((current) => (current.username === member.username ? member : current)) } : list,
  );
}

/** POST /api/staff → 201 the new member; the server mails the set-password link. */
export function useCreateStaffMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['staff', 'create'],
    mutationFn: (request: StaffCreateRequest) => apiClient.request('/staff', { method: 'POST', body: request, schema: ZStaffMember }),
    meta: inline,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffKeys.all() }),
  });
}

export interface StaffUpdateVariables {
  username: string;
  update: StaffUpdateRequest;
}

/**
 * PATCH /api/staff/{username}: the role, or disabled / enabled (with an optional reason). Success or failure, the list
 * is read again: a refusal (409 last admin, 404 gone) means the screen was out of date.
 */
export function useUpdateStaffMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['staff', 'update'],
    mutationFn: ({ username, update }: StaffUpdateVariables) =>
      apiClient.request(memberPath(username), { method: 'PATCH', body: update, schema: ZStaffMember }),
    meta: inline,
    onSuccess: (member) => storeMember(queryClient, member),
    onSettled: () => queryClient.invalidateQueries({ queryKey: staffKeys.all() }),
  });
}

/** POST /api/staff/{username}/reset-password → 202: mails a reset link to the member's e-mail address. */
export function useResetStaffPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['staff', 'resetPassword'],
    mutationFn: (username: string) =>
      apiClient.request(`${memberPath(username)}/reset-password`, { method: 'POST', schema: ZStaffResetPasswordResponse }),
    meta: inline,
    // Only a refusal can mean the list is out of date (a member removed, or now without e-mail).
    onError: () => queryClient.invalidateQueries({ queryKey: staffKeys.all() }),
  });
}
