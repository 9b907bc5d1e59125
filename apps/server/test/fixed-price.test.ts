import { MESSAGE_IDS, MESSAGES, ZBooking, ZErrorEnvelope, type Booking, type BookingState, type PriceListEntry } from '@fleetdesk/contract';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events, paymentEvents, payments } from '../src/db/schema.ts';
import { fixedPriceLine } from '../src/modules/bookings/pricing.ts';
import { createBooking, createContract, createFleet, createPool, createStaff, createUser, createVehicle } from './support/factories.ts';
import { authToken, createTestApp, login, type TestApp } from './support/test-app.ts';

const PRICES: PriceListEntry[] = [
  { name: 'VAT', cost: 0.25 },
  { name: 'PER_HOUR', cost: 100 },
  { name: 'ADMIN_BOOKING_FEE', cost: 40 },
];
const HOUR = 3_600_000;

let t: TestApp;
let token: string;
let otherToken: string;
let fx: { contractId: number; poolId: number; userId: number };

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  await createFleet(db, 'fjord');
  await createFleet(db, 'malar', { country: 'SE', currency: 'SEK', defaultLanguage: 'sv' });
  await createStaff(db, 'fjord', 'support', 'support-demo');
  await createStaff(db, 'malar', 'support.se', 'support-demo');
  token = await login(t.app, 'support', 'support-demo');
  otherToken = await login(t.app, 'support.se', 'support-demo');
  const pool = await createPool(db, 'fjord');
  const contract = await createContract(db, 'fjord', { priceList: PRICES });
  const user = await createUser(db, 'fjord');
  fx = { contractId: contract.id, poolId: pool.id, userId: user.id };
});
afterAll(() => t.close());

