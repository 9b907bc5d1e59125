import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { eventText, ZEventSearchResponse, type EventType } from '@fleetdesk/contract';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { MIGRATIONS_FOLDER } from '../src/db/migrations.ts';
import { serverJobs } from '../src/jobs/server-jobs.ts';
import { retentionDaysOf, upkeepEventPartitions } from '../src/modules/events/partitions.ts';
import { setTestNow } from './support/clock.ts';
import { createBooking, createContract, createEvent, createFleet, createPool, createStaff, createUser, createVehicle } from './support/factories.ts';
import { authToken, createTestApp, login, type TestApp } from './support/test-app.ts';

const DAY = 86_400_000;
const RETENTION = { HEARTBEAT: 90, VEHICLE_STATUS: 90 };
const text = eventText('bookingCreated');

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await createFleet(t.database.db, 'fjord');
});
afterAll(() => t?.close());

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** The range partitions under the event log, by name. */
async function rangePartitions(): Promise<string[]> {
  const rows = rowsOf<{ name: string }>(
    await t.database.db.execute(sql`
      select child.relname as name from pg_inherits i
      join pg_class child on child.oid = i.inhrelid
      join pg_inherits up on up.inhrelid = i.inhparent
      where up.inhparent = 'events'::regclass and pg_get_expr(child.relpartbound, child.oid) <> 'DEFAULT'
      order by 1
    `),
  );
  return rows.map((row) => row.name);
}

/** The partition that holds the event. */
async function partitionOf(id: number): Promise<string | undefined> {
  const rows = rowsOf<{ part: string }>(await t.database.db.execute(sql`select tableoid::regclass::text as part from events where id = ${id}`));
  return rows[0]?.part;
}

const event = (type: EventType, occurred: string, over: { vin?: string; bid?: string; affectedUsername?: string } = {}) =>
  createEvent(t.database.db, 'fjord', type, text, { occurred: new Date(occurred), ...over });

