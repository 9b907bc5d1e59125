import { ZAuthResponse } from '@fleetdesk/contract';
import { createSessionStore } from '../session/session-store';
import { sessionFromAuthResponse, sessionStorageKey } from '../session/session-schema';
import { createApiClient } from './api-client';

/**
 * The app's session store and API client. They live together because each needs the other: the client
 * reads the token from the store and ends the session on a 401; the store refreshes through the client.
 */
export const sessionStore = createSessionStore({
  storage: window.localStorage,
  storageKey: sessionStorageKey(window.location.host),
  events: window,
  refresh: async () =>
    sessionFromAuthResponse(await apiClient.request('/auth', { method: 'POST', schema: ZAuthResponse })),
});

export const apiClient = createApiClient({
  getSession: () => sessionStore.getSession(),
  onUnauthorized: () => sessionStore.clear('unauthorized'),
});
