import { z } from 'zod';
import { ZSession, ZStaffUser, type AuthResponse } from '@fleetdesk/contract';

/**
 * The session kept by the browser (spec §3 Session: token, bearerToken, bearerTokenIssuer, expires, user).
 * Widens the contract's ZSession for the single-sign-on hand-over of /postLogin: there the session holds only
 * a bearer token with its issuer and a user reduced to the user name.
 */
export const ZClientSession = ZSession.extend({
  token: z.string().nullable(),
  user: ZStaffUser.partial().extend({ username: z.string().min(1) }),
});
export type ClientSession = z.infer<typeof ZClientSession>;

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