describe('event partitions', () => {
  afterEach(async () => {
    // Each case starts from the migration's partitions: none for an empty event log.
    for (const name of await rangePartitions()) await t.database.db.execute(sql`drop table ${sql.identifier(name)}`);
    await t.database.db.execute(sql`delete from events`);
  });

  it('reads the retention by event type, else by its group; a type neither names is kept', () => {
    expect(retentionDaysOf('HEARTBEAT', RETENTION)).toBe(90);
    expect(retentionDaysOf('VEHICLE_STATUS', RETENTION)).toBe(90);
    expect(retentionDaysOf('VEHICLE_ADMIN', RETENTION)).toBeUndefined();
    expect(retentionDaysOf('VEHICLE_ADMIN', { VEHICLE: 30 })).toBe(30);
    expect(retentionDaysOf('VEHICLE_STATUS', { VEHICLE: 30, VEHICLE_STATUS: 7 })).toBe(7);
    expect(retentionDaysOf('BOOKING_EVENT', RETENTION)).toBeUndefined();
  });

  it('rejects a retention that is no JSON object of whole days, or names no type or group', () => {
    const config = (value: string) => loadConfig({ LOG_LEVEL: 'silent', EVENT_RETENTION_DAYS: value } as NodeJS.ProcessEnv);
    expect(config('{}').EVENT_RETENTION_DAYS).toEqual({});
    expect(config('{"VEHICLE":30}').EVENT_RETENTION_DAYS).toEqual({ VEHICLE: 30 });
    for (const bad of ['90', 'HEARTBEAT=90', '{"HEARTBEAT":0}', '{"HEARTBEAT":1.5}', '{"heartbeat":90}']) {
      expect(() => config(bad), bad).toThrow(/EVENT_RETENTION_DAYS/);
    }
    expect(() => serverJobs(config('{"TELEMETRY":30}'), t.database.db)).toThrow(/TELEMETRY is no event type group or event type/);
  });

  it('creates days ahead for the short-lived types and months for the kept ones, once', async () => {
    const now = new Date('2026-03-29T10:00:00Z');
    const first = await upkeepEventPartitions(t.database.db, { retentionDays: RETENTION, aheadDays: 3 }, now);
    const days = ['2026_03_29', '2026_03_30', '2026_03_31', '2026_04_01'];
    expect(first.created.filter((name) => name.startsWith('events_heartbeat_'))).toEqual(days.map((d) => `events_heartbeat_${d}`));
    expect(first.created.filter((name) => name.startsWith('events_vehicle_status_'))).toEqual(days.map((d) => `events_vehicle_status_${d}`));
    // Kept types (VEHICLE_ADMIN too: only VEHICLE_STATUS of its group has a retention) get this month and the next.
    for (const kept of ['booking_event', 'vehicle_admin', 'payment_action', 'other_types']) {
      expect(first.created.filter((name) => name.startsWith(`events_${kept}_`))).toEqual([`events_${kept}_2026_03`, `events_${kept}_2026_04`]);
    }
    expect(first.created).toHaveLength(2 * 4 + 8 * 2);
    expect(first.dropped).toEqual([]);

    // Again within the hour, or from the other copy: nothing to do.
    expect(await upkeepEventPartitions(t.database.db, { retentionDays: RETENTION, aheadDays: 3 }, now)).toEqual({
      created: [],
      dropped: [],
      expiredStrays: 0,
    });
    // A day later: one more day of each short-lived type.
    const next = await upkeepEventPartitions(t.database.db, { retentionDays: RETENTION, aheadDays: 3 }, new Date(now.getTime() + DAY));
    expect(next.created.sort()).toEqual(['events_heartbeat_2026_04_02', 'events_vehicle_status_2026_04_02']);

    // Rows land in their partition, with their indexes.
    const heartbeat = await event('HEARTBEAT', '2026-03-30T12:00:00Z');
    const booking = await event('BOOKING_EVENT', '2026-04-01T12:00:00Z');
    expect(await partitionOf(heartbeat.id)).toBe('events_heartbeat_2026_03_30');
    expect(await partitionOf(booking.id)).toBe('events_booking_event_2026_04');
    const indexes = rowsOf<{ indexdef: string }>(
      await t.database.db.execute(sql`select indexdef from pg_indexes where tablename = 'events_heartbeat_2026_03_30'`),
    ).map((row) => row.indexdef);
    for (const columns of ['(fleet_id, vin, occurred, id)', '(fleet_id, bid, occurred, id)', '(fleet_id, affected_username, occurred, id)']) {
      expect(indexes.some((def) => def.includes(columns))).toBe(true);
    }
    expect(indexes.some((def) => def.includes('UNIQUE') && def.includes('(id, occurred, type)'))).toBe(true);
  });

  it('the job creates the partitions from the configuration, at the current time', async () => {
    setTestNow('2026-05-10T08:00:00Z');
    const config = loadConfig({ LOG_LEVEL: 'silent', EVENT_PARTITIONS_AHEAD_DAYS: '2' } as NodeJS.ProcessEnv);
    expect(config.EVENT_RETENTION_DAYS).toEqual(RETENTION);
    const job = serverJobs(config, t.database.db).find((candidate) => candidate.name === 'event-partitions');
    if (job?.kind !== 'every') throw new Error('no periodic event-partitions job');
    await job.run({ send: () => Promise.resolve(0) });
    const names = await rangePartitions();
    expect(names).toEqual(expect.arrayContaining(['events_heartbeat_2026_05_10', 'events_heartbeat_2026_05_12', 'events_booking_event_2026_05']));
    expect(names).not.toContain('events_heartbeat_2026_05_13');
    expect(names).not.toContain('events_heartbeat_2026_05');
  });

  it('drops only the expired partitions of the short-lived types and keeps everything else', async () => {
    // The partitions as the job left them on 13 December.
    await upkeepEventPartitions(t.database.db, { retentionDays: RETENTION, aheadDays: 3 }, new Date('2025-12-13T06:00:00Z'));
    const expired = [
      await event('HEARTBEAT', '2025-12-13T08:00:00Z'),
      await event('VEHICLE_STATUS', '2025-12-14T23:59:00Z'),
      await event('HEARTBEAT', '2025-11-02T12:00:00Z'), // in no range: the DEFAULT partition, and older than 90 days
    ];
    const kept = [
      await event('HEARTBEAT', '2025-12-15T01:00:00Z'), // its day ends after the cutoff: the day stays whole
      await event('VEHICLE_STATUS', '2025-12-16T12:00:00Z'),
      await event('VEHICLE_ADMIN', '2025-12-13T08:00:00Z'), // the VEHICLE group is not configured: kept
      await event('BOOKING_EVENT', '2025-12-13T08:00:00Z'),
      await event('PAYMENT_ACTION', '2020-01-01T00:00:00Z'),
      await event('HEARTBEAT', '2025-12-20T00:00:00Z'), // DEFAULT partition, younger than 90 days
    ];

    // 15 March 10:00 − 90 days = 15 December 10:00: the days up to 14 December are past.
    const result = await upkeepEventPartitions(t.database.db, { retentionDays: RETENTION, aheadDays: 0 }, new Date('2026-03-15T10:00:00Z'));
    expect(result.dropped.sort()).toEqual([
      'events_heartbeat_2025_12_13',
      'events_heartbeat_2025_12_14',
      'events_vehicle_status_2025_12_13',
      'events_vehicle_status_2025_12_14',
    ]);
    expect(result.expiredStrays).toBe(1);
    const left = rowsOf<{ id: number }>(await t.database.db.execute(sql`select id from events order by id`)).map((row) => Number(row.id));
    expect(left).toEqual(kept.map((row) => row.id));
    expect(expired.every((row) => !left.includes(row.id))).toBe(true);
    const names = await rangePartitions();
    expect(names).toEqual(expect.arrayContaining(['events_heartbeat_2025_12_15', 'events_heartbeat_2025_12_16', 'events_booking_event_2025_12']));
  });

  it('keeps inserts working with an old or a future time, and moves early rows into their day when it is created', async () => {
    await upkeepEventPartitions(t.database.db, { retentionDays: RETENTION, aheadDays: 1 }, new Date('2026-06-01T00:00:00Z'));
    const old = await event('BOOKING_EVENT', '1999-01-01T00:00:00Z');
    const oldHeartbeat = await event('HEARTBEAT', '1999-01-01T00:00:00Z');
    const future = await event('VEHICLE_STATUS', '2026-06-05T09:00:00Z');
    const farFuture = await event('BOOKING_EVENT', '2099-12-31T23:00:00Z');
    expect(await partitionOf(old.id)).toBe('events_booking_event_default');
    expect(await partitionOf(oldHeartbeat.id)).toBe('events_heartbeat_default');
    expect(await partitionOf(future.id)).toBe('events_vehicle_status_default');
    expect(await partitionOf(farFuture.id)).toBe('events_booking_event_default');

    const later = await upkeepEventPartitions(t.database.db, { retentionDays: RETENTION, aheadDays: 1 }, new Date('2026-06-04T12:00:00Z'));
    expect(later.created).toContain('events_vehicle_status_2026_06_05');
    expect(await partitionOf(future.id)).toBe('events_vehicle_status_2026_06_05');
    // Kept types keep an odd clock's rows in their DEFAULT partition; short-lived ones let them expire there too.
    expect(await partitionOf(old.id)).toBe('events_booking_event_default');
    expect(await partitionOf(farFuture.id)).toBe('events_booking_event_default');
    expect(await partitionOf(oldHeartbeat.id)).toBeUndefined();
    expect(later.expiredStrays).toBe(1);
  });

  it('answers the event searches across day, month and DEFAULT partitions', async () => {
    setTestNow('2026-07-15T12:00:00Z');
    const db = t.database.db;
    await upkeepEventPartitions(db, { retentionDays: RETENTION, aheadDays: 2 }, new Date('2026-07-14T00:00:00Z'));
    await createStaff(db, 'fjord', 'support', 'support-demo');
    const kari = await createUser(db, 'fjord', { username: 'kari' });
    const vehicle = await createVehicle(db, 'fjord');
    const { bid } = await createBooking(db, 'fjord', {
      userId: kari.id,
      contractId: (await createContract(db, 'fjord')).id,
      poolId: (await createPool(db, 'fjord')).id,
      vehicleId: vehicle.id,
    });
    const subject = { vin: vehicle.vin, bid, affectedUsername: 'kari' };
    await event('HEARTBEAT', '2026-07-14T10:00:00Z', subject); // a day partition
    await event('VEHICLE_STATUS', '2026-07-15T10:00:00Z', subject); // a day partition
    await event('BOOKING_EVENT', '2026-07-15T11:00:00Z', subject); // a month partition
    await event('PAYMENT_ACTION', '2026-07-10T11:00:00Z', subject); // a month partition, before the days
    await event('HEARTBEAT', '2026-07-01T11:00:00Z', subject); // DEFAULT: before the first day
    await event('BOOKING_EVENT', '2026-07-15T11:30:00Z', { vin: 'OTHERVIN0000000', bid: 'B-OTHER' });
    const token = await login(t.app, 'support', 'support-demo');
    const period = `startDate=2026-06-30T00:00:00Z&endDate=2026-07-16T00:00:00Z&pageSize=50`;
    const search = async (qs: string) => {
      const res = await t.app.inject({ method: 'GET', url: `/api/events?${qs}&${period}`, headers: { authorization: authToken(token) } });
      expect(res.statusCode).toBe(200);
      return ZEventSearchResponse.parse(res.json()).results.map((row) => row.type);
    };
    const all = ['BOOKING_EVENT', 'VEHICLE_STATUS', 'HEARTBEAT', 'PAYMENT_ACTION', 'HEARTBEAT'];
    const groups = 'groups=BOOKING,VEHICLE,PAYMENT,HEARTBEAT';
    expect(await search(`vin=${vehicle.vin}&${groups}`)).toEqual(all);
    expect(await search(`bid=${bid}&${groups}`)).toEqual(all);
    expect(await search(`user=kari&role=AFFECTED&${groups}`)).toEqual(all);
    expect(await search(`user=kari&role=ACTING&${groups}`)).toEqual([]);
    expect(await search(`vin=${vehicle.vin}&groups=HEARTBEAT`)).toEqual(['HEARTBEAT', 'HEARTBEAT']);
    expect(await search(`vin=${vehicle.vin}&groups=VEHICLE,PAYMENT`)).toEqual(['VEHICLE_STATUS', 'PAYMENT_ACTION']);
  });
});

