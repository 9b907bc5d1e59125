import { MESSAGE_IDS, type Fleet } from '@fleetdesk/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { fleets } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import type { Actor } from '../auth/index.ts';

/** GET /api/fleets/{fleet}: the session's own operator only; any other answers 404. */
export async function getFleet(db: Db, actor: Actor, fleet: string): Promise<Fleet> {
  if (fleet !== actor.fleet) throw AppError.notFound(MESSAGE_IDS.fleetNotFound);
  const [row] = await db.select().from(fleets).where(eq(fleets.id, fleet)).limit(1);
  if (!row) throw AppError.notFound(MESSAGE_IDS.fleetNotFound);
  return {
    fleet: row.id,
    name: row.name,
    country: row.country,
    currency: row.currency,
    DefaultLanguage: row.defaultLanguage,
    timeZone: row.timeZone,
  };
}
