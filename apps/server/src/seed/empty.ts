import type { Db } from '../db/client.ts';
import { fleets } from '../db/schema.ts';

/**
 * Whether the database holds no operator yet (the demo seed goes only into an empty one). A module of its own, so that
 * the server can ask without loading the seed and its faker locale data (seed/demo.ts) on every start.
 */
export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  const rows = await db.select({ id: fleets.id }).from(fleets).limit(1);
  return rows.length === 0;
}
