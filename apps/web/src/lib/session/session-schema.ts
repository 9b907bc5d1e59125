import type { AuthResponse } from '@fleetdesk/contract';
import type { ClientSession } from './session-parse';

// The session's schema (session-parse.ts) loads only when there is a stored session to check: the login page of a
// first visit downloads no zod (issue 15). These helpers are free of it.
export type { ClientSession } from './session-parse';

export const sessionFromAuthResponse = (response: AuthResponse): ClientSession => ({
  token: response.token,
  bearerToken: null,
  bearerTokenIssuer: null,
  expires: response.expires,
  user: response.user,
});

/** The storage key built from the host (spec §4), so two consoles on one browser do not share a login. */
export const sessionStorageKey = (host: string): string => `fleetdesk.session.${host}`;

export const hasCredentials = (session: ClientSession | null): session is ClientSession =>
  session !== null && Boolean(session.token || session.bearerToken);

export const displayName = (user: ClientSession['user']): string => [user.givenName, user.familyName].filter(Boolean).join(' ') || user.username;
