import {
  MESSAGES,
  ZBooking,
  ZErrorEnvelope,
  ZMetadata,
  ZPriceResponse,
  type Booking,
  type Contract,
  type MetadataSpecEntry,
  type PriceListEntry,
} from '@fleetdesk/contract';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client.ts';
import { bookings, events, paymentEvents, payments, poolContracts, registeredCards, userContracts } from '../src/db/schema.ts';
import { createBooking, createContract, createFleet, createPool, createStaff, createUser, createVehicle } from './support/factories.ts';
import { authToken, createTestApp, login, type TestApp } from './support/test-app.ts';

/**
 * The divergences of issue 16 point 2, through HTTP: every path now applies the one rule of packages/contract/src/rules/
 * (docs/decisions/0045-shared-rules.md). Fixtures come from the factories; times are relative to the clock.
 */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Whole hours, a few days ahead, each test on days of its own so that the one car of the pool is free. */
const BASE = Math.floor(Date.now() / HOUR) * HOUR + 2 * DAY;
const at = (day: number, hour = 0) => new Date(BASE + day * DAY + hour * HOUR).toISOString();

const SPEC: MetadataSpecEntry[] = [
  { key: 'project', label: 'Project', description: null, type: 'TEXT', choices: null, placeholder: null, required: true },
  { key: 'costCentre', label: 'Cost centre', description: null, type: 'INTEGER', choices: null, placeholder: null, required: false },
];
const PRICES: PriceListEntry[] = [
  { name: 'VAT', cost: 0.25 },
  { name: 'PER_HOUR', cost: 100 },
];
/** The "drift" case: the last ADMIN_BOOKING_FEE entry is 0, so there is no fee (an earlier 59 does not count). */
const FREE_FEE: PriceListEntry[] = [{ name: 'ADMIN_BOOKING_FEE', cost: 59 }, ...PRICES, { name: 'ADMIN_BOOKING_FEE', cost: 0 }];
/** The last entry wins the other way round too: 0 first, then 59. */
const LAST_FEE: PriceListEntry[] = [{ name: 'ADMIN_BOOKING_FEE', cost: 0 }, ...PRICES, { name: 'ADMIN_BOOKING_FEE', cost: 59 }];
const BIG = '999999999999999999999';

let t: TestApp;
let db: Db;
let token: string;
let poolId: number;
const contracts = {} as Record<'meta' | 'free' | 'last', number>;

beforeAll(async () => {
  t = await createTestApp();
  db = t.database.db;
  await createFleet(db, 'fjord');
  await createStaff(db, 'fjord', 'support', 'support-demo');
  token = await login(t.app, 'support', 'support-demo');
  const pool = await createPool(db, 'fjord');
  poolId = pool.id;
  await createVehicle(db, 'fjord', { poolId });
  contracts.meta = (await createContract(db, 'fjord', { priceList: PRICES, metadataSpec: SPEC })).id;
  contracts.free = (await createContract(db, 'fjord', { priceList: FREE_FEE })).id;
  contracts.last = (await createContract(db, 'fjord', { priceList: LAST_FEE })).id;
  await db.insert(poolContracts).values(Object.values(contracts).map((contractId) => ({ poolId, contractId })));
});
afterAll(() => t.close());

type Res = { statusCode: number; body: string; json(): unknown };
const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: { authorization: authToken(token) }, ...(payload === undefined ? {} : { payload: payload as object }) });
const ok = (res: Res, status = 200): Booking => {
  expect(res.statusCode, res.body).toBe(status);
  return ZBooking.parse(res.json());
};
const refused = (res: Res, status = 400) => {
  expect(res.statusCode, res.body).toBe(status);
  return ZErrorEnvelope.parse(res.json());
};

/** A customer of the operator on all three contracts. */
async function customer() {
  const user = await createUser(db, 'fjord');
  await db.insert(userContracts).values(Object.values(contracts).map((contractId) => ({ userId: user.id, contractId })));
  return user;
}

