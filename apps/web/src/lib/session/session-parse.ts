import { z } from 'zod';
import { ZSession, ZStaffUser } from '@fleetdesk/contract';

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

/** A stored value as a session with credentials, or null (malformed, or neither token). */
export function parseClientSession(value: unknown): ClientSession | null {
  const parsed = ZClientSession.safeParse(value);
  return parsed.success && Boolean(parsed.data.token || parsed.data.bearerToken) ? parsed.data : null;
}
