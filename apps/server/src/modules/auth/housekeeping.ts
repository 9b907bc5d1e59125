import { isNotNull, lt, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { loginAttempts, passwordResetTokens, sessions } from '../../db/schema.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** The longest idle limit SESSION_IDLE_MINUTES allows (config.ts): without the configured one, no live session is purged. */
export const MAX_SESSION_IDLE_MS = DAY_MS;

/**
 * Deletes what authentication no longer needs: sessions expired, revoked or idle past `idleMs` more than a day ago,
 * login attempts older than a day (the rate-limit window is 15 minutes) and reset tokens that expired more than a day
 * ago. The event log keeps the audit trail of logins and logouts. The day of grace also keeps a single-sign-on ID
 * token (at most a day long) from finding its ended session row gone and starting a new one.
 */
export async function purgeExpiredAuthData(db: Db, now = new Date(), idleMs = MAX_SESSION_IDLE_MS) {
  const cutoff = new Date(now.getTime() - DAY_MS);
  const idleCutoff = new Date(now.getTime() - DAY_MS - idleMs);
  const s = await db
    .delete(sessions)
    .where(or(lt(sessions.expiresAt, cutoff), lt(sessions.revokedAt, cutoff), lt(sessions.lastUsedAt, idleCutoff)))
    .returning({ id: sessions.id });
  const a = await db.delete(loginAttempts).where(lt(loginAttempts.at, cutoff)).returning({ id: loginAttempts.id });
  const r = await db
    .delete(passwordResetTokens)
    .where(or(lt(passwordResetTokens.expiresAt, cutoff), isNotNull(passwordResetTokens.usedAt)))
    .returning({ id: passwordResetTokens.tokenHash });
  return { sessions: s.length, loginAttempts: a.length, passwordResetTokens: r.length };
}