const createRequest = (username: string, day: number, over: Record<string, unknown> = {}) => ({
  user: username,
  contractId: contracts.meta,
  startTime: at(day, 10),
  endTime: at(day, 12),
  fromLocation: { poolId },
  toLocation: { poolId },
  vehicleSpecification: { type: 'CLASS', className: 'B' },
  metadata: { project: 'NORD-1' },
  ...over,
});

describe('metadata: one validator for create, update, PUT metadata (and the form)', () => {
  it('refuses the 21-digit cost centre on every path, PUT metadata included', async () => {
    const user = await customer();
    const create = refused(await call('POST', '/api/bookings', createRequest(user.username, 0, { metadata: { project: 'P', costCentre: BIG } })));
    expect(create.errors).toContainEqual(
      expect.objectContaining({
        field: 'metadata.costCentre',
        messageId: 'metadataMustBeNumber',
        params: { label: 'Cost centre' },
        message: `Cost centre: ${MESSAGES.mustBeNumber}`,
      }),
    );

    const booking = ok(await call('POST', '/api/bookings', createRequest(user.username, 0, { metadata: { project: 'P', costCentre: '4410' } })), 201);
    const update = refused(await call('PUT', `/api/bookings/${booking.bid}`, { metadata: { project: 'P', costCentre: BIG } }));
    expect(update.errors).toContainEqual(expect.objectContaining({ field: 'metadata.costCentre', message: `Cost centre: ${MESSAGES.mustBeNumber}` }));

    // Before: PUT /metadata checked the digits only and stored it.
    const put = refused(await call('PUT', `/api/bookings/${booking.bid}/metadata`, { project: 'P', costCentre: BIG }));
    expect(put.errors).toEqual([
      {
        field: 'metadata.costCentre',
        messageId: 'metadataMustBeNumber',
        params: { label: 'Cost centre' },
        message: `Cost centre: ${MESSAGES.mustBeNumber}`,
      },
    ]);
    expect(ZMetadata.parse((await call('GET', `/api/bookings/${booking.bid}/metadata`)).json())).toEqual({ project: 'P', costCentre: '4410' });
  });

  it('refuses keys outside the contract’s spec on creation, as update and PUT metadata do', async () => {
    const user = await customer();
    const before = await db.select({ id: bookings.id }).from(bookings).where(eq(bookings.userId, user.id));
    // Before: creation stored the unknown key.
    const create = refused(await call('POST', '/api/bookings', createRequest(user.username, 1, { metadata: { project: 'P', colour: 'red' } })));
    expect(create.errors).toContainEqual(
      expect.objectContaining({ field: 'metadata.colour', message: `colour: ${MESSAGES.notAMetadataField}`, overridable: false }),
    );
    // Not overridable: ignoring the rules does not let it through either.
    refused(await call('POST', '/api/bookings', createRequest(user.username, 1, { metadata: { project: 'P', colour: 'red' }, ignoreRules: true })));
    expect(await db.select({ id: bookings.id }).from(bookings).where(eq(bookings.userId, user.id))).toEqual(before);

    const booking = ok(await call('POST', '/api/bookings', createRequest(user.username, 1)), 201);
    const update = refused(await call('PUT', `/api/bookings/${booking.bid}`, { metadata: { project: 'P', colour: 'red' } }));
    expect(update.errors).toContainEqual(expect.objectContaining({ field: 'metadata.colour' }));
    const put = refused(await call('PUT', `/api/bookings/${booking.bid}/metadata`, { project: 'P', colour: 'red' }));
    expect(put.errors).toEqual([
      { field: 'metadata.colour', messageId: 'metadataNotAField', params: { label: 'colour' }, message: `colour: ${MESSAGES.notAMetadataField}` },
    ]);
  });

  it('does not let a key the spec dropped since block an unrelated change', async () => {
    const user = await customer();
    const booking = ok(await call('POST', '/api/bookings', createRequest(user.username, 2)), 201);
    await db
      .update(bookings)
      .set({ metadata: { project: 'P', legacy: 'kept' } })
      .where(eq(bookings.bid, booking.bid));
    const moved = ok(await call('PUT', `/api/bookings/${booking.bid}`, { endTime: at(2, 13) }));
    expect(moved.metadata).toEqual({ project: 'P', legacy: 'kept' });
  });
});

