import { MESSAGE_IDS, MESSAGES, type ErrorItem } from '@fleetdesk/contract';
import { and, eq, inArray, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { bookings, contracts, fleets, poolContracts, pools, userContracts } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import type { Actor } from '../auth/index.ts';
import { LIVE_BOOKING_STATES } from './allocation.ts';
import type { OwnBooking } from './rules.ts';

/**
 * The input of booking creation and update (and of the estimate and the contract's rules): loading the operator's
 * contracts and pools, the customer's pool access and live bookings, and the error items of a refused request.
 * Choices: docs/decisions/0013-booking-creation.md.
 */

type ContractRow = typeof contracts.$inferSelect;
type PoolRow = typeof pools.$inferSelect;

/** A start this far in the past is still accepted (the form's clock, the time to fill in the dialog). */
export const START_GRACE_MS = 5 * 60_000;

// ---- Errors --------------------------------------------------------------------------------------------------

/** A refused create or update: 400 listing every problem. */
export const refused = (message: string, errors: ErrorItem[]) => new AppError(MESSAGE_IDS.validationList, 400, message, errors);
export const item = (field: string, message: string, ruleName?: string): ErrorItem => ({
  field,
  message,
  overridable: false,
  ...(ruleName ? { ruleName } : {}),
});

// ---- Loading ---------------------------------------------------------------------------------------------------

/** The operator's time zone (UTC when unknown). */
export async function fleetTimeZone(db: Db, fleet: string): Promise<string> {
  const [row] = await db.select({ timeZone: fleets.timeZone }).from(fleets).where(eq(fleets.id, fleet)).limit(1);
  return row?.timeZone ?? 'UTC';
}

/** The contract when it is the operator's. */
export async function fleetContract(db: Db, actor: Actor, contractId: number): Promise<ContractRow | null> {
  const [row] = await db
    .select()
    .from(contracts)
    .where(and(eq(contracts.id, contractId), eq(contracts.fleetId, actor.fleet)))
    .limit(1);
  return row ?? null;
}

/** The contract when it is one of the user's (user_contracts) and the operator's. */
export async function userContract(db: Db, actor: Actor, userId: number, contractId: number): Promise<ContractRow | null> {
  const [row] = await db
    .select({ contract: contracts })
    .from(userContracts)
    .innerJoin(contracts, eq(contracts.id, userContracts.contractId))
    .where(and(eq(userContracts.userId, userId), eq(userContracts.contractId, contractId), eq(contracts.fleetId, actor.fleet)))
    .limit(1);
  return row?.contract ?? null;
}

/** The operator's pools among `ids`, by id. */
export async function fleetPools(db: Db, actor: Actor, ids: number[]): Promise<Map<number, PoolRow>> {
  const unique = [...new Set(ids)];
  const rows = await db
    .select()
    .from(pools)
    .where(and(inArray(pools.id, unique), eq(pools.fleetId, actor.fleet)));
  return new Map(rows.map((p) => [p.id, p]));
}

/** Which of `poolIds` the user reaches through one of their contracts (pool_contracts). */
export async function reachablePools(db: Db, userId: number, poolIds: number[]): Promise<Set<number>> {
  const rows = await db
    .selectDistinct({ poolId: poolContracts.poolId })
    .from(userContracts)
    .innerJoin(poolContracts, eq(poolContracts.contractId, userContracts.contractId))
    .where(and(eq(userContracts.userId, userId), inArray(poolContracts.poolId, [...new Set(poolIds)])));
  return new Set(rows.map((r) => r.poolId));
}

/** The user's live bookings that start before `end`; an ACTIVE one past its end counts until now (overdue). */
export async function ownLiveBookings(db: Db, userId: number, end: Date, now: Date): Promise<OwnBooking[]> {
  const rows = await db
    .select({ bid: bookings.bid, start: bookings.startTime, end: bookings.endTime, state: bookings.state })
    .from(bookings)
    .where(and(eq(bookings.userId, userId), lt(bookings.startTime, end), inArray(bookings.state, [...LIVE_BOOKING_STATES])));
  return rows.map((r) => ({
    bid: r.bid,
    start: r.start,
    end: r.state === 'ACTIVE' && r.end.getTime() < now.getTime() ? now : r.end,
  }));
}

/** A missing or disabled pool is an error item on its field. */
export function poolProblems(poolMap: Map<number, PoolRow>, refs: [field: string, id: number][]): ErrorItem[] {
  const out: ErrorItem[] = [];
  for (const [field, id] of refs) {
    const p = poolMap.get(id);
    if (!p) out.push(item(field, MESSAGES.poolNotFound));
    else if (p.disabled) out.push(item(field, MESSAGES.poolDisabled));
  }
  return out;
}

/** The note trimmed, or null when blank. */
export const cleanNote = (note: string | null | undefined) => (note && note.trim() ? note.trim() : null);
