/**
 * `npm run bench -- eventlog [--events 100000000] [--users 1000000] [--rounds 200] [--drop-oldest-day]` (issue 20 point 5): the event log
 * at telematics scale on PostgreSQL (BENCH_DATABASE_URL; PGlite cannot hold it).
 *
 * Data, made once and reused: the bench fleet at 1,000,000 users (so 10,000 vehicles, the scale seeder's ratio), its
 * partitions as a year of the `event-partitions` job leaves them (90 days of day partitions for the types with a
 * retention, a month each for the kept types), then VEHICLE_STATUS telemetry of every vehicle for the last 72 hours
 * (3,000 a vehicle a day) and kept history (bookings, payments, users, commands) over the year until the log holds
 * `--events`. The telemetry days are loaded as the job cannot: each day into a table of its own, indexed, then attached.
 *
 * Measured through the real app (routing, auth, validation, query, serialisation), p50/p95/p99:
 *  - one vehicle's last 24 h, first page and pages 2..30 by cursor; a booking's events; a user's events;
 *  - the queries on the event id alone, which no partition bound can prune: follow mode's first call (the newest id)
 *    and its next calls (`after`), and a live stream's catch-up from a position (the hub's changesSince);
 *  - with --drop-oldest-day, the `event-partitions` job dropping the oldest telemetry day (destroys that day: last).
 */
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { englishEventText, EVENT_TYPE_GROUP, type EventTextPart } from '@fleetdesk/contract';
import { and, count, eq, isNotNull, sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase, type Db } from '../apps/server/src/db/client.ts';
import { rowsOf } from '../apps/server/src/db/rows.ts';
import { events, users } from '../apps/server/src/db/schema.ts';
import type { App } from '../apps/server/src/http/context.ts';
import { upkeepEventPartitions } from '../apps/server/src/modules/events/partitions.ts';
import { changesSince, snapshotBounds } from '../apps/server/src/modules/live/hub.ts';
import { benchLogin, ensureData, FLEET, percentile } from './fleet.ts';

const DAY = 86_400_000;
const HOUR = 3_600_000;
const PER_VEHICLE_DAY = 3_000;
const TELEMETRY_DAYS = 3;
const RETENTION = { HEARTBEAT: 90, VEHICLE_STATUS: 90 };

function summarize(label: string, samples: number[]) {
  const s = [...samples].sort((a, b) => a - b);
  const f = (n: number) => n.toFixed(2).padStart(8);
  console.log(
    `${label.padEnd(58)} n=${String(s.length).padStart(4)}  p50=${f(percentile(s, 50))} ms  p95=${f(percentile(s, 95))} ms  p99=${f(percentile(s, 99))} ms`,
  );
  return { p50: percentile(s, 50), p95: percentile(s, 95) };
}
async function time(fn: () => Promise<unknown>) {
  const t = performance.now();
  await fn();
  return performance.now() - t;
}
const secs = (started: number) => `${((performance.now() - started) / 1000).toFixed(1)} s`;
const startOfUtcDay = (ms: number) => Math.floor(ms / DAY) * DAY;
const iso = (ms: number) => new Date(ms).toISOString();

async function eventCount(db: Db): Promise<number> {
  // The planner's estimate (exact counts of 10⁸ rows take minutes); ANALYZE runs after every load.
  const [row] = rowsOf<{ n: string }>(
    await db.execute(sql`select coalesce(sum(c.reltuples), 0)::bigint::text as n from pg_inherits i join pg_class c on c.oid = i.inhrelid
      where c.relkind = 'r' and (i.inhparent = 'events'::regclass or i.inhparent in (select inhrelid from pg_inherits where inhparent = 'events'::regclass))`),
  );
  return Number(row?.n ?? 0);
}

/**
 * Partitions as a year of the `event-partitions` job leaves them: the job run once as it ran 400 days ago with 407 days
 * ahead (months for the kept types, days for HEARTBEAT and VEHICLE_STATUS), then as it runs now, which drops the days
 * beyond their 90. The rows the seeder wrote into the DEFAULT partitions move into their ranges on the way.
 */
