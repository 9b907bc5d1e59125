import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MESSAGE_IDS } from '@fleetdesk/contract';
import { and, DrizzleQueryError, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import type { Database } from '../src/db/client.ts';
import { bookings, events } from '../src/db/schema.ts';
import type { App } from '../src/http/context.ts';
import { createLogger, redactUrl } from '../src/logger.ts';
import { createBooking, createContract, createFleet, createPool, createStaff, createUser } from './support/factories.ts';
import { authToken, login, openTestDatabase } from './support/test-app.ts';

/** Every line the server logged, as written (pino writes one JSON document per line). */
const written: string[] = [];
const logLines = () => written.flatMap((chunk) => chunk.split('\n')).filter((line) => line.trim() !== '');
const parsedLines = () => logLines().map((line) => JSON.parse(line) as Record<string, unknown>);

let app: App;
let database: Database;
let storageDir: string;
let token: string;
let fixture: { userId: number; contractId: number; poolId: number };
const MINUTE = 60_000;

beforeAll(async () => {
  storageDir = mkdtempSync(path.join(tmpdir(), 'fleetdesk-logging-'));
  const config = loadConfig({ LOG_LEVEL: 'info', STORAGE_DIR: storageDir, SIMULATOR_TICK_SECONDS: '0' } as NodeJS.ProcessEnv);
  database = await openTestDatabase();
  const logger = createLogger(config, { write: (line: string) => void written.push(line) });
  app = await buildApp({ config, db: database.db, logger, serveWeb: false });
  await app.ready();
  const db = database.db;
  await createFleet(db, 'logfleet');
  await createStaff(db, 'logfleet', 'kari.support', 'a-long-staff-password');
  const customer = await createUser(db, 'logfleet');
  const contract = await createContract(db, 'logfleet');
  const pool = await createPool(db, 'logfleet');
  fixture = { userId: customer.id, contractId: contract.id, poolId: pool.id };
  token = await login(app, 'kari.support', 'a-long-staff-password');
});
afterAll(async () => {
  await app.close();
  await database.close();
  rmSync(storageDir, { recursive: true, force: true });
});
beforeEach(() => {
  written.length = 0;
});

/** A booking that started half an hour ago and was never used: force end (not used) and cancel both apply. */
async function startedBooking() {
  const start = new Date(Date.now() - 30 * MINUTE);
  return createBooking(database.db, 'logfleet', fixture, { startTime: start, endTime: new Date(start.getTime() + 120 * MINUTE) });
}

describe('request logging', () => {
  it('writes JSON lines only, and every request line carries the request id', async () => {
    await app.inject({ method: 'GET', url: '/api/fleets/logfleet', headers: { authorization: authToken(token) } });
    await app.inject({ method: 'GET', url: '/api/nope' });
    const lines = logLines();
    expect(lines.length).toBeGreaterThanOrEqual(4);
    for (const line of lines) expect(() => JSON.parse(line) as unknown, line).not.toThrow();
    const requestLines = parsedLines().filter((line) => 'req' in line || 'res' in line);
    expect(requestLines.length).toBeGreaterThanOrEqual(4);
    for (const line of requestLines) expect(line.reqId).toEqual(expect.any(String));
  });

  it("keeps /postLogin's query (the single-sign-on token) and the code and state of the callback out of the log", async () => {
    await app.inject({
      method: 'GET',
      url: '/postLogin?issuer=https%3A%2F%2Fidp.example&token=eyJ.secret-id-token.sig&username=kari&expirationTime=1',
    });
    await app.inject({ method: 'GET', url: '/api/auth/sso/callback?code=secret-code-123&state=secret-state-456' });
    await app.inject({ method: 'GET', url: '/reset-password?token=secret-reset-token&username=kari' });
    const all = logLines().join('\n');
    for (const secret of ['secret-id-token', 'secret-code-123', 'secret-state-456', 'secret-reset-token', 'idp.example'])
      expect(all).not.toContain(secret);
    const urls = parsedLines().flatMap((line) => (typeof line.req === 'object' && line.req !== null ? [(line.req as { url: string }).url] : []));
    expect(urls).toEqual([
      '/postLogin?[redacted]',
      '/api/auth/sso/callback?code=[redacted]&state=[redacted]',
      '/reset-password?token=[redacted]&username=kari',
    ]);
  });

  it('keeps reasons, passwords and the Authorization header out of the log', async () => {
    const booking = await startedBooking();
    await app.inject({
      method: 'POST',
      url: `/api/bookings/${booking.bid}/force-deactivate-without-pin?wasNotUsed=true&reason=Customer%20Kari%20was%20ill`,
      headers: { authorization: authToken(token) },
    });
    await app.inject({
      method: 'POST',
      url: '/api/auth',
      headers: { authorization: `Basic ${Buffer.from('kari.support:a-long-staff-password').toString('base64')}` },
    });
    const all = logLines().join('\n');
    expect(all).toContain(`/api/bookings/${booking.bid}/force-deactivate-without-pin?wasNotUsed=true&reason=[redacted]`);
    for (const secret of ['Kari%20was%20ill', 'was ill', token, 'a-long-staff-password', 'Basic ']) expect(all).not.toContain(secret);
  });

  it("logs a failed query's statement but not its values", () => {
    const cause = Object.assign(new Error('duplicate key value violates unique constraint'), { code: '23505' });
    app.log.error(
      { err: new DrizzleQueryError('insert into "users" ("username", "password_hash") values ($1, $2)', ['kari', '$argon2id$secret-hash'], cause) },
      'unexpected error',
    );
    const all = logLines().join('\n');
    expect(all).toContain('insert into \\"users\\" (\\"username\\", \\"password_hash\\") values ($1, $2)');
    expect(all).toContain('params: [redacted]');
    expect(all).not.toContain('secret-hash');
  });

  it('redacts sensitive parameters by name wherever they appear, and nothing else', () => {
    expect(redactUrl('/api/x?Password=hunter2&page=2&ID_TOKEN=abc&access_token=def&q=reason')).toBe(
      '/api/x?Password=[redacted]&page=2&ID_TOKEN=[redacted]&access_token=[redacted]&q=reason',
    );
    expect(redactUrl('/api/x?re%61son=secret')).toBe('/api/x?re%61son=[redacted]');
    expect(redactUrl('/postLogin?error=notStaff')).toBe('/postLogin?[redacted]');
    expect(redactUrl('/api/vehicles?query=EL%2012345&page=1')).toBe('/api/vehicles?query=EL%2012345&page=1');
    expect(redactUrl('/api/health')).toBe('/api/health');
  });
});

describe('X-Request-Id', () => {
  it('echoes a sane incoming id, which the request lines carry as reqId', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/config', headers: { 'x-request-id': 'lb-7f3a.42_x' } });
    expect(res.headers['x-request-id']).toBe('lb-7f3a.42_x');
    expect(
      parsedLines()
        .filter((line) => 'req' in line || 'res' in line)
        .map((line) => line.reqId),
    ).toEqual(['lb-7f3a.42_x', 'lb-7f3a.42_x']);
  });

  it('cleans an incoming id to at most 64 characters of [A-Za-z0-9._-], and makes a UUID when none is left', async () => {
    const dirty = await app.inject({ method: 'GET', url: '/api/config', headers: { 'x-request-id': 'abc <script>\n"def"' } });
    expect(dirty.headers['x-request-id']).toBe('abcscriptdef');
    const long = await app.inject({ method: 'GET', url: '/api/config', headers: { 'x-request-id': 'a'.repeat(100) } });
    expect(long.headers['x-request-id']).toBe('a'.repeat(64));
    for (const headers of [{}, { 'x-request-id': '<>' }]) {
      const res = await app.inject({ method: 'GET', url: '/api/config', headers });
      expect(res.headers['x-request-id']).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    }
  });
});

