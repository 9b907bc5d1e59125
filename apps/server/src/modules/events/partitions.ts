import { sql, type SQL } from 'drizzle-orm';
import { EVENT_TYPE_GROUP, EVENT_TYPE_GROUPS, ZEventType, type EventType } from '@fleetdesk/contract';
import type { Db } from '../../db/client.ts';

/**
 * Upkeep of the event log's partitions (issue 20 point 2; docs/decisions/0083-event-partitions.md), run by the
 * `event-partitions` job. `events` is partitioned by LIST on `type` (migration 0018); each of its partitions by RANGE on
 * `occurred`, in UTC days when its types have a retention and in UTC months when they are kept, with a DEFAULT
 * partition for a row no range covers. The upkeep
 * - creates the ranges from today to `aheadDays` ahead (rows the DEFAULT partition already holds for a new range, from a
 *   clock running ahead, move into it), and
 * - drops the ranges that end at or before now − retention, and deletes the DEFAULT partition's rows that old: only
 *   whole partitions of types with a retention go, never a row of a kept type or a row younger than its retention.
 */

const DAY_MS = 86_400_000;

/** Days to keep, by event type group or event type (a type's own entry wins over its group's); absent: kept. */
export type EventRetention = Readonly<Record<string, number>>;

export interface PartitionUpkeep {
  retentionDays: EventRetention;
  /** Days ahead of today whose partitions exist after the upkeep. */
  aheadDays: number;
}

export interface PartitionUpkeepResult {
  created: string[];
  dropped: string[];
  /** Rows deleted from DEFAULT partitions for being older than their type's retention. */
  expiredStrays: number;
}

/** EVENT_RETENTION_DAYS names only event type groups and event types; anything else stops the start. */
export function checkRetentionNames(retention: EventRetention): EventRetention {
  const known = new Set<string>([...EVENT_TYPE_GROUPS, ...ZEventType.options]);
  const unknown = Object.keys(retention).filter((name) => !known.has(name));
  if (unknown.length > 0) {
    throw new Error(`Invalid configuration:\n  EVENT_RETENTION_DAYS: ${unknown.join(', ')} is no event type group or event type`);
  }
  return retention;
}

/** The retention of one event type: its own entry, else its group's; undefined = kept. */
export function retentionDaysOf(type: string, retention: EventRetention): number | undefined {
  return retention[type] ?? (type in EVENT_TYPE_GROUP ? retention[EVENT_TYPE_GROUP[type as EventType]] : undefined);
}

interface Range {
  name: string;
  from: number; // ms; -Infinity for MINVALUE
  to: number; // ms; Infinity for MAXVALUE
}

interface TypePartition {
  name: string;
  /** The event types it holds; empty for the DEFAULT (types not listed). */
  types: string[];
  defaultPartition: string | undefined;
  ranges: Range[];
}

const rowsOf = (result: unknown): Record<string, unknown>[] => (result as { rows: Record<string, unknown>[] }).rows;

/** `'2026-11-29 00:00:00+00'` (a bound as pg_get_expr writes it with TimeZone UTC), MINVALUE or MAXVALUE, in ms. */
function boundMs(text: string): number {
  const t = text.trim();
  if (t === 'MINVALUE') return -Infinity;
  if (t === 'MAXVALUE') return Infinity;
  const iso = /^'(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2}(?:\.\d+)?)\+00'$/.exec(t);
  if (!iso) throw new Error(`event partitions: unexpected bound ${t}`);
  return Date.parse(`${iso[1]}T${iso[2]}Z`);
}

