import { accessSync, constants, mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { pgliteSharedBuffers } from '../config.ts';
import { acquireDataDirLock, DatabaseStartupError, fileSystemReason, type DataDirLock } from './data-dir-lock.ts';
import { MIGRATIONS_FOLDER } from './migrations.ts';
import { postgresNotifications, type Notifications } from './notifications.ts';
import { createResilientPool, DEFAULT_POOL_SETTINGS, SILENT_DATABASE_LOG, type DatabaseLog, type PoolSettings } from './resilient-pool.ts';
import * as schema from './schema.ts';
import { describeDatabaseError } from './sql-state.ts';

export { DatabaseStartupError } from './data-dir-lock.ts';
export type { DatabaseLog, PoolSettings } from './resilient-pool.ts';
export type { Notifications } from './notifications.ts';

/** The database handle services take. A transaction (`tx`) has the same type. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database extends Notifications {
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * Applies the committed migrations. On PostgreSQL this runs on a connection of its own without statement_timeout (a
   * migration may be slow) and under an advisory lock, so N server copies migrate one at a time; `whileLocked` (the
   * demo seed) runs after the migrations, still under that lock, so only one copy seeds an empty database.
   */
  migrate(whileLocked?: () => Promise<void>): Promise<void>;
  /**
   * Runs SQL text as given, for a library that brings its own (the job queue, src/jobs/): with `values`, one statement
   * with $1… parameters; without, one or more statements. Answers the (last) statement's rows.
   */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  /** PGlite only: a dump of the data directory, which `pgliteTemplate` takes back (the tests' migrated template). */
  dumpDataDir?(): Promise<Blob>;
  /** Closes the pool or PGlite, and releases PGlite's data-directory lock. */
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** PostgreSQL connection URL; without it PGlite in `dataDir` ('memory://' for an in-memory database). */
  url?: string;
  dataDir: string;
  /** The server's logger (connection losses, retries); silent when not given. */
  log?: DatabaseLog;
  /** PostgreSQL only: pool size and timeouts (DEFAULT_POOL_SETTINGS for what is not given). */
  pool?: Partial<PoolSettings>;
  /** PGlite only: PostgreSQL's shared_buffers, e.g. '16MB'; unset: PGLITE_SHARED_BUFFERS from the environment (config.ts). */
  pgliteSharedBuffers?: string;
  /**
   * PGlite only, in memory only: start from this dump of a data directory (PGlite's dumpDataDir) instead of running
   * initdb. The tests start each database from one migrated template this way (test/support/global-setup.ts): initdb
   * and the migrations take about 6 s a database, loading the dump about 1 s.
   */
  pgliteTemplate?: Blob;
}

const MIGRATION_LOCK_KEY = 7_301_977; // advisory lock id: N server copies migrate one at a time

/**
 * Opens the database and applies the committed migrations: what the command-line tools and the tests use. The server
 * uses connectDatabase and migrates itself, so that it can serve /api/health while PostgreSQL is away.
 */
export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  const database = await connectDatabase(opts);
  try {
    await database.migrate();
  } catch (err) {
    await database.close().catch(() => undefined);
    throw err;
  }
  return database;
}

/**
 * Opens the database without migrating. PostgreSQL: creates the pool (no connection is made yet, so this works while
 * the server is unreachable). PGlite: takes the data directory's lock and opens it; a directory in use by another
 * server, or one that cannot be read and written, is a DatabaseStartupError with a one-line message.
 */
export async function connectDatabase(opts: DatabaseOptions): Promise<Database> {
  const log = opts.log ?? SILENT_DATABASE_LOG;
  if (opts.url) return connectPostgres(opts.url, { ...DEFAULT_POOL_SETTINGS, ...opts.pool }, log);
  return openPglite(opts.dataDir, opts.pgliteSharedBuffers ?? pgliteSharedBuffers(), opts.pgliteTemplate);
}

