import {
  ALLOWED,
  MESSAGE_IDS,
  NOT_APPLICABLE,
  notAllowed,
  VEHICLE_ABILITY_KEYS,
  ZAlarmName,
  type Ability,
  type AlarmName,
  type Vehicle,
  type VehicleAbilities,
  type VehicleAbilityKey,
  type VehicleCommand,
  type VehicleOutOfService,
  type VehicleServiceAbilityKey,
  type VehicleStatus,
} from '@fleetdesk/contract';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { alarms, bookings, pools, vehicleCommands, vehicleModels, vehicleStatus, vehicles } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import type { Actor } from '../auth/index.ts';

/**
 * The §3 Vehicle as the API shows it, assembled from the vehicle, its model and pool, its latest status,
 * its triggered alarms, its active booking and its latest remote command. Shared by the vehicle calls and
 * the support search, so a card looks the same wherever it comes from. Always scoped by the operator.
 */

type VehicleRow = typeof vehicles.$inferSelect;
type StatusRow = typeof vehicleStatus.$inferSelect;

export const vehicleNotFound = () => AppError.notFound(MESSAGE_IDS.vehicleNotFound, 'vehicleNotFound');

/** The operator's vehicle by VIN (case-insensitive); another operator's VIN answers 404 like an unknown one. */
export async function findFleetVehicle(db: Db, actor: Actor, vin: string): Promise<VehicleRow> {
  const wanted = vin.trim().toUpperCase();
  if (!wanted) throw vehicleNotFound();
  const [row] = await db
    .select()
    .from(vehicles)
    .where(eq(sql`upper(${vehicles.vin})`, wanted))
    .limit(1);
  if (!row || row.fleetId !== actor.fleet) throw vehicleNotFound();
  return row;
}

/**
 * The remote commands the console may offer (§6 "by the vehicle's actions list"): none without an agent;
 * otherwise lock or unlock and mobilize or immobilize by the reported state, both of a pair when the state is
 * unknown (docs/decisions/0017-telematics.md).
 */
export function vehicleActions(
  agentHardwareType: VehicleRow['agentHardwareType'],
  status: Pick<StatusRow, 'locked' | 'immobilized'> | null,
): VehicleCommand[] {
  if (agentHardwareType === 'none') return [];
  const out: VehicleCommand[] = [];
  const locked = status?.locked ?? null;
  const immobilized = status?.immobilized ?? null;
  if (locked !== true) out.push('LOCK');
  if (locked !== false) out.push('UNLOCK');
  if (immobilized !== false) out.push('MOBILIZE');
  if (immobilized !== true) out.push('IMMOBILIZE');
  return out;
}

/**
 * The vehicle's remote commands as abilities (issue 16): without an agent every command is unavailable, saying so; the
 * four vehicle actions by `vehicleActions` (the other of a pair does not apply: unlock on an unlocked car is left
 * out); reboot and wake-up whenever there is an agent. The command endpoint refuses with the same reason.
 */
export function vehicleAbilities(
  agentHardwareType: VehicleRow['agentHardwareType'],
  status: Pick<StatusRow, 'locked' | 'immobilized'> | null,
  service: VehicleServiceFacts = { outOfService: false, activeBookingBid: null },
): VehicleAbilities {
  const offered = new Set<string>(vehicleActions(agentHardwareType, status));
  const ability = (command: VehicleAbilityKey) => {
    if (agentHardwareType === 'none') return notAllowed('vehicleNoAgent');
    if (command === 'REBOOT' || command === 'WAKE_UP') return ALLOWED;
    return offered.has(command) ? ALLOWED : NOT_APPLICABLE;
  };
  const commands = Object.fromEntries(VEHICLE_ABILITY_KEYS.map((command) => [command, ability(command)])) as Record<VehicleAbilityKey, Ability>;
  return { ...commands, ...vehicleServiceAbilities(service) };
}

/** What out of service and back in service depend on. */
export interface VehicleServiceFacts {
  outOfService: boolean;
  activeBookingBid: string | null;
}