/** The partitions of the event log as the catalog has them, bounds in UTC. */
async function readPartitions(db: Db): Promise<TypePartition[]> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local timezone = 'UTC'`);
    const rows = rowsOf(
      await tx.execute(sql`
        select parent.relname as parent, child.relname as name, child.relkind as kind,
               pg_get_expr(child.relpartbound, child.oid) as bound, top.relname as top
        from pg_inherits i
        join pg_class parent on parent.oid = i.inhparent
        join pg_class child on child.oid = i.inhrelid
        left join pg_inherits up on up.inhrelid = parent.oid
        left join pg_class top on top.oid = up.inhparent
        where parent.oid = 'events'::regclass or top.oid = 'events'::regclass
      `),
    );
    const byName = new Map<string, TypePartition>();
    for (const row of rows) {
      if (row.parent !== 'events' || row.kind !== 'p') continue;
      const bound = String(row.bound);
      const types = bound === 'DEFAULT' ? [] : [...bound.matchAll(/'([^']*)'/g)].map((m) => m[1]!);
      byName.set(String(row.name), { name: String(row.name), types, defaultPartition: undefined, ranges: [] });
    }
    for (const row of rows) {
      const parent = byName.get(String(row.parent));
      if (!parent) continue;
      const bound = String(row.bound);
      if (bound === 'DEFAULT') {
        parent.defaultPartition = String(row.name);
        continue;
      }
      const range = /^FOR VALUES FROM \((.*)\) TO \((.*)\)$/.exec(bound);
      if (!range) throw new Error(`event partitions: unexpected bound ${bound}`);
      parent.ranges.push({ name: String(row.name), from: boundMs(range[1]!), to: boundMs(range[2]!) });
    }
    return [...byName.values()].sort((a, b) => a.name.localeCompare(b.name));
  });
}

const startOfUtcDay = (ms: number) => Math.floor(ms / DAY_MS) * DAY_MS;
const startOfUtcMonth = (ms: number) => {
  const d = new Date(ms);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
};
const nextUtcMonth = (ms: number) => {
  const d = new Date(ms);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
};
const pad = (n: number) => String(n).padStart(2, '0');
/** `events_heartbeat_2026_11_29` for a day, `events_booking_event_2026_11` for a month. */
function rangeName(parent: string, from: number, day: boolean): string {
  const d = new Date(from);
  const month = `${d.getUTCFullYear()}_${pad(d.getUTCMonth() + 1)}`;
  return `${parent}_${month}${day ? `_${pad(d.getUTCDate())}` : ''}`;
}
const literal = (ms: number): SQL => sql.raw(`'${new Date(ms).toISOString()}'`);

/**
 * Creates one range, in one transaction: a table like the event log gets the rows the DEFAULT partition holds for the
 * range, then is attached (PostgreSQL builds its indexes and checks that the DEFAULT partition holds no more of them).
 */
async function createRange(db: Db, parent: TypePartition, from: number, to: number, name: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`create table ${sql.identifier(name)} (like events including defaults)`);
    if (parent.defaultPartition) {
      await tx.execute(sql`
        with moved as (
          delete from ${sql.identifier(parent.defaultPartition)}
          where occurred >= ${literal(from)}::timestamptz and occurred < ${literal(to)}::timestamptz
          returning *
        )
        insert into ${sql.identifier(name)} select * from moved
      `);
    }
    await tx.execute(
      sql`alter table ${sql.identifier(parent.name)} attach partition ${sql.identifier(name)} for values from (${literal(from)}) to (${literal(to)})`,
    );
  });
}

export async function upkeepEventPartitions(db: Db, upkeep: PartitionUpkeep, now: Date = new Date()): Promise<PartitionUpkeepResult> {
  const result: PartitionUpkeepResult = { created: [], dropped: [], expiredStrays: 0 };
  const today = startOfUtcDay(now.getTime());
  const lastDay = today + upkeep.aheadDays * DAY_MS;
  for (const parent of await readPartitions(db)) {
    // The DEFAULT list partition (types added later) and a list of several types keep what any of them keeps.
    const days = parent.types.map((type) => retentionDaysOf(type, upkeep.retentionDays));
    const retention = days.length > 0 && days.every((d) => d !== undefined) ? Math.max(...(days as number[])) : undefined;
    const overlaps = (from: number, to: number) => parent.ranges.some((r) => r.from < to && from < r.to);
    const create = async (from: number, to: number, day: boolean) => {
      const name = rangeName(parent.name, from, day);
      await createRange(db, parent, from, to, name);
      parent.ranges.push({ name, from, to });
      result.created.push(name);
    };

    if (retention === undefined) {
      for (let month = startOfUtcMonth(today); month <= lastDay; month = nextUtcMonth(month)) {
        const end = nextUtcMonth(month);
        if (!overlaps(month, end)) await create(month, end, false);
      }
    }
    // Days for a type with a retention, and for the days a month could not take (ranges left from another setting).
    for (let day = today; day <= lastDay; day += DAY_MS) {
      if (!overlaps(day, day + DAY_MS)) await create(day, day + DAY_MS, true);
    }

    if (retention === undefined) continue;
    const cutoff = now.getTime() - retention * DAY_MS;
    for (const range of parent.ranges.filter((r) => r.to <= cutoff)) {
      await db.execute(sql`drop table ${sql.identifier(range.name)}`);
      parent.ranges = parent.ranges.filter((r) => r !== range);
      result.dropped.push(range.name);
    }
    if (parent.defaultPartition) {
      const deleted = rowsOf(
        await db.execute(
          sql`with gone as (delete from ${sql.identifier(parent.defaultPartition)} where occurred < ${literal(cutoff)}::timestamptz returning 1) select count(*)::int as n from gone`,
        ),
      );
      result.expiredStrays += Number(deleted[0]?.n ?? 0);
    }
  }
  return result;
}
