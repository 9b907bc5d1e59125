import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { loadConfig, type Config } from '../../src/config.ts';
import { openDatabase, type Database } from '../../src/db/client.ts';
import type { App } from '../../src/http/context.ts';
import type { PaymentProvider } from '../../src/integrations/payments/provider.ts';

export interface TestApp {
  app: App;
  database: Database;
  config: Config;
  /** On PostgreSQL (TEST_DATABASE_URL): the URL of this test's database, for a second server copy on it. */
  databaseUrl?: string;
  close(): Promise<void>;
}

/**
 * A server over a fresh, migrated database: in-memory PGlite by default, or a new database
 * on the PostgreSQL server of TEST_DATABASE_URL (dropped again on close).
 */
export async function createTestApp(env: Record<string, string> = {}, opts: { payments?: PaymentProvider } = {}): Promise<TestApp> {
  // Uploads go to a temporary directory; the simulator answers at once and never fails unless a test says so.
  const storageDir = mkdtempSync(path.join(tmpdir(), 'fleetdesk-test-'));
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    STORAGE_DIR: storageDir,
    SIMULATOR_MIN_DELAY_MS: '0',
    SIMULATOR_MAX_DELAY_MS: '10',
    SIMULATOR_FAILURE_RATE: '0',
    SIMULATOR_TIMEOUT_RATE: '0',
    SIMULATOR_TICK_SECONDS: '0',
    ...env,
  } as NodeJS.ProcessEnv);
  const adminUrl = process.env.TEST_DATABASE_URL;
  let dropDatabase = async () => {};
  let database: Database;
  let databaseUrl: string | undefined;
  if (adminUrl) {
    const name = `fleetdesk_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    // A copy of the migrated template (support/global-setup.ts); the migrations below then find nothing to do.
    const template = inject('postgresTemplateDatabase');
    await admin.query(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    database = await openDatabase({ url: databaseUrl, dataDir: 'memory://' });
    dropDatabase = async () => {
      const a = new pg.Client({ connectionString: adminUrl });
      await a.connect();
      // Let the pool's connections finish closing before the drop, so none is killed mid-goodbye.
      for (let i = 0; i < 50; i++) {
        const { rows } = await a.query<{ n: number }>('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1', [name]);
        if ((rows[0]?.n ?? 0) === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.end();
    };
  } else {
    database = await openTestDatabase();
  }
  const app = await buildApp({
    config,
    db: database.db,
    serveWeb: Boolean(env.WEB_DIST),
    notifications: database,
    ...(opts.payments ? { payments: opts.payments } : {}),
  });
  await app.ready();
  return {
    app,
    database,
    config,
    ...(databaseUrl ? { databaseUrl } : {}),
    async close() {
      await app.close();
      await database.close();
      await dropDatabase();
      rmSync(storageDir, { recursive: true, force: true });
    },
  };
}

/**
 * Another server copy on the database of `first` (PostgreSQL only), as a second process of a deployment would be: its
 * own pool and LISTEN connection, the same configuration. Closing it leaves the database to `first`.
 */
export async function createSecondCopy(first: TestApp): Promise<TestApp> {
  if (!first.databaseUrl) throw new Error('a second server copy needs PostgreSQL (TEST_DATABASE_URL)');
  const database = await openDatabase({ url: first.databaseUrl, dataDir: 'memory://' });
  const app = await buildApp({ config: first.config, db: database.db, serveWeb: false, notifications: database });
  await app.ready();
  return {
    app,
    database,
    config: first.config,
    databaseUrl: first.databaseUrl,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

let template: Blob | undefined;

/**
 * A fresh in-memory PGlite database, migrated: a copy of the suite's migrated template (support/global-setup.ts), so
 * that neither initdb nor the migrations run again for each test file.
 */
export async function openTestDatabase(): Promise<Database> {
  template ??= new Blob([readFileSync(inject('pgliteTemplateFile'))]);
  return openDatabase({ dataDir: 'memory://', pgliteTemplate: template });
}

export const basic = (username: string, password: string) => `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;
export const authToken = (token: string) => `AUTH-TOKEN ${token}`;

/** Logs in through the API and returns the token. */
export async function login(app: App, username: string, password: string): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/auth', headers: { authorization: basic(username, password) } });
  if (res.statusCode !== 200) throw new Error(`login ${username} failed: ${res.statusCode} ${res.body}`);
  return (res.json() as { token: string }).token;
}