describe('card choice: the newest registered card that has not expired, on every path', () => {
  /** A customer with an old valid card, a newer valid one (the choice) and a newest one that has expired. */
  async function customerWithCards() {
    const user = await customer();
    const year = new Date().getUTCFullYear();
    const [oldest, newest, expired] = await db
      .insert(registeredCards)
      .values([
        {
          fleetId: 'fjord',
          userId: user.id,
          cardTypeAndMaskedNumber: 'VISA **** 1111',
          expires: `${year + 3}-12`,
          providerToken: `tok_old_${user.id}`,
          createdAt: new Date('2020-01-01T00:00:00Z'),
        },
        {
          fleetId: 'fjord',
          userId: user.id,
          cardTypeAndMaskedNumber: 'VISA **** 4242',
          expires: `${year + 2}-12`,
          providerToken: `tok_new_${user.id}`,
          createdAt: new Date('2023-01-01T00:00:00Z'),
        },
        {
          fleetId: 'fjord',
          userId: user.id,
          cardTypeAndMaskedNumber: 'VISA **** 9999',
          expires: `${year - 1}-12`,
          providerToken: `tok_exp_${user.id}`,
          createdAt: new Date('2024-01-01T00:00:00Z'),
        },
      ])
      .returning();
    return { user, oldest: oldest!, newest: newest!, expired: expired! };
  }
  const bookingPayment = async (bid: string) => {
    const [row] = await db.select({ id: bookings.id }).from(bookings).where(eq(bookings.bid, bid));
    return db.select().from(payments).where(eq(payments.bookingId, row!.id)).orderBy(asc(payments.id));
  };

  it('the admin fee (a booking without a payment) is charged on the newest valid card, not the oldest', async () => {
    const { user, newest } = await customerWithCards();
    const row = await createBooking(
      db,
      'fjord',
      { userId: user.id, contractId: contracts.last, poolId },
      {
        startTime: new Date(at(3, 10)),
        endTime: new Date(at(3, 12)),
      },
    );
    ok(await call('PUT', `/api/bookings/${row.bid}/adjust?endTime=${encodeURIComponent(at(3, 13))}&adminFeeAdded=true`));
    const [bok] = await bookingPayment(row.bid);
    expect(bok).toMatchObject({ type: 'CREDITCARD', cardId: newest.id, totalPriceWithoutVat: 59 });
  });

  it('creation reserves on the newest valid card, not on a newer expired one', async () => {
    const { user, newest } = await customerWithCards();
    const booking = ok(await call('POST', '/api/bookings', createRequest(user.username, 4)), 201);
    const [bok] = await bookingPayment(booking.bid);
    expect(bok).toMatchObject({ type: 'CREDITCARD', cardId: newest.id });
  });

  it('a fee on a booking without a payment and the switch to card payment take the same card', async () => {
    const { user, newest } = await customerWithCards();
    const row = await createBooking(
      db,
      'fjord',
      { userId: user.id, contractId: contracts.meta, poolId },
      {
        startTime: new Date(at(5, 10)),
        endTime: new Date(at(5, 12)),
      },
    );
    ok(await call('POST', `/api/bookings/${row.bid}/billing`, [{ value: 100, type: 'TOLL_FEE' }]));
    const [eve] = await bookingPayment(row.bid);
    expect(eve).toMatchObject({ target: 'EVENT', type: 'CREDITCARD', cardId: newest.id });

    const invoiced = await createBooking(
      db,
      'fjord',
      { userId: user.id, contractId: contracts.meta, poolId },
      {
        startTime: new Date(at(6, 10)),
        endTime: new Date(at(6, 12)),
      },
    );
    await db.insert(payments).values({
      orderId: `BOK98${String(invoiced.id).padStart(8, '0')}`,
      fleetId: 'fjord',
      bookingId: invoiced.id,
      userId: user.id,
      type: 'USER_INVOICE',
      status: 'UNPAID',
      target: 'BOOKING',
      totalPriceWithoutVat: 200,
      totalVat: 50,
      totalPrice: 250,
      currency: 'NOK',
      paymentProvider: 'invoice',
    });
    ok(await call('PUT', `/api/bookings/${invoiced.bid}/paymentType`, { paymentType: 'CREDITCARD' }));
    const [switched] = await bookingPayment(invoiced.bid);
    expect(switched).toMatchObject({ type: 'CREDITCARD', cardId: newest.id });
  });
});