/** A database with the migrations up to `last` applied: PostgreSQL with TEST_DATABASE_URL, else PGlite. */
async function unmigratedDatabase() {
  const folder = mkdtempSync(path.join(tmpdir(), 'fleetdesk-migrations-'));
  cpSync(MIGRATIONS_FOLDER, folder, { recursive: true });
  const journalFile = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
  const upTo = (last: string) => {
    writeFileSync(
      journalFile,
      JSON.stringify({ ...journal, entries: journal.entries.slice(0, journal.entries.findIndex((e) => e.tag === last) + 1) }),
    );
  };
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    const name = `fleetdesk_migration_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    const db = drizzlePg(client);
    return {
      query: async <T>(text: string) => (await client.query(text)).rows as T[],
      migrate: async (last: string) => {
        upTo(last);
        await migratePg(db, { migrationsFolder: folder });
      },
      close: async () => {
        await client.end();
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.end();
        rmSync(folder, { recursive: true, force: true });
      },
    };
  }
  const client = await PGlite.create({ extensions: { pg_trgm, btree_gist } });
  const db = drizzlePglite(client);
  return {
    query: async <T>(text: string) => (await client.query<T>(text)).rows,
    migrate: async (last: string) => {
      upTo(last);
      await migratePglite(db, { migrationsFolder: folder });
    },
    close: async () => {
      await client.close();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

describe('migration 0018', () => {
  it('moves the existing events into monthly partitions and keeps ids, tx, the sequence and the announcement', async () => {
    const database = await unmigratedDatabase();
    try {
      await database.migrate('0017_live_commit_order');
      await database.query(`insert into fleets (id, name, country, currency, default_language, time_zone)
        values ('fjord', 'Fjord', 'NO', 'NOK', 'nb', 'Europe/Oslo')`);
      await database.query(`insert into events (fleet_id, occurred, type, type_group, display_text, vin) values
        ('fjord', '2025-11-30 23:30:00+00', 'HEARTBEAT', 'HEARTBEAT', 'a', 'VIN1'),
        ('fjord', '2026-01-02 10:00:00+00', 'BOOKING_EVENT', 'BOOKING', 'b', 'VIN1'),
        ('fjord', '2026-01-03 10:00:00+00', 'VEHICLE_STATUS', 'VEHICLE', 'c', 'VIN2')`);
      const before = await database.query<{ id: string; tx: string | null }>('select id::text, tx::text from events order by id');

      await database.migrate('0018_event_partitions');
      const after = await database.query<{ id: string; tx: string | null; part: string }>(
        'select id::text, tx::text, tableoid::regclass::text as part from events order by id',
      );
      expect(after.map(({ id, tx }) => ({ id, tx }))).toEqual(before);
      expect(after.map((row) => row.part)).toEqual(['events_heartbeat_2025_11', 'events_booking_event_2026_01', 'events_vehicle_status_2026_01']);
      // Every type has the months from the oldest event to the newest, and a DEFAULT.
      const parts = (
        await database.query<{ name: string }>(
          `select relname as name from pg_class where relname like 'events_booking_event%' and relkind in ('r', 'p') order by 1`,
        )
      ).map((row) => row.name);
      expect(parts).toEqual([
        'events_booking_event',
        'events_booking_event_2025_11',
        'events_booking_event_2025_12',
        'events_booking_event_2026_01',
        'events_booking_event_default',
      ]);

      // New rows continue the sequence and record their transaction; the announcement trigger is on the new table.
      const [inserted] = await database.query<{
        id: string;
        tx: string | null;
      }>(`insert into events (fleet_id, occurred, type, type_group, display_text)
        values ('fjord', '2030-01-01 00:00:00+00', 'USER_ACTION', 'USER_ACTION', 'd') returning id::text, tx::text`);
      expect(Number(inserted!.id)).toBeGreaterThan(Number(before.at(-1)!.id));
      expect(inserted!.tx).not.toBeNull();
      const triggers = await database.query<{ tgname: string }>(
        `select tgname from pg_trigger where tgrelid = 'events'::regclass and not tgisinternal`,
      );
      expect(triggers.map((row) => row.tgname)).toEqual(['events_announce']);
    } finally {
      await database.close();
    }
  });
});