/**
 * Out of service and back in service (issue 19 point 5; docs/decisions/0072-out-of-service.md): out of service is
 * refused while the vehicle is out already or a booking is running on it (end the trip first); back in service
 * applies only to a vehicle out of service. The service endpoints refuse with the same reasons (409).
 */
export function vehicleServiceAbilities(f: VehicleServiceFacts): Record<VehicleServiceAbilityKey, Ability> {
  return {
    outOfService: f.outOfService ? notAllowed('vehicleOutOfService') : f.activeBookingBid ? notAllowed('outOfServiceActiveBooking') : ALLOWED,
    backInService: f.outOfService ? ALLOWED : NOT_APPLICABLE,
  };
}

/** The vehicle's out-of-service record, or null while it is in service. */
export function outOfServiceOf(v: VehicleRow): VehicleOutOfService | null {
  if (!v.outOfServiceSince) return null;
  return {
    reason: v.outOfServiceReason ?? '',
    since: v.outOfServiceSince.toISOString(),
    by: v.outOfServiceBy ?? '',
    expectedReturn: (v.outOfServiceExpectedReturn ?? v.outOfServiceSince).toISOString(),
  };
}

/** §4/§6: a command needs a reason for IMMOBILIZE, and for every command while a booking is active on the vehicle. */
export const commandsNeedingReason = (activeBookingBid: string | null): VehicleAbilityKey[] =>
  activeBookingBid ? [...VEHICLE_ABILITY_KEYS] : ['IMMOBILIZE'];

/** The §3 Vehicle status with the three alarm flags (triggered = an alarm of that name is TRIGGERED). */
export function toVehicleStatus(vin: string, row: StatusRow, triggered: ReadonlySet<AlarmName>): VehicleStatus {
  return {
    vin,
    carBatteryVoltage: row.carBatteryVoltage,
    dte: row.dte,
    fuelLevel: row.fuelLevel,
    isRefueling: row.isRefueling,
    odometer: row.odometer,
    keyholder: row.keyholder,
    locked: row.locked,
    immobilized: row.immobilized,
    lat: row.lat,
    lon: row.lon,
    updated: row.updatedAt.toISOString(),
    alarms: ZAlarmName.options.map((name) => ({ name, triggered: triggered.has(name) })),
  };
}

/** Names of the TRIGGERED alarms per vehicle id. */
export async function triggeredAlarmsByVehicle(db: Db, vehicleIds: readonly number[]): Promise<Map<number, Set<AlarmName>>> {
  const out = new Map<number, Set<AlarmName>>();
  if (!vehicleIds.length) return out;
  const rows = await db
    .selectDistinct({ vehicleId: alarms.vehicleId, name: alarms.name })
    .from(alarms)
    .where(and(inArray(alarms.vehicleId, [...vehicleIds]), eq(alarms.state, 'TRIGGERED')));
  for (const r of rows) {
    if (r.vehicleId === null) continue;
    const set = out.get(r.vehicleId) ?? new Set<AlarmName>();
    set.add(r.name);
    out.set(r.vehicleId, set);
  }
  return out;
}

/** Statuses of the given vehicles (those that have reported one), keyed by vehicle id. */
export async function statusesByVehicle(db: Db, rows: readonly Pick<VehicleRow, 'id' | 'vin'>[]): Promise<Map<number, VehicleStatus>> {
  const out = new Map<number, VehicleStatus>();
  if (!rows.length) return out;
  const ids = rows.map((r) => r.id);
  const [statusRows, triggered] = await Promise.all([
    db.select().from(vehicleStatus).where(inArray(vehicleStatus.vehicleId, ids)),
    triggeredAlarmsByVehicle(db, ids),
  ]);
  const vinById = new Map(rows.map((r) => [r.id, r.vin]));
  for (const s of statusRows) out.set(s.vehicleId, toVehicleStatus(vinById.get(s.vehicleId) ?? '', s, triggered.get(s.vehicleId) ?? new Set()));
  return out;
}

