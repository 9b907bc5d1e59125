import { fixedMessageKey } from '@fleetdesk/contract';
import { i18n } from '../i18n/i18n';
import { createSessionStore } from '../session/session-store';
import { sessionFromAuthResponse, sessionStorageKey } from '../session/session-schema';
import { createApiClient } from './api-client';
import { trackUserActivity } from './user-activity';

/**
 * The app's session store and API client. They live together because each needs the other: the client
 * reads the token from the store and ends the session on a 401; the store refreshes through the client.
 */
export const sessionStore = createSessionStore({
  storage: window.localStorage,
  storageKey: sessionStorageKey(window.location.host),
  events: window,
  // The session's schema (and zod) download only when there is a stored session to check (issue 15).
  loadParse: () => import('../session/session-parse').then((module) => module.parseClientSession),
  refresh: async () =>
    // The refresh runs on a timer, not on anyone's input: when the tab is idle it is no use of the session either.
    sessionFromAuthResponse(
      await apiClient.request('/auth', { method: 'POST', schema: () => import('./auth-schema').then((m) => m.ZAuthResponse), background: true }),
    ),
});

/** Input in this tab, heard once for the whole app: reads made after a minute without any are background requests. */
const userActivity = trackUserActivity({ target: window, now: () => Date.now() });

export const apiClient = createApiClient({
  getSession: () => sessionStore.getSession(),
  onUnauthorized: () => sessionStore.clear('unauthorized'),
  // Envelopes whose text never varies are shown in the staff member's language (the server writes en-GB).
  localize: (envelope) => {
    const key = fixedMessageKey(envelope.messageId);
    return key && i18n.exists(`messages.${key}`) ? i18n.t(`messages.${key}`) : undefined;
  },
  isBackground: userActivity.isIdle,
});