async function ensurePartitions(db: Db, now: number) {
  const started = performance.now();
  const past = await upkeepEventPartitions(db, { retentionDays: RETENTION, aheadDays: 407 }, new Date(now - 400 * DAY));
  const today = await upkeepEventPartitions(db, { retentionDays: RETENTION, aheadDays: 7 }, new Date(now));
  // The rows moved out of the DEFAULT partitions leave dead tuples there until autovacuum comes; do it now, or the
  // queries that read those partitions pay for them (the job's moves are rare in production: a clock running ahead).
  const defaults = rowsOf<{ name: string }>(
    await db.execute(
      sql`select relname as name from pg_class where relkind = 'r' and (relname like 'events\_%\_default' or relname = 'events_other_types')`,
    ),
  );
  for (const { name } of defaults) await db.execute(sql.raw(`vacuum analyze ${name}`));
  console.log(`Partitions: ${past.created.length + today.created.length} created, ${today.dropped.length} dropped, in ${secs(started)}.`);
}

/**
 * Telemetry of every bench vehicle for one UTC day, `hours` of it from `fromHour`: loaded into a table of its own
 * without indexes, then attached in place of the (empty) day partition the upkeep made, which builds its indexes.
 */
async function loadTelemetryDay(db: Db, day: number, fromMs: number, toMs: number) {
  const name = `events_vehicle_status_${new Date(day).toISOString().slice(0, 10).replaceAll('-', '_')}`;
  const load = `${name}_load`;
  const started = performance.now();
  const [vehicleRow] = rowsOf<{ n: string }>(await db.execute(sql`select count(*)::text as n from vehicles where fleet_id = ${FLEET}`));
  const nv = Number(vehicleRow!.n); // bench ids are contiguous: the seeder writes them in one run
  const stepMs = Math.floor(DAY / PER_VEHICLE_DAY);
  const slots = Math.floor((toMs - fromMs) / stepMs);
  await db.execute(sql.raw(`drop table if exists ${load}`));
  await db.execute(sql.raw(`create table ${load} (like events including defaults)`));
  await db.execute(sql`set maintenance_work_mem = '1GB'`);
  const chunk = 250; // time slots per statement: 250 × 10,000 vehicles = 2.5 M rows
  for (let s = 0; s < slots; s += chunk) {
    const last = Math.min(slots, s + chunk) - 1;
    await db.execute(
      sql.raw(`
      insert into ${load} (fleet_id, occurred, received, vin, type, type_group, display_text, text_parts, properties)
      select '${FLEET}', t, t + interval '2 seconds', v.vin, 'VEHICLE_STATUS', 'VEHICLE',
             case when (slot + v.id) % 2 = 0 then 'Fuel level low' else 'Key not returned to the key holder' end,
             case when (slot + v.id) % 2 = 0 then '[{"id":"fuelLevelLow","params":{}}]'::jsonb else '[{"id":"keyNotReturned","params":{}}]'::jsonb end,
             '{}'::jsonb
      from generate_series(${s}, ${last}) slot
      cross join lateral (select '${iso(fromMs)}'::timestamptz + (slot * ${stepMs}) * interval '1 millisecond' as t) tt
      cross join (select id, vin from vehicles where fleet_id = '${FLEET}') v`),
    );
    process.stderr.write(`\r${name}: ${Math.min(slots, last + 1) * nv} rows loaded (${secs(started)})   `);
  }
  process.stderr.write('\n');
  await db.execute(
    sql.raw(
      `alter table ${load} add constraint ${load}_range check (type = 'VEHICLE_STATUS' and occurred >= '${iso(day)}' and occurred < '${iso(day + DAY)}')`,
    ),
  );
  await db.execute(sql.raw(`alter table ${load} alter column type set not null`));
  // The day partition the upkeep made gives way to the loaded one (attach builds the parent's indexes on it); the few
  // rows the seeder wrote into it come along.
  await db.execute(sql.raw(`insert into ${load} select * from ${name}`));
  await db.execute(sql.raw(`drop table ${name}`));
  await db.execute(sql.raw(`alter table ${load} rename to ${name}`));
  await db.execute(sql.raw(`alter table events_vehicle_status attach partition ${name} for values from ('${iso(day)}') to ('${iso(day + DAY)}')`));
  await db.execute(sql.raw(`alter table ${name} drop constraint ${load}_range`));
  await db.execute(sql.raw(`analyze ${name}`));
  console.log(`${name}: ${slots * nv} rows, indexed and attached, in ${secs(started)}.`);
}