describe('reasons travel in the JSON body', () => {
  const call = (method: 'POST' | 'DELETE', url: string, payload?: object) =>
    app.inject({ method, url, headers: { authorization: authToken(token) }, ...(payload ? { payload } : {}) });
  const eventOf = async (bid: string, action: string) =>
    (
      await database.db
        .select()
        .from(events)
        .where(and(eq(events.bid, bid)))
    ).find((event) => event.properties.action === action);

  it('force end takes the reason from the body, into the event', async () => {
    const booking = await startedBooking();
    const res = await call('POST', `/api/bookings/${booking.bid}/force-deactivate-without-pin?wasNotUsed=true`, {
      reason: 'Key returned at the desk',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await eventOf(booking.bid, 'FORCE_ENDED')).toMatchObject({
      displayText: 'Booking force-ended by support: not used: Key returned at the desk',
      properties: { reason: 'Key returned at the desk', wasNotUsed: true },
    });
  });

  it("still takes the spec's ?reason= query; the body wins when both are given", async () => {
    const fromQuery = await startedBooking();
    expect(
      (await call('POST', `/api/bookings/${fromQuery.bid}/force-deactivate-without-pin?wasNotUsed=true&reason=From%20the%20query`)).statusCode,
    ).toBe(200);
    expect((await eventOf(fromQuery.bid, 'FORCE_ENDED'))?.properties).toMatchObject({ reason: 'From the query' });
    const both = await startedBooking();
    expect(
      (
        await call('POST', `/api/bookings/${both.bid}/force-deactivate-without-pin?wasNotUsed=true&reason=From%20the%20query`, {
          reason: 'From the body',
        })
      ).statusCode,
    ).toBe(200);
    expect((await eventOf(both.bid, 'FORCE_ENDED'))?.properties).toMatchObject({ reason: 'From the body' });
  });

  it('cancel takes the reason from the body of the DELETE', async () => {
    const booking = await createBooking(database.db, 'logfleet', fixture);
    const res = await call('DELETE', `/api/bookings/${booking.bid}`, { reason: 'Customer called in sick' });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await database.db.select().from(bookings).where(eq(bookings.bid, booking.bid));
    expect(row).toMatchObject({ state: 'CANCELLED', cancelReason: 'Customer called in sick' });
  });

  it('validates the body reason like the query one (at most 500 characters)', async () => {
    const booking = await startedBooking();
    const res = await call('POST', `/api/bookings/${booking.bid}/force-deactivate-without-pin?wasNotUsed=true`, { reason: 'x'.repeat(501) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ messageId: MESSAGE_IDS.invalidInput });
  });
});
