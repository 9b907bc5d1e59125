import { type EventTextPart, eventValue, eventText, EVENT_TYPE_GROUP, type AlarmName, type FuelType } from '@fleetdesk/contract';
import { and, eq, gt, inArray, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { alarms, bookings, events, users, vehicleCommands, vehicleModels, vehicleStatus, vehicles } from '../../db/schema.ts';
import type { CommandAck, StatusPatch, StatusReport, TelematicsHandler, TelematicsLog } from '../../integrations/telematics/types.ts';
import { eventTextColumns } from '../events/index.ts';
import { recordCommandAnswer } from './service.ts';

/**
 * What arrives from the vehicles, written to the database (the truth; the server keeps nothing in memory):
 * acknowledgements complete their command and apply its effect to the vehicle's status; status reports update
 * vehicle_status and raise or clear alarms. Both leave events.
 */

/** Who handles an alarm the vehicle itself reports as over. */
export const TELEMATICS_ACTOR = 'telematics';
/** An alarm that staff handled is not raised again for the same vehicle within this many hours. */
export const ALARM_REPEAT_HOURS = 12;

const COMMAND_EFFECT: Record<string, Pick<StatusPatch, 'locked' | 'immobilized'>> = {
  LOCK: { locked: true },
  UNLOCK: { locked: false },
  MOBILIZE: { immobilized: false },
  IMMOBILIZE: { immobilized: true },
};

export function vehicleTelematicsHandler(db: Db, log: TelematicsLog): TelematicsHandler {
  return {
    onAck: async (ack) => {
      if (!(await handleCommandAck(db, ack)))
        log.warn(`telematics: ignored an answer to command ${ack.commandId} of ${ack.vin} (unknown or no longer pending)`);
    },
    onStatus: async (reports) => {
      const ignored = await handleStatusReports(db, reports);
      if (ignored.length) log.warn(`telematics: ignored status reports of unknown vehicles ${ignored.join(', ')}`);
    },
  };
}

type StatusColumn = keyof StatusPatch;
const STATUS_COLUMNS: readonly StatusColumn[] = [
  'carBatteryVoltage',
  'dte',
  'fuelLevel',
  'isRefueling',
  'odometer',
  'keyholder',
  'locked',
  'immobilized',
  'lat',
  'lon',
];
const excluded = (column: StatusColumn | 'updatedAt') => sql`excluded.${sql.identifier(vehicleStatus[column].name)}`;

/**
 * Writes status changes: one upsert per set of reported fields. A report older than the stored status does not
 * overwrite it.
 */
async function upsertStatuses(tx: Db, rows: { vehicleId: number; patch: StatusPatch; at: Date }[]): Promise<void> {
  const groups = new Map<string, typeof rows>();
  for (const r of rows) {
    const key = STATUS_COLUMNS.filter((c) => r.patch[c] !== undefined).join(',');
    groups.set(key, [...(groups.get(key) ?? []), r]);
  }
  for (const [key, group] of groups) {
    const columns = key ? (key.split(',') as StatusColumn[]) : [];
    const set: Partial<Record<StatusColumn | 'updatedAt', SQL>> = { updatedAt: excluded('updatedAt') };
    for (const c of columns) set[c] = excluded(c);
    await tx
      .insert(vehicleStatus)
      .values(group.map((r) => ({ vehicleId: r.vehicleId, updatedAt: r.at, ...Object.fromEntries(columns.map((c) => [c, r.patch[c] ?? null])) })))
      .onConflictDoUpdate({ target: vehicleStatus.vehicleId, set, setWhere: lte(vehicleStatus.updatedAt, excluded('updatedAt')) });
  }
}

/**
 * Completes a PENDING command with the vehicle's answer (the VIN must be the command's vehicle) and, when it was
 * carried out, applies its effect to the status (locked after LOCK, ...). False when there was nothing to complete
 * (unknown, another vehicle's, already answered or timed out): the vehicle's next status report tells the truth.
 */
export async function handleCommandAck(db: Db, ack: CommandAck, now = new Date()): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [vehicle] = await tx.select({ id: vehicles.id, vin: vehicles.vin }).from(vehicles).where(eq(vehicles.vin, ack.vin)).limit(1);
    if (!vehicle) return false;
    const [row] = await tx
      .update(vehicleCommands)
      .set({
        state: ack.ok ? 'SUCCEEDED' : 'FAILED',
        completedAt: now,
        message: ack.ok ? (ack.message ?? null) : (ack.message ?? 'The vehicle did not carry out the command'),
      })
      .where(and(eq(vehicleCommands.id, ack.commandId), eq(vehicleCommands.vehicleId, vehicle.id), eq(vehicleCommands.state, 'PENDING')))
      .returning();
    if (!row) return false;
    const effect = COMMAND_EFFECT[row.command];
    if (ack.ok && effect) await upsertStatuses(tx, [{ vehicleId: vehicle.id, patch: effect, at: now }]);
    await recordCommandAnswer(tx, row, vehicle.vin, now);
    return true;
  });
}