/** Kept history over the past year (bookings, payments, users, commands) on the bench fleet's own bids and users. */
async function loadHistory(db: Db, rows: number, now: number) {
  const started = performance.now();
  const chunk = 1_000_000;
  const kinds = [
    ['BOOKING_EVENT', 'bookingCreated'],
    ['PAYMENT_ACTION', 'cardPaymentCaptured'],
    ['USER_ACTION', 'noteAdded'],
    ['REMOTE_COMMAND', 'commandSucceeded'],
  ] as const;
  const values = kinds
    .map(([type, id], i) => {
      const parts: EventTextPart[] = [{ id, params: {} }];
      return `(${i}, '${type}', '${EVENT_TYPE_GROUP[type]}', '${englishEventText(parts)}', '${JSON.stringify(parts)}'::jsonb)`;
    })
    .join(', ');
  for (let done = 0; done < rows; done += chunk) {
    const n = Math.min(chunk, rows - done);
    await db.execute(
      sql.raw(`
      with r as (select min(id) as lo, count(*) as n from bookings where fleet_id = '${FLEET}'),
           kind(i, type, grp, txt, parts) as (values ${values})
      insert into events (fleet_id, occurred, received, bid, vin, acting_username, affected_username, type, type_group, display_text, text_parts, properties)
      select '${FLEET}', x.t, x.t, bk.bid, v.vin, 'bench.support', u.username, kind.type, kind.grp, kind.txt, kind.parts, '{}'::jsonb
      from r, generate_series(${done}, ${done + n - 1}) g
      cross join lateral (select r.lo + (hashint4(g) & 2147483647) % r.n as booking_id,
                                 '${iso(now)}'::timestamptz - ((hashint4(g + 7) & 2147483647) % (365 * 86400)) * interval '1 second' as t) x
      join kind on kind.i = g % 4
      join bookings bk on bk.id = x.booking_id
      join users u on u.id = bk.user_id
      left join vehicles v on v.id = bk.allocated_vehicle_id`),
    );
    process.stderr.write(`\rhistory: ${done + n}/${rows} rows (${secs(started)})   `);
  }
  process.stderr.write('\n');
  console.log(`History: ${rows} rows in ${secs(started)}.`);
}

async function ensureEventLog(db: Db, target: number, now: number, usersWanted: number) {
  await ensureData(db, usersWanted);
  const have = await eventCount(db);
  if (have >= target * 0.98) {
    console.log(`Reusing the event log: about ${have} events.`);
    return;
  }
  await ensurePartitions(db, now);
  // Loading is not announced (nobody listens, and a 2.5 M-row transition table per statement is the bench's own cost).
  await db.execute(sql`alter table events disable trigger events_announce`);
  try {
    const from = now - TELEMETRY_DAYS * DAY;
    for (let day = startOfUtcDay(from); day < now; day += DAY) {
      const name = `events_vehicle_status_${new Date(day).toISOString().slice(0, 10).replaceAll('-', '_')}`;
      const [loaded] = rowsOf<{ n: string }>(await db.execute(sql.raw(`select count(*)::text as n from (select 1 from ${name} limit 100000) x`)));
      if (Number(loaded?.n) >= 100_000) continue; // loaded by an earlier run (the seeder writes a few hundred a day at most)
      await loadTelemetryDay(db, day, Math.max(from, day), Math.min(now, day + DAY));
    }
    const after = await eventCount(db);
    if (after < target) await loadHistory(db, target - after, now);
  } finally {
    await db.execute(sql`alter table events enable trigger events_announce`);
  }
  await db.execute(sql`analyze events`);
  console.log(`The event log holds about ${await eventCount(db)} events.`);
}

