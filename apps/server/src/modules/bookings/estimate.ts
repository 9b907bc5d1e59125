import { MESSAGES, type ErrorItem, type PriceResponse, type ZPriceRequest } from '@fleetdesk/contract';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { contracts, users } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import type { Actor } from '../auth/index.ts';
import { fleetContract, fleetPools, fleetTimeZone } from './booking-input.ts';
import { priceBooking, toPriceEstimate, type PriceResult } from './pricing.ts';
import { validateStartEnd } from './rules.ts';

/**
 * The price estimate (§7 POST /api/price) and the one estimate creation and update store: pricing.ts's engine
 * under a contract, its range errors as field errors. Choices: docs/decisions/0009-pricing.md.
 */

type ContractRow = typeof contracts.$inferSelect;

export interface PriceParams {
  contract: ContractRow;
  start: Date;
  end: Date;
  distanceKm: number;
  timeZone: string;
  includeAdminFee: boolean;
}

/** The estimate of `p` under its contract; a range the engine cannot price is a 400 on `field`. */
export function price(p: PriceParams, field = 'endTime'): PriceResult {
  try {
    return priceBooking({
      start: p.start,
      end: p.end,
      distanceKm: p.distanceKm,
      priceList: p.contract.priceList,
      currency: p.contract.currency,
      timeZone: p.timeZone,
      includeAdminFee: p.includeAdminFee,
    });
  } catch (err) {
    if (err instanceof RangeError) throw AppError.invalidInput([{ field, message: err.message }]);
    throw err;
  }
}

export type PriceRequest = z.infer<typeof ZPriceRequest>;

/** POST /api/price: the estimate under a contract of the operator, from a pool of the operator. */
export async function estimatePrice(db: Db, actor: Actor, req: PriceRequest): Promise<PriceResponse> {
  const start = new Date(req.startTime);
  const end = new Date(req.endTime);
  const errors: ErrorItem[] = validateStartEnd(start, end);
  const [contract, poolMap] = await Promise.all([
    fleetContract(db, actor, req.contractId),
    fleetPools(db, actor, [req.fromLocation.poolId, ...(req.toLocation ? [req.toLocation.poolId] : [])]),
  ]);
  if (!contract) errors.push({ field: 'contractId', message: MESSAGES.contractNotFound });
  if (!poolMap.has(req.fromLocation.poolId)) errors.push({ field: 'fromLocation', message: MESSAGES.poolNotFound });
  if (req.toLocation && !poolMap.has(req.toLocation.poolId)) errors.push({ field: 'toLocation', message: MESSAGES.poolNotFound });
  if (req.user) {
    const [u] = await db
      .select({ fleetId: users.fleetId })
      .from(users)
      .where(sql`lower(${users.username}) = lower(${req.user})`)
      .limit(1);
    if (!u || u.fleetId !== actor.fleet) errors.push({ field: 'user', message: MESSAGES.userNotFound });
  }
  if (errors.length || !contract) throw AppError.invalidInput(errors);
  const timeZone = await fleetTimeZone(db, actor.fleet);
  const r = price({ contract, start, end, distanceKm: req.estimatedDistance, timeZone, includeAdminFee: req.adminFeeAdded });
  return { ...toPriceEstimate(r), totalPriceWithoutVat: r.totalPriceWithoutVat, lines: r.lines };
}
