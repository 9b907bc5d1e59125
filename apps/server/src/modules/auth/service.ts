import { createHash, randomBytes } from 'node:crypto';
import {
  DEFAULT_LANGUAGE,
  isLanguage,
  eventText,
  LOGIN_MAX_ATTEMPTS_PER_IP,
  LOGIN_MAX_FAILURES_PER_ACCOUNT,
  LOGIN_RATE_WINDOW_MS,
  MESSAGE_IDS,
  PASSWORD_RESET_MAX_PER_HOUR,
  PASSWORD_RESET_TTL_MS,
  MESSAGES,
  type AuthenticationMethod,
  type AuthResponse,
  type StaffRole,
  type StaffUser,
} from '@fleetdesk/contract';
import { and, count, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { fleets, identityProviders, loginAttempts, passwordResetTokens, sessions, userAuthMethods, users } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import { enqueueMail } from '../../integrations/mail/mailer.ts';
import { mailLanguage } from '../../lib/mail-language.ts';
import { appendEvent } from '../events/index.ts';
import { passwordMail } from './password-mail.ts';
import { dummyHash, hashPassword, verifyPassword } from './password.ts';
import { LAST_USE_GRANULARITY_MS, type RequestSession, type SessionCheck } from './session.ts';

export interface AuthSettings {
  sessionTtlMs: number;
  publicUrl: string;
}

const STAFF_ROLES: readonly string[] = ['SUPPORT', 'ADMIN'];
const HOUR_MS = 3_600_000;
/** Tokens are 256 random bits; only their SHA-256 is stored. */
export const newToken = () => randomBytes(32).toString('base64url');
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

type UserRow = typeof users.$inferSelect;
const byUsername = (username: string) => sql`lower(${users.username}) = lower(${username})`;
/** PostgreSQL text cannot hold NUL: such a name is nobody's (and must not reach a query as a 500). */
const isNameless = (username: string) => username.includes('\u0000');

/** Whether a user row may hold a console session: a staff role, ACTIVE, and not disabled (docs/decisions/0039). */
export const isConsoleStaff = (user: Pick<UserRow, 'role' | 'status' | 'disabledAt'>) =>
  STAFF_ROLES.includes(user.role) && user.status === 'ACTIVE' && user.disabledAt === null;

function toStaffUser(u: UserRow): StaffUser {
  return {
    username: u.username,
    givenName: u.givenName,
    familyName: u.familyName,
    emailAddress: u.emailAddress,
    // A code outside the four on the record: the console speaks British English to them (docs/decisions/0082).
    language: isLanguage(u.language) ? u.language : DEFAULT_LANGUAGE,
    fleet: u.fleetId,
    role: u.role as StaffRole,
  };
}

/** Parses `Authorization: Basic base64(user:password)`. */
export function parseBasic(header: string | undefined): { username: string; password: string } | null {
  const m = header?.match(/^Basic\s+([A-Za-z0-9+/=]+)\s*$/i);
  if (!m?.[1]) return null;
  const decoded = Buffer.from(m[1], 'base64').toString('utf8');
  const i = decoded.indexOf(':');
  if (i <= 0) return null;
  return { username: decoded.slice(0, i).trim(), password: decoded.slice(i + 1) };
}

/** Parses `Authorization: AUTH-TOKEN <token>`. */
export function parseAuthToken(header: string | undefined): string | null {
  const m = header?.match(/^AUTH-TOKEN\s+(\S+)\s*$/i);
  return m?.[1] ?? null;
}

async function assertNotRateLimited(db: Db, username: string, ip: string, now: Date) {
  const since = new Date(now.getTime() - LOGIN_RATE_WINDOW_MS);
  const [perAccount] = await db
    .select({ n: count() })
    .from(loginAttempts)
    .where(and(sql`lower(${loginAttempts.username}) = lower(${username})`, eq(loginAttempts.success, false), gt(loginAttempts.at, since)));
  const [perIp] = await db
    .select({ n: count() })
    .from(loginAttempts)
    .where(and(eq(loginAttempts.ip, ip), eq(loginAttempts.success, false), gt(loginAttempts.at, since)));
  if ((perAccount?.n ?? 0) >= LOGIN_MAX_FAILURES_PER_ACCOUNT || (perIp?.n ?? 0) >= LOGIN_MAX_ATTEMPTS_PER_IP) {
    throw AppError.of(MESSAGE_IDS.tooManyAttempts, 429, 'tooManyAttempts');
  }
}

/** A new console session; its last use is now (a login) or the refreshed session's last use. */
async function createSession(tx: Db, user: UserRow, settings: AuthSettings, meta: { ip: string; userAgent?: string }, now: Date, lastUsedAt = now) {
  const token = newToken();
  const expiresAt = new Date(now.getTime() + settings.sessionTtlMs);
  await tx.insert(sessions).values({
    tokenHash: hashToken(token),
    userId: user.id,
    fleetId: user.fleetId,
    createdAt: now,
    expiresAt,
    lastUsedAt,
    ip: meta.ip,
    userAgent: meta.userAgent?.slice(0, 500) ?? null,
  });
  return { token, expires: expiresAt.toISOString(), user: toStaffUser(user) } satisfies AuthResponse;
}

/**
 * POST /api/auth with Basic credentials. Only ACTIVE staff (SUPPORT, ADMIN) obtain console sessions; a disabled
 * member is refused with 403 accountDisabled (after the password check, so it reveals nothing to a guesser).
 */
export async function loginWithPassword(
  db: Db,
  creds: { username: string; password: string },
  settings: AuthSettings,
  meta: { ip: string; userAgent?: string },
  now = new Date(),
): Promise<AuthResponse> {
  if (!creds.username || !creds.password || isNameless(creds.username)) throw AppError.of(MESSAGE_IDS.wrongCredentials, 401, 'wrongCredentials');
  await assertNotRateLimited(db, creds.username, meta.ip, now);
  const [user] = await db.select().from(users).where(byUsername(creds.username)).limit(1);
  // Unknown users and members who have not chosen a password yet cost the same hash check (timing reveals nothing).
  const ok = user?.passwordHash
    ? await verifyPassword(user.passwordHash, creds.password)
    : (await verifyPassword(await dummyHash(), creds.password), false);
  const record = (success: boolean) => db.insert(loginAttempts).values({ username: creds.username, ip: meta.ip, success, at: now });
  if (!user || !ok) {
    await record(false);
    throw AppError.of(MESSAGE_IDS.wrongCredentials, 401, 'wrongCredentials');
  }
  if (!STAFF_ROLES.includes(user.role) || user.status !== 'ACTIVE') {
    await record(false);
    throw AppError.of(MESSAGE_IDS.loginDenied, 403, 'loginDenied');
  }
  if (user.disabledAt) {
    await record(false);
    throw AppError.of(MESSAGE_IDS.accountDisabled, 403, 'accountDisabled');
  }
  if (!user.passwordLoginAllowed) {
    await record(false);
    throw AppError.of(MESSAGE_IDS.passwordLoginNotAllowed, 403, 'passwordLoginNotAllowed');
  }
  return db.transaction(async (tx) => {
    await tx.insert(loginAttempts).values({ username: creds.username, ip: meta.ip, success: true, at: now });
    await tx.update(users).set({ lastLoginAt: now }).where(eq(users.id, user.id));
    const result = await createSession(tx, user, settings, meta, now);
    await appendEvent(
      tx,
      { username: user.username, fleet: user.fleetId },
      {
        type: 'USER_ACTION',
        text: eventText('staffLoggedIn'),
        affectedUsername: user.username,
        properties: { public: false, action: 'LOGIN', ip: meta.ip },
      },
    );
    return result;
  });
}

/** Whether a session row is live at `now`: not revoked, not expired, and used within the idle limit. */
export function isLiveSession(
  row: Pick<typeof sessions.$inferSelect, 'revokedAt' | 'expiresAt' | 'lastUsedAt'>,
  check: SessionCheck,
  now: Date,
): boolean {
  return row.revokedAt === null && row.expiresAt > now && now.getTime() - row.lastUsedAt.getTime() < check.idleMs;
}

/**
 * Records a use of the session: a request that is not marked background moves last_used_at to now, but only when
 * it is older than a minute (a conditional UPDATE), so a burst of reads writes once. Returns the last use.
 */
export async function touchSession(db: Db, row: { id: number; lastUsedAt: Date }, check: SessionCheck, now: Date): Promise<Date> {
  if (check.background || now.getTime() - row.lastUsedAt.getTime() < LAST_USE_GRANULARITY_MS) return row.lastUsedAt;
  await db
    .update(sessions)
    .set({ lastUsedAt: now })
    .where(and(eq(sessions.id, row.id), lt(sessions.lastUsedAt, new Date(now.getTime() - LAST_USE_GRANULARITY_MS))));
  return now;
}

/**
 * Resolves `AUTH-TOKEN <token>` to a live session of an active, enabled staff member, or null (401): revoked,
 * expired, idle longer than `check.idleMs`, or the member disabled, demoted to customer or no longer ACTIVE.
 */
export async function resolveSession(db: Db, token: string, check: SessionCheck, now = new Date()): Promise<RequestSession | null> {
  const [row] = await db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, hashToken(token)),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
        gt(sessions.lastUsedAt, new Date(now.getTime() - check.idleMs)),
      ),
    )
    .limit(1);
  if (!row || !isLiveSession(row.session, check, now) || !isConsoleStaff(row.user)) return null;
  const lastUsedAt = await touchSession(db, row.session, check, now);
  return {
    sessionId: row.session.id,
    userId: row.user.id,
    username: row.user.username,
    fleet: row.user.fleetId,
    role: row.user.role as StaffRole,
    expiresAt: row.session.expiresAt,
    lastUsedAt,
  };
}