function connectPostgres(url: string, settings: PoolSettings, log: DatabaseLog): Database {
  const pool = createResilientPool(url, settings, log);
  let closed: Promise<void> | undefined;
  return {
    db: drizzlePg(pool, { schema }) as unknown as Db,
    kind: 'postgres',
    ...postgresNotifications(url, settings.connectTimeoutMs, log),
    async executeSql(text, values) {
      if (values?.length) return { rows: (await pool.query(text, values)).rows as unknown[] };
      // Several statements, maybe with their own BEGIN … COMMIT: a failure must not hand the connection back to the pool
      // inside an aborted transaction.
      const client = await pool.connect();
      try {
        const result = (await client.query(text)) as pg.QueryResult | pg.QueryResult[];
        return { rows: ((Array.isArray(result) ? result.at(-1) : result)?.rows ?? []) as unknown[] };
      } catch (err) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw err;
      } finally {
        client.release();
      }
    },
    async migrate(whileLocked) {
      const client = new pg.Client({
        connectionString: url,
        connectionTimeoutMillis: settings.connectTimeoutMs,
        keepAlive: true,
        application_name: 'fleetdesk-migrate',
      });
      client.on('error', (err) => log.warn({ cause: describeDatabaseError(err) }, 'database connection of the migration lost'));
      await client.connect();
      try {
        await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        await migratePg(drizzlePg(client, { schema }), { migrationsFolder: MIGRATIONS_FOLDER });
        await whileLocked?.();
      } finally {
        // Ending the session releases the advisory lock, also when the connection is already gone.
        await client.end().catch(() => undefined);
      }
    },
    close: () => (closed ??= pool.end()),
  };
}

/**
 * PGlite runs PostgreSQL inside this process's WebAssembly memory, which never shrinks: whatever PostgreSQL touches
 * stays resident (bench/README.md, "memory"). Its default shared_buffers of 128 MB is touched as a whole and grows that
 * memory; one process with one connection on a small database needs far less (the demo's data is about 13 MB, and the
 * operating system's page cache holds the files). PGLITE_SHARED_BUFFERS (config.ts), 16MB by default, took about
 * 150 MiB off the idle server. PGlite's own start parameters (single-user mode, no fsync, no parallel workers) stay; it
 * is added after them. initdb gets it too: it writes it into a new directory's postgresql.conf, and its own PostgreSQL
 * runs use it (about 60 MiB off the peak of a first start).
 */
const pgliteStartParams = (sharedBuffers: string) => [...PGlite.defaultStartParams, '-c', `shared_buffers=${sharedBuffers}`];
const pgliteInitDbParams = (sharedBuffers: string) => ['-c', `shared_buffers=${sharedBuffers}`];

async function openPglite(dataDir: string, sharedBuffers: string, template?: Blob): Promise<Database> {
  const inMemory = dataDir === 'memory://';
  let lock: DataDirLock | undefined;
  if (!inMemory) {
    try {
      mkdirSync(dataDir, { recursive: true });
    } catch (err) {
      throw new DatabaseStartupError(
        `Cannot create the data directory ${dataDir}: ${fileSystemReason(err)}. Set DATA_DIR to a directory this user can read and write.`,
      );
    }
    lock = acquireDataDirLock(dataDir);
    try {
      accessSync(dataDir, constants.R_OK | constants.W_OK | constants.X_OK);
    } catch (err) {
      lock.release();
      throw new DatabaseStartupError(
        `Cannot use the data directory ${dataDir}: ${fileSystemReason(err)}. Set DATA_DIR to a directory this user can read and write.`,
      );
    }
  }
  let client: PGlite;
  try {
    client = await PGlite.create(inMemory ? undefined : dataDir, {
      extensions: { pg_trgm, btree_gist },
      startParams: pgliteStartParams(sharedBuffers),
      initDbStartParams: pgliteInitDbParams(sharedBuffers),
      ...(template && inMemory ? { loadDataDir: template } : {}),
    });
  } catch (err) {
    lock?.release();
    throw new DatabaseStartupError(
      `PGlite could not open the database in ${dataDir}: ${err instanceof Error ? err.message : String(err)}. If the directory holds other files or a damaged database, set DATA_DIR to an empty directory.`,
    );
  }
  const db = drizzlePglite(client, { schema });
  let closed: Promise<void> | undefined;
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    async executeSql(text, values) {
      if (values?.length) return { rows: (await client.query(text, values)).rows };
      // Several statements (a library's migration): the simple protocol, as node-postgres sends text without values. PGlite
      // is one session for the whole process: a failure inside the text's own BEGIN … COMMIT must not leave it in an
      // aborted transaction for the next query.
      try {
        const results = await client.exec(text);
        return { rows: results.at(-1)?.rows ?? [] };
      } catch (err) {
        await client.exec('ROLLBACK').catch(() => undefined);
        throw err;
      }
    },
    // In-process: NOTIFY reaches PGlite's own listeners; there is no connection to lose.
    async listen(channel, onPayload) {
      const unlisten = await client.listen(channel, onPayload);
      return () => unlisten();
    },
    async migrate(whileLocked) {
      await migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER });
      await whileLocked?.();
    },
    dumpDataDir: () => client.dumpDataDir('none'),
    close: () => (closed ??= client.close().finally(() => lock?.release())),
  };
}
