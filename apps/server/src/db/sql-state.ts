/** Whether a database error (or one it wraps, as drizzle does in `cause`) carries the given SQLSTATE. */
export function hasSqlState(err: unknown, state: string): boolean {
  return someInErrorChain(err, (e) => e.code === state);
}

/** 23505: a unique index refused a duplicate. */
export const isUniqueViolation = (err: unknown) => hasSqlState(err, '23505');
/** 23P01: an exclusion constraint refused an overlap (bookings_no_double_allocation). */
export const isExclusionViolation = (err: unknown) => hasSqlState(err, '23P01');

interface ErrorLike {
  code?: unknown;
  message?: unknown;
}

/**
 * Runs `test` on the error, its `cause` chain (drizzle wraps the driver's error in DrizzleQueryError.cause, pg-pool a
 * connect failure in Error.cause) and the members of an AggregateError (Node's connect over IPv4 and IPv6 at once).
 */
function someInErrorChain(err: unknown, test: (e: ErrorLike) => boolean): boolean {
  const pending: unknown[] = [err];
  const seen = new Set<unknown>();
  while (pending.length > 0 && seen.size < 20) {
    const e = pending.shift();
    if (typeof e !== 'object' || e === null || seen.has(e)) continue;
    seen.add(e);
    if (test(e as ErrorLike)) return true;
    pending.push((e as { cause?: unknown }).cause);
    const members = (e as { errors?: unknown }).errors;
    if (e instanceof AggregateError && Array.isArray(members)) pending.push(...(members as unknown[]));
  }
  return false;
}

/** The server ended the session under a running or idle connection: 57P01 admin_shutdown (pg_terminate_backend, a restart), 57P02 crash_shutdown. */
const SESSION_ENDED_STATES = new Set(['57P01', '57P02']);
/** The socket to the server broke. */
const SOCKET_BROKEN_CODES = new Set(['ECONNRESET', 'EPIPE']);
/** node-postgres' words for a connection that went away under it. */
const CONNECTION_LOST_MESSAGES = new Set(['Connection terminated unexpectedly', 'Client has encountered a connection error and is not queryable']);

/**
 * 57P03 cannot_connect_now (starting up, recovering), 53300 too_many_connections, 57014 query_canceled (statement_timeout).
 * Class 08 (connection exception) is matched by prefix.
 */
const UNAVAILABLE_STATES = new Set(['57P03', '53300', '57014']);
/** The server cannot be reached at all. */
const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'ECONNABORTED']);
/** node-postgres and pg-pool: connect timeout (pool, client), waiting for a pooled client, query_timeout, a closed client or pool. */
const UNAVAILABLE_MESSAGES = new Set([
  'Connection terminated',
  'Connection terminated due to connection timeout',
  'timeout expired',
  'timeout exceeded when trying to connect',
  'Query read timeout',
  'Client was closed and is not queryable',
  'Cannot use a pool after calling end on the pool',
]);

const isSqlState = (code: unknown): code is string => typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code);

function connectionLost(e: ErrorLike): boolean {
  if (isSqlState(e.code) && SESSION_ENDED_STATES.has(e.code)) return true;
  if (typeof e.code === 'string' && SOCKET_BROKEN_CODES.has(e.code)) return true;
  return typeof e.message === 'string' && CONNECTION_LOST_MESSAGES.has(e.message);
}

function unavailable(e: ErrorLike): boolean {
  if (connectionLost(e)) return true;
  if (isSqlState(e.code) && (UNAVAILABLE_STATES.has(e.code) || e.code.startsWith('08'))) return true;
  if (typeof e.code === 'string' && UNREACHABLE_CODES.has(e.code)) return true;
  return typeof e.message === 'string' && UNAVAILABLE_MESSAGES.has(e.message);
}

/**
 * The connection a statement ran on was lost (terminated by the server, socket reset): the statement may not have
 * run, and a fresh connection may well work. Only a read outside a transaction is retried on it (db/resilient-pool.ts).
 */
export const isConnectionLost = (err: unknown) => someInErrorChain(err, connectionLost);

/**
 * The database cannot serve this request now: connection lost or refused, the server shutting down or starting, a
 * connect, checkout or statement timeout. The request answers 503 (MESSAGE_IDS.unavailable), not 500.
 */
export const isDatabaseUnavailable = (err: unknown) => someInErrorChain(err, unavailable);

/** A short description of a database error for the log: SQLSTATE or errno code and the driver's message, never the query's parameters. */
export function describeDatabaseError(err: unknown): string {
  let found: ErrorLike | undefined;
  someInErrorChain(err, (e) => {
    if (unavailable(e) || isSqlState(e.code)) {
      found = e;
      return true;
    }
    return false;
  });
  const e = found ?? (typeof err === 'object' && err !== null ? (err as ErrorLike) : { message: String(err) });
  const code = typeof e.code === 'string' ? `${e.code} ` : '';
  return `${code}${typeof e.message === 'string' ? withoutQueryParameters(e.message) : 'unknown error'}`;
}

/**
 * Drizzle's DrizzleQueryError says `Failed query: <sql>\nparams: <values>`: the values may be a token hash, a name or a
 * free-text reason, so the log keeps the statement and drops the values (up to the stack frames when `text` is a stack).
 */
export function withoutQueryParameters(text: string): string {
  return text.replace(/\nparams: [\s\S]*?(?=\n {4}at |$)/, '\nparams: [redacted]');
}
