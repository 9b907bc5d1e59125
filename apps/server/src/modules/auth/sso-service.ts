import { eventText } from '@fleetdesk/contract';
import type { StaffRole } from '@fleetdesk/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { JWTPayload } from 'jose';
import type { Db } from '../../db/client.ts';
import { identityProviders, sessions, userAuthMethods, users } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import { buildAuthorizationRequest, discoverProvider, exchangeCode, verifyIssuerJwt } from '../../integrations/oidc/relying-party.ts';
import { appendEvent } from '../events/index.ts';
import { hashToken, isConsoleStaff, isLiveSession, touchSession } from './service.ts';
import type { RequestSession, SessionCheck } from './session.ts';
import { openSsoFlow, sealSsoFlow } from './sso-cookie.ts';

/**
 * Single sign-on (OIDC, docs/decisions/0028-single-sign-on.md): the authorization code flow with PKCE against a
 * configured identity provider, the hand-over to /postLogin, and the bearer scheme (`Authorization: Bearer <ID
 * token>` + `X-Token-Issuer`) that resolves to the same session shape as a password login.
 */

export const SSO_CALLBACK_PATH = '/api/auth/sso/callback';
/** Bearer tokens valid for longer than this are refused, so that a logout (a revoked session row) outlives them. */
export const MAX_BEARER_LIFETIME_MS = 24 * 60 * 60 * 1000;
const STAFF_ROLES: readonly string[] = ['SUPPORT', 'ADMIN'];

/** Why a sign-in ended without a session; the web shows a message per reason on /postLogin?error=…. */
export type SsoError = 'expired' | 'failed' | 'unavailable' | 'unknownUser' | 'notStaff' | 'accountDisabled';

export interface SsoSettings {
  publicUrl: string;
  secret: string;
}

type Provider = typeof identityProviders.$inferSelect;
type UserRow = typeof users.$inferSelect;

export const ssoRedirectUri = (publicUrl: string) => `${publicUrl}${SSO_CALLBACK_PATH}`;
export const ssoErrorLocation = (error: SsoError) => `/postLogin?error=${error}`;

/** Only same-origin relative paths are kept (as /login?redirect does). */
const safeReturnTo = (value: string | undefined) => (value && /^\/(?!\/)/.test(value) && !value.includes('\\') ? value : undefined);

/**
 * GET /api/auth/sso/{providerId}/login: the redirect to the provider's authorization endpoint and the sealed flow
 * cookie. An unknown provider is a 404; a provider that cannot be reached sends the browser to /postLogin?error=unavailable.
 */
export async function startSsoLogin(
  db: Db,
  settings: SsoSettings,
  providerId: number,
  query: { username?: string; returnTo?: string },
  log: (err: unknown) => void,
): Promise<{ location: string; cookie?: string }> {
  const [provider] = await db.select().from(identityProviders).where(eq(identityProviders.id, providerId)).limit(1);
  if (!provider) throw AppError.notFound();
  try {
    const config = await discoverProvider(provider.issuer, provider.clientId);
    const request = await buildAuthorizationRequest(config, ssoRedirectUri(settings.publicUrl), query.username?.trim() || undefined);
    const returnTo = safeReturnTo(query.returnTo);
    const cookie = await sealSsoFlow(
      { providerId, codeVerifier: request.codeVerifier, state: request.state, nonce: request.nonce, ...(returnTo ? { returnTo } : {}) },
      settings.secret,
    );
    return { location: request.url.href, cookie };
  } catch (err) {
    log(err);
    return { location: ssoErrorLocation('unavailable') };
  }
}

/**
 * Maps the ID token's person to a user of the provider's operator: first a user linked to this provider with the
 * token's subject (user_auth_methods.external_subject), else the user whose e-mail address equals the token's
 * verified e-mail when that e-mail's domain is one of the provider's e-mail domains. Several users with that
 * e-mail: the one staff member among them, else none.
 */