const ALARM_TYPE: Record<AlarmName, (electric: boolean) => string> = {
  FUEL: (electric) => (electric ? 'LOW_CHARGE' : 'LOW_FUEL'),
  EXTERNAL_BATTERY: () => 'LOW_VOLTAGE',
  KEY_HOLDER: () => 'KEY_NOT_RETURNED',
};
function raisedText(name: AlarmName, fuelType: FuelType, status: StatusPatch): EventTextPart {
  const electric = fuelType === 'BATTERY';
  if (name === 'FUEL') {
    const level = status.fuelLevel;
    if (level === undefined || level === null) return eventText(electric ? 'chargeLevelLow' : 'fuelLevelLow');
    return eventText(electric ? 'chargeLevelLowPercent' : 'fuelLevelLowLitres', { level: Math.round(level) });
  }
  if (name === 'EXTERNAL_BATTERY') {
    const v = status.carBatteryVoltage;
    return v === undefined || v === null ? eventText('externalBatteryLow') : eventText('externalBatteryLowVolts', { voltage: v.toFixed(1) });
  }
  return eventText('keyNotReturned');
}

/**
 * Writes status reports in one transaction: the statuses, then the alarms. A raised alarm is inserted (TRIGGERED)
 * unless one of that name is open for the vehicle or staff handled one within ALARM_REPEAT_HOURS; a cleared one
 * closes the open alarm of that name (HANDLED by 'telematics'). Answers the VINs that were ignored (unknown, or a
 * vehicle without an agent).
 */