/** Full §3 vehicles for the given ids of the actor's operator, in the order of `ids` (unknown ids are left out). */
export async function loadVehicles(db: Db, actor: Actor, ids: readonly number[]): Promise<Vehicle[]> {
  if (!ids.length) return [];
  const rows = await db
    .select({ v: vehicles, model: vehicleModels, pool: pools })
    .from(vehicles)
    .innerJoin(vehicleModels, eq(vehicleModels.id, vehicles.modelId))
    .leftJoin(pools, eq(pools.id, vehicles.poolId))
    .where(and(inArray(vehicles.id, [...ids]), eq(vehicles.fleetId, actor.fleet)));
  if (!rows.length) return [];
  const found = rows.map((r) => r.v);
  const foundIds = found.map((v) => v.id);
  const [statuses, active, commands] = await Promise.all([
    statusesByVehicle(db, found),
    db
      .select({ vehicleId: bookings.allocatedVehicleId, bid: bookings.bid })
      .from(bookings)
      .where(and(inArray(bookings.allocatedVehicleId, foundIds), eq(bookings.state, 'ACTIVE'), eq(bookings.fleetId, actor.fleet))),
    db
      .selectDistinctOn([vehicleCommands.vehicleId], {
        vehicleId: vehicleCommands.vehicleId,
        command: vehicleCommands.command,
        state: vehicleCommands.state,
        requestedAt: vehicleCommands.requestedAt,
        message: vehicleCommands.message,
      })
      .from(vehicleCommands)
      .where(inArray(vehicleCommands.vehicleId, foundIds))
      .orderBy(vehicleCommands.vehicleId, desc(vehicleCommands.requestedAt), desc(vehicleCommands.id)),
  ]);
  const activeBid = new Map(active.map((a) => [a.vehicleId, a.bid]));
  const lastCommand = new Map(commands.map((c) => [c.vehicleId, c]));
  const byId = new Map(
    rows.map(({ v, model, pool }): [number, Vehicle] => {
      const status = statuses.get(v.id) ?? null;
      const cmd = lastCommand.get(v.id);
      return [
        v.id,
        {
          vin: v.vin,
          registrationNumber: v.registrationNumber,
          longPresentation: v.longPresentation,
          modelName: model.modelName,
          modelId: model.id,
          priceClass: model.priceClass,
          color: v.color,
          wheelType: v.wheelType,
          fleet: v.fleetId,
          vehicleCategory: v.vehicleCategory,
          agentHardwareType: v.agentHardwareType,
          primaryFuelType: v.primaryFuelType,
          keyholder: v.keyholder,
          currentParkingPlaceInfo: v.currentParkingPlaceInfo,
          publicNote: v.publicNote,
          activeBookingBid: activeBid.get(v.id) ?? null,
          pool: pool ? { city: pool.city, pool: pool.name, poolId: pool.id } : null,
          tires: v.tires,
          actions: vehicleActions(v.agentHardwareType, status),
          abilities: vehicleAbilities(v.agentHardwareType, status, {
            outOfService: v.outOfServiceSince !== null,
            activeBookingBid: activeBid.get(v.id) ?? null,
          }),
          commandsNeedingReason: commandsNeedingReason(activeBid.get(v.id) ?? null),
          status,
          lastCommand: cmd ? { command: cmd.command, state: cmd.state, at: cmd.requestedAt.toISOString(), message: cmd.message } : null,
          outOfService: outOfServiceOf(v),
        },
      ];
    }),
  );
  return ids.flatMap((id) => {
    const v = byId.get(id);
    return v ? [v] : [];
  });
}

/** One full vehicle by VIN of the actor's operator; 404 otherwise. */
export async function getVehicle(db: Db, actor: Actor, vin: string): Promise<Vehicle> {
  const row = await findFleetVehicle(db, actor, vin);
  const [vehicle] = await loadVehicles(db, actor, [row.id]);
  if (!vehicle) throw vehicleNotFound();
  return vehicle;
}