/** Grace period during which a refreshed token still works, for requests already in flight. */
const REFRESH_GRACE_MS = 60_000;

/**
 * POST /api/auth with `AUTH-TOKEN` (or a bearer): a new token; the old one stops working after a short grace period.
 * The new session inherits the old one's last use, so a refresh alone (a background one) does not reset the idle clock.
 */
export async function refreshSession(
  db: Db,
  session: RequestSession,
  settings: AuthSettings,
  meta: { ip: string; userAgent?: string },
  now = new Date(),
) {
  return db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, session.userId)).limit(1);
    if (!user || !isConsoleStaff(user)) throw AppError.unauthorized();
    const graceEnd = new Date(Math.min(session.expiresAt.getTime(), now.getTime() + REFRESH_GRACE_MS));
    await tx.update(sessions).set({ expiresAt: graceEnd }).where(eq(sessions.id, session.sessionId));
    const result = await createSession(tx, user, settings, meta, now, session.lastUsedAt);
    await appendEvent(tx, session, {
      type: 'USER_ACTION',
      text: eventText('sessionRefreshed'),
      affectedUsername: session.username,
      properties: { public: false, action: 'SESSION_REFRESH' },
    });
    return result;
  });
}

/** Ends every open session of a user at once (disabled, or a new password): their next request gets 401. */
export async function revokeUserSessions(tx: Db, userId: number, now: Date): Promise<void> {
  await tx
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}

