import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { describeDatabaseError, isConnectionLost } from './sql-state.ts';

/** Where the database module writes: the server's one logger (Fastify's pino), or nothing (tools and tests). */
export type DatabaseLog = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
export const SILENT_DATABASE_LOG: DatabaseLog = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** The PostgreSQL pool's limits (README: DB_POOL_MAX, DB_CONNECT_TIMEOUT_MS, DB_STATEMENT_TIMEOUT_MS). */
export interface PoolSettings {
  /** Most connections this server process opens. */
  max: number;
  /** Connecting to the server, and waiting for a free pooled connection, give up after this long. */
  connectTimeoutMs: number;
  /** The server cancels a statement that runs longer (statement_timeout, SQLSTATE 57014); 0 = no limit. */
  statementTimeoutMs: number;
}

/**
 * For the command-line tools and tests (a large seed may run long statements); the server passes its configuration
 * (config.ts: DB_POOL_MAX 10, DB_CONNECT_TIMEOUT_MS 5000, DB_STATEMENT_TIMEOUT_MS 15000).
 */
export const DEFAULT_POOL_SETTINGS: PoolSettings = { max: 10, connectTimeoutMs: 10_000, statementTimeoutMs: 0 };

/**
 * The client gives up on a statement (query_timeout) this long after the server should have cancelled it: the server's
 * statement_timeout answers first, and the client's own timer only matters when the server does not answer at all.
 */
export const QUERY_TIMEOUT_MARGIN_MS = 2_000;

/**
 * A node-postgres pool that survives lost connections:
 * - every client, idle or checked out (a transaction), has an 'error' listener, so a connection the server ends
 *   (pg_terminate_backend, a restart, a failover) is logged and dropped instead of crashing the process; the pool opens
 *   new connections on the next query;
 * - a read-only statement run through `pool.query` (drizzle's path outside transactions) that fails because its
 *   connection was lost is retried once on a fresh connection; writes and statements inside a transaction are not.
 */
export function createResilientPool(url: string, settings: PoolSettings, log: DatabaseLog): pg.Pool {
  const statementTimeout = settings.statementTimeoutMs > 0 ? settings.statementTimeoutMs : undefined;
  const connection: pg.ClientConfig = {
    connectionString: url,
    // Bounds opening a connection; for the pool also waiting for a pooled one ('timeout exceeded when trying to connect').
    connectionTimeoutMillis: settings.connectTimeoutMs,
    ...(statementTimeout ? { statement_timeout: statementTimeout, query_timeout: statementTimeout + QUERY_TIMEOUT_MARGIN_MS } : {}),
    // Notice a peer that vanished without closing the socket (a dead host, a dropped NAT entry).
    keepAlive: true,
    application_name: 'fleetdesk',
  };
  const pool = new pg.Pool({ ...connection, max: settings.max });
  const onLost = (err: Error) => log.warn({ cause: describeDatabaseError(err) }, 'database connection lost; a new one is opened when needed');
  pool.on('connect', (client) => client.on('error', onLost));
  // pg-pool re-emits an idle client's error here; the client's own listener above has logged it already.
  pool.on('error', () => undefined);
  retryLostReads(pool, connection, onLost, log);
  return pool;
}

/** Statements that are reads: `select …` or `with … select …` (drizzle writes its SQL in lower case). */
const READ_STATEMENT = /^\s*\(?\s*(select|with)\b/i;
/** Words that make a statement more than a read: data changes, sequences, locks, settings, signals, `select … into`. */
const NOT_ONLY_A_READ =
  /\b(insert|update|delete|merge|truncate|into|nextval|setval|set_config|pg_advisory_\w+|pg_try_advisory_\w+|pg_terminate_backend|pg_cancel_backend|pg_notify|lo_\w+|dblink\w*)\b/i;

/** Whether a statement only reads, so running it twice cannot write twice. Unsure means no. */
export function isReadOnlyStatement(text: string): boolean {
  return READ_STATEMENT.test(text) && !NOT_ONLY_A_READ.test(text);
}

type QueryFunction = (...args: unknown[]) => unknown;

function statementText(config: unknown): string | undefined {
  if (typeof config === 'string') return config;
  if (typeof config === 'object' && config !== null && typeof (config as { text?: unknown }).text === 'string') {
    // A submittable (cursor, stream) is not a plain statement: no retry.
    if (typeof (config as { submit?: unknown }).submit === 'function') return undefined;
    return (config as { text: string }).text;
  }
  return undefined;
}

/**
 * Runs a statement once on a connection of its own, opened for it and closed after. When one connection was lost the
 * pool's idle ones usually went with it (a server restart, pg_terminate_backend of every session), and pg-pool only
 * learns that from each socket in turn: a pooled connection is no fresh connection.
 */
async function runOnFreshConnection(connection: pg.ClientConfig, onLost: (err: Error) => void, args: unknown[]): Promise<unknown> {
  const client = new pg.Client(connection);
  client.on('error', onLost);
  await client.connect();
  try {
    return await (client.query.bind(client) as QueryFunction)(...args);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * Wraps `pool.query` (promise form) so a read whose connection was lost runs once more, on a fresh connection (one
 * more than DB_POOL_MAX for that moment). pg-pool releases the failed client with the error, which removes it. The
 * callback form and submittables pass through unchanged.
 */
function retryLostReads(pool: pg.Pool, connection: pg.ClientConfig, onLost: (err: Error) => void, log: DatabaseLog) {
  const runQuery = pool.query.bind(pool) as QueryFunction;
  const query: QueryFunction = (...args) => {
    const text = statementText(args[0]);
    if (text === undefined || args.some((arg) => typeof arg === 'function')) return runQuery(...args);
    return (async () => {
      try {
        return await runQuery(...args);
      } catch (err) {
        if (!isConnectionLost(err) || !isReadOnlyStatement(text)) throw err;
        log.warn({ cause: describeDatabaseError(err) }, 'database connection lost under a read; running it again on a fresh connection');
        return runOnFreshConnection(connection, onLost, args);
      }
    })();
  };
  // An own property shadows Pool.prototype.query; drizzle and pg-pool call it as pool.query(config, values).
  Object.assign(pool, { query });
}
