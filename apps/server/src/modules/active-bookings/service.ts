import {
  overdueHours,
  type ActiveBookingRow,
  type ActiveBookingStatus,
  type ActiveBookingsQuery,
  type ActiveBookingsResponse,
} from '@fleetdesk/contract';
import { and, asc, eq, inArray, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { bookings, companies, payments, pools, users, vehicles } from '../../db/schema.ts';
import type { Actor } from '../auth/index.ts';

/**
 * §1/§3 Active bookings: every ACTIVE booking of the operator as one list (served by bookings_fleet_state_start_idx),
 * ordered by end ascending, so the most overdue come first. docs/decisions/0032-operations-api.md.
 */
export function activeBookingStatus(b: { endTime: Date; allocated: boolean; awaitingAuthorization: boolean }, now: Date): ActiveBookingStatus {
  if (b.awaitingAuthorization) return 'REQUIRES_AUTH';
  if (!b.allocated) return 'NOT_ALLOCATED';
  if (b.endTime < now) return 'OVERDUE';
  return 'ACTIVATED';
}

/** GET /api/activebookings. */
export async function listActiveBookings(db: Db, actor: Actor, q: ActiveBookingsQuery = {}, now = new Date()): Promise<ActiveBookingsResponse> {
  const rows = await db
    .select({
      b: {
        id: bookings.id,
        bid: bookings.bid,
        startTime: bookings.startTime,
        endTime: bookings.endTime,
        usageStart: bookings.usageStart,
        tripType: bookings.tripType,
        note: bookings.note,
        allocationState: bookings.allocationState,
      },
      user: { username: users.username, givenName: users.givenName, familyName: users.familyName },
      companyName: companies.name,
      registrationNumber: vehicles.registrationNumber,
      pool: { city: pools.city, name: pools.name },
    })
    .from(bookings)
    .innerJoin(pools, eq(pools.id, bookings.fromPoolId))
    .leftJoin(users, eq(users.id, bookings.userId))
    .leftJoin(companies, eq(companies.id, users.companyId))
    .leftJoin(vehicles, eq(vehicles.id, bookings.allocatedVehicleId))
    .where(and(eq(bookings.fleetId, actor.fleet), eq(bookings.state, 'ACTIVE'), q.overdue ? lt(bookings.endTime, now) : undefined))
    .orderBy(asc(bookings.endTime), asc(bookings.bid));
  const ids = rows.map((r) => r.b.id);
  const awaiting = new Set<number>();
  if (ids.length) {
    const waiting = await db
      .select({ bookingId: payments.bookingId })
      .from(payments)
      .where(and(inArray(payments.bookingId, ids), eq(payments.status, 'NEEDS_AUTHORIZATION')));
    for (const p of waiting) if (p.bookingId !== null) awaiting.add(p.bookingId);
  }
  const results = rows.map(({ b, user, companyName, registrationNumber, pool }): ActiveBookingRow => ({
    bid: b.bid,
    bookingStatus: activeBookingStatus(
      { endTime: b.endTime, allocated: b.allocationState === 'ALLOCATED', awaitingAuthorization: awaiting.has(b.id) },
      now,
    ),
    startTime: b.startTime.toISOString(),
    endTime: b.endTime.toISOString(),
    usageStart: b.usageStart?.toISOString() ?? null,
    overdueHours: overdueHours(b.endTime, now),
    tripType: b.tripType,
    driverUsername: user?.username ?? null,
    driverFamilyName: user?.familyName ?? null,
    driverGivenName: user?.givenName ?? null,
    note: b.note,
    companyName: companyName ?? null,
    registrationNumber: b.allocationState === 'ALLOCATED' ? (registrationNumber ?? null) : null,
    fetchAtCityName: pool.city,
    fetchAtPoolName: pool.name,
  }));
  return { generatedAt: now.toISOString(), results };
}
