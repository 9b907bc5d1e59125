import type { ZSuggestionsResponse } from '@fleetdesk/contract';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { bookings, pools, userContracts, vehicles } from '../../db/schema.ts';
import type { Actor } from '../auth/index.ts';
import { findFleetUser } from '../users/index.ts';

/** The customer's booking suggestions for the creation dialog (GET /api/bookings/suggestions). */

/** How many of the customer's latest bookings the suggestions look at, and how many they return. */
const SUGGESTION_SCAN = 50;
const SUGGESTION_MAX = 5;

export type SuggestionsResponse = z.infer<typeof ZSuggestionsResponse>;

/**
 * GET /api/bookings/suggestions?user=: the customer's distinct recent choices (contract, from pool, to pool,
 * specification) from their latest bookings by start, newest first, at most five. Choices under a contract the
 * customer no longer has or from a disabled pool are left out; a booking of one named vehicle suggests its model.
 */
export async function listSuggestions(db: Db, actor: Actor, username: string): Promise<SuggestionsResponse> {
  const user = await findFleetUser(db, actor, username);
  const [rows, own] = await Promise.all([
    db
      .select({
        contractId: bookings.contractId,
        fromPoolId: bookings.fromPoolId,
        toPoolId: bookings.toPoolId,
        specType: bookings.specType,
        className: bookings.specClassName,
        modelId: bookings.specModelId,
        vehicleModelId: vehicles.modelId,
        startTime: bookings.startTime,
      })
      .from(bookings)
      .leftJoin(vehicles, eq(vehicles.id, bookings.specVehicleId))
      .where(and(eq(bookings.userId, user.id), eq(bookings.fleetId, actor.fleet)))
      .orderBy(desc(bookings.startTime), desc(bookings.id))
      .limit(SUGGESTION_SCAN),
    db.select({ contractId: userContracts.contractId }).from(userContracts).where(eq(userContracts.userId, user.id)),
  ]);
  const contractIds = new Set(own.map((c) => c.contractId));
  const poolIds = [...new Set(rows.flatMap((r) => [r.fromPoolId, r.toPoolId]))];
  const enabled = poolIds.length
    ? new Set(
        (
          await db
            .select({ id: pools.id })
            .from(pools)
            .where(and(inArray(pools.id, poolIds), eq(pools.disabled, false)))
        ).map((p) => p.id),
      )
    : new Set<number>();
  const seen = new Set<string>();
  const out: SuggestionsResponse = [];
  for (const r of rows) {
    if (!contractIds.has(r.contractId) || !enabled.has(r.fromPoolId) || !enabled.has(r.toPoolId)) continue;
    const byVehicle = r.specType === 'VEHICLE';
    const s = {
      contractId: r.contractId,
      fromPoolId: r.fromPoolId,
      toPoolId: r.toPoolId,
      vehicleSpecType: byVehicle ? ('MODEL' as const) : r.specType,
      className: r.specType === 'CLASS' ? r.className : null,
      modelId: byVehicle ? r.vehicleModelId : r.specType === 'MODEL' ? r.modelId : null,
      lastUsed: r.startTime.toISOString(),
    };
    if (s.vehicleSpecType === 'MODEL' && s.modelId === null) continue;
    const key = [s.contractId, s.fromPoolId, s.toPoolId, s.vehicleSpecType, s.className, s.modelId].join('|');
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(s);
    if (out.length === SUGGESTION_MAX) break;
  }
  return out;
}
