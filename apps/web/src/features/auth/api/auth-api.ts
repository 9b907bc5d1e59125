import { queryOptions, useMutation } from '@tanstack/react-query';
import type { AuthResponse, ZPasswordResetConfirm } from '@fleetdesk/contract';
import type { z } from 'zod';
import { apiClient } from '@/lib/api/client';
import { queryKey } from '@/lib/query/query-keys';
// The answers' schemas (and zod) download with the first call, not with the login page (issue 15).
const schemas = () => import('./auth-schemas');
import { sessionStore } from '@/lib/session/session';
import { sessionFromAuthResponse, type ClientSession } from '@/lib/session/session-schema';

export const authKeys = {
  methods: (username: string) => queryKey('auth', 'methods', { username }),
};

/** GET /api/auth/methods?username= (no auth): how this user may sign in. */
export const authMethodsQueryOptions = (username: string) =>
  queryOptions({
    queryKey: authKeys.methods(username),
    queryFn: ({ signal }) =>
      apiClient.request('/auth/methods', { query: { username }, auth: 'none', schema: () => schemas().then((m) => m.ZAuthMethodsResponse), signal }),
    staleTime: 0,
    retry: false,
    meta: { notifyErrors: false },
  });

export interface Credentials {
  username: string;
  password: string;
}

/** POST /api/auth with Basic credentials; on success the session is stored (and its refresh scheduled). */
export async function logIn(credentials: Credentials): Promise<AuthResponse> {
  const response = await apiClient.request('/auth', {
    method: 'POST',
    auth: { basic: credentials },
    schema: () => schemas().then((m) => m.ZAuthResponse),
  });
  sessionStore.setSession(sessionFromAuthResponse(response));
  return response;
}

/** The login form shows its own errors (§8 Login), so no toast. */
export const useLogIn = () => useMutation({ mutationFn: logIn, meta: { notifyErrors: false } });

/** POST /api/password-reset {username} (no auth): always the same answer. */
export const useRequestPasswordReset = () =>
  useMutation({
    mutationFn: (username: string) =>
      apiClient.request('/password-reset', {
        method: 'POST',
        body: { username },
        auth: 'none',
        schema: () => schemas().then((m) => m.ZPasswordResetResponse),
      }),
    meta: { notifyErrors: false },
  });

type PasswordResetConfirm = z.input<typeof ZPasswordResetConfirm>;

/** POST /api/password-reset/confirm {token, password} (no auth): 204, or 400 when the link is invalid. */
export const useConfirmPasswordReset = () =>
  useMutation({
    mutationFn: async (body: PasswordResetConfirm) => {
      await apiClient.request('/password-reset/confirm', { method: 'POST', body, auth: 'none' });
    },
    meta: { notifyErrors: false },
  });

/**
 * The operator of a single-sign-on session: the /postLogin hand-over names only the user, so the fleet (for the
 * top bar) comes from GET /api/fleets/by-username/{username}, asked with the new session before it is stored.
 * Null when it cannot be found; the session works without it.
 */
export async function fleetOfSession(session: ClientSession): Promise<string | null> {
  try {
    const { fleet } = await apiClient.request(`/fleets/by-username/${encodeURIComponent(session.user.username)}`, {
      auth: { session },
      schema: () => schemas().then((m) => m.ZFleetByUsernameResponse),
    });
    return fleet;
  } catch {
    return null;
  }
}
