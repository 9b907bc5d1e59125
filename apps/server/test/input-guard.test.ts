import { DB_INT_MAX, MESSAGE_IDS, MESSAGES, ZErrorEnvelope, type ErrorEnvelope } from '@fleetdesk/contract';
import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client.ts';
import { bookings, contracts, damages, events, loginAttempts, pools, users } from '../src/db/schema.ts';
import {
  createBooking,
  createCompany,
  createContract,
  createFleet,
  createPool,
  createStaff,
  createUser,
  createVehicle,
} from './support/factories.ts';
import { authToken, basic, createTestApp, login, type TestApp } from './support/test-app.ts';

/**
 * The input guard (issue 14 point 1; docs/decisions/0042-hardened-api.md): text with NUL or an unpaired surrogate,
 * wherever the server reads it, and integers outside their int4 column answer 400 `errorId.apigw.invalid.input`
 * naming the field, and nothing is written. Runs on PostgreSQL too (TEST_DATABASE_URL), where NUL used to fail the
 * statement ("invalid byte sequence for encoding UTF8: 0x00") and answer 500.
 */

let t: TestApp;
let db: Db;
let token: string;
const fx = { username: '', vin: '', bid: '', poolId: 0, contractId: 0, companyId: 0 };
let png: Buffer;

beforeAll(async () => {
  t = await createTestApp();
  db = t.database.db;
  await createFleet(db, 'guard');
  await createStaff(db, 'guard', 'guard.admin', 'a-long-admin-password', 'ADMIN');
  const company = await createCompany(db, 'guard');
  const customer = await createUser(db, 'guard', { companyId: company.id });
  const pool = await createPool(db, 'guard');
  const vehicle = await createVehicle(db, 'guard');
  const contract = await createContract(db, 'guard');
  const booking = await createBooking(db, 'guard', { userId: customer.id, contractId: contract.id, poolId: pool.id, vehicleId: vehicle.id });
  Object.assign(fx, {
    username: customer.username,
    vin: vehicle.vin,
    bid: booking.bid,
    poolId: pool.id,
    contractId: contract.id,
    companyId: company.id,
  });
  token = await login(t.app, 'guard.admin', 'a-long-admin-password');
  png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#c33' } })
    .png()
    .toBuffer();
});
afterAll(() => t.close());

const auth = () => ({ authorization: authToken(token) });
/** Rows in the tables a refused request could have written to. */
async function rowCounts() {
  const n = async (table: typeof events | typeof users | typeof damages | typeof loginAttempts | typeof bookings | typeof pools | typeof contracts) =>
    (await db.select({ n: count() }).from(table))[0]!.n;
  return {
    events: await n(events),
    users: await n(users),
    damages: await n(damages),
    loginAttempts: await n(loginAttempts),
    bookings: await n(bookings),
  };
}
/** A 400 input envelope that names `field` (and says what is wrong with it). */
function expectRefused(
  res: { statusCode: number; body: string; json(): unknown },
  field: string,
  message: string = MESSAGES.unsafeText,
): ErrorEnvelope {
  expect(res.statusCode, res.body).toBe(400);
  const body = ZErrorEnvelope.parse(res.json());
  expect(body).toMatchObject({ httpCode: 400, messageId: MESSAGE_IDS.invalidInput });
  // Each item also names its message by key (docs/decisions/0059), e.g. messageId 'unsafeText'.
  expect(body.errors).toContainEqual(expect.objectContaining({ field, message }));
  return body;
}
const json = (method: 'POST' | 'PUT', url: string, payload: unknown) =>
  t.app.inject({ method, url, headers: { ...auth(), 'content-type': 'application/json' }, payload: JSON.stringify(payload) });