interface Page {
  results: unknown[];
  nextCursor: string | null;
  followCursor?: string;
}

async function measure(app: App, db: Db, rounds: number) {
  const headers = await benchLogin(app, db);
  const get = async (qs: string): Promise<Page> => {
    const res = await app.inject({ method: 'GET', url: `/api/events?${qs}`, headers });
    if (res.statusCode !== 200) throw new Error(`/api/events?${qs}: ${res.statusCode} ${res.body.slice(0, 300)}`);
    return res.json() as Page;
  };
  const vins = rowsOf<{ vin: string }>(
    await db.execute(sql`select vin from vehicles where fleet_id = ${FLEET} order by md5(vin) limit ${rounds}`),
  ).map((r) => r.vin);
  const sample = await db
    .select({ bid: events.bid, user: events.affectedUsername })
    .from(events)
    .where(and(eq(events.fleetId, FLEET), eq(events.type, 'BOOKING_EVENT'), isNotNull(events.bid), isNotNull(events.affectedUsername)))
    .orderBy(sql`${events.occurred} desc`)
    .limit(rounds * 20);
  const picks = sample.filter((_, i) => i % 20 === 0);
  const year = new Date(Date.now() - 365 * DAY).toISOString();

  for (let i = 0; i < 5; i++) await get(`vin=${vins[0]}&lastHours=24&pageSize=10`); // warm-up

  const vinFirst: number[] = [];
  const vinDeep: number[] = [];
  for (const [i, vin] of vins.entries()) {
    let cursor: string | null = null;
    const pages = i < 20 ? 30 : 1;
    for (let page = 0; page < pages; page++) {
      let body: Page = { results: [], nextCursor: null };
      const ms = await time(async () => {
        body = await get(`vin=${vin}&lastHours=24&pageSize=10${cursor ? `&cursor=${cursor}` : ''}`);
      });
      (page === 0 ? vinFirst : vinDeep).push(ms);
      cursor = body.nextCursor;
      if (!cursor) break;
    }
  }
  const byBid: number[] = [];
  const byUser: number[] = [];
  for (const p of picks) {
    byBid.push(await time(() => get(`bid=${p.bid}&startDate=${year}&pageSize=10`)));
    byUser.push(await time(() => get(`user=${p.user}&role=AFFECTED&startDate=${year}&pageSize=10`)));
  }

  // Follow mode: the first call reads the newest id; the next ones ask for what came after it (nothing, or a few).
  const followFirst: number[] = [];
  const followNext: number[] = [];
  for (const vin of vins.slice(0, Math.min(rounds, 100))) {
    let body: Page = { results: [], nextCursor: null };
    followFirst.push(
      await time(async () => {
        body = await get(`vin=${vin}&lastHours=1&pageSize=10&after=`);
      }),
    );
    const after = body.followCursor;
    if (after) followNext.push(await time(() => get(`vin=${vin}&pageSize=10&after=${after}`)));
  }
  // A live stream's catch-up from a position a minute old.
  const { xmin } = await snapshotBounds(db);
  const catchUp: number[] = [];
  for (let i = 0; i < Math.min(rounds, 100); i++) catchUp.push(await time(() => changesSince(db, FLEET, xmin)));

  console.log('');
  const first = summarize("GET /api/events?vin=&lastHours=24 (one vehicle's day, page 1)", vinFirst);
  const deep = summarize('GET /api/events?vin=&lastHours=24 pages 2..30 (keyset)', vinDeep);
  summarize("GET /api/events?bid= (a booking's events, page 1)", byBid);
  summarize("GET /api/events?user=&role=AFFECTED (a user's events, page 1)", byUser);
  summarize('GET /api/events?vin=&after= (follow: first call, newest id)', followFirst);
  summarize('GET /api/events?vin=&after=<cursor> (follow: next call)', followNext);
  summarize('live stream catch-up from a position (changesSince)', catchUp);
  console.log(`\nkeyset paging: deep-page p50 / first-page p50 = ${(deep.p50 / first.p50).toFixed(2)}`);
}

