import {
  DEFAULT_ESTIMATED_DISTANCE_KM,
  type AvailabilityResponse,
  type PriceEstimate,
  type VehicleCategory,
  type ZAvailabilityQuery,
} from '@fleetdesk/contract';
import { and, asc, eq, inArray, ne, notExists, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { bookings, contracts, fleets, pools, vehicleModels, vehicles } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import type { Actor } from '../auth/index.ts';
import { LIVE_BOOKING_STATES, vehicleInService } from './allocation.ts';
import { priceBooking, toPriceEstimate } from './pricing.ts';
import { validateStartEnd } from './rules.ts';
import { findBookingRow } from './service.ts';

/**
 * GET /api/availability (§7): which vehicles of a pool are free in [from, to), counted per price class and model,
 * with the estimated price under a contract. A vehicle out of service is never free (vehicleInService); one in
 * service is busy when a live (INACTIVE/ACTIVE) booking allocated to it overlaps the interval; an ACTIVE booking
 * past its end (overdue) occupies its vehicle until now. The check is one correlated NOT EXISTS per vehicle of the
 * pool, served by bookings_vehicle_start_idx (allocated vehicle, start time): no scan of the operator's bookings.
 * Same rule as allocation.ts's findFreeVehicle.
 */

export type AvailabilityQuery = z.infer<typeof ZAvailabilityQuery>;

export interface PoolVehicle {
  id: number;
  vin: string;
  registrationNumber: string;
  longPresentation: string;
  modelId: number;
  modelName: string;
  priceClass: string;
  vehicleCategory: VehicleCategory;
  electric: boolean;
  free: boolean;
}

/** Every visible vehicle of the pool, each with whether it is free in [start, end). */
export async function poolVehiclesWithAvailability(
  db: Db,
  fleet: string,
  o: { poolId: number; start: Date; end: Date; excludeBookingId?: number; now: Date },
): Promise<PoolVehicle[]> {
  const occupiedUntil = sql`case when ${bookings.state} = 'ACTIVE' then greatest(${bookings.endTime}, ${o.now.toISOString()}::timestamptz) else ${bookings.endTime} end`;
  const overlapping: SQL[] = [
    eq(bookings.allocatedVehicleId, vehicles.id),
    inArray(bookings.state, [...LIVE_BOOKING_STATES]),
    sql`${bookings.startTime} < ${o.end.toISOString()}::timestamptz`,
    sql`${occupiedUntil} > ${o.start.toISOString()}::timestamptz`,
  ];
  if (o.excludeBookingId !== undefined) overlapping.push(ne(bookings.id, o.excludeBookingId));
  const free = sql`(${vehicleInService()} and ${notExists(
    db
      .select({ one: sql`1` })
      .from(bookings)
      .where(and(...overlapping)),
  )})`;
  const rows = await db
    .select({
      id: vehicles.id,
      vin: vehicles.vin,
      registrationNumber: vehicles.registrationNumber,
      longPresentation: vehicles.longPresentation,
      modelId: vehicles.modelId,
      modelName: vehicleModels.modelName,
      priceClass: vehicleModels.priceClass,
      vehicleCategory: vehicles.vehicleCategory,
      fuel: vehicles.primaryFuelType,
      free: sql<boolean>`${free}`,
    })
    .from(vehicles)
    .innerJoin(vehicleModels, eq(vehicleModels.id, vehicles.modelId))
    .where(and(eq(vehicles.fleetId, fleet), eq(vehicles.poolId, o.poolId), eq(vehicles.hidden, false)))
    .orderBy(asc(vehicleModels.priceClass), asc(vehicleModels.modelName), asc(vehicles.registrationNumber), asc(vehicles.id));
  return rows.map(({ fuel, free: isFree, ...r }) => ({ ...r, electric: fuel === 'BATTERY', free: isFree === true }));
}

export async function getAvailability(db: Db, actor: Actor, q: AvailabilityQuery, now = new Date()): Promise<AvailabilityResponse> {
  const start = new Date(q.from);
  const end = new Date(q.to);
  const timeErrors = validateStartEnd(start, end).map((e) => ({ ...e, field: e.field === 'startTime' ? 'from' : 'to' }));
  if (timeErrors.length) throw AppError.invalidInput(timeErrors);

  const [pool] = await db
    .select({ id: pools.id })
    .from(pools)
    .where(and(eq(pools.id, q.fromPoolId), eq(pools.fleetId, actor.fleet)))
    .limit(1);
  if (!pool) throw AppError.notFound();
  const excludeBookingId = q.excludeBid ? (await findBookingRow(db, actor, q.excludeBid)).id : undefined;

  let estimate: PriceEstimate | null = null;
  if (q.contractId !== undefined) {
    const [contract] = await db
      .select()
      .from(contracts)
      .where(and(eq(contracts.id, q.contractId), eq(contracts.fleetId, actor.fleet)))
      .limit(1);
    if (!contract) throw AppError.notFound();
    const [fleet] = await db.select({ timeZone: fleets.timeZone }).from(fleets).where(eq(fleets.id, actor.fleet)).limit(1);
    try {
      estimate = toPriceEstimate(
        priceBooking({
          start,
          end,
          distanceKm: DEFAULT_ESTIMATED_DISTANCE_KM,
          priceList: contract.priceList,
          currency: contract.currency,
          timeZone: fleet?.timeZone ?? 'UTC',
        }),
      );
    } catch (err) {
      if (err instanceof RangeError) throw AppError.invalidInput([{ field: 'to', message: err.message }]);
      throw err;
    }
  }

  const all = await poolVehiclesWithAvailability(db, actor.fleet, { poolId: pool.id, start, end, excludeBookingId, now });
  const classes = new Map<string, { className: string; vehicleCategory: VehicleCategory; available: number }>();
  const models = new Map<number, { modelId: number; modelName: string; priceClass: string; vehicleCategory: VehicleCategory; available: number }>();
  for (const v of all) {
    const classKey = `${v.priceClass}\u0000${v.vehicleCategory}`;
    const c = classes.get(classKey) ?? { className: v.priceClass, vehicleCategory: v.vehicleCategory, available: 0 };
    const m = models.get(v.modelId) ?? {
      modelId: v.modelId,
      modelName: v.modelName,
      priceClass: v.priceClass,
      vehicleCategory: v.vehicleCategory,
      available: 0,
    };
    if (v.free) {
      c.available++;
      m.available++;
    }
    classes.set(classKey, c);
    models.set(v.modelId, m);
  }
  return {
    vehicles: all
      .filter((v) => v.free)
      .map((v) => ({
        vin: v.vin,
        registrationNumber: v.registrationNumber,
        longPresentation: v.longPresentation,
        modelId: v.modelId,
        modelName: v.modelName,
        priceClass: v.priceClass,
        vehicleCategory: v.vehicleCategory,
        electric: v.electric,
        estimatedPrice: estimate,
      })),
    classes: [...classes.values()],
    models: [...models.values()],
    vehiclesInPool: all.length,
  };
}
