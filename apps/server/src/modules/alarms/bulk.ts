import {
  eventText,
  fieldError,
  type AlarmBulkReason,
  type AlarmBulkRequest,
  type AlarmBulkResponse,
  type AlarmBulkResult,
  type AlarmComment,
} from '@fleetdesk/contract';
import { and, asc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { alarmComments, alarms, users, vehicles } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import type { Actor } from '../auth/index.ts';
import { appendEvent } from '../events/index.ts';
import { alarmNotFound } from './service.ts';

/**
 * POST /api/alarms/bulk (issue 19 point 4; docs/decisions/0074-bulk-actions.md). The plan (dry run) and the applied
 * run come from the same rule, `outcomeOf`, so what the confirmation shows is what happens unless an alarm changed in
 * between, which the run then reports per alarm. Each alarm is handled in its own transaction with its row locked:
 * one that fails does not undo the others. Another operator's alarm is NOT_FOUND and never read further.
 */

type AlarmRow = typeof alarms.$inferSelect;

/** An enabled staff member of the operator, by user name (any case): its stored spelling, else 400 `staffNotFound` on `assignee`. */
async function staffUsername(db: Db, actor: Actor, name: string): Promise<string> {
  const [row] = await db
    .select({ username: users.username })
    .from(users)
    .where(and(sql`lower(${users.username}) = lower(${name})`, eq(users.fleetId, actor.fleet), ne(users.role, 'CUSTOMER'), isNull(users.disabledAt)))
    .limit(1);
  if (!row) throw AppError.invalidInput([fieldError('assignee', 'staffNotFound')]);
  return row.username;
}

/** What the action would do to this alarm: null means it applies, else why it is skipped. */
function skipReason(row: AlarmRow, action: AlarmBulkRequest['action'], assignee: string | null): AlarmBulkReason | null {
  if (row.state === 'HANDLED') return 'ALREADY_HANDLED';
  if (action === 'ASSIGN' && (row.assignedTo ?? null) === assignee) return 'ALREADY_ASSIGNED';
  return null;
}

const targetOf = (row: AlarmRow, vin: string | null) => vin ?? row.bid ?? row.primaryObject;

export async function bulkAlarms(db: Db, actor: Actor, body: AlarmBulkRequest, now = new Date()): Promise<AlarmBulkResponse> {
  const assignee = body.action === 'ASSIGN' && body.assignee ? await staffUsername(db, actor, body.assignee) : null;
  const ids = [...new Set(body.ids)];
  const found = new Map<number, { a: AlarmRow; vin: string | null }>();
  if (ids.length) {
    const rows = await db
      .select({ a: alarms, vin: vehicles.vin })
      .from(alarms)
      .leftJoin(vehicles, eq(vehicles.id, alarms.vehicleId))
      .where(and(eq(alarms.fleetId, actor.fleet), inArray(alarms.id, ids)));
    for (const r of rows) found.set(r.a.id, r);
  }

  const results: AlarmBulkResult[] = [];
  for (const id of ids) {
    const seen = found.get(id);
    if (!seen) {
      results.push({ alarmId: id, outcome: 'SKIPPED', reason: 'NOT_FOUND', name: null, target: null });
      continue;
    }
    const base = { alarmId: id, name: seen.a.name, target: targetOf(seen.a, seen.vin) };
    const planned = skipReason(seen.a, body.action, assignee);
    if (planned) {
      results.push({ ...base, outcome: 'SKIPPED', reason: planned });
      continue;
    }
    if (body.dryRun) {
      results.push({ ...base, outcome: 'PLANNED', reason: null });
      continue;
    }
    results.push({ ...base, ...(await applyOne(db, actor, id, body.action, assignee, now)) });
  }
  const count = (o: AlarmBulkResult['outcome']) => results.filter((r) => r.outcome === o).length;
  return {
    action: body.action,
    dryRun: body.dryRun,
    assignee,
    results,
    counts: { planned: count('PLANNED'), done: count('DONE'), skipped: count('SKIPPED'), failed: count('FAILED') },
  };
}

/** One alarm, locked and checked again: it may have changed since the plan. */
async function applyOne(
  db: Db,
  actor: Actor,
  id: number,
  action: AlarmBulkRequest['action'],
  assignee: string | null,
  now: Date,
): Promise<Pick<AlarmBulkResult, 'outcome' | 'reason'>> {
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .select({ a: alarms, vin: vehicles.vin })
        .from(alarms)
        .leftJoin(vehicles, eq(vehicles.id, alarms.vehicleId))
        .where(and(eq(alarms.id, id), eq(alarms.fleetId, actor.fleet)))
        .for('update', { of: alarms })
        .limit(1);
      if (!row) return { outcome: 'SKIPPED', reason: 'NOT_FOUND' } as const;
      const skip = skipReason(row.a, action, assignee);
      if (skip) return { outcome: 'SKIPPED', reason: skip } as const;
      const common = {
        type: 'VEHICLE_ADMIN' as const,
        vin: row.vin,
        bid: row.a.bid,
        affectedUsername: row.a.username,
        occurred: now,
      };
      if (action === 'ACKNOWLEDGE') {
        await tx.update(alarms).set({ state: 'HANDLED', handledAt: now, handledBy: actor.username }).where(eq(alarms.id, id));
        await appendEvent(tx, actor, {
          ...common,
          text: eventText('alarmAcknowledged', { alarm: row.a.name }),
          properties: { alarmId: id, name: row.a.name, alarmTypes: row.a.alarmTypes, alarmTimestamp: row.a.alarmTimestamp.toISOString(), bulk: true },
        });
      } else {
        await tx.update(alarms).set({ assignedTo: assignee }).where(eq(alarms.id, id));
        await appendEvent(tx, actor, {
          ...common,
          text: assignee ? eventText('alarmAssigned', { alarm: row.a.name, assignee }) : eventText('alarmUnassigned', { alarm: row.a.name }),
          properties: { alarmId: id, name: row.a.name, assignee, previousAssignee: row.a.assignedTo, bulk: true },
        });
      }
      return { outcome: 'DONE', reason: null } as const;
    });
  } catch (err) {
    // A conflict the database reports (a serialization or lock failure) fails this alarm only.
    if (err instanceof AppError && err.httpCode >= 500) throw err;
    if (err instanceof AppError) return { outcome: 'FAILED', reason: 'CONFLICT' };
    throw err;
  }
}

