import type { SearchBooking } from '@fleetdesk/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { bookings, contracts, payments, pools, users, vehicles } from '../../db/schema.ts';
import type { Actor } from '../auth/index.ts';
import { computeActions, displayState, type BookingFacts } from './state.ts';

/**
 * Bookings as list rows (§3 fields a list shows: bid, state and display state, user, times, pool, vehicle),
 * used by the support search and the vehicle's booking timeline. One query per related table, whatever
 * the number of rows; the order of `ids` is kept and ids of another operator are left out.
 */
export async function loadBookingRows(db: Db, actor: Actor, ids: readonly number[], now = new Date()): Promise<SearchBooking[]> {
  const byId = await loadBookingRowsById(db, actor, ids, now);
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [row] : [];
  });
}

/** The same rows by booking id (for callers that split one load into several lists). */
export async function loadBookingRowsById(db: Db, actor: Actor, ids: readonly number[], now = new Date()): Promise<Map<number, SearchBooking>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({
      b: bookings,
      pool: { city: pools.city, name: pools.name, id: pools.id },
      user: { username: users.username, givenName: users.givenName, familyName: users.familyName },
      vehicle: { vin: vehicles.vin, registrationNumber: vehicles.registrationNumber, longPresentation: vehicles.longPresentation },
      taxiFromPools: contracts.taxiFromPools,
    })
    .from(bookings)
    .innerJoin(pools, eq(pools.id, bookings.fromPoolId))
    .innerJoin(contracts, eq(contracts.id, bookings.contractId))
    .leftJoin(users, eq(users.id, bookings.userId))
    .leftJoin(vehicles, eq(vehicles.id, bookings.allocatedVehicleId))
    .where(and(inArray(bookings.id, [...ids]), eq(bookings.fleetId, actor.fleet)));
  if (!rows.length) return new Map();
  const needingAuth = await db
    .select({ bookingId: payments.bookingId, orderId: payments.orderId })
    .from(payments)
    .where(
      and(
        inArray(
          payments.bookingId,
          rows.map((r) => r.b.id),
        ),
        eq(payments.status, 'NEEDS_AUTHORIZATION'),
      ),
    );
  const authByBooking = new Map<number, string[]>();
  for (const p of needingAuth) {
    if (p.bookingId === null) continue;
    authByBooking.set(p.bookingId, [...(authByBooking.get(p.bookingId) ?? []), p.orderId]);
  }
  return new Map(
    rows.map(({ b, pool, user, vehicle, taxiFromPools }): [number, SearchBooking] => {
      const facts: BookingFacts = {
        state: b.state,
        start: b.startTime,
        end: b.endTime,
        hasUser: user !== null,
        vehicleCategory: b.vehicleCategory,
        allocationState: b.allocationState,
        allocateOnActivation: b.allocateOnActivation,
        irrevocableUntil: b.irrevocableUntil,
        taxiAcceptable: b.taxiAcceptable,
        rideShare: b.rideShare,
        fromPoolId: b.fromPoolId,
        taxiFromPools,
        paymentsRequiringAuthorization: authByBooking.get(b.id) ?? [],
      };
      return [
        b.id,
        {
          bid: b.bid,
          state: b.state,
          displayState: displayState(facts, computeActions(facts, now)),
          user: user ? { username: user.username, fullNameLastFirst: `${user.familyName}, ${user.givenName}` } : null,
          startTime: b.startTime.toISOString(),
          endTime: b.endTime.toISOString(),
          usageStart: b.usageStart?.toISOString() ?? null,
          usageEnd: b.usageEnd?.toISOString() ?? null,
          fromLocation: { city: pool.city, pool: pool.name, poolId: pool.id },
          vehicle: vehicle ? { vin: vehicle.vin, registrationNumber: vehicle.registrationNumber, longPresentation: vehicle.longPresentation } : null,
          vehicleCategory: b.vehicleCategory,
        },
      ];
    }),
  );
}
