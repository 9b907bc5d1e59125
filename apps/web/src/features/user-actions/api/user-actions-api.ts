import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  ZBlockStatusResponse,
  ZBulkApproveResponse,
  ZIdentityNumberResponse,
  ZLicenseChecksResponse,
  ZPendingDeletionResponse,
  ZSetIdentityResponse,
  ZSuspiciousUsersResponse,
  ZUserActionResponse,
  ZUserDetail,
  ZUserDuplicatesResponse,
  ZValidateLicenseResponse,
  type BlockRequest,
  type BulkApproveRequestInput,
  type SetIdentityRequest,
  type ValidateLicenseRequest,
} from '@fleetdesk/contract';
import { apiClient } from '@/lib/api/client';
import { queryKey, queryKeyPrefix } from '@/lib/query/query-keys';

/**
 * Query keys of the user actions. The user itself lives under `['users', …]` (the users feature's queries), so a
 * change invalidates `queryKeyPrefix('users')`: the user page, the search and these lists re-fetch.
 */
export const userActionKeys = {
  users: () => queryKeyPrefix('users'),
  block: (username: string) => queryKey('users', 'block', { username }),
  duplicates: (username: string) => queryKey('users', 'duplicates', { username }),
  licenseChecks: (username: string) => queryKey('users', 'licenseChecks', { username }),
  suspicious: (page: number, pageSize: number) => queryKey('users', 'suspicious', { page, pageSize }),
  pendingDeletion: (page: number, pageSize: number) => queryKey('users', 'pendingDeletion', { page, pageSize }),
};

/** The screens show their own error states (with a retry) instead of a toast. */
const inline = { notifyErrors: false } as const;
const userPath = (username: string) => `/users/${encodeURIComponent(username)}`;

// ---------- status actions (api/user-admin.ts) ----------

export const blockUser = (username: string, body: BlockRequest) =>
  apiClient.request(`${userPath(username)}/block`, { method: 'POST', body, schema: ZUserDetail });
/** Unblock: BLOCKED → ACTIVE, the block cleared. */
export const activateUser = (username: string) => apiClient.request(`${userPath(username)}/activate`, { method: 'POST', schema: ZUserDetail });
/** DELETION_REQUESTED → the status before the request. */
export const reactivateUser = (username: string) => apiClient.request(`${userPath(username)}/reactivate`, { method: 'POST', schema: ZUserDetail });
export const approveUser = (username: string) => apiClient.request(`${userPath(username)}/approve`, { method: 'POST', schema: ZUserDetail });
export const resendConfirmation = (username: string) =>
  apiClient.request(`${userPath(username)}/resend-confirmation`, { method: 'POST', schema: ZUserActionResponse });
export const requestDeletion = (username: string) =>
  apiClient.request(`${userPath(username)}/requestDeletion`, { method: 'POST', schema: ZUserDetail });
/** Confirm deletion: removes the user (204). */
export const confirmDeletion = (username: string) => apiClient.request(userPath(username), { method: 'DELETE' });
export const resetPassword = (username: string) =>
  apiClient.request(`${userPath(username)}/password-reset`, { method: 'POST', schema: ZUserActionResponse });
export const verifyIdentity = (username: string) =>
  apiClient.request(`${userPath(username)}/verify-identity`, { method: 'POST', body: {}, schema: ZUserDetail });
/** POST /api/admin/users/approved: with `dryRun` the plan (per user what would happen, nothing written), else the approval. */
export const bulkApprove = (body: BulkApproveRequestInput) =>
  apiClient.request('/admin/users/approved', { method: 'POST', body, schema: ZBulkApproveResponse });

// ---------- identity and licence (api/identity.ts) ----------

/** GET identity: the explicit reveal; the server logs every call as an event. */
export const revealIdentityNumber = (username: string) => apiClient.request(`${userPath(username)}/identity`, { schema: ZIdentityNumberResponse });
export const setIdentity = (username: string, body: SetIdentityRequest) =>
  apiClient.request(`${userPath(username)}/identity`, { method: 'PUT', body, schema: ZSetIdentityResponse });
export const validateLicense = (username: string, body: ValidateLicenseRequest) =>
  apiClient.request(`${userPath(username)}/license/validate`, { method: 'POST', body, schema: ZValidateLicenseResponse });

export const licenseChecksQueryOptions = (username: string) =>
  queryOptions({
    queryKey: userActionKeys.licenseChecks(username),
    queryFn: ({ signal }) => apiClient.request(`${userPath(username)}/license/checks`, { schema: ZLicenseChecksResponse, signal }),
    meta: inline,
  });
export const useLicenseChecks = (username: string) => useQuery(licenseChecksQueryOptions(username));

export const blockStatusQueryOptions = (username: string) =>
  queryOptions({
    queryKey: userActionKeys.block(username),
    queryFn: ({ signal }) => apiClient.request(`${userPath(username)}/block`, { schema: ZBlockStatusResponse, signal }),
    meta: inline,
  });

// ---------- suspicious registrations and deletion ----------

export const duplicatesQueryOptions = (username: string) =>
  queryOptions({
    queryKey: userActionKeys.duplicates(username),
    queryFn: ({ signal }) => apiClient.request(`${userPath(username)}/duplicate`, { schema: ZUserDuplicatesResponse, signal }),
    meta: inline,
  });
export const useUserDuplicates = (username: string) => useQuery(duplicatesQueryOptions(username));

export const suspiciousUsersQueryOptions = (page: number, pageSize: number) =>
  queryOptions({
    queryKey: userActionKeys.suspicious(page, pageSize),
    queryFn: ({ signal }) => apiClient.request('/admin/users/suspicious', { query: { page, pageSize }, schema: ZSuspiciousUsersResponse, signal }),
    meta: inline,
  });

export const pendingDeletionQueryOptions = (page: number, pageSize: number) =>
  queryOptions({
    queryKey: userActionKeys.pendingDeletion(page, pageSize),
    queryFn: ({ signal }) =>
      apiClient.request('/admin/users/pending-deletion', { query: { page, pageSize }, schema: ZPendingDeletionResponse, signal }),
    meta: inline,
  });