type Res = { statusCode: number; body: string; json(): unknown };
const call = (method: 'POST' | 'PUT' | 'DELETE', bid: string, payload?: unknown, auth = token) =>
  t.app.inject({
    method,
    url: `/api/bookings/${bid}/fixedprice`,
    headers: { authorization: authToken(auth) },
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
const booking = (res: Res): Booking => {
  expect(res.statusCode, res.body).toBe(200);
  return ZBooking.parse(res.json());
};
const envelope = (res: Res, status: number) => {
  expect(res.statusCode, res.body).toBe(status);
  const e = ZErrorEnvelope.parse(res.json());
  expect(e.httpCode).toBe(status);
  return e;
};
const fixedPriceEvents = async (bid: string) =>
  (
    await t.database.db
      .select()
      .from(events)
      .where(and(eq(events.bid, bid), eq(events.type, 'PAYMENT_ACTION')))
      .orderBy(asc(events.id))
  ).filter((e) => String(e.properties.action).startsWith('FIXED_PRICE'));

async function fixture(state: BookingState = 'INACTIVE', over: Parameters<typeof createBooking>[3] = {}) {
  return createBooking(
    t.database.db,
    'fjord',
    { userId: fx.userId, contractId: fx.contractId, poolId: fx.poolId },
    {
      state,
      estimatedPriceWithoutVat: 200,
      estimatedVat: 50,
      ...over,
    },
  );
}

describe('set, change and remove', () => {
  it('sets a fixed price, which the estimate shows; changes it; removes it, and the computed estimate is back', async () => {
    const b = await fixture();
    const set = booking(await call('POST', b.bid, { price: 500, comment: '  Agreed with the customer  ' }));
    expect(set).toMatchObject({ fixedPrice: { price: 500, comment: 'Agreed with the customer' }, estimatedPriceWithoutVat: 500, estimatedVat: 125 });

    const changed = booking(await call('PUT', b.bid, { price: 399.999 }));
    expect(changed).toMatchObject({ fixedPrice: { price: 400, comment: null }, estimatedPriceWithoutVat: 400, estimatedVat: 100 });

    const removed = booking(await call('DELETE', b.bid));
    expect(removed).toMatchObject({ fixedPrice: null, estimatedPriceWithoutVat: 200, estimatedVat: 50 });

    const logged = await fixedPriceEvents(b.bid);
    expect(logged.map((e) => [e.properties.action, e.displayText, e.actingUsername])).toEqual([
      ['FIXED_PRICE_SET', 'Fixed price set: 500.00 NOK without VAT (Agreed with the customer)', 'support'],
      ['FIXED_PRICE_CHANGED', 'Fixed price changed: 500.00 NOK → 400.00 NOK without VAT', 'support'],
      ['FIXED_PRICE_REMOVED', 'Fixed price removed (was 400.00 NOK without VAT)', 'support'],
    ]);
    expect(logged[0]!.typeGroup).toBe('PAYMENT');
  });

  it('allows a fixed price of 0 on an active booking', async () => {
    const b = await fixture('ACTIVE');
    expect(booking(await call('POST', b.bid, { price: 0, comment: null }))).toMatchObject({
      fixedPrice: { price: 0 },
      estimatedPriceWithoutVat: 0,
      estimatedVat: 0,
    });
  });

  it('refuses a second fixed price (409 fixedPriceExists), and a change or removal without one (409 fixedPriceMissing)', async () => {
    const b = await fixture();
    booking(await call('POST', b.bid, { price: 100 }));
    expect(envelope(await call('POST', b.bid, { price: 200 }), 409)).toMatchObject({
      messageId: MESSAGE_IDS.conflict,
      message: 'The booking already has a fixed price',
    });
    booking(await call('DELETE', b.bid));
    expect(envelope(await call('DELETE', b.bid), 409).message).toBe(MESSAGES.fixedPriceMissing);
    expect(envelope(await call('PUT', b.bid, { price: 200 }), 409).message).toBe(MESSAGES.fixedPriceMissing);
    expect((await fixedPriceEvents(b.bid)).map((e) => e.properties.action)).toEqual(['FIXED_PRICE_SET', 'FIXED_PRICE_REMOVED']);
  });

  it('refuses every change on a finished or cancelled booking (409 fixedPriceNotOnFinished)', async () => {
    for (const state of ['FINISHED', 'CANCELLED'] as const) {
      const b = await fixture(state, { fixedPrice: 300 });
      for (const [method, payload] of [
        ['POST', { price: 100 }],
        ['PUT', { price: 100 }],
        ['DELETE', undefined],
      ] as const) {
        const e = envelope(await call(method, b.bid, payload), 409);
        expect(e.message, `${state} ${method}`).toBe('A fixed price is not allowed on finished bookings');
      }
      expect(await fixedPriceEvents(b.bid)).toEqual([]);
    }
  });
});

describe('400: the fixed price form rules', () => {
  const cases: [string, unknown, string][] = [
    ['no price', {}, MESSAGES.amountRequired],
    ['a null price', { price: null }, MESSAGES.amountRequired],
    ['an empty price', { price: '' }, MESSAGES.amountRequired],
    ['a text price', { price: 'abc' }, MESSAGES.amountNotNumber],
    ['a numeric string', { price: '12' }, MESSAGES.amountNotNumber],
    ['a negative price', { price: -0.01 }, MESSAGES.amountNegative],
  ];
  it.each(cases)('refuses %s with its own message', async (_name, payload, message) => {
    const b = await fixture();
    for (const method of ['POST', 'PUT'] as const) {
      const e = envelope(await call(method, b.bid, payload), 400);
      expect(e).toMatchObject({ messageId: MESSAGE_IDS.invalidInput, errors: [{ field: 'price', message }] });
    }
  });

  it('refuses malformed bodies and an overlong comment with 400', async () => {
    const b = await fixture();
    for (const payload of [[], { price: 1e12 }, { price: 5, comment: 'x'.repeat(1001) }, { price: 5, comment: 7 }])
      envelope(await call('POST', b.bid, payload), 400);
    envelope(await call('POST', b.bid), 400);
    const badJson = await t.app.inject({
      method: 'POST',
      url: `/api/bookings/${b.bid}/fixedprice`,
      headers: { authorization: authToken(token), 'content-type': 'application/json' },
      payload: '{"price":',
    });
    envelope(badJson, 400);
    expect(await fixedPriceEvents(b.bid)).toEqual([]);
  });
});

describe('404', () => {
  it("answers 404 for another operator's booking and unknown bids", async () => {
    const b = await fixture();
    for (const [bid, auth] of [
      [b.bid, otherToken],
      ['BID0000000000', token],
      ['nope', token],
    ] as const) {
      expect(envelope(await call('POST', bid, { price: 10 }, auth), 404).messageId).toBe(MESSAGE_IDS.bookingNotFound);
      expect(envelope(await call('DELETE', bid, undefined, auth), 404).messageId).toBe(MESSAGE_IDS.bookingNotFound);
    }
    expect(await fixedPriceEvents(b.bid)).toEqual([]);
  });
});

describe('pricing at the end of the booking', () => {
  const linesOf = async (paymentId: number) =>
    t.database.db.select().from(paymentEvents).where(eq(paymentEvents.paymentId, paymentId)).orderBy(asc(paymentEvents.id));

  it('makes the payment lines one FIXED line (plus VAT) when a booking with a fixed price is deactivated; manual lines stay', async () => {
    const db = t.database.db;
    const v = await createVehicle(db, 'fjord', { poolId: fx.poolId });
    const b = await fixture('ACTIVE', {
      allocatedVehicleId: v.id,
      allocationState: 'ALLOCATED',
      startTime: new Date(Date.now() - HOUR),
      usageStart: new Date(Date.now() - HOUR),
    });
    const [bok] = await db
      .insert(payments)
      .values({
        orderId: 'BOK9600000001',
        fleetId: 'fjord',
        bookingId: b.id,
        userId: fx.userId,
        type: 'USER_INVOICE',
        status: 'UNPAID',
        target: 'BOOKING',
        totalPriceWithoutVat: 240,
        totalVat: 60,
        totalPrice: 300,
        currency: 'NOK',
        paymentProvider: 'invoice',
      })
      .returning();
    await db.insert(paymentEvents).values([
      {
        paymentId: bok!.id,
        itemName: 'PER_HOUR',
        itemType: 'PER_HOUR',
        itemDisplayText: 'Per hour',
        unitAmount: 2,
        unitCost: 100,
        priceWithoutVat: 200,
        vat: 50,
        totalPrice: 250,
      },
      {
        paymentId: bok!.id,
        itemName: 'ADMIN_BOOKING_FEE',
        itemType: 'ADMIN_BOOKING_FEE',
        itemDisplayText: 'Admin booking fee',
        unitAmount: 1,
        unitCost: 40,
        priceWithoutVat: 40,
        vat: 10,
        totalPrice: 50,
        manualEvent: true,
      },
    ]);
    booking(await call('POST', b.bid, { price: 150.5, comment: 'Flat rate' }));

    const res = booking(
      await t.app.inject({
        method: 'POST',
        url: `/api/bookings/${b.bid}/deactivate`,
        headers: { authorization: authToken(token) },
        payload: { unchecked: false },
      }),
    );
    expect(res.state).toBe('FINISHED');
    expect(
      res.payment!.events.map((e) => [e.itemType, e.itemDisplayText, e.unitAmount, e.priceWithoutVat, e.vat, e.totalPrice, e.manualEvent]),
    ).toEqual([
      ['ADMIN_BOOKING_FEE', 'Admin booking fee', 1, 40, 10, 50, true],
      ['FIXED', 'Fixed price', 1, 150.5, 37.63, 188.13, false],
    ]);
    expect(res.payment).toMatchObject({ totalPriceWithoutVat: 190.5, totalVat: 47.63, totalPrice: 238.13 });
    expect(res.payment!.events[1]!.comment).toBe('Flat rate');
    const applied = (
      await t.database.db
        .select()
        .from(events)
        .where(and(eq(events.bid, b.bid), eq(events.type, 'PAYMENT_ACTION')))
    ).filter((e) => e.properties.action === 'FIXED_PRICE_APPLIED');
    expect(applied).toHaveLength(1);
    // And on a finished booking the fixed price can no longer change.
    expect(envelope(await call('PUT', b.bid, { price: 1 }), 409).message).toBe(MESSAGES.fixedPriceNotOnFinished);
  });

  it('creates the booking payment with the FIXED line when a force-ended booking has none', async () => {
    const b = await fixture('INACTIVE', { startTime: new Date(Date.now() - 30 * 60_000), endTime: new Date(Date.now() + HOUR) });
    booking(await call('POST', b.bid, { price: 80 }));
    const res = booking(
      await t.app.inject({
        method: 'POST',
        url: `/api/bookings/${b.bid}/force-deactivate-without-pin?wasNotUsed=true`,
        headers: { authorization: authToken(token) },
      }),
    );
    expect(res.state).toBe('FINISHED');
    expect(res.payment).toMatchObject({ type: 'USER_INVOICE', status: 'UNPAID', totalPriceWithoutVat: 80, totalVat: 20, totalPrice: 100 });
    expect(res.payment!.orderId).toMatch(/^BOK\d{10}$/);
    expect(await linesOf((await t.database.db.select().from(payments).where(eq(payments.bookingId, b.id)))[0]!.id)).toMatchObject([
      { itemName: 'FIXED', itemType: 'FIXED', totalPrice: 100 },
    ]);
  });

  it('leaves the payment alone at the end of a booking without a fixed price', async () => {
    const db = t.database.db;
    const v = await createVehicle(db, 'fjord', { poolId: fx.poolId });
    const b = await fixture('ACTIVE', {
      allocatedVehicleId: v.id,
      allocationState: 'ALLOCATED',
      startTime: new Date(Date.now() - HOUR),
      usageStart: new Date(Date.now() - HOUR),
    });
    const res = booking(
      await t.app.inject({
        method: 'POST',
        url: `/api/bookings/${b.bid}/deactivate`,
        headers: { authorization: authToken(token) },
        payload: { unchecked: true },
      }),
    );
    expect(res).toMatchObject({ state: 'FINISHED', payment: null, fixedPrice: null });
  });

  it('prices the FIXED line like every other line', () => {
    expect(fixedPriceLine(150.5, 0.25)).toEqual({
      itemName: 'FIXED',
      itemType: 'FIXED',
      unitAmount: 1,
      unitCost: 150.5,
      priceWithoutVat: 150.5,
      vat: 37.63,
      totalPrice: 188.13,
    });
    expect(fixedPriceLine(0, 0.25).totalPrice).toBe(0);
    expect(() => fixedPriceLine(-1, 0.25)).toThrow(RangeError);
  });
});

describe('OpenAPI', () => {
  it('lists billing and the fixed price calls', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const paths = (res.json() as { paths: Record<string, Record<string, unknown>> }).paths;
    expect(Object.keys(paths['/api/bookings/{bid}/billing'] ?? {})).toEqual(['post']);
    expect(Object.keys(paths['/api/bookings/{bid}/fixedprice'] ?? {}).sort()).toEqual(['delete', 'post', 'put']);
  });
});