export async function findUserForClaims(db: Db, provider: Provider, claims: JWTPayload): Promise<UserRow | null> {
  if (claims.sub) {
    const [linked] = await db
      .select({ user: users })
      .from(userAuthMethods)
      .innerJoin(users, eq(users.id, userAuthMethods.userId))
      .where(and(eq(userAuthMethods.providerId, provider.id), eq(userAuthMethods.externalSubject, claims.sub), eq(users.fleetId, provider.fleetId)))
      .limit(1);
    if (linked) return linked.user;
  }
  const email = typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : '';
  const domain = email.split('@')[1];
  if (!email || !domain || claims.email_verified === false) return null;
  if (!provider.emailDomains.some((d) => d.toLowerCase() === domain)) return null;
  const rows = await db
    .select()
    .from(users)
    .where(and(eq(users.fleetId, provider.fleetId), sql`lower(${users.emailAddress}) = ${email}`));
  if (rows.length <= 1) return rows[0] ?? null;
  const staff = rows.filter((u) => STAFF_ROLES.includes(u.role));
  return staff.length === 1 ? staff[0]! : null;
}

const isActiveStaff = (user: UserRow) => STAFF_ROLES.includes(user.role) && user.status === 'ACTIVE';

/**
 * The callback: checks the flow cookie, exchanges the code (state, PKCE, ID token issuer/audience/nonce/expiry),
 * maps the person to an active staff member, records the session and the login event, and answers where the
 * browser goes: /postLogin with issuer, token (the ID token), username and expirationTime, or /postLogin?error=….
 */
export async function finishSsoLogin(
  db: Db,
  settings: SsoSettings,
  callbackUrl: URL,
  cookie: string | undefined,
  meta: { ip: string; userAgent?: string },
  log: (err: unknown) => void,
  now = new Date(),
): Promise<string> {
  const flow = await openSsoFlow(cookie, settings.secret);
  if (!flow) return ssoErrorLocation('expired');
  const [provider] = await db.select().from(identityProviders).where(eq(identityProviders.id, flow.providerId)).limit(1);
  if (!provider) return ssoErrorLocation('failed');
  if (callbackUrl.searchParams.has('error')) return ssoErrorLocation('failed');

  let result: Awaited<ReturnType<typeof exchangeCode>>;
  try {
    const config = await discoverProvider(provider.issuer, provider.clientId);
    result = await exchangeCode(config, callbackUrl, flow);
  } catch (err) {
    log(err);
    return ssoErrorLocation('failed');
  }
  const user = await findUserForClaims(db, provider, result.claims);
  if (!user) return ssoErrorLocation('unknownUser');
  if (!isActiveStaff(user)) return ssoErrorLocation('notStaff');
  // A disabled member is refused like at the password login (docs/decisions/0039-staff-accounts.md).
  if (!isConsoleStaff(user)) return ssoErrorLocation('accountDisabled');
  const expiresAt = new Date(result.claims.exp * 1000);
  if (expiresAt.getTime() - now.getTime() > MAX_BEARER_LIFETIME_MS) return ssoErrorLocation('failed');

  await db.transaction(async (tx) => {
    await tx
      .insert(sessions)
      .values({
        tokenHash: hashToken(result.idToken),
        userId: user.id,
        fleetId: user.fleetId,
        createdAt: now,
        expiresAt,
        lastUsedAt: now,
        ip: meta.ip,
        userAgent: meta.userAgent?.slice(0, 500) ?? null,
      })
      .onConflictDoNothing();
    await tx.update(users).set({ lastLoginAt: now }).where(eq(users.id, user.id));
    await appendEvent(
      tx,
      { username: user.username, fleet: user.fleetId },
      {
        type: 'USER_ACTION',
        text: eventText('staffLoggedInSso', { provider: provider.displayName }),
        affectedUsername: user.username,
        properties: { public: false, action: 'LOGIN_SSO', ip: meta.ip, issuer: provider.issuer },
      },
    );
  });
  const params = new URLSearchParams({
    issuer: provider.issuer,
    token: result.idToken,
    username: user.username,
    expirationTime: expiresAt.toISOString(),
  });
  if (flow.returnTo) params.set('redirect', flow.returnTo);
  return `/postLogin?${params.toString()}`;
}

