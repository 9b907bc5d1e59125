import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import { buildApp } from './app.ts';
import type { Config } from './config.ts';
import { connectDatabase, type Database, type PoolSettings } from './db/client.ts';
import { describeDatabaseError, isDatabaseUnavailable } from './db/sql-state.ts';
import type { App } from './http/context.ts';
import { startJobRunner } from './jobs/job-runner.ts';
import { serverJobs } from './jobs/server-jobs.ts';
import { buildStandbyApp } from './modules/health/standby-app.ts';
import { isDatabaseEmpty } from './seed/empty.ts';

/** Waiting between attempts to reach PostgreSQL at start: doubling from `firstDelayMs` up to `maxDelayMs`. */
export interface StartRetry {
  firstDelayMs: number;
  maxDelayMs: number;
}
export const DEFAULT_START_RETRY: StartRetry = { firstDelayMs: 1_000, maxDelayMs: 30_000 };

export interface StartOptions {
  config: Config;
  logger: FastifyBaseLogger;
  retry?: StartRetry;
}

export interface RunningServer {
  /** Where it listens, e.g. http://127.0.0.1:3000. */
  url: string;
  /**
   * Settles when the database is migrated (and seeded) and the full app serves: at once for PGlite and a reachable
   * PostgreSQL, later when PostgreSQL was away at start. Rejects when preparing it failed for another reason than an
   * unreachable database (a broken migration): the process should stop then.
   */
  databaseReady: Promise<void>;
  /** Stops accepting, lets requests in flight finish, stops the timers and closes the database (and PGlite's lock). */
  close(): Promise<void>;
}

export const poolSettingsOf = (config: Config): PoolSettings => ({
  max: config.DB_POOL_MAX,
  connectTimeoutMs: config.DB_CONNECT_TIMEOUT_MS,
  statementTimeoutMs: config.DB_STATEMENT_TIMEOUT_MS,
});

async function seedDemoIfEmpty(database: Database, config: Config, logger: FastifyBaseLogger) {
  if (config.SEED !== 'demo' || !(await isDatabaseEmpty(database.db))) return;
  // Loaded only to seed: a server started on existing data never holds the seed code and faker's locales in memory.
  const { seedDemo } = await import('./seed/demo.ts');
  const summary = await seedDemo(database.db);
  logger.info({ counts: summary.counts }, 'seeded the demo operators into the empty database');
}

/** The background jobs of a serving process, on pg-boss: each runs once across the server copies (src/jobs/). */
function startJobs(config: Config, database: Database, app: App): () => Promise<void> {
  const runner = startJobRunner(database, serverJobs(config, database.db), app.log);
  return () => runner.stop();
}

/**
 * Starts the server (main.ts): opens the database, migrates it (seeding the demo into an empty one when SEED=demo),
 * builds the app and listens.
 *
 * PGlite, or PostgreSQL that answers: as it says, before listening. PostgreSQL that cannot be reached: the process does
 * not crash-loop; it listens at once with the standby app (/api/health 200, /api/ready 503, every other /api route a
 * 503 envelope), retries with a growing back-off, and when the migrations are applied hands the same socket over to
 * the full app. The advisory lock around the migrations keeps N copies that start together safe.
 */
export async function startServer({ config, logger, retry = DEFAULT_START_RETRY }: StartOptions): Promise<RunningServer> {
  const database = await connectDatabase({ url: config.DATABASE_URL, dataDir: config.dataDir, log: logger, pool: poolSettingsOf(config) });
  const where = config.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`;

  /** Migrates, seeds, builds the full app and readies it; the app is closed again when a step fails. */
  const prepare = async (): Promise<App> => {
    await database.migrate(() => seedDemoIfEmpty(database, config, logger));
    const app = await buildApp({ config, db: database.db, logger, notifications: database });
    try {
      await app.ready();
    } catch (err) {
      await app.close().catch(() => undefined);
      throw err;
    }
    return app;
  };

  let app: App;
  try {
    app = await prepare();
  } catch (err) {
    if (database.kind === 'postgres' && isDatabaseUnavailable(err)) return startOnStandby({ config, logger, retry }, database, prepare, err);
    await database.close().catch(() => undefined);
    throw err;
  }
  const stopJobs = startJobs(config, database, app);
  try {
    await app.listen({ port: config.PORT, host: config.HOST });
  } catch (err) {
    // The port is taken, say: leave nothing running (PGlite's lock included).
    await stopJobs();
    await app.close().catch(() => undefined);
    await database.close().catch(() => undefined);
    throw err;
  }
  const url = addressOf(app.server);
  logger.info({ url, database: where }, `Fleetdesk is serving ${url}`);
  return {
    url,
    databaseReady: Promise.resolve(),
    async close() {
      await stopJobs();
      await app.close();
      await database.close();
    },
  };
}

function addressOf(server: http.Server): string {
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return `http://${host}:${address.port}`;
}

type RequestHandler = (req: http.IncomingMessage, res: http.ServerResponse) => void;

async function startOnStandby(
  { config, logger, retry }: Required<StartOptions>,
  database: Database,
  prepare: () => Promise<App>,
  firstFailure: unknown,
): Promise<RunningServer> {
  let fullApp: App | undefined;
  let handOver: RequestHandler | undefined;
  let draining = false;
  let server: http.Server | undefined;
  // One socket for the process: the standby app answers until the full app takes its requests over.
  const standby = await buildStandbyApp(config, logger, (standbyHandler) => {
    server = http.createServer((req, res) => {
      if (draining) {
        // Shutting down: no keep-alive, and connections that fall idle close so that the server can stop.
        res.shouldKeepAlive = false;
        res.once('finish', () => setImmediate(() => server?.closeIdleConnections()));
      }
      (handOver ?? standbyHandler)(req, res);
    });
    return server;
  });
  try {
    await standby.listen({ port: config.PORT, host: config.HOST });
  } catch (err) {
    await database.close().catch(() => undefined);
    throw err;
  }
  const url = addressOf(standby.server);
  logger.warn(
    { url, cause: describeDatabaseError(firstFailure) },
    `PostgreSQL cannot be reached: serving ${url} on standby (health 200, ready 503, API 503) and retrying`,
  );

  const stopping = new AbortController();
  let stopJobs = (): Promise<void> => Promise.resolve();
  const databaseReady = (async () => {
    let delay = retry.firstDelayMs;
    for (;;) {
      await sleep(delay, undefined, { signal: stopping.signal });
      try {
        fullApp = await prepare();
        break;
      } catch (err) {
        if (!isDatabaseUnavailable(err)) throw err;
        delay = Math.min(delay * 2, retry.maxDelayMs);
        logger.warn({ cause: describeDatabaseError(err), retryInMs: delay }, 'PostgreSQL still cannot be reached');
      }
    }
    const app = fullApp;
    if (stopping.signal.aborted) return;
    stopJobs = startJobs(config, database, app);
    handOver = (req, res) => app.routing(req, res);
    logger.info({ url }, `PostgreSQL is ready and migrated: Fleetdesk is serving ${url}`);
  })();
  // A stop during the back-off is not a failure.
  const settled = databaseReady.catch((err: unknown) => {
    if (!stopping.signal.aborted) throw err;
  });

  return {
    url,
    databaseReady: settled,
    async close() {
      stopping.abort();
      await stopJobs();
      draining = true;
      server?.closeIdleConnections();
      await standby.close();
      await settled.catch(() => undefined);
      await fullApp?.close();
      await database.close();
    },
  };
}
