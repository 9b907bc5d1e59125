import type { StaffPreferences, StaffPreferencesUpdate } from '@fleetdesk/contract';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import type { RequestSession } from '../auth/index.ts';

/**
 * The signed-in staff member's own preferences (issue 19 point 6; docs/decisions/0078-color-scheme-preference.md).
 * Always the session's own row (its user id, in its operator): there is no path to another member's. A display
 * preference changes no record the event log describes and nothing another staff member sees, so a change writes no
 * event (unlike a saved view, which can be shared with the team).
 */

const preferencesOf = (row: { colorScheme: StaffPreferences['colorScheme'] }): StaffPreferences => ({ colorScheme: row.colorScheme });

const ownRow = (session: RequestSession) => and(eq(users.id, session.userId), eq(users.fleetId, session.fleet));

export async function getOwnPreferences(db: Db, session: RequestSession): Promise<StaffPreferences> {
  const [row] = await db.select({ colorScheme: users.colorScheme }).from(users).where(ownRow(session)).limit(1);
  // The session's own row is gone only if the account was removed under it: as for any revoked session.
  if (!row) throw AppError.unauthorized();
  return preferencesOf(row);
}

/** Stores the given preferences (an empty change stores nothing) and answers what is stored afterwards. */
export async function updateOwnPreferences(db: Db, session: RequestSession, change: StaffPreferencesUpdate): Promise<StaffPreferences> {
  if (change.colorScheme === undefined) return getOwnPreferences(db, session);
  const [row] = await db.update(users).set({ colorScheme: change.colorScheme }).where(ownRow(session)).returning({ colorScheme: users.colorScheme });
  if (!row) throw AppError.unauthorized();
  return preferencesOf(row);
}
