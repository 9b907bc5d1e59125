import { isNotNull, lt, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { loginAttempts, passwordResetTokens, sessions } from '../../db/schema.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Deletes what authentication no longer needs: sessions expired or revoked more than a day ago,
 * login attempts older than a day (the rate-limit window is 15 minutes) and reset tokens that
 * expired more than a day ago. The event log keeps the audit trail of logins and logouts.
 */
export async function purgeExpiredAuthData(db: Db, now = new Date()) {
  const cutoff = new Date(now.getTime() - DAY_MS);
  const s = await db
    .delete(sessions)
    .where(or(lt(sessions.expiresAt, cutoff), lt(sessions.revokedAt, cutoff)))
    .returning({ id: sessions.id });
  const a = await db.delete(loginAttempts).where(lt(loginAttempts.at, cutoff)).returning({ id: loginAttempts.id });
  const r = await db
    .delete(passwordResetTokens)
    .where(or(lt(passwordResetTokens.expiresAt, cutoff), isNotNull(passwordResetTokens.usedAt)))
    .returning({ id: passwordResetTokens.tokenHash });
  return { sessions: s.length, loginAttempts: a.length, passwordResetTokens: r.length };
}

/** Runs the purge now and then hourly; returns a stop function. Several servers may run it at once. */
export function startAuthHousekeeping(db: Db, onError: (e: unknown) => void, intervalMs = 60 * 60 * 1000) {
  const run = () => void purgeExpiredAuthData(db).catch(onError);
  run();
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