export async function handleStatusReports(db: Db, reports: readonly StatusReport[], now = new Date()): Promise<string[]> {
  if (!reports.length) return [];
  // One entry per VIN: later reports of the same vehicle override earlier ones.
  const merged = new Map<string, StatusReport>();
  for (const r of reports) {
    const prev = merged.get(r.vin);
    merged.set(
      r.vin,
      prev
        ? { vin: r.vin, occurred: r.occurred ?? prev.occurred, status: { ...prev.status, ...r.status }, alarms: mergeAlarms(prev.alarms, r.alarms) }
        : r,
    );
  }
  const found = await db
    .select({
      id: vehicles.id,
      vin: vehicles.vin,
      fleetId: vehicles.fleetId,
      reg: vehicles.registrationNumber,
      agent: vehicles.agentHardwareType,
      fuelType: vehicleModels.primaryFuelType,
    })
    .from(vehicles)
    .innerJoin(vehicleModels, eq(vehicleModels.id, vehicles.modelId))
    .where(inArray(vehicles.vin, [...merged.keys()]));
  const byVin = new Map(found.filter((v) => v.agent !== 'none').map((v) => [v.vin, v]));
  const ignored = [...merged.keys()].filter((vin) => !byVin.has(vin));
  const items = [...merged.values()].flatMap((r) => {
    const v = byVin.get(r.vin);
    return v ? [{ r, v }] : [];
  });
  if (!items.length) return ignored;

  await db.transaction(async (tx) => {
    await upsertStatuses(
      tx,
      items.map(({ r, v }) => ({ vehicleId: v.id, patch: r.status, at: r.occurred ? new Date(r.occurred) : now })),
    );

    const raised = items.flatMap(({ r, v }) => r.alarms.raised.map((name) => ({ name, r, v })));
    const cleared = items.flatMap(({ r, v }) => r.alarms.cleared.map((name) => ({ name, v })));
    const eventRows: (typeof events.$inferInsert)[] = [];
    const event = (
      v: (typeof items)[number]['v'],
      text: EventTextPart,
      properties: Record<string, unknown>,
      bid: string | null = null,
      affected: string | null = null,
    ) =>
      eventRows.push({
        // Written now, never before it occurred (the column's default is the transaction's start).
        fleetId: v.fleetId,
        occurred: now,
        received: new Date(Math.max(Date.now(), now.getTime())),
        vin: v.vin,
        bid,
        actingUsername: null,
        affectedUsername: affected,
        type: 'VEHICLE_STATUS',
        typeGroup: EVENT_TYPE_GROUP.VEHICLE_STATUS,
        ...eventTextColumns(text),
        properties,
      });

    if (raised.length) {
      const ids = [...new Set(raised.map((a) => a.v.id))];
      const since = new Date(now.getTime() - ALARM_REPEAT_HOURS * 3_600_000);
      const blocking = await tx
        .select({ vehicleId: alarms.vehicleId, name: alarms.name })
        .from(alarms)
        .where(
          and(
            inArray(alarms.vehicleId, ids),
            or(eq(alarms.state, 'TRIGGERED'), and(gt(alarms.handledAt, since), ne(alarms.handledBy, TELEMATICS_ACTOR))),
          ),
        );
      const blocked = new Set(blocking.map((b) => `${b.vehicleId}:${b.name}`));
      const fresh = raised.filter((a) => !blocked.has(`${a.v.id}:${a.name}`));
      if (fresh.length) {
        const active = await tx
          .select({ vehicleId: bookings.allocatedVehicleId, bid: bookings.bid, username: users.username })
          .from(bookings)
          .leftJoin(users, eq(users.id, bookings.userId))
          .where(and(inArray(bookings.allocatedVehicleId, [...new Set(fresh.map((a) => a.v.id))]), eq(bookings.state, 'ACTIVE')));
        const activeBy = new Map(active.map((a) => [a.vehicleId, a]));
        await tx.insert(alarms).values(
          fresh.map(({ name, v }) => {
            const b = activeBy.get(v.id);
            return {
              fleetId: v.fleetId,
              name,
              category: 'VEHICLE' as const,
              state: 'TRIGGERED' as const,
              alarmTypes: [ALARM_TYPE[name](v.fuelType === 'BATTERY')],
              alarmTimestamp: now,
              vehicleId: v.id,
              bid: b?.bid ?? null,
              username: b?.username ?? null,
              primaryObject: v.reg,
            };
          }),
        );
        for (const { name, r, v } of fresh) {
          const b = activeBy.get(v.id);
          event(v, raisedText(name, v.fuelType, r.status), { alarm: name, state: 'TRIGGERED' }, b?.bid ?? null, b?.username ?? null);
        }
      }
    }
    for (const name of new Set(cleared.map((c) => c.name))) {
      const ids = cleared.filter((c) => c.name === name).map((c) => c.v.id);
      const closed = await tx
        .update(alarms)
        .set({ state: 'HANDLED', handledAt: now, handledBy: TELEMATICS_ACTOR })
        .where(and(inArray(alarms.vehicleId, ids), eq(alarms.name, name), eq(alarms.state, 'TRIGGERED')))
        .returning({ vehicleId: alarms.vehicleId, id: alarms.id });
      const byId = new Map(items.map(({ v }) => [v.id, v]));
      for (const c of closed) {
        const v = c.vehicleId === null ? undefined : byId.get(c.vehicleId);
        if (v) event(v, eventText('alarmCleared', { alarm: eventValue('alarm', name) }), { alarm: name, alarmId: c.id, state: 'HANDLED' });
      }
    }
    if (eventRows.length) await tx.insert(events).values(eventRows);
  });
  return ignored;
}

function mergeAlarms(a: StatusReport['alarms'], b: StatusReport['alarms']): StatusReport['alarms'] {
  const raised = new Set([...a.raised.filter((n) => !b.cleared.includes(n)), ...b.raised]);
  const cleared = new Set([...a.cleared.filter((n) => !b.raised.includes(n)), ...b.cleared]);
  return { raised: [...raised], cleared: [...cleared] };
}