/** Parses `Authorization: Bearer <jwt>`. */
export function parseBearer(header: string | undefined): string | null {
  const m = header?.match(/^Bearer\s+([\w-]+\.[\w-]+\.[\w-]+)\s*$/i);
  return m?.[1] ?? null;
}

/**
 * Resolves `Authorization: Bearer <jwt>` with `X-Token-Issuer: <issuer>` to a session, or null: the issuer must be
 * a configured provider; the token must verify against the issuer's keys, name that provider's client id in its
 * audience (and azp), not be expired, and map to an active, enabled staff member of the provider's operator. The
 * token's session row (created at the callback, or here on first use, which counts as a sign-in) carries logout,
 * refresh and the idle rule as for AUTH-TOKEN: a token whose session went unused for longer than `check.idleMs`
 * stays refused, and the staff member signs in again (docs/decisions/0039-staff-accounts.md).
 */
export async function resolveBearerSession(
  db: Db,
  token: string,
  issuer: string | undefined,
  check: SessionCheck,
  now = new Date(),
): Promise<RequestSession | null> {
  if (!issuer) return null;
  const providers = await db.select().from(identityProviders).where(eq(identityProviders.issuer, issuer));
  if (providers.length === 0) return null;
  let claims: JWTPayload | null = null;
  for (const provider of providers) {
    claims = await verifyIssuerJwt(token, issuer, provider.clientId).catch(() => null);
    if (claims) break;
  }
  if (!claims?.exp) return null;
  const expiresAt = new Date(claims.exp * 1000);
  if (expiresAt.getTime() - now.getTime() > MAX_BEARER_LIFETIME_MS) return null;
  const audience = Array.isArray(claims.aud) ? claims.aud : claims.aud ? [claims.aud] : [];
  const candidates = providers.filter((p) => audience.includes(p.clientId) && (audience.length === 1 || claims.azp === p.clientId));

  for (const provider of candidates) {
    const user = await findUserForClaims(db, provider, claims);
    if (!user || !isConsoleStaff(user)) continue;
    const tokenHash = hashToken(token);
    let [row] = await db.select().from(sessions).where(eq(sessions.tokenHash, tokenHash)).limit(1);
    if (!row) {
      const inserted = await db
        .insert(sessions)
        .values({ tokenHash, userId: user.id, fleetId: user.fleetId, createdAt: now, expiresAt, lastUsedAt: now })
        .onConflictDoNothing()
        .returning({ id: sessions.id });
      if (inserted.length) await db.update(users).set({ lastLoginAt: now }).where(eq(users.id, user.id));
      [row] = await db.select().from(sessions).where(eq(sessions.tokenHash, tokenHash)).limit(1);
    }
    if (!row || row.userId !== user.id || !isLiveSession(row, check, now)) return null;
    const lastUsedAt = await touchSession(db, row, check, now);
    return {
      sessionId: row.id,
      userId: user.id,
      username: user.username,
      fleet: user.fleetId,
      role: user.role as StaffRole,
      expiresAt: row.expiresAt,
      lastUsedAt,
    };
  }
  return null;
}

/** The demo identity provider's rows follow the server's address (PUBLIC_URL), which the seed cannot know. */
export async function syncDemoProviderIssuer(db: Db, clientId: string, issuer: string) {
  await db
    .update(identityProviders)
    .set({ issuer })
    .where(and(eq(identityProviders.clientId, clientId), sql`${identityProviders.issuer} like '%/demo-idp'`));
}
