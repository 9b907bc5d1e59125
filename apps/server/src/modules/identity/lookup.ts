import { MESSAGE_IDS } from '@fleetdesk/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import type { Actor } from '../auth/index.ts';

export type UserRow = typeof users.$inferSelect;
export const userNotFound = () => AppError.notFound(MESSAGE_IDS.userNotFound, 'userNotFound');

/**
 * The operator's customer by user name (case-insensitive; user names are unique in lower case). Another operator's
 * user, a staff account and an unknown name all answer 404 alike.
 */
export async function findCustomer(db: Db, actor: Actor, username: string): Promise<UserRow> {
  const name = username.trim();
  if (!name) throw userNotFound();
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.username}) = lower(${name})`)
    .limit(1);
  if (!row || row.fleetId !== actor.fleet || row.role !== 'CUSTOMER') throw userNotFound();
  return row;
}
