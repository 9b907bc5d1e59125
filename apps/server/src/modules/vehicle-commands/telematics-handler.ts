import { type EventTextPart, eventValue, eventText, EVENT_TYPE_GROUP, type AlarmName, type FuelType } from '@fleetdesk/contract';
import { and, asc, eq, gt, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { alarms, bookings, events, users, vehicleCommands, vehicleModels, vehicleStatus, vehicles } from '../../db/schema.ts';
import { mergeStatusReports } from '../../integrations/telematics/status-batcher.ts';
import type { CommandAck, StatusPatch, StatusReport, TelematicsHandler, TelematicsLog } from '../../integrations/telematics/types.ts';
import { eventTextColumns } from '../events/index.ts';
import { recordCommandAnswer } from './service.ts';
import { DISCRETE_COLUMNS, statusChangeColumns, type StatusChanges, type TextColumns } from './status-change-text.ts';
import { arrayLiteral, inList, jsonRecordset } from '../../db/bulk.ts';

/**
 * What arrives from the vehicles, written to the database (the truth; the server keeps nothing in memory):
 * acknowledgements complete their command and apply its effect to the vehicle's status; status reports update
 * vehicle_status and raise or clear alarms. Both leave events; a report leaves one only when it changes a state support
 * is asked about (locked, immobilized, key holder, refuelling) or raises or clears an alarm.
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

type StoredStatus = typeof vehicleStatus.$inferSelect;
/** The fields a report carries (a field it leaves out is not touched; null means the vehicle does not know it). */
const reportedFields = (patch: StatusPatch): Partial<Pick<StoredStatus, StatusColumn>> =>
  Object.fromEntries(STATUS_COLUMNS.filter((c) => patch[c] !== undefined).map((c) => [c, patch[c]]));

const reportedAt = (r: StatusReport, now: Date) => (r.occurred ? new Date(r.occurred) : now);

const REPORTING_VEHICLE = {
  id: vehicles.id,
  vin: vehicles.vin,
  fleetId: vehicles.fleetId,
  reg: vehicles.registrationNumber,
  fuelType: vehicleModels.primaryFuelType,
};
interface ReportingVehicle {
  id: number;
  vin: string;
  fleetId: string;
  reg: string;
  fuelType: FuelType;
}

/**
 * The vehicles that reported (known, with an agent) and their stored status rows, locked until the transaction ends, in
 * vehicle order: two server copies writing overlapping batches wait for each other instead of deadlocking, and each
 * report's changes are judged against the row it overwrites. One statement when every vehicle has a status row; a
 * vehicle without one gets a row with what its first report says (nothing to judge: no change).
 */
async function lockReportingVehicles(
  tx: Db,
  reports: ReadonlyMap<string, StatusReport>,
  now: Date,
): Promise<{ found: ReportingVehicle[]; stored: Map<number, StoredStatus> }> {
  const withAgent = (vins: string[]) => and(inList(vehicles.vin, vins, 'text'), ne(vehicles.agentHardwareType, 'none'));
  const lockStatuses = (ids: number[]) =>
    tx
      .select()
      .from(vehicleStatus)
      .where(inList(vehicleStatus.vehicleId, ids, 'int'))
      .orderBy(asc(vehicleStatus.vehicleId))
      .for('update');
  // Prepared (on PostgreSQL): planning it for a list of hundreds of VINs took longer than running it.
  const rows = await tx
    .select({ ...REPORTING_VEHICLE, status: vehicleStatus })
    .from(vehicles)
    .innerJoin(vehicleModels, eq(vehicleModels.id, vehicles.modelId))
    .innerJoin(vehicleStatus, eq(vehicleStatus.vehicleId, vehicles.id))
    .where(and(sql`${vehicles.vin} = any(${sql.placeholder('vins')}::text[])`, ne(vehicles.agentHardwareType, 'none')))
    .orderBy(asc(vehicles.id))
    .for('update', { of: vehicleStatus })
    .prepare('telematics_lock_reporting_vehicles')
    .execute({ vins: arrayLiteral([...reports.keys()]) });
  const found: ReportingVehicle[] = rows.map(({ status: _, ...v }) => v);
  const stored = new Map(rows.map((r) => [r.id, r.status]));
  const seen = new Set(found.map((v) => v.vin));
  const rest = [...reports.keys()].filter((vin) => !seen.has(vin));
  if (!rest.length) return { found, stored };

  const first = await tx
    .select(REPORTING_VEHICLE)
    .from(vehicles)
    .innerJoin(vehicleModels, eq(vehicleModels.id, vehicles.modelId))
    .where(withAgent(rest));
  if (!first.length) return { found, stored };
  found.push(...first);
  const inserted = await tx
    .insert(vehicleStatus)
    .values(
      first.map((v) => {
        const r = reports.get(v.vin)!;
        return { vehicleId: v.id, updatedAt: reportedAt(r, now), ...reportedFields(r.status) };
      }),
    )
    .onConflictDoNothing({ target: vehicleStatus.vehicleId })
    .returning({ vehicleId: vehicleStatus.vehicleId });
  // A row another server copy inserted meanwhile is merged like any stored row.
  const done = new Set(inserted.map((i) => i.vehicleId));
  const raced = first.filter((v) => !done.has(v.id)).map((v) => v.id);
  if (raced.length) for (const s of await lockStatuses(raced)) stored.set(s.vehicleId, s);
  return { found, stored };
}

/**
 * Merges each report's fields into the vehicle's locked row. A report older than the stored status changes nothing (a
 * vehicle not in `stored` got its row from its first report). Answers the rows to write and, by vehicle, the discrete
 * states the reports changed; a state unknown (null) before or after is not a change.
 */
function mergeStatuses(
  rows: { vehicleId: number; patch: StatusPatch; at: Date }[],
  stored: ReadonlyMap<number, StoredStatus>,
): { merged: StoredStatus[]; changes: Map<number, StatusChanges> } {
  const changes = new Map<number, StatusChanges>();
  const merged: StoredStatus[] = [];
  for (const r of rows) {
    const before = stored.get(r.vehicleId);
    if (!before || before.updatedAt.getTime() > r.at.getTime()) continue;
    const after: StoredStatus = { ...before, ...reportedFields(r.patch), updatedAt: r.at };
    merged.push(after);
    const changed: StatusChanges = {};
    for (const c of DISCRETE_COLUMNS) {
      const from = before[c];
      const to = after[c];
      if (from !== null && to !== null && from !== to) changed[c] = { from, to };
    }
    if (Object.keys(changed).length) changes.set(r.vehicleId, changed);
  }
  return { merged, changes };
}

/** What differs between a batch's events; the rest is the same for all (see writeStatusesAndEvents). */
type StatusEvent = Pick<typeof events.$inferInsert, 'fleetId' | 'vin' | 'bid' | 'affectedUsername' | 'displayText' | 'textParts' | 'properties'>;
const STATUS_EVENT_KEYS = [
  'fleetId',
  'vin',
  'bid',
  'affectedUsername',
  'displayText',
  'textParts',
  'properties',
] as const satisfies readonly (keyof StatusEvent)[];

/**
 * The batch's statuses (one UPDATE) and events (one INSERT, so the live stream's statement-level trigger announces them
 * once) in one statement, a round trip less per batch. The events are VEHICLE_STATUS events of no acting user, written
 * at `now` (never before it occurred; the column's default would be the transaction's start) and received at `received`.
 */
async function writeStatusesAndEvents(tx: Db, statuses: StoredStatus[], eventRows: StatusEvent[], now: Date, received: Date): Promise<void> {
  const s = jsonRecordset(vehicleStatus, ['vehicleId', ...STATUS_COLUMNS, 'updatedAt'], statuses, 's');
  const update = sql`update ${vehicleStatus} set ${s.assignments('vehicleId')} from ${s.from} where ${vehicleStatus.vehicleId} = s."vehicleId"`;
  const e = jsonRecordset(events, STATUS_EVENT_KEYS, eventRows, 'e');
  const insert = sql`
    insert into ${events} (${e.names}, ${sql.identifier(events.occurred.name)}, ${sql.identifier(events.received.name)},
      ${sql.identifier(events.actingUsername.name)}, ${sql.identifier(events.type.name)}, ${sql.identifier(events.typeGroup.name)})
    select ${e.values}, ${now.toISOString()}::timestamptz, ${received.toISOString()}::timestamptz, null, ${'VEHICLE_STATUS'}, ${EVENT_TYPE_GROUP.VEHICLE_STATUS}
    from ${e.from}`;
  if (statuses.length && eventRows.length) await tx.execute(sql`with statuses as (${update}) ${insert}`);
  else if (statuses.length) await tx.execute(update);
  else if (eventRows.length) await tx.execute(insert);
}

/**
 * Writes status reports in one transaction: the statuses, then the alarms, then the events in one multi-row insert
 * (one statement, so the live stream's statement-level trigger announces the batch once). A report that changes a
 * discrete state (locked, immobilized, key holder, refuelling) leaves one event per vehicle naming the changes
 * ("Locked; key taken from the key holder"), with the active booking's bid and customer; continuous values (charge,
 * position, odometer, voltage, range) leave none (docs/decisions/0084-telematics-status-events.md). A raised alarm is
 * inserted (TRIGGERED) unless one of that name is open for the vehicle or staff handled one within ALARM_REPEAT_HOURS;
 * a cleared one closes the open alarm of that name (HANDLED by 'telematics'). Answers the VINs that were ignored
 * (unknown, or a vehicle without an agent).
 */
export async function handleStatusReports(db: Db, reports: readonly StatusReport[], now = new Date()): Promise<string[]> {
  if (!reports.length) return [];
  // One entry per VIN: later reports of the same vehicle override earlier ones.
  const merged = new Map<string, StatusReport>();
  for (const r of reports) {
    const prev = merged.get(r.vin);
    merged.set(r.vin, prev ? mergeStatusReports(prev, r) : r);
  }
  let ignored: string[] = [];
  await db.transaction(async (tx) => {
    // Telemetry: the commit does not wait for the WAL to reach the disk (PostgreSQL's crash safety stays; a crash may lose
    // the last few hundred milliseconds of batches, which the vehicles' next reports restore). The wait was about a
    // seventh of a batch's time on the bench (docs/decisions/0084-telematics-status-events.md).
    await tx.execute(sql`set local synchronous_commit = off`);
    const { found, stored } = await lockReportingVehicles(tx, merged, now);
    const byVin = new Map(found.map((v) => [v.vin, v]));
    ignored = [...merged.keys()].filter((vin) => !byVin.has(vin));
    const items = [...merged.values()].flatMap((r) => {
      const v = byVin.get(r.vin);
      return v ? [{ r, v }] : [];
    });
    if (!items.length) return;
    const { merged: statuses, changes } = mergeStatuses(
      items.map(({ r, v }) => ({ vehicleId: v.id, patch: r.status, at: reportedAt(r, now) })),
      stored,
    );

    const raised = items.flatMap(({ r, v }) => r.alarms.raised.map((name) => ({ name, r, v })));
    const cleared = items.flatMap(({ r, v }) => r.alarms.cleared.map((name) => ({ name, v })));
    const eventRows: StatusEvent[] = [];
    // Written now, never before it occurred (the column's default is the transaction's start).
    const received = new Date(Math.max(Date.now(), now.getTime()));
    const event = (
      v: ReportingVehicle,
      text: EventTextPart | TextColumns,
      properties: Record<string, unknown>,
      bid: string | null = null,
      affected: string | null = null,
    ) =>
      eventRows.push({
        fleetId: v.fleetId,
        vin: v.vin,
        bid,
        affectedUsername: affected,
        ...('displayText' in text ? text : eventTextColumns(text)),
        properties,
      });

    let fresh: typeof raised = [];
    if (raised.length) {
      const ids = [...new Set(raised.map((a) => a.v.id))];
      const since = new Date(now.getTime() - ALARM_REPEAT_HOURS * 3_600_000);
      const blocking = await tx
        .select({ vehicleId: alarms.vehicleId, name: alarms.name })
        .from(alarms)
        .where(
          and(
            inList(alarms.vehicleId, ids, 'int'),
            or(eq(alarms.state, 'TRIGGERED'), and(gt(alarms.handledAt, since), ne(alarms.handledBy, TELEMATICS_ACTOR))),
          ),
        );
      const blocked = new Set(blocking.map((b) => `${b.vehicleId}:${b.name}`));
      fresh = raised.filter((a) => !blocked.has(`${a.v.id}:${a.name}`));
    }

    // The active booking of each vehicle a change or a new alarm is about: its bid and customer go on the event.
    const booked = [...new Set([...changes.keys(), ...fresh.map((a) => a.v.id)])];
    const active = booked.length
      ? await tx
          .select({ vehicleId: bookings.allocatedVehicleId, bid: bookings.bid, username: users.username })
          .from(bookings)
          .leftJoin(users, eq(users.id, bookings.userId))
          .where(
            and(
              // By fleet too: a fleet's active bookings are few, a vehicle's bookings over the years many.
              inList(bookings.fleetId, [...new Set(items.map(({ v }) => v.fleetId))], 'text'),
              eq(bookings.state, 'ACTIVE'),
              inList(bookings.allocatedVehicleId, booked, 'int'),
            ),
          )
      : [];
    const activeBy = new Map(active.map((a) => [a.vehicleId, a]));

    for (const { v } of items) {
      const changed = changes.get(v.id);
      if (!changed) continue;
      const b = activeBy.get(v.id);
      event(v, statusChangeColumns(changed, v.fuelType), { changes: changed }, b?.bid ?? null, b?.username ?? null);
    }

    if (fresh.length) {
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
    if (cleared.length) {
      // Every cleared condition of the batch in one UPDATE.
      const pairs = JSON.stringify(cleared.map((c) => ({ vehicleId: c.v.id, name: c.name })));
      const closed = rowsOf<{ vehicleId: number; id: number; name: AlarmName }>(
        await tx.execute(sql`
          update ${alarms} set ${sql.identifier(alarms.state.name)} = 'HANDLED', ${sql.identifier(alarms.handledAt.name)} = ${now.toISOString()}::timestamptz,
            ${sql.identifier(alarms.handledBy.name)} = ${TELEMATICS_ACTOR}
          from json_to_recordset(${pairs}::json) as c("vehicleId" int, "name" text)
          where ${alarms.vehicleId} = c."vehicleId" and ${alarms.name} = c."name" and ${alarms.state} = 'TRIGGERED'
          returning ${alarms.vehicleId} as "vehicleId", ${alarms.id} as "id", ${alarms.name} as "name"`),
      );
      const byId = new Map(items.map(({ v }) => [v.id, v]));
      for (const c of closed.sort((a, b) => a.id - b.id)) {
        const v = byId.get(c.vehicleId);
        if (v) event(v, eventText('alarmCleared', { alarm: eventValue('alarm', c.name) }), { alarm: c.name, alarmId: c.id, state: 'HANDLED' });
      }
    }
    await writeStatusesAndEvents(tx, statuses, eventRows, now, received);
  });
  return ignored;
}