/** DELETE /api/auth: revokes the session. */
export async function revokeSession(db: Db, session: RequestSession, now = new Date()) {
  await db.transaction(async (tx) => {
    await tx.update(sessions).set({ revokedAt: now }).where(eq(sessions.id, session.sessionId));
    await appendEvent(tx, session, {
      type: 'USER_ACTION',
      text: eventText('staffLoggedOut'),
      affectedUsername: session.username,
      properties: { public: false, action: 'LOGOUT' },
    });
  });
}

/**
 * GET /api/auth/methods: the external sign-in methods of a user: providers linked to the user,
 * and providers configured for the user's e-mail domain or company. Unknown users get [].
 */
export async function listAuthMethods(db: Db, username: string, settings: AuthSettings): Promise<AuthenticationMethod[]> {
  if (isNameless(username)) return [];
  const [user] = await db.select().from(users).where(byUsername(username)).limit(1);
  if (!user) return [];
  const linked = await db
    .select({ provider: identityProviders })
    .from(userAuthMethods)
    .innerJoin(identityProviders, eq(identityProviders.id, userAuthMethods.providerId))
    .where(eq(userAuthMethods.userId, user.id));
  const domain = user.emailAddress?.split('@')[1]?.toLowerCase();
  const configured = await db.select().from(identityProviders).where(eq(identityProviders.fleetId, user.fleetId));
  const matching = configured.filter(
    (p) => (domain && p.emailDomains.map((d) => d.toLowerCase()).includes(domain)) || (p.companyId !== null && p.companyId === user.companyId),
  );
  const all = new Map<number, typeof identityProviders.$inferSelect>();
  for (const { provider } of linked) all.set(provider.id, provider);
  for (const p of matching) all.set(p.id, p);
  const methods = [...all.values()].map((p) => ({
    loginUrl: `${settings.publicUrl}/api/auth/sso/${p.id}/login?username=${encodeURIComponent(user.username)}`,
    providerLogoUrl: p.providerLogoUrl,
    displayName: p.displayName,
    preventPasswordLogin: p.preventPasswordLogin,
  }));
  if (!user.passwordLoginAllowed && !methods.some((m) => m.preventPasswordLogin)) {
    // A user who may not log in with a password must not be offered the reset link.
    return methods.map((m, i) => (i === 0 ? { ...m, preventPasswordLogin: true } : m));
  }
  return methods;
}