describe('text with NUL or an unpaired surrogate', () => {
  it('in a path id', async () => {
    const before = await rowCounts();
    expectRefused(await t.app.inject({ method: 'GET', url: '/api/users/demo%00x', headers: auth() }), 'username');
    expectRefused(await t.app.inject({ method: 'GET', url: `/api/vehicles/by-vin/${fx.vin}%00`, headers: auth() }), 'vin');
    expectRefused(await json('POST', `/api/users/${encodeURIComponent(`${fx.username}\u0000`)}/block`, { blockReason: 'ABUSE' }), 'username');
    // An unpaired surrogate cannot be percent-encoded as UTF-8: its bytes are no valid URL component (400, too).
    const surrogate = await t.app.inject({ method: 'GET', url: '/api/users/%ED%A0%80', headers: auth() });
    expect(surrogate.statusCode).toBe(400);
    expect(ZErrorEnvelope.parse(surrogate.json()).messageId).toBe(MESSAGE_IDS.badUrl);
    expect(await rowCounts()).toEqual(before);
  });

  it('in a query value', async () => {
    expectRefused(await t.app.inject({ method: 'GET', url: '/api/events?vin=WVW%00', headers: auth() }), 'vin');
    expectRefused(await t.app.inject({ method: 'GET', url: '/api/users?username=a%00b', headers: auth() }), 'username');
    expectRefused(await t.app.inject({ method: 'GET', url: `/api/vehicles/statusFor?vin=${fx.vin}&vin=x%00`, headers: auth() }), 'vin.1');
  });

  it('in a JSON string at any depth, and in a key', async () => {
    const before = await rowCounts();
    const spec = { key: 'costCentre', label: 'Cost centre', description: null, type: 'TEXT', choices: null, placeholder: null, required: false };
    expectRefused(await json('PUT', `/api/bookings/${fx.bid}/metadataSpec`, [{ ...spec, description: 'Where \u0000 to bill' }]), '0.description');
    expectRefused(await json('PUT', `/api/bookings/${fx.bid}/metadataSpec`, [{ ...spec, choices: ['A', 'B\ud800'] }]), '0.choices.1');
    // JSON.stringify writes an unpaired surrogate as the escape \ud800: the parser hands it over as it is.
    expectRefused(await json('POST', `/api/bookings/${fx.bid}/technical-issue`, { description: 'Door \ud800 stuck' }), 'description');
    expectRefused(await json('POST', `/api/bookings/${fx.bid}/technical-issue`, { description: 'Low \udc00 first' }), 'description');
    const key = await json('PUT', `/api/bookings/${fx.bid}/metadataSpec`, [{ ...spec, ['extra\u0000']: 1 }]);
    expectRefused(key, '0.extra\uFFFD', MESSAGES.unsafeTextKey);
    const update = { username: fx.username, givenName: 'Kari', familyName: 'Nordmann', mobilePhone: '+4790000001', company: { id: fx.companyId } };
    expectRefused(
      await json('PUT', `/api/users/${fx.username}`, { ...update, address: { streetAddress: 'Storgata 1\u0000' } }),
      'address.streetAddress',
    );
    expect(await rowCounts()).toEqual(before);
    const [booking] = await db.select().from(bookings).where(eq(bookings.bid, fx.bid));
    expect(booking!.technicalIssueReportedAt ?? null).toBeNull();
    // The same bodies without the bad character go through: the guard refuses the character, nothing else.
    expect((await json('POST', `/api/bookings/${fx.bid}/technical-issue`, { description: 'Door 🚪 stuck' })).statusCode).toBe(200);
  });

  it('in a multipart field and a file name (damage report, batch import), and in a CSV cell', async () => {
    const before = await rowCounts();
    const damage = (fields: Record<string, string>, fileName = 'dent.png') => {
      const form = new FormData();
      for (const [k, v] of Object.entries(fields)) form.append(k, v);
      form.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), fileName);
      return t.app.inject({ method: 'POST', url: `/api/damage/by-vin/${fx.vin}`, headers: auth(), payload: form });
    };
    expectRefused(await damage({ description_operator: 'Bulk\u0000', description_en: 'Dent' }), 'description_operator');
    expectRefused(await damage({ description_operator: 'Bulk', description_en: 'Dent' }, 'dent\u0000.png'), 'image.filename');
    const batch = (csv: string, fileName = 'users.csv', fields: Record<string, string> = {}) => {
      const form = new FormData();
      for (const [k, v] of Object.entries(fields)) form.append(k, v);
      form.append('file', new Blob([Buffer.from(csv, 'utf8')], { type: 'text/csv' }), fileName);
      return t.app.inject({ method: 'POST', url: `/api/users/createBatch?companyId=${fx.companyId}`, headers: auth(), payload: form });
    };
    const csv = 'username,givenName,familyName,mobilePhone\nguard.one,Ida,Berg,+4791234567\n';
    expectRefused(await batch(csv, 'users\u0000.csv'), 'file.filename');
    expectRefused(await batch(csv, 'users.csv', { note: 'x\u0000' }), 'note');
    expect(await rowCounts()).toEqual(before);
    // A cell: the line is not imported, with the field named (the file's other lines are).
    const cells = await batch('username,givenName,familyName,mobilePhone\nguard.nul,Ida\u0000,Berg,+4791234567\nguard.ok,Ola,Dahl,+4791234568\n');
    expect(cells.statusCode, cells.body).toBe(200);
    expect(cells.json()).toMatchObject({
      createdCount: 1,
      notCreatedUsers: [{ line: 2, username: 'guard.nul', errors: [{ field: 'givenName', message: MESSAGES.unsafeText }] }],
    });
    expect(await db.select().from(users).where(eq(users.username, 'guard.nul'))).toHaveLength(0);
    // Damage stays unwritten: the image was never processed or stored.
    expect((await rowCounts()).damages).toBe(before.damages);
  });

  it('in the header values the server keeps: the Basic-auth user name of POST /api/auth, X-Token-Issuer, Idempotency-Key', async () => {
    const before = await rowCounts();
    expectRefused(
      await t.app.inject({ method: 'POST', url: '/api/auth', headers: { authorization: basic('guard.admin\u0000', 'a-long-admin-password') } }),
      'username',
    );
    const issuer = await t.app.inject({
      method: 'GET',
      url: '/api/config',
      headers: { authorization: 'Bearer a.b.c', 'x-token-issuer': 'https://idp.example\u0000' },
    });
    expectRefused(issuer, 'X-Token-Issuer');
    const retry = await t.app.inject({ method: 'POST', url: '/api/payments/BOK1/retry', headers: { ...auth(), 'idempotency-key': 'retry-\u0000' } });
    expectRefused(retry, 'Idempotency-Key');
    // No login attempt was recorded under a name the database cannot hold.
    expect(await rowCounts()).toEqual(before);
  });
});

