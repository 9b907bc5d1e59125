import { MESSAGE_IDS, MESSAGES, type VehicleCategory } from '@fleetdesk/contract';
import { and, asc, eq, getTableColumns, inArray, isNull, ne, notExists, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { isExclusionViolation, isUniqueViolation } from '../../db/sql-state.ts';
import { bookings, vehicleModels, vehicles, vehicleStatus } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';

/**
 * Vehicle allocation shared by booking creation, update and activation (docs/decisions/0012-booking-lifecycle.md).
 * The database has the last word: the exclusion constraint `bookings_no_double_allocation` refuses two live
 * (INACTIVE/ACTIVE) bookings of one vehicle with overlapping booked intervals, so a free vehicle found here can
 * still be taken by a concurrent transaction; callers map that failure (`isExclusionViolation`) to a 409.
 */

export type AllocationSpec =
  | { type: 'CLASS'; className: string; vehicleCategory?: VehicleCategory }
  | { type: 'MODEL'; modelId: number }
  | { type: 'VEHICLE'; vehicleId: number };

export interface FindFreeVehicleOptions {
  poolId: number;
  spec: AllocationSpec;
  /** The interval to keep free, half-open: [start, end). */
  start: Date;
  end: Date;
  /** The booking being (re)allocated: its own allocation does not count. */
  excludeBookingId?: number;
  /** "Now" for overdue bookings (default: the current time). */
  now?: Date;
  /** A vehicle not to pick (the one a booking moves away from). */
  excludeVehicleId?: number;
}

export type VehicleRow = typeof vehicles.$inferSelect;

/** Booking states whose allocation occupies a vehicle. */
export const LIVE_BOOKING_STATES = ['INACTIVE', 'ACTIVE'] as const;

/**
 * The one availability rule on the vehicle itself (issue 19 point 5): a vehicle out of service takes no booking for
 * any period until it is back in service. Allocation (findFreeVehicle) and the availability search
 * (availability.ts) both use it.
 */
export const vehicleInService = (): SQL => isNull(vehicles.outOfServiceSince);

/**
 * The first free vehicle of `fleet` in the pool that matches the specification, or null.
 *
 * - Candidates: vehicles of the fleet whose pool is `poolId`, not hidden; CLASS matches the model's price class
 *   (and the vehicle's category when given), MODEL the model, VEHICLE that one vehicle.
 * - Free: in service (vehicleInService), and no live (INACTIVE/ACTIVE) booking allocated to the vehicle overlaps [start, end). An ACTIVE booking
 *   that overruns its end (overdue) occupies its vehicle until greatest(end, now).
 * - Order (deterministic): electric vehicles first, by charge level (highest first, unknown last), then the
 *   rest; ties by id.
 */
export async function findFreeVehicle(tx: Db, fleet: string, o: FindFreeVehicleOptions): Promise<VehicleRow | null> {
  if (!(o.start.getTime() < o.end.getTime())) throw new RangeError('findFreeVehicle: start must be before end');
  const now = o.now ?? new Date();

  const where: SQL[] = [eq(vehicles.fleetId, fleet), eq(vehicles.poolId, o.poolId), eq(vehicles.hidden, false), vehicleInService()];
  if (o.excludeVehicleId !== undefined) where.push(ne(vehicles.id, o.excludeVehicleId));
  switch (o.spec.type) {
    case 'CLASS':
      where.push(eq(vehicleModels.priceClass, o.spec.className));
      if (o.spec.vehicleCategory) where.push(eq(vehicles.vehicleCategory, o.spec.vehicleCategory));
      break;
    case 'MODEL':
      where.push(eq(vehicles.modelId, o.spec.modelId));
      break;
    case 'VEHICLE':
      where.push(eq(vehicles.id, o.spec.vehicleId));
      break;
  }

  // The occupied interval of a live booking: [start_time, end_time), or up to now while an ACTIVE one is overdue.
  const occupiedUntil = sql`case when ${bookings.state} = 'ACTIVE' then greatest(${bookings.endTime}, ${now.toISOString()}::timestamptz) else ${bookings.endTime} end`;
  const overlapping: SQL[] = [
    eq(bookings.allocatedVehicleId, vehicles.id),
    inArray(bookings.state, [...LIVE_BOOKING_STATES]),
    sql`${bookings.startTime} < ${o.end.toISOString()}::timestamptz`,
    sql`${occupiedUntil} > ${o.start.toISOString()}::timestamptz`,
  ];
  if (o.excludeBookingId !== undefined) overlapping.push(ne(bookings.id, o.excludeBookingId));
  where.push(
    notExists(
      tx
        .select({ one: sql`1` })
        .from(bookings)
        .where(and(...overlapping)),
    ),
  );

  const electric = sql`(${vehicles.primaryFuelType} = 'BATTERY')`;
  const [row] = await tx
    .select(getTableColumns(vehicles))
    .from(vehicles)
    .innerJoin(vehicleModels, eq(vehicleModels.id, vehicles.modelId))
    .leftJoin(vehicleStatus, eq(vehicleStatus.vehicleId, vehicles.id))
    .where(and(...where))
    .orderBy(sql`${electric} desc`, sql`case when ${electric} then ${vehicleStatus.fuelLevel} end desc nulls last`, asc(vehicles.id))
    .limit(1);
  return row ?? null;
}

/** No free vehicle for the booking: 409. */
export const noVehicleAvailable = () => new AppError(MESSAGE_IDS.conflict, 409, MESSAGES.noVehicleAvailable);

/**
 * Runs a booking transaction; on an exclusion violation (a concurrent transaction took the vehicle) runs it once
 * more, so that it picks the next free vehicle or answers 409; on a unique violation (an identifier drawn twice)
 * retries up to three times.
 */
export async function withAllocationRetry<T>(run: () => Promise<T>): Promise<T> {
  let exclusionRetries = 1;
  let uniqueRetries = 3;
  for (;;) {
    try {
      return await run();
    } catch (err) {
      if (isExclusionViolation(err)) {
        if (exclusionRetries-- > 0) continue;
        throw noVehicleAvailable();
      }
      if (isUniqueViolation(err) && uniqueRetries-- > 0) continue;
      throw err;
    }
  }
}

/** Re-exported for callers of the allocation: a concurrent transaction took the vehicle (SQLSTATE 23P01). */
export { isExclusionViolation };