/**
 * A one-time token for /reset-password (a reset link, or a new staff member's set-password link), valid `ttlMs`;
 * only its hash is stored. POST /api/password-reset/confirm spends it.
 */
export async function issuePasswordToken(tx: Db, userId: number, ttlMs: number, now: Date): Promise<string> {
  const token = newToken();
  await tx.insert(passwordResetTokens).values({ tokenHash: hashToken(token), userId, expiresAt: new Date(now.getTime() + ttlMs), createdAt: now });
  return token;
}

/** The link of the web's /reset-password page for a token. */
export const passwordLink = (publicUrl: string, token: string) => `${publicUrl}/reset-password?token=${token}`;

/**
 * POST /api/password-reset: mails a one-hour reset link when the user exists and may use a
 * password. The answer is the same either way, so it reveals nothing.
 */
export async function requestPasswordReset(db: Db, username: string, settings: AuthSettings, now = new Date()): Promise<{ message: string }> {
  const answer = { message: MESSAGES.passwordResetRequested };
  if (isNameless(username)) return answer;
  const [user] = await db.select().from(users).where(byUsername(username)).limit(1);
  if (!user || !user.emailAddress || !user.passwordLoginAllowed || user.disabledAt) return answer;
  const [recent] = await db
    .select({ n: count() })
    .from(passwordResetTokens)
    .where(and(eq(passwordResetTokens.userId, user.id), gt(passwordResetTokens.createdAt, new Date(now.getTime() - 3_600_000))));
  if ((recent?.n ?? 0) >= PASSWORD_RESET_MAX_PER_HOUR) return answer;
  await db.transaction(async (tx) => {
    const token = await issuePasswordToken(tx, user.id, PASSWORD_RESET_TTL_MS, now);
    // In the user's language (a customer's or a staff member's own), else the operator's default.
    const [fleet] = await tx.select({ defaultLanguage: fleets.defaultLanguage }).from(fleets).where(eq(fleets.id, user.fleetId)).limit(1);
    const mail = passwordMail({
      kind: 'RESET',
      language: mailLanguage(user.language, fleet?.defaultLanguage),
      givenName: user.givenName,
      username: user.username,
      link: passwordLink(settings.publicUrl, token),
      validHours: PASSWORD_RESET_TTL_MS / HOUR_MS,
    });
    await enqueueMail(tx, { fleet: user.fleetId, to: user.emailAddress!, subject: mail.subject, text: mail.text });
    await appendEvent(
      tx,
      { username: user.username, fleet: user.fleetId },
      {
        type: 'USER_ACTION',
        text: eventText('passwordResetRequested'),
        affectedUsername: user.username,
        properties: { public: false, action: 'PASSWORD_RESET_REQUESTED' },
      },
    );
  });
  return answer;
}

/**
 * POST /api/password-reset/confirm: sets the password from a valid, unused token (a reset link, or the set-password
 * link of a new staff member) and ends all sessions. A disabled member's link is invalid.
 */
export async function confirmPasswordReset(db: Db, token: string, password: string, now = new Date()): Promise<void> {
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ reset: passwordResetTokens, user: users })
      .from(passwordResetTokens)
      .innerJoin(users, eq(users.id, passwordResetTokens.userId))
      .where(
        and(
          eq(passwordResetTokens.tokenHash, hashToken(token)),
          isNull(passwordResetTokens.usedAt),
          gt(passwordResetTokens.expiresAt, now),
          isNull(users.disabledAt),
        ),
      )
      .limit(1)
      .for('update');
    if (!row) throw AppError.of(MESSAGE_IDS.passwordResetInvalid, 400, 'passwordResetInvalid');
    await tx.update(passwordResetTokens).set({ usedAt: now }).where(eq(passwordResetTokens.tokenHash, row.reset.tokenHash));
    await tx.update(users).set({ passwordHash, needsToSetPassword: false, updatedAt: now }).where(eq(users.id, row.user.id));
    await revokeUserSessions(tx, row.user.id, now);
    await appendEvent(
      tx,
      { username: row.user.username, fleet: row.user.fleetId },
      {
        type: 'USER_ACTION',
        text: eventText('passwordSetFromLink'),
        affectedUsername: row.user.username,
        properties: { public: false, action: 'PASSWORD_RESET' },
      },
    );
  });
}
