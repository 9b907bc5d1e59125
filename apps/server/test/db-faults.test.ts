import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MESSAGE_IDS, ZErrorEnvelope } from '@fleetdesk/contract';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { connectDatabase, type Database } from '../src/db/client.ts';
import { committedMigrations } from '../src/db/migrations.ts';
import { alarms } from '../src/db/schema.ts';
import type { App } from '../src/http/context.ts';
import { createLogger } from '../src/logger.ts';
import { READINESS_TIMEOUT_MS } from '../src/modules/health/readiness.ts';
import { startServer } from '../src/server.ts';
import { createBooking, createContract, createFleet, createPool, createStaff, createUser, createVehicle } from './support/factories.ts';
import { authToken, createTestApp, login, type TestApp } from './support/test-app.ts';

/**
 * The database going away under a running server, on a real PostgreSQL (runs only with TEST_DATABASE_URL; see
 * vitest.config.ts): connections terminated mid-request, a server that stops answering or refuses connections, and a
 * start while it is unreachable. docs/decisions/0037-production-operations.md.
 */
const adminUrl = process.env.TEST_DATABASE_URL!;

const processFailures: unknown[] = [];
const recordFailure = (err: unknown) => void processFailures.push(err);

let t: TestApp;
let token: string;
let databaseName: string;
let fixture: { userId: number; contractId: number; poolId: number; vehicleId: number };

beforeAll(async () => {
  process.on('uncaughtException', recordFailure);
  process.on('unhandledRejection', recordFailure);
  t = await createTestApp();
  const db = t.database.db;
  await createFleet(db, 'faultfleet');
  await createStaff(db, 'faultfleet', 'kari.fault', 'a-long-staff-password');
  const customer = await createUser(db, 'faultfleet');
  const contract = await createContract(db, 'faultfleet');
  const pool = await createPool(db, 'faultfleet');
  const vehicle = await createVehicle(db, 'faultfleet', { poolId: pool.id });
  fixture = { userId: customer.id, contractId: contract.id, poolId: pool.id, vehicleId: vehicle.id };
  token = await login(t.app, 'kari.fault', 'a-long-staff-password');
  const result: unknown = await db.execute(sql`select current_database() as name`);
  databaseName = (result as { rows: { name: string }[] }).rows[0]!.name;
});
afterAll(async () => {
  await t.close();
  process.off('uncaughtException', recordFailure);
  process.off('unhandledRejection', recordFailure);
});

/** A client of the test database (not the app's pool), for locks and pg_terminate_backend. */
async function adminClient(database = databaseName): Promise<pg.Client> {
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  const client = new pg.Client({ connectionString: url.toString() });
  // Its own session may be terminated too: that must not crash the test run either.
  client.on('error', () => undefined);
  await client.connect();
  return client;
}

interface Answer {
  statusCode: number;
  body: string;
}

function expectUnavailableEnvelope(answer: Answer) {
  expect(answer.statusCode, answer.body).toBe(503);
  expect(ZErrorEnvelope.parse(JSON.parse(answer.body))).toMatchObject({ httpCode: 503, messageId: MESSAGE_IDS.unavailable });
}

/** Resolves with the answer, or fails when it has not arrived within `ms` (the test's own timer, a bound). */
async function answeredWithin<T>(ms: number, answer: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([answer, late]);
  } finally {
    clearTimeout(timer);
  }
}

