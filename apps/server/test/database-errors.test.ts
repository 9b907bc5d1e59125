import { MESSAGE_IDS } from '@fleetdesk/contract';
import { DrizzleQueryError } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { isReadOnlyStatement } from '../src/db/resilient-pool.ts';
import { describeDatabaseError, isConnectionLost, isDatabaseUnavailable, isUniqueViolation, withoutQueryParameters } from '../src/db/sql-state.ts';
import { toEnvelope } from '../src/http/errors.ts';

/** An error as node-postgres raises it for a server message: a message and the SQLSTATE in `code`. */
const serverError = (code: string, message: string) => Object.assign(new Error(message), { code, severity: 'FATAL' });
/** What drizzle throws: its own error with the statement and values, the driver's in `cause`. */
const failedQuery = (cause: unknown) => new DrizzleQueryError('select "id" from "sessions" where "token_hash" = $1', ['secret-hash'], cause as Error);

const request = { log: { warn: () => undefined, error: () => undefined } } as unknown as FastifyRequest;

describe('which database errors mean "unavailable"', () => {
  it('finds a lost or refused connection in the error, its cause, or an AggregateError', () => {
    const cases: unknown[] = [
      failedQuery(serverError('57P01', 'terminating connection due to administrator command')),
      serverError('57P03', 'the database system is starting up'),
      serverError('08006', 'connection failure'),
      serverError('57014', 'canceling statement due to statement timeout'),
      failedQuery(new Error('Connection terminated unexpectedly')),
      new Error('timeout exceeded when trying to connect'),
      new Error('Connection terminated due to connection timeout', { cause: new Error('Connection terminated unexpectedly') }),
      new Error('Query read timeout'),
      new AggregateError([Object.assign(new Error('connect ECONNREFUSED ::1:5432'), { code: 'ECONNREFUSED' })], 'connect failed'),
      Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }),
    ];
    for (const err of cases) expect(isDatabaseUnavailable(err), String(err)).toBe(true);
  });

  it('leaves other database errors alone', () => {
    for (const err of [
      failedQuery(serverError('23505', 'duplicate key value violates unique constraint')),
      serverError('42P01', 'relation "nope" does not exist'),
      new Error('something else'),
      'not even an error',
      null,
    ])
      expect(isDatabaseUnavailable(err), String(err)).toBe(false);
    expect(isUniqueViolation(failedQuery(serverError('23505', 'duplicate')))).toBe(true);
  });

  it('retries only a lost connection, not a timeout or a refusal', () => {
    expect(isConnectionLost(failedQuery(serverError('57P01', 'terminating connection due to administrator command')))).toBe(true);
    expect(isConnectionLost(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isConnectionLost(serverError('57014', 'canceling statement due to statement timeout'))).toBe(false);
    expect(isConnectionLost(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }))).toBe(false);
    expect(isConnectionLost(new Error('timeout exceeded when trying to connect'))).toBe(false);
  });
});

describe('which statements may run twice', () => {
  it('takes plain reads, including CTEs', () => {
    expect(isReadOnlyStatement('select "id", "updated_at", "deleted_at" from "bookings" where "bid" = $1')).toBe(true);
    expect(isReadOnlyStatement('  with recent as (select * from "events") select count(*) from recent')).toBe(true);
    expect(isReadOnlyStatement('(select 1) union (select 2)')).toBe(true);
  });

  it('refuses writes, locks, sequences and anything unsure', () => {
    for (const text of [
      'insert into "events" ("id") values (default)',
      'update "bookings" set "state" = $1',
      'delete from "sessions" where "id" = $1',
      'with moved as (delete from "a" returning *) select * from moved',
      'select * from "bookings" for update',
      "select nextval('bid_seq')",
      'select pg_advisory_lock($1)',
      'select pg_terminate_backend(pid) from pg_stat_activity',
      'select * into "copy" from "bookings"',
      "select set_config('x', 'y', false)",
      'begin',
      'truncate "events"',
    ])
      expect(isReadOnlyStatement(text), text).toBe(false);
  });
});

describe('the error mapper', () => {
  it('answers 503 unavailable for a database that went away', () => {
    const envelope = toEnvelope(failedQuery(serverError('57P01', 'terminating connection due to administrator command')), request);
    expect(envelope).toEqual({
      httpCode: 503,
      messageId: MESSAGE_IDS.unavailable,
      message: 'The service is not available right now. Try again in a moment.',
      errors: [],
    });
  });

  it('keeps a client that hung up mid-body a 400, and an unknown database error a 500', () => {
    const clientGone = Object.assign(new Error('aborted'), { code: 'ECONNRESET', statusCode: 400 });
    expect(toEnvelope(clientGone, request).httpCode).toBe(400);
    expect(toEnvelope(failedQuery(serverError('42P01', 'relation "nope" does not exist')), request).httpCode).toBe(500);
  });
});

describe('database errors in the log', () => {
  it("say the SQLSTATE and the driver's message, never the query's values", () => {
    const err = failedQuery(serverError('57P01', 'terminating connection due to administrator command'));
    expect(describeDatabaseError(err)).toBe('57P01 terminating connection due to administrator command');
    expect(withoutQueryParameters(err.message)).toBe('Failed query: select "id" from "sessions" where "token_hash" = $1\nparams: [redacted]');
    expect(withoutQueryParameters(`${err.message}\n    at somewhere (file.ts:1:1)`)).toBe(
      'Failed query: select "id" from "sessions" where "token_hash" = $1\nparams: [redacted]\n    at somewhere (file.ts:1:1)',
    );
  });
});