/** The operator's alarm or 404 (another operator's answers like an unknown one). */
async function findAlarmId(db: Db, actor: Actor, alarmId: number): Promise<number> {
  const [row] = await db
    .select({ id: alarms.id })
    .from(alarms)
    .where(and(eq(alarms.id, alarmId), eq(alarms.fleetId, actor.fleet)))
    .limit(1);
  if (!row) throw alarmNotFound();
  return row.id;
}

const toComment = (r: typeof alarmComments.$inferSelect): AlarmComment => ({
  id: r.id,
  alarmId: r.alarmId,
  author: r.author,
  text: r.text,
  createdAt: r.createdAt.toISOString(),
});

/** GET /api/alarms/{alarmId}/comments: oldest first. */
export async function listAlarmComments(db: Db, actor: Actor, alarmId: number): Promise<{ results: AlarmComment[] }> {
  const id = await findAlarmId(db, actor, alarmId);
  const rows = await db
    .select()
    .from(alarmComments)
    .where(and(eq(alarmComments.alarmId, id), eq(alarmComments.fleetId, actor.fleet)))
    .orderBy(asc(alarmComments.createdAt), asc(alarmComments.id));
  return { results: rows.map(toComment) };
}

/** POST /api/alarms/{alarmId}/comments: by the signed-in staff member, now. */
export async function addAlarmComment(db: Db, actor: Actor, alarmId: number, text: string, now = new Date()): Promise<AlarmComment> {
  const id = await findAlarmId(db, actor, alarmId);
  const [row] = await db
    .insert(alarmComments)
    .values({ fleetId: actor.fleet, alarmId: id, author: actor.username, text, createdAt: now })
    .returning();
  return toComment(row!);
}
