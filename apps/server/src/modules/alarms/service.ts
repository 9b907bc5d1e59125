import { eventText, MESSAGE_IDS, type Alarm, type AlarmListQuery, fieldError } from '@fleetdesk/contract';
import { and, count, desc, eq, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { ZAlarmListResponse } from '@fleetdesk/contract';
import type { Db } from '../../db/client.ts';
import { alarms, vehicles } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import type { Actor } from '../auth/index.ts';
import { appendEvent } from '../events/index.ts';

/**
 * GET /api/alarms and PUT /api/alarms/{alarmId}/acknowledge (§7; docs/decisions/0016-vehicles-journal-alarms.md).
 * Scoped to the session's operator: another operator's alarm answers 404 like an unknown one.
 */

type AlarmListResponse = z.infer<typeof ZAlarmListResponse>;
type AlarmRow = typeof alarms.$inferSelect;

export const alarmNotFound = () => AppError.of(MESSAGE_IDS.alarmNotFound, 404, 'alarmNotFound');

export function toAlarm(row: AlarmRow, vin: string | null): Alarm {
  return {
    alarmId: row.id,
    state: row.state,
    name: row.name,
    category: row.category,
    alarmTypes: row.alarmTypes,
    alarmTimestamp: row.alarmTimestamp.toISOString(),
    handled: row.state === 'HANDLED',
    handledAt: row.handledAt?.toISOString() ?? null,
    handledBy: row.handledBy,
    assignedTo: row.assignedTo,
    user: row.username,
    alarmTarget: { vehicleVin: vin, bid: row.bid },
    primaryObject: row.primaryObject,
  };
}

/** Keyset position: the last alarm's timestamp and id (newest first). */
type Cursor = { t: string; id: number };
const encodeCursor = (c: Cursor) => Buffer.from(JSON.stringify(c)).toString('base64url');
function decodeCursor(raw: string): Cursor {
  try {
    const c = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as Partial<Cursor>;
    if (typeof c.t === 'string' && !Number.isNaN(Date.parse(c.t)) && typeof c.id === 'number' && Number.isInteger(c.id)) return { t: c.t, id: c.id };
  } catch {
    // fall through to the 400 below
  }
  throw AppError.invalidInput([fieldError('cursor', 'invalidCursor')]);
}

/**
 * GET /api/alarms: newest first on (alarm_timestamp, id), served by alarms_fleet_timestamp_idx; filters by
 * category, state, VINs (any of them, case-insensitive) and BID. A VIN or BID of another operator simply
 * matches nothing. `nextCursor` continues after the last row when `moreResults`. The filters are `alarmConditions`,
 * which the saved views' count shares.
 */
async function alarmConditions(db: Db, actor: Actor, q: AlarmListQuery): Promise<SQL[] | null> {
  const where: SQL[] = [eq(alarms.fleetId, actor.fleet)];
  if (q.category) where.push(eq(alarms.category, q.category));
  if (q.state) where.push(eq(alarms.state, q.state));
  if (q.bid) where.push(eq(alarms.bid, q.bid.toUpperCase()));
  if (q.vin?.length) {
    const wanted = [...new Set(q.vin.map((v) => v.toUpperCase()))];
    const ids = await db
      .select({ id: vehicles.id })
      .from(vehicles)
      .where(and(eq(vehicles.fleetId, actor.fleet), inArray(sql`upper(${vehicles.vin})`, wanted)));
    if (!ids.length) return null;
    where.push(
      inArray(
        alarms.vehicleId,
        ids.map((r) => r.id),
      ),
    );
  }
  return where;
}

/** How many alarms the screen's filters match (the saved views' count). */
export async function countAlarms(db: Db, actor: Actor, q: AlarmListQuery): Promise<number> {
  const where = await alarmConditions(db, actor, q);
  if (!where) return 0;
  const [row] = await db
    .select({ n: count() })
    .from(alarms)
    .where(and(...where));
  return row?.n ?? 0;
}

export async function listAlarms(db: Db, actor: Actor, q: AlarmListQuery): Promise<AlarmListResponse> {
  const where = await alarmConditions(db, actor, q);
  if (!where) return { results: [], moreResults: false, nextCursor: null };
  if (q.cursor) {
    const c = decodeCursor(q.cursor);
    const t = new Date(c.t);
    where.push(or(lt(alarms.alarmTimestamp, t), and(eq(alarms.alarmTimestamp, t), lt(alarms.id, c.id)))!);
  }
  const rows = await db
    .select({ a: alarms, vin: vehicles.vin })
    .from(alarms)
    .leftJoin(vehicles, eq(vehicles.id, alarms.vehicleId))
    .where(and(...where))
    .orderBy(desc(alarms.alarmTimestamp), desc(alarms.id))
    .limit(q.pageSize + 1);
  const moreResults = rows.length > q.pageSize;
  const page = rows.slice(0, q.pageSize);
  const last = page.at(-1);
  return {
    results: page.map((r) => toAlarm(r.a, r.vin)),
    moreResults,
    nextCursor: moreResults && last ? encodeCursor({ t: last.a.alarmTimestamp.toISOString(), id: last.a.id }) : null,
  };
}

/**
 * PUT /api/alarms/{alarmId}/acknowledge: TRIGGERED → HANDLED by the acting staff member, now. The row is locked
 * for the transaction, so two staff acknowledging at once give one 200 and one 409; the event (VEHICLE_ADMIN with
 * the alarm's VIN and BID) commits with the change. The vehicle's status flag for the alarm's name follows by
 * itself: it is computed from the TRIGGERED alarms that remain.
 */
export async function acknowledgeAlarm(db: Db, actor: Actor, alarmId: number, now = new Date()): Promise<Alarm> {
  return db.transaction(async (tx) => {
    const [found] = await tx
      .select({ a: alarms, vin: vehicles.vin })
      .from(alarms)
      .leftJoin(vehicles, eq(vehicles.id, alarms.vehicleId))
      .where(and(eq(alarms.id, alarmId), eq(alarms.fleetId, actor.fleet)))
      .for('update', { of: alarms })
      .limit(1);
    if (!found) throw alarmNotFound();
    if (found.a.state === 'HANDLED') throw AppError.of(MESSAGE_IDS.alarmAlreadyHandled, 409, 'alarmAlreadyHandled');
    const [updated] = await tx
      .update(alarms)
      .set({ state: 'HANDLED', handledAt: now, handledBy: actor.username })
      .where(eq(alarms.id, alarmId))
      .returning();
    if (!updated) throw alarmNotFound();
    await appendEvent(tx, actor, {
      type: 'VEHICLE_ADMIN',
      vin: found.vin,
      bid: found.a.bid,
      affectedUsername: found.a.username,
      text: eventText('alarmAcknowledged', { alarm: found.a.name }),
      properties: { alarmId: found.a.id, name: found.a.name, alarmTypes: found.a.alarmTypes, alarmTimestamp: found.a.alarmTimestamp.toISOString() },
      occurred: now,
    });
    return toAlarm(updated, found.vin);
  });
}