describe('admin fee: the last ADMIN_BOOKING_FEE entry, and 0 is no fee', () => {
  const linesOf = async (bid: string) => {
    const [row] = await db.select({ id: bookings.id }).from(bookings).where(eq(bookings.bid, bid));
    const rows = await db.select({ id: payments.id }).from(payments).where(eq(payments.bookingId, row!.id));
    return rows.length ? db.select().from(paymentEvents).where(eq(paymentEvents.paymentId, rows[0]!.id)) : [];
  };

  it('offers none for a contract whose last entry is 0 (the booking’s contract and the customer’s contracts)', async () => {
    const user = await customer();
    const free = await createBooking(db, 'fjord', { userId: user.id, contractId: contracts.free, poolId });
    const last = await createBooking(db, 'fjord', { userId: user.id, contractId: contracts.last, poolId });
    expect(ok(await call('GET', `/api/bookings/${free.bid}`)).contract.adminFee).toBeNull();
    expect(ok(await call('GET', `/api/bookings/${last.bid}`)).contract.adminFee).toBe(59);
    const res = await call('GET', `/api/users/${user.username}/contracts`);
    expect(res.statusCode, res.body).toBe(200);
    const fees = Object.fromEntries((res.json() as Contract[]).map((c) => [c.id, c.adminFee]));
    expect(fees).toMatchObject({ [contracts.free]: null, [contracts.last]: 59, [contracts.meta]: null });
  });

  it('adds none to the estimate, the new booking or an extension, and 59 where the last entry is 59', async () => {
    const price = async (contractId: number) => {
      const res = await call('POST', '/api/price', {
        contractId,
        startTime: at(7, 10),
        endTime: at(7, 12),
        fromLocation: { poolId },
        estimatedDistance: 0,
        adminFeeAdded: true,
      });
      expect(res.statusCode, res.body).toBe(200);
      return ZPriceResponse.parse(res.json());
    };
    expect((await price(contracts.free)).lines.map((l) => l.itemName)).toEqual(['PER_HOUR']);
    expect((await price(contracts.free)).totalPriceWithoutVat).toBe(200);
    expect((await price(contracts.last)).lines.find((l) => l.itemName === 'ADMIN_BOOKING_FEE')).toMatchObject({ unitCost: 59, priceWithoutVat: 59 });

    const user = await customer();
    const created = ok(
      await call('POST', '/api/bookings', createRequest(user.username, 7, { contractId: contracts.free, metadata: {}, adminFeeAdded: true })),
      201,
    );
    expect(created.estimatedPriceWithoutVat).toBe(200);
    const [createdEvent] = await db
      .select()
      .from(events)
      .where(and(eq(events.bid, created.bid), eq(events.type, 'BOOKING_EVENT')));
    expect(createdEvent!.properties).toMatchObject({ adminFeeAdded: false });

    const extended = ok(await call('PUT', `/api/bookings/${created.bid}/adjust?endTime=${encodeURIComponent(at(7, 13))}&adminFeeAdded=true`));
    expect((await linesOf(extended.bid)).filter((l) => l.itemName === 'ADMIN_BOOKING_FEE')).toEqual([]);
    expect(extended.estimatedPriceWithoutVat).toBe(300);
  });
});