describe('connections terminated while requests are in flight', () => {
  it('answers every request with 2xx or a 503 envelope, retries the reads, stays up, and serves afterwards', async () => {
    const db = t.database.db;
    // Unallocated bookings (the vehicle is for the alarms), so they cannot overlap on it.
    const refs = { userId: fixture.userId, contractId: fixture.contractId, poolId: fixture.poolId };
    const reads = await Promise.all([1, 2, 3].map(() => createBooking(db, 'faultfleet', refs)));
    const toCancel = await Promise.all([1, 2, 3].map(() => createBooking(db, 'faultfleet', refs)));
    const toAcknowledge = await db
      .insert(alarms)
      .values(
        [1, 2].map(() => ({
          fleetId: 'faultfleet',
          name: 'KEY_HOLDER' as const,
          state: 'TRIGGERED' as const,
          vehicleId: fixture.vehicleId,
          primaryObject: 'vehicle',
        })),
      )
      .returning();
    const auth = { authorization: authToken(token) };

    // Hold the bookings and alarms tables, so that the requests touching them are certainly in flight (waiting on the
    // lock) when their connections are terminated.
    const holder = await adminClient();
    const killer = await adminClient();
    const holderPid = (await holder.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;
    await holder.query('begin');
    await holder.query('lock table bookings, alarms in access exclusive mode');

    const blocked = {
      // Single read-only statements outside a transaction: retried on a fresh connection, so they succeed.
      reads: reads.map((b) => t.app.inject({ method: 'GET', url: `/api/bookings/${b.bid}`, headers: auth })),
      // Transactions (select … for update, update, event): never retried, so they answer 503.
      cancels: toCancel.map((b) =>
        t.app.inject({ method: 'DELETE', url: `/api/bookings/${b.bid}`, headers: auth, payload: { reason: 'Fault test' } }),
      ),
      acknowledges: toAcknowledge.map((a) => t.app.inject({ method: 'PUT', url: `/api/alarms/${a.id}/acknowledge`, headers: auth })),
    };
    const others = [
      ...[1, 2, 3, 4].map(() => t.app.inject({ method: 'GET', url: '/api/fleets/faultfleet', headers: auth })),
      ...[1, 2].map(() => t.app.inject({ method: 'GET', url: '/api/config' })),
      ...[1, 2].map(() => t.app.inject({ method: 'GET', url: '/api/health' })),
      ...[1, 2].map(() => t.app.inject({ method: 'GET', url: '/api/ready' })),
    ];
    const lockWaiters = blocked.reads.length + blocked.cancels.length + blocked.acknowledges.length;

    // Wait (bounded) until all eight wait on the lock.
    let waiting = 0;
    for (let attempt = 0; attempt < 300 && waiting < lockWaiters; attempt++) {
      const { rows } = await killer.query<{ n: number }>(
        "select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and pid <> $1",
        [holderPid],
      );
      waiting = rows[0]!.n;
      if (waiting < lockWaiters) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(waiting).toBe(lockWaiters);

    const { rows: terminated } = await killer.query<{ ok: boolean }>(
      'select pg_terminate_backend(pid) as ok from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and pid <> $1',
      [holderPid],
    );
    expect(terminated.length).toBeGreaterThanOrEqual(lockWaiters);
    await holder.query('rollback');
    await holder.end();
    await killer.end();

    const [reads200, cancels, acknowledges, rest] = await Promise.all([
      Promise.all(blocked.reads),
      Promise.all(blocked.cancels),
      Promise.all(blocked.acknowledges),
      Promise.all(others),
    ]);
    for (const answer of reads200) expect(answer.statusCode, answer.body).toBe(200);
    for (const answer of [...cancels, ...acknowledges]) expectUnavailableEnvelope(answer);
    for (const answer of rest) {
      if (answer.statusCode === 503) expectUnavailableEnvelope(answer);
      else expect(answer.statusCode, answer.body).toBe(200);
    }
    expect(processFailures).toEqual([]);

    // No restart: the same app serves, on new connections, and nothing was half-written.
    for (const b of toCancel) {
      const again = await t.app.inject({ method: 'DELETE', url: `/api/bookings/${b.bid}`, headers: auth, payload: { reason: 'Fault test' } });
      expect(again.statusCode, again.body).toBe(200);
    }
    for (const a of toAcknowledge)
      expect((await t.app.inject({ method: 'PUT', url: `/api/alarms/${a.id}/acknowledge`, headers: auth })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
  });
});

/** A TCP proxy in front of the test's PostgreSQL that can stop answering (black hole) or refuse connections (closed). */
class DatabaseProxy {
  private readonly sockets = new Set<net.Socket>();
  private blackHole = false;
  private server: net.Server | undefined;
  port = 0;

  constructor(private readonly target: { host: string; port: number }) {}

  async open(): Promise<void> {
    this.blackHole = false;
    const server = net.createServer((client) => this.accept(client));
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    this.port = (server.address() as net.AddressInfo).port;
    this.server = server;
  }

  url(database: string): string {
    const url = new URL(adminUrl);
    url.host = `127.0.0.1:${this.port}`;
    url.pathname = `/${database}`;
    return url.toString();
  }

  /** Accepts connections but never passes a byte on; the connections it had die. */
  stopAnswering(): void {
    this.blackHole = true;
    this.dropConnections();
  }

  /** Refuses connections (ECONNREFUSED). */
  async close(): Promise<void> {
    this.dropConnections();
    const server = this.server;
    this.server = undefined;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private dropConnections() {
    for (const socket of this.sockets) socket.destroy();
    this.sockets.clear();
  }

  private track(socket: net.Socket) {
    this.sockets.add(socket);
    socket.on('close', () => this.sockets.delete(socket));
    socket.on('error', () => undefined);
  }

  private accept(client: net.Socket) {
    this.track(client);
    if (this.blackHole) return;
    const upstream = net.connect(this.target.port, this.target.host);
    this.track(upstream);
    upstream.on('close', () => client.destroy());
    client.on('close', () => upstream.destroy());
    client.pipe(upstream).pipe(client);
  }
}

const postgresTarget = () => {
  const url = new URL(adminUrl);
  return { host: url.hostname, port: Number(url.port || 5432) };
};

describe('a database that stops answering or refuses connections', () => {
  const CONNECT_TIMEOUT_MS = 1_000;
  /** What the test allows on top of a configured timeout before calling the answer late. */
  const MARGIN_MS = 1_500;
  const proxy = new DatabaseProxy(postgresTarget());
  let database: Database;
  let app: App;
  let storageDir: string;
  let viaProxyToken: string;

  beforeAll(async () => {
    await proxy.open();
    storageDir = mkdtempSync(path.join(tmpdir(), 'fleetdesk-faults-'));
    const config = loadConfig({ LOG_LEVEL: 'silent', STORAGE_DIR: storageDir, SIMULATOR_TICK_SECONDS: '0' } as NodeJS.ProcessEnv);
    database = await connectDatabase({
      url: proxy.url(databaseName),
      dataDir: 'memory://',
      pool: { max: 4, connectTimeoutMs: CONNECT_TIMEOUT_MS, statementTimeoutMs: 2_000 },
    });
    app = await buildApp({ config, db: database.db, serveWeb: false });
    await app.ready();
    viaProxyToken = await login(app, 'kari.fault', 'a-long-staff-password');
  });
  afterAll(async () => {
    await app.close();
    await database.close();
    await proxy.close();
    rmSync(storageDir, { recursive: true, force: true });
  });

  const fleet = () => app.inject({ method: 'GET', url: '/api/fleets/faultfleet', headers: { authorization: authToken(viaProxyToken) } });

  it('answers 503 envelopes within the connect timeout when the server stops answering; liveness stays 200', async () => {
    expect((await fleet()).statusCode).toBe(200);
    proxy.stopAnswering();

    expect((await answeredWithin(1_000, app.inject({ method: 'GET', url: '/api/health' }))).statusCode).toBe(200);
    expectUnavailableEnvelope(await answeredWithin(CONNECT_TIMEOUT_MS + MARGIN_MS, fleet()));
    const ready = await answeredWithin(READINESS_TIMEOUT_MS + MARGIN_MS, app.inject({ method: 'GET', url: '/api/ready' }));
    expectUnavailableEnvelope(ready);
    expect(ZErrorEnvelope.parse(ready.json()).errors).toEqual([{ field: 'database', message: 'The database does not answer' }]);
    expect(processFailures).toEqual([]);
  });

  it('answers 503 envelopes at once when connections are refused, and recovers without a restart', async () => {
    await proxy.close();
    const refused = await answeredWithin(MARGIN_MS, fleet());
    expectUnavailableEnvelope(refused);
    expect(refused.headers['retry-after']).toBe('5');
    expectUnavailableEnvelope(await answeredWithin(MARGIN_MS, app.inject({ method: 'GET', url: '/api/ready' })));
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);

    await proxy.open();
    expect((await fleet()).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
    expect(processFailures).toEqual([]);
  });
});

describe('starting while PostgreSQL is unreachable', () => {
  const proxy = new DatabaseProxy(postgresTarget());
  const name = `fleetdesk_test_startup_${randomBytes(6).toString('hex')}`;
  let storageDir: string;

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    storageDir = mkdtempSync(path.join(tmpdir(), 'fleetdesk-startup-'));
    // A port that refuses connections: the proxy's, closed until PostgreSQL "comes back".
    await proxy.open();
    await proxy.close();
  });
  afterAll(async () => {
    await proxy.close();
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
    rmSync(storageDir, { recursive: true, force: true });
  });

  it('serves health 200, ready and the API 503, then migrates in the background and serves once PostgreSQL answers', async () => {
    const config = loadConfig({
      DATABASE_URL: proxy.url(name),
      PORT: '0',
      HOST: '127.0.0.1',
      SEED: 'none',
      LOG_LEVEL: 'silent',
      STORAGE_DIR: storageDir,
      SIMULATOR_TICK_SECONDS: '0',
      DB_CONNECT_TIMEOUT_MS: '1000',
    } as NodeJS.ProcessEnv);
    const server = await answeredWithin(10_000, startServer({ config, logger: createLogger(config), retry: { firstDelayMs: 50, maxDelayMs: 200 } }));
    try {
      const get = async (url: string) => {
        const res = await answeredWithin(2_000, fetch(`${server.url}${url}`));
        return { statusCode: res.status, body: await res.text() };
      };
      expect(await get('/api/health')).toEqual({ statusCode: 200, body: '{"status":"ok"}' });
      const ready = await get('/api/ready');
      expectUnavailableEnvelope(ready);
      expect(ZErrorEnvelope.parse(JSON.parse(ready.body)).errors.map((e) => e.field)).toEqual(['database']);
      expectUnavailableEnvelope(await get('/api/fleets/faultfleet'));

      await proxy.open();
      await answeredWithin(20_000, server.databaseReady);
      const readyNow = await get('/api/ready');
      expect(readyNow.statusCode, readyNow.body).toBe(200);
      expect(JSON.parse(readyNow.body)).toEqual({ status: 'ready', migrations: committedMigrations().length });
      expect((await get('/api/fleets/faultfleet')).statusCode).toBe(401);
      expect(processFailures).toEqual([]);
    } finally {
      await server.close();
    }
  });
});