describe('integers outside their int4 column', () => {
  it('refuses ids beyond 1 … 2147483647 in a query, a path and a body, naming the field', async () => {
    const before = await rowCounts();
    const window = 'from=2030-01-01T10:00:00%2B01:00&to=2030-01-01T12:00:00%2B01:00';
    expectRefused(
      await t.app.inject({ method: 'GET', url: `/api/availability?fromPoolId=-99999999999&${window}`, headers: auth() }),
      'fromPoolId',
      MESSAGES.idOutOfRange,
    );
    expectRefused(
      await t.app.inject({ method: 'GET', url: `/api/availability?fromPoolId=${fx.poolId}&contractId=2147483648&${window}`, headers: auth() }),
      'contractId',
      MESSAGES.idOutOfRange,
    );
    expectRefused(await t.app.inject({ method: 'GET', url: '/api/pools/99999999999/bookings', headers: auth() }), 'poolId', MESSAGES.idOutOfRange);
    expectRefused(
      await t.app.inject({ method: 'PUT', url: '/api/alarms/2147483648/acknowledge', headers: auth() }),
      'alarmId',
      MESSAGES.idOutOfRange,
    );
    expectRefused(await t.app.inject({ method: 'GET', url: `/api/vehicles?pool=${2 ** 53}`, headers: auth() }), 'pool', MESSAGES.idOutOfRange);
    expectRefused(await t.app.inject({ method: 'GET', url: '/api/contracts/-1/rules', headers: auth() }), 'id', MESSAGES.idOutOfRange);
    const price = {
      startTime: '2030-01-01T10:00:00+01:00',
      endTime: '2030-01-01T12:00:00+01:00',
      fromLocation: { poolId: fx.poolId },
      contractId: fx.contractId,
    };
    expectRefused(
      await json('POST', '/api/price', { ...price, fromLocation: { poolId: 99_999_999_999 } }),
      'fromLocation.poolId',
      MESSAGES.idOutOfRange,
    );
    expectRefused(await json('POST', '/api/price', { ...price, contractId: -99_999_999_999 }), 'contractId', MESSAGES.idOutOfRange);
    expectRefused(
      await json('PUT', `/api/pools/${fx.poolId}`, { allowedContracts: [fx.contractId, DB_INT_MAX + 1] }),
      'allowedContracts.1',
      MESSAGES.idOutOfRange,
    );
    expectRefused(await json('PUT', `/api/users/${fx.username}/freeMonths`, { freeMonths: 3_000_000_000 }), 'freeMonths', MESSAGES.intOutOfRange);
    // The batch import's company as a form field: the same rule as the query string.
    const form = new FormData();
    form.append('companyId', '99999999999');
    form.append('file', new Blob(['username,givenName,familyName,mobilePhone\nguard.big,A,B,+4791234569\n'], { type: 'text/csv' }), 'users.csv');
    expectRefused(
      await t.app.inject({ method: 'POST', url: '/api/users/createBatch', headers: auth(), payload: form }),
      'companyId',
      MESSAGES.idOutOfRange,
    );
    expect(await rowCounts()).toEqual(before);
    const [user] = await db.select({ freeMonths: users.freeMonths }).from(users).where(eq(users.username, fx.username));
    expect(user!.freeMonths).not.toBe(3_000_000_000);
  });

  it('takes the largest id there is: an unknown one is a 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/pools/${DB_INT_MAX}/vehicles`, headers: auth() });
    expect(res.statusCode, res.body).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/availability?fromPoolId=${DB_INT_MAX}&from=2030-01-01T10:00:00Z&to=2030-01-01T12:00:00Z`,
          headers: auth(),
        })
      ).statusCode,
    ).toBeLessThan(500);
  });
});
