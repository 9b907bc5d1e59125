import type { ClientSession } from '@/lib/session/session-schema';

export interface PostLoginParams {
  issuer?: string;
  token?: string;
  username?: string;
  expirationTime?: string;
  /** Where to go after the hand-over (validated; defaults to /). */
  redirect?: string;
  /** Why the server's single-sign-on callback refused the sign-in (docs/decisions/0028-single-sign-on.md). */
  error?: string;
}

/** The refusals of the server's single-sign-on callback, each with its own message. */
export const SSO_ERRORS = ['expired', 'failed', 'unavailable', 'unknownUser', 'notStaff', 'accountDisabled'] as const;
export type SsoError = (typeof SSO_ERRORS)[number];
export const ssoError = (value: string | undefined): SsoError | null =>
  (SSO_ERRORS as readonly string[]).includes(value ?? '') ? (value as SsoError) : null;

/** Epoch seconds are below this; larger numbers are epoch milliseconds. */
const EPOCH_SECONDS_LIMIT = 100_000_000_000;

/** The expiry of a single-sign-on hand-over: ISO-8601, epoch seconds or epoch milliseconds. */
export function parseExpirationTime(value: string | undefined): Date | null {
  if (!value) return null;
  const trimmed = value.trim();
  const time = /^\d+$/.test(trimmed) ? Number(trimmed) * (Number(trimmed) < EPOCH_SECONDS_LIMIT ? 1000 : 1) : Date.parse(trimmed);
  return Number.isFinite(time) ? new Date(time) : null;
}

/**
 * The session of /postLogin (spec §2): the token becomes the bearer token, the issuer its issuer, the
 * expiration time its expiry; the user is just the user name. Null when a part is missing or expired.
 */
export function sessionFromPostLogin(params: PostLoginParams, now: number = Date.now()): ClientSession | null {
  const expires = parseExpirationTime(params.expirationTime);
  if (!params.token || !params.username || !expires || expires.getTime() <= now) return null;
  return {
    token: null,
    bearerToken: params.token,
    bearerTokenIssuer: params.issuer ?? null,
    expires: expires.toISOString(),
    user: { username: params.username },
  };
}
