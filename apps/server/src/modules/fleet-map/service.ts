import { batteryColour, type FleetMapResponse, type FleetMapStatus, type FleetMapVehicle, type FuelType } from '@fleetdesk/contract';
import { and, asc, eq, isNotNull, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { alarms, bookings, pools, vehicleModels, vehicleStatus, vehicles } from '../../db/schema.ts';
import type { Actor } from '../auth/index.ts';

/**
 * §1 Fleet overview map: every vehicle of the operator at its last position with a status
 * (docs/decisions/0032-operations-api.md). Three queries whatever the fleet size: vehicles with model, status and pool;
 * the vehicles with a TRIGGERED alarm; the vehicles an ACTIVE booking holds.
 */
export function fleetMapStatus(v: {
  alarm: boolean;
  booked: boolean;
  fuelType: FuelType;
  fuelLevel: number | null;
  charging: boolean | null;
}): FleetMapStatus {
  if (v.alarm) return 'ALARM';
  if (v.fuelType === 'BATTERY' && v.fuelLevel !== null && batteryColour(v.fuelLevel, v.charging) === 'red') return 'LOW_BATTERY';
  if (v.booked) return 'BOOKED';
  return 'AVAILABLE';
}

const round5 = (n: number | null) => (n === null ? null : Math.round(n * 1e5) / 1e5);

/** GET /api/fleetmap. */
export async function getFleetMap(db: Db, actor: Actor, q: { hidden: boolean }, now = new Date()): Promise<FleetMapResponse> {
  const where: SQL[] = [eq(vehicles.fleetId, actor.fleet)];
  if (!q.hidden) where.push(eq(vehicles.hidden, false));
  const [rows, alarmed, held] = await Promise.all([
    db
      .select({
        id: vehicles.id,
        vin: vehicles.vin,
        registrationNumber: vehicles.registrationNumber,
        vehicleCategory: vehicles.vehicleCategory,
        fuelType: vehicles.primaryFuelType,
        poolId: vehicles.poolId,
        modelName: vehicleModels.modelName,
        lat: vehicleStatus.lat,
        lon: vehicleStatus.lon,
        updated: vehicleStatus.updatedAt,
        fuelLevel: vehicleStatus.fuelLevel,
        charging: vehicleStatus.isRefueling,
        poolLat: pools.lat,
        poolLon: pools.lon,
      })
      .from(vehicles)
      .innerJoin(vehicleModels, eq(vehicleModels.id, vehicles.modelId))
      .leftJoin(vehicleStatus, eq(vehicleStatus.vehicleId, vehicles.id))
      .leftJoin(pools, eq(pools.id, vehicles.poolId))
      .where(and(...where))
      .orderBy(asc(vehicles.registrationNumber), asc(vehicles.id)),
    db
      .selectDistinct({ vehicleId: alarms.vehicleId })
      .from(alarms)
      .where(and(eq(alarms.fleetId, actor.fleet), eq(alarms.state, 'TRIGGERED'), isNotNull(alarms.vehicleId))),
    db
      .select({ vehicleId: bookings.allocatedVehicleId, bid: bookings.bid })
      .from(bookings)
      .where(and(eq(bookings.fleetId, actor.fleet), eq(bookings.state, 'ACTIVE'), isNotNull(bookings.allocatedVehicleId)))
      .orderBy(asc(bookings.startTime)),
  ]);
  const withAlarm = new Set(alarmed.map((a) => a.vehicleId));
  const bidOf = new Map<number, string>();
  for (const b of held) if (b.vehicleId !== null && !bidOf.has(b.vehicleId)) bidOf.set(b.vehicleId, b.bid);
  const counts: Record<FleetMapStatus, number> = { ALARM: 0, LOW_BATTERY: 0, BOOKED: 0, AVAILABLE: 0 };
  const out = rows.map((r): FleetMapVehicle => {
    const status = fleetMapStatus({
      alarm: withAlarm.has(r.id),
      booked: bidOf.has(r.id),
      fuelType: r.fuelType,
      fuelLevel: r.fuelLevel,
      charging: r.charging,
    });
    counts[status]++;
    const own = r.lat !== null && r.lon !== null;
    const fromPool = !own && r.poolLat !== null && r.poolLon !== null;
    return {
      vin: r.vin,
      registrationNumber: r.registrationNumber,
      modelName: r.modelName,
      vehicleCategory: r.vehicleCategory,
      status,
      lat: round5(own ? r.lat : fromPool ? r.poolLat : null),
      lon: round5(own ? r.lon : fromPool ? r.poolLon : null),
      positionFromPool: fromPool,
      positionUpdated: own ? (r.updated?.toISOString() ?? null) : null,
      fuelLevel: r.fuelLevel,
      electric: r.fuelType === 'BATTERY',
      poolId: r.poolId,
      bid: bidOf.get(r.id) ?? null,
    };
  });
  return { generatedAt: now.toISOString(), counts, vehicles: out };
}
