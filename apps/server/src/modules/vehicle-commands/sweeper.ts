import { MESSAGES } from '@fleetdesk/contract';
import { and, eq, inArray, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { vehicleCommands, vehicles } from '../../db/schema.ts';
import { recordCommandAnswer } from './service.ts';

/**
 * Commands the vehicle has not answered within COMMAND_TIMEOUT_SECONDS become FAILED with 'The vehicle did not
 * answer in time'. Safe with several server copies: the update only takes rows that are still PENDING, so each
 * timeout is recorded once. Answers how many commands timed out.
 */
export async function sweepTimedOutCommands(db: Db, timeoutSeconds: number, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - timeoutSeconds * 1000);
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(vehicleCommands)
      .set({ state: 'FAILED', message: MESSAGES.commandTimedOut, completedAt: now })
      .where(and(eq(vehicleCommands.state, 'PENDING'), lt(vehicleCommands.requestedAt, cutoff)))
      .returning();
    if (!rows.length) return 0;
    const vins = await tx
      .select({ id: vehicles.id, vin: vehicles.vin })
      .from(vehicles)
      .where(inArray(vehicles.id, [...new Set(rows.map((r) => r.vehicleId))]));
    const vinById = new Map(vins.map((v) => [v.id, v.vin]));
    for (const row of rows) await recordCommandAnswer(tx, row, vinById.get(row.vehicleId) ?? '', now);
    return rows.length;
  });
}

/** How often the sweep runs (the server's jobs, src/jobs/server-jobs.ts): a third of the timeout, 1 to 5 seconds. */
export const sweepIntervalSeconds = (timeoutSeconds: number): number => Math.min(5, Math.max(1, Math.floor(timeoutSeconds / 3)));