/**
 * The `event-partitions` job as it runs on the day the oldest telemetry day expires: first on the day before (it drops
 * the older, empty days the bench's year left), then timed on the day itself (it drops that one day partition).
 */
async function dropOldestDay(db: Db, now: number) {
  const day = startOfUtcDay(now - TELEMETRY_DAYS * DAY);
  const name = `events_vehicle_status_${new Date(day).toISOString().slice(0, 10).replaceAll('-', '_')}`;
  const [size] = rowsOf<{ rows: string; bytes: string }>(
    await db.execute(
      sql.raw(
        `select reltuples::bigint::text as rows, pg_size_pretty(pg_total_relation_size('${name}')) as bytes from pg_class where relname = '${name}'`,
      ),
    ),
  );
  const retentionDays = { VEHICLE_STATUS: RETENTION.VEHICLE_STATUS };
  const expiry = day + DAY + RETENTION.VEHICLE_STATUS * DAY;
  await upkeepEventPartitions(db, { retentionDays, aheadDays: 0 }, new Date(expiry - DAY));
  let dropped: string[] = [];
  const ms = await time(async () => {
    dropped = (await upkeepEventPartitions(db, { retentionDays, aheadDays: 0 }, new Date(expiry))).dropped;
  });
  console.log(`\nretention: the event-partitions job dropped ${dropped.join(', ')} (${size?.rows} rows, ${size?.bytes}) in ${ms.toFixed(0)} ms`);
}

export async function benchEventLog(args: string[]) {
  const { values } = parseArgs({
    args,
    options: {
      events: { type: 'string', default: '100000000' },
      users: { type: 'string', default: '1000000' },
      rounds: { type: 'string', default: '200' },
      'drop-oldest-day': { type: 'boolean', default: false },
    },
  });
  const url = process.env.BENCH_DATABASE_URL;
  if (!url) {
    console.error('The eventlog benchmark needs PostgreSQL: set BENCH_DATABASE_URL (a database of its own).');
    process.exit(2);
  }
  const target = Number(values.events);
  const rounds = Number(values.rounds);
  const database = await openDatabase({ url, dataDir: 'memory://' });
  try {
    const now = Date.now() - (Date.now() % HOUR);
    await ensureEventLog(database.db, target, now, Number(values.users));
    const [row] = await database.db.select({ n: count() }).from(users).where(eq(users.fleetId, FLEET));
    const partitions = rowsOf<{ n: string }>(
      await database.db.execute(sql`select count(*)::text as n from pg_inherits i join pg_class c on c.oid = i.inhrelid where c.relkind = 'r'
        and (i.inhparent = 'events'::regclass or i.inhparent in (select inhrelid from pg_inherits where inhparent = 'events'::regclass))`),
    );
    console.log(
      `Load average before the measurements: ${loadavg()
        .map((l) => l.toFixed(2))
        .join(', ')}.`,
    );
    console.log(`Fleet "${FLEET}": ${row?.n} users; about ${await eventCount(database.db)} events in ${partitions[0]?.n} partitions.`);
    const app = await buildApp({ config: loadConfig({ LOG_LEVEL: 'silent' } as NodeJS.ProcessEnv), db: database.db, serveWeb: false });
    await app.ready();
    await measure(app, database.db, rounds);
    await app.close();
    if (values['drop-oldest-day']) await dropOldestDay(database.db, now);
  } finally {
    await database.close();
  }
}
