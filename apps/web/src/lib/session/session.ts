import { useSyncExternalStore } from 'react';
import { apiClient, sessionStore } from '../api/client';
import type { ClientSession } from './session-schema';

export { sessionStore };

/** The current session, re-rendering on login, refresh and logout. */
export function useSession(): ClientSession | null {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.getSession, sessionStore.getSession);
}

/**
 * Logs out: revokes the token on the server (best effort, not awaited by the UI) and ends the session;
 * the app then resets its state (see app/session-effects).
 */
export async function logout(): Promise<void> {
  const session = sessionStore.getSession();
  sessionStore.clear('logout');
  if (!session) return;
  try {
    await apiClient.request('/auth', { method: 'DELETE', auth: { session } });
  } catch {
    // Best effort: the session is gone locally either way.
  }
}
