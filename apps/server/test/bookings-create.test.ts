import {
  MESSAGE_IDS,
  MESSAGES,
  ZAvailabilityResponse,
  ZBooking,
  ZContractRulesResponse,
  ZErrorEnvelope,
  ZEventSearchResponse,
  ZPriceResponse,
  ZSuggestionsResponse,
  type Booking,
  type BookableRule,
  type ErrorEnvelope,
  type PriceListEntry,
} from '@fleetdesk/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client.ts';
import { bookings, contracts, payments, poolContracts, registeredCards, userContracts } from '../src/db/schema.ts';
import { priceBooking } from '../src/modules/bookings/pricing.ts';
import { pinTestDay } from './support/clock.ts';
import { createBooking, createContract, createFleet, createPool, createStaff, createUser, createVehicle } from './support/factories.ts';
import { authToken, createTestApp, login, type TestApp } from './support/test-app.ts';

let t: TestApp;
let db: Db;
let token: string;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
// A fixed day on the test clock (docs/decisions/0047-test-clock.md), so the weekdays of the bookings below never
// depend on the run date; TEST_NOW=23:59 runs it at that hour. BASE is 20 days later, on the hour.
const NOW = pinTestDay('2026-01-14').getTime();
const BASE = Math.floor(NOW / HOUR) * HOUR + 20 * DAY;
const at = (days: number, hours = 0) => new Date(BASE + days * DAY + hours * HOUR).toISOString();

let privat: typeof contracts.$inferSelect;
let nordlys: typeof contracts.$inferSelect;
let havbris: typeof contracts.$inferSelect;
let fjordbo: typeof contracts.$inferSelect;
let grunerlokka: number;
let toyen: number;
let skoyen: number;
/** The customer most tests book for: ACTIVE, on Fjord Privat and Nordlys, with a VISA **** 4242. */
let kari: { id: number; username: string };
let blocked: { username: string };
/** A customer of the other operator. */
let foreign: { username: string };
/** Kari's ACTIVE booking (started an hour ago) on `activeVin`; `otherVin` is another car of the operator. */
let active: { bid: string; activeVin: string; otherVin: string };
/** A cancelled and a finished booking, and one of the other operator. */
let cancelledBid: string;
let finishedBid: string;
let theirBid: string;
let malarContractId: number;

const always = (minDuration: string, maxDuration: string): BookableRule => ({
  minDuration,
  maxDuration,
  appliedDuring: 'ALWAYS',
  appliesDuring: null,
});
const VAT: PriceListEntry = { name: 'VAT', cost: 0.25 };

beforeAll(async () => {
  t = await createTestApp();
  db = t.database.db;
  await createFleet(db, 'fjord', { name: 'Fjord Mobility' });
  await createFleet(db, 'malar', { name: 'Mälar Mobility', country: 'SE', currency: 'SEK', defaultLanguage: 'sv', timeZone: 'Europe/Stockholm' });
  await createStaff(db, 'fjord', 'support', 'support-demo');
  token = await login(t.app, 'support', 'support-demo');

  grunerlokka = (await createPool(db, 'fjord', { name: 'Grünerløkka' })).id;
  toyen = (await createPool(db, 'fjord', { name: 'Tøyen torg' })).id;
  skoyen = (await createPool(db, 'fjord', { name: 'Skøyen stasjon', disabled: true })).id;
  const taxiPool = (await createPool(db, 'fjord', { name: 'Bjørvika' })).id;
  // Fjord Privat: 1 hour to 14 days, no one-way; the worked example of POST /api/price reads its prices.
  privat = await createContract(db, 'fjord', {
    name: 'Fjord Privat',
    minBookingDuration: 'PT1H',
    maxBookingDuration: 'P14D',
    bookableRules: [always('PT1H', 'P14D')],
    priceList: [
      { name: 'ADMIN_BOOKING_FEE', cost: 59 },
      VAT,
      { name: 'PER_HOUR', cost: 89 },
      { name: 'PER_DAY', cost: 790 },
      { name: 'PER_WEEK', cost: 3490 },
      { name: 'PER_WEEKEND', cost: 1490 },
      { name: 'PER_KM', cost: 3.5 },
      { name: 'START_UP_FEE', cost: 29 },
    ],
  });
  // A company contract: 30 minutes to 7 days, one-way allowed, taxis from Bjørvika, a required project and a
  // whole-number cost centre.
  nordlys = await createContract(db, 'fjord', {
    name: 'Nordlys Consulting – bedriftsavtale',
    contractType: 'COMPANY',
    minBookingDuration: 'PT30M',
    maxBookingDuration: 'P7D',
    oneWayAllowed: true,
    taxiFromPools: [taxiPool],
    bookableRules: [always('PT30M', 'P7D')],
    priceList: [{ name: 'ADMIN_BOOKING_FEE', cost: 59 }, VAT, { name: 'PER_HOUR', cost: 79 }, { name: 'PER_KM', cost: 2.9 }],
    metadataSpec: [
      { key: 'project', label: 'Prosjekt', description: null, type: 'TEXT', choices: null, placeholder: 'NORD-1042', required: true },
      { key: 'costCentre', label: 'Kostnadssted', description: null, type: 'INTEGER', choices: null, placeholder: '4410', required: false },
    ],
  });
  havbris = await createContract(db, 'fjord', { name: 'Havbris Arkitekter – bedriftsavtale', contractType: 'COMPANY', priceList: [VAT] });
  // One booking at a time, weekdays 07:00–17:00 at most 3 days, no one-way.
  fjordbo = await createContract(db, 'fjord', {
    name: 'Fjordbo – beboeravtale',
    contractType: 'COMPANY',
    minBookingDuration: 'PT1H',
    maxBookingDuration: 'P3D',
    onlyOneBookingAtTheSameTimeAllowed: true,
    bookableRules: [{ minDuration: 'PT1H', maxDuration: 'P3D', appliedDuring: 'SCHEDULED', appliesDuring: { from: '07:00', to: '17:00' } }],
    priceList: [VAT, { name: 'PER_HOUR', cost: 69 }],
  });
  await db.insert(poolContracts).values([
    { poolId: grunerlokka, contractId: privat.id },
    { poolId: toyen, contractId: privat.id },
    { poolId: grunerlokka, contractId: nordlys.id },
    { poolId: taxiPool, contractId: nordlys.id },
    { poolId: grunerlokka, contractId: fjordbo.id },
  ]);
  // Small cars and cargo bikes at Grünerløkka; another car at Tøyen.
  const cars = [];
  for (let i = 0; i < 3; i++) cars.push(await createVehicle(db, 'fjord', { poolId: grunerlokka, priceClass: 'Small car' }));
  for (let i = 0; i < 2; i++) {
    await createVehicle(db, 'fjord', { poolId: grunerlokka, modelName: 'Butchers & Bicycles', priceClass: 'Cargo bike', category: 'CARGO_BIKE' });
  }
  const other = await createVehicle(db, 'fjord', { poolId: toyen, priceClass: 'Small car' });

  const customerOf = async (over: Parameters<typeof createUser>[2], card: boolean) => {
    const user = await createUser(db, 'fjord', over);
    await db.insert(userContracts).values([
      { userId: user.id, contractId: privat.id },
      { userId: user.id, contractId: nordlys.id },
    ]);
    if (card) {
      await db.insert(registeredCards).values({
        fleetId: 'fjord',
        userId: user.id,
        cardTypeAndMaskedNumber: 'VISA **** 4242',
        expires: `${new Date().getUTCFullYear() + 2}-06`,
        providerToken: `sandbox_${user.id}abcdef`,
      });
    }
    return user;
  };
  kari = await customerOf({ username: 'kari.active' }, true);
  blocked = await customerOf({ username: 'kari.blocked', status: 'BLOCKED' }, false);
  const malarUser = await createUser(db, 'malar', { username: 'anna.aktiv', language: 'sv' });
  foreign = malarUser;

  const refs = { userId: kari.id, contractId: privat.id, poolId: grunerlokka };
  const running = await createBooking(
    db,
    'fjord',
    { ...refs, vehicleId: cars[0]!.id },
    {
      state: 'ACTIVE',
      startTime: new Date(NOW - HOUR),
      endTime: new Date(NOW + 2 * HOUR),
      usageStart: new Date(NOW - HOUR),
      specType: 'VEHICLE',
      specVehicleId: cars[0]!.id,
    },
  );
  active = { bid: running.bid, activeVin: cars[0]!.vin, otherVin: other.vin };
  cancelledBid = (
    await createBooking(db, 'fjord', refs, { state: 'CANCELLED', startTime: new Date(NOW - 5 * DAY), endTime: new Date(NOW - 5 * DAY + 2 * HOUR) })
  ).bid;
  finishedBid = (
    await createBooking(db, 'fjord', refs, { state: 'FINISHED', startTime: new Date(NOW - 3 * DAY), endTime: new Date(NOW - 3 * DAY + 2 * HOUR) })
  ).bid;
  const malarPool = await createPool(db, 'malar', { city: 'Stockholm' });
  malarContractId = (await createContract(db, 'malar', { currency: 'SEK' })).id;
  theirBid = (
    await createBooking(
      db,
      'malar',
      { userId: malarUser.id, contractId: malarContractId, poolId: malarPool.id },
      { startTime: new Date(NOW + DAY), endTime: new Date(NOW + DAY + 2 * HOUR) },
    )
  ).bid;
});
afterAll(() => t.close());

const headers = () => ({ authorization: authToken(token) });
const post = (url: string, payload: unknown) => t.app.inject({ method: 'POST', url, headers: headers(), payload: payload as object });
const put = (url: string, payload: unknown) => t.app.inject({ method: 'PUT', url, headers: headers(), payload: payload as object });
const get = (url: string) => t.app.inject({ method: 'GET', url, headers: headers() });
const envelopeOf = (res: { json(): unknown }): ErrorEnvelope => ZErrorEnvelope.parse(res.json());

/** A free car class at Grünerløkka in the window, found through the availability endpoint. */
async function freeCarClass(from: string, to: string): Promise<string> {
  const res = await get(`/api/availability?fromPoolId=${grunerlokka}&from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`);
  expect(res.statusCode).toBe(200);
  const car = ZAvailabilityResponse.parse(res.json()).classes.find((c) => c.vehicleCategory === 'CAR' && c.available > 0);
  expect(car).toBeDefined();
  return car!.className;
}

const request = (over: Record<string, unknown> = {}) => ({
  user: kari.username,
  contractId: privat.id,
  startTime: at(0, 10),
  endTime: at(0, 13),
  fromLocation: { poolId: grunerlokka },
  toLocation: { poolId: grunerlokka },
  vehicleSpecification: { type: 'CLASS', className: 'Small car' },
  estimatedDistance: 40,
  ...over,
});

/** A customer of fjord with Fjord Privat (and optionally a registered card). */
async function customer(card?: { masked: string; token?: string }) {
  const user = await createUser(db, 'fjord');
  await db.insert(userContracts).values({ userId: user.id, contractId: privat.id });
  if (card) {
    await db.insert(registeredCards).values({
      fleetId: 'fjord',
      userId: user.id,
      cardTypeAndMaskedNumber: card.masked,
      expires: `${new Date().getUTCFullYear() + 2}-06`,
      providerToken: card.token ?? `sandbox_${user.id}abcdef`,
    });
  }
  return user;
}

/** A new pool of fjord, linked to Fjord Privat unless `linked` is false, with `count` cars of a class of its own. */
async function poolWithCars(count: number, linked = true) {
  const pool = await createPool(db, 'fjord', { city: 'Oslo' });
  if (linked) await db.insert(poolContracts).values({ poolId: pool.id, contractId: privat.id });
  const cars = [];
  for (let i = 0; i < count; i++) cars.push(await createVehicle(db, 'fjord', { poolId: pool.id }));
  return { pool, cars };
}

describe('POST /api/bookings', () => {
  let created: Booking;

  it('creates a booking for Kari: allocated, estimated, card reserved, logged, readable', async () => {
    const className = await freeCarClass(at(0, 10), at(0, 13));
    const res = await post('/api/bookings', request({ vehicleSpecification: { type: 'CLASS', className }, adminFeeAdded: true }));
    expect(res.statusCode, res.body).toBe(201);
    created = ZBooking.parse(res.json());
    expect(created).toMatchObject({
      state: 'INACTIVE',
      user: { username: kari.username },
      contractId: privat.id,
      estimatedDistance: 40,
      startTime: at(0, 10),
      endTime: at(0, 13),
      allocateOnActivation: false,
      vehicleAllocation: { state: 'ALLOCATED', specification: { type: 'CLASS', className, vehicleCategory: 'CAR' } },
    });
    expect(created.bid).toMatch(/^BID\d{10}$/);
    expect(created.vehicleAllocation.vehicle).not.toBeNull();

    // The estimate is priceBooking's, with the admin fee.
    const expected = priceBooking({
      start: new Date(at(0, 10)),
      end: new Date(at(0, 13)),
      distanceKm: 40,
      priceList: privat.priceList,
      currency: 'NOK',
      timeZone: 'Europe/Oslo',
      includeAdminFee: true,
    });
    expect(expected.lines.map((l) => l.itemName)).toContain('ADMIN_BOOKING_FEE');
    expect(created.estimatedPriceWithoutVat).toBe(expected.totalPriceWithoutVat);
    expect(created.estimatedVat).toBe(expected.totalVat);

    // Payment: VISA **** 4242 is reserved in the sandbox.
    expect(created.payment).toMatchObject({
      type: 'CREDITCARD',
      status: 'RESERVED',
      target: 'BOOKING',
      totalPrice: expected.totalPriceWithVat,
      totalVat: expected.totalVat,
      totalPriceWithoutVat: expected.totalPriceWithoutVat,
      currency: 'NOK',
      paymentProvider: 'sandbox',
      reservationFailed: false,
    });
    expect(created.payment?.orderId).toMatch(/^BOK\d{10}$/);
    expect(created.payment?.externalId).toMatch(/^sandbox_pi_/);
    expect(created.displayState).not.toBe('REQUIRES_AUTH');

    const again = await get(`/api/bookings/${created.bid.toLowerCase()}`);
    expect(again.statusCode).toBe(200);
    expect(ZBooking.parse(again.json())).toMatchObject({ bid: created.bid, state: 'INACTIVE', payment: { status: 'RESERVED' } });

    const events = ZEventSearchResponse.parse((await get(`/api/events?bid=${created.bid}`)).json()).results;
    const booking = events.find((e) => e.type === 'BOOKING_EVENT');
    expect(booking).toMatchObject({
      displayText: 'Booking created',
      actingUsername: 'support',
      affectedUsername: kari.username,
      vin: created.vehicleAllocation.vehicle?.vin,
    });
    expect(events.find((e) => e.type === 'PAYMENT_ACTION')?.displayText).toContain('reserved');
  });

  it("answers 404 for an unknown user and for another operator's user", async () => {
    for (const user of ['nobody.here', foreign.username]) {
      const res = await post('/api/bookings', request({ user }));
      expect(res.statusCode, user).toBe(404);
      expect(envelopeOf(res)).toMatchObject({ messageId: MESSAGE_IDS.userNotFound });
    }
  });

  it("refuses a user who is not ACTIVE with 'User is not active'", async () => {
    const res = await post('/api/bookings', request({ user: blocked.username }));
    expect(res.statusCode).toBe(400);
    expect(envelopeOf(res)).toMatchObject({
      messageId: MESSAGE_IDS.validationList,
      message: 'User is not active',
      errors: [{ message: 'User is not active', overridable: false }],
    });
  });

  it("refuses a contract that is not one of the user's", async () => {
    const res = await post('/api/bookings', request({ contractId: havbris.id }));
    expect(res.statusCode).toBe(400);
    const env = envelopeOf(res);
    expect(env).toMatchObject({ messageId: MESSAGE_IDS.validationList, message: MESSAGES.failedToCreateBooking });
    expect(env.errors).toEqual([expect.objectContaining({ field: 'contractId', overridable: false })]);
  });

  it('refuses start after end, a start in the past and a disabled or foreign pool, all in one answer', async () => {
    const [theirs] = await db.select().from(bookings).where(eq(bookings.bid, theirBid));
    let res = await post('/api/bookings', request({ startTime: at(0, 13), endTime: at(0, 10) }));
    expect(res.statusCode).toBe(400);
    expect(envelopeOf(res).errors).toEqual([expect.objectContaining({ field: 'endTime', message: MESSAGES.startBeforeEnd, overridable: false })]);

    res = await post(
      '/api/bookings',
      request({ startTime: new Date(Date.now() - HOUR).toISOString(), endTime: new Date(Date.now() + HOUR).toISOString() }),
    );
    expect(res.statusCode).toBe(400);
    expect(envelopeOf(res).errors).toEqual([expect.objectContaining({ field: 'startTime', message: MESSAGES.startInPast })]);

    res = await post('/api/bookings', request({ fromLocation: { poolId: skoyen }, toLocation: { poolId: theirs!.fromPoolId } }));
    expect(res.statusCode).toBe(400);
    expect(envelopeOf(res).errors).toEqual([
      expect.objectContaining({ field: 'fromLocation', message: MESSAGES.poolDisabled }),
      expect.objectContaining({ field: 'toLocation', message: MESSAGES.poolNotFound }),
    ]);
  });

  it("needs the access override for a pool outside the user's contracts", async () => {
    const { pool } = await poolWithCars(1, false);
    const body = request({
      fromLocation: { poolId: pool.id },
      toLocation: { poolId: pool.id },
      vehicleSpecification: { type: 'CLASS', className: 'B' },
      startTime: at(1, 10),
      endTime: at(1, 12),
    });
    let res = await post('/api/bookings', body);
    expect(res.statusCode).toBe(400);
    expect(envelopeOf(res).errors).toEqual([expect.objectContaining({ field: 'fromLocation', ruleName: 'POOL_ACCESS', overridable: false })]);
    // ignoreRules does not override pool access
    res = await post('/api/bookings', { ...body, ignoreRules: true });
    expect(res.statusCode).toBe(400);
    res = await post('/api/bookings', { ...body, overridePoolAccess: true });
    expect(res.statusCode, res.body).toBe(201);
    const events = ZEventSearchResponse.parse((await get(`/api/events?bid=${ZBooking.parse(res.json()).bid}`)).json()).results;
    expect(events.find((e) => e.type === 'BOOKING_EVENT')?.properties).toMatchObject({ poolAccessOverridden: [pool.id] });
  });

  it('lists rule violations with overridable flags; ignoreRules accepts the overridable ones only', async () => {
    const className = await freeCarClass(at(2, 10), at(2, 11));
    const short = request({ startTime: at(2, 10), endTime: at(2, 10.5), vehicleSpecification: { type: 'CLASS', className } });
    let res = await post('/api/bookings', short);
    expect(res.statusCode).toBe(400);
    let env = envelopeOf(res);
    expect(env).toMatchObject({ messageId: MESSAGE_IDS.validationList, message: MESSAGES.failedToCreateBooking });
    expect(env.errors).toEqual([
      {
        field: 'endTime',
        messageId: 'bookingTooShort',
        params: { duration: '1 hour', durationMs: 3_600_000 },
        message: 'Bookings must be at least 1 hour.',
        overridable: true,
        ruleName: 'contract.minBookingDuration',
      },
    ]);

    const long = await post(
      '/api/bookings',
      request({ startTime: at(2, 10), endTime: at(17, 10), vehicleSpecification: { type: 'CLASS', className } }),
    );
    expect(envelopeOf(long).errors).toEqual([expect.objectContaining({ message: 'Bookings can be at most 14 days.', overridable: true })]);

    // One-way is not overridable: with ignoreRules only it remains.
    const oneWay = { ...short, toLocation: { poolId: toyen } };
    res = await post('/api/bookings', oneWay);
    env = envelopeOf(res);
    expect(env.errors.map((e) => [e.ruleName, e.overridable])).toEqual([
      ['contract.minBookingDuration', true],
      ['contract.oneWayAllowed', false],
    ]);
    res = await post('/api/bookings', { ...oneWay, ignoreRules: true });
    expect(res.statusCode).toBe(400);
    expect(envelopeOf(res).errors).toEqual([
      expect.objectContaining({ ruleName: 'contract.oneWayAllowed', field: 'toLocation', overridable: false }),
    ]);

    res = await post('/api/bookings', { ...short, ignoreRules: true });
    expect(res.statusCode, res.body).toBe(201);
    const bid = ZBooking.parse(res.json()).bid;
    const events = ZEventSearchResponse.parse((await get(`/api/events?bid=${bid}`)).json()).results;
    expect(events.find((e) => e.type === 'BOOKING_EVENT')?.properties).toMatchObject({ overriddenRules: ['contract.minBookingDuration'] });
  });

  it('checks the metadata of a company contract (not overridable)', async () => {
    const className = await freeCarClass(at(3, 10), at(3, 12));
    const body = request({ contractId: nordlys.id, startTime: at(3, 10), endTime: at(3, 12), vehicleSpecification: { type: 'CLASS', className } });
    let res = await post('/api/bookings', { ...body, metadata: { costCentre: 'abc' }, ignoreRules: true });
    expect(res.statusCode).toBe(400);
    expect(envelopeOf(res).errors.map((e) => e.field)).toEqual(['metadata.project', 'metadata.costCentre']);
    res = await post('/api/bookings', { ...body, metadata: { project: 'NORD-1042 Vegdata', costCentre: '4410' } });
    expect(res.statusCode, res.body).toBe(201);
    expect(ZBooking.parse(res.json()).metadata).toEqual({ project: 'NORD-1042 Vegdata', costCentre: '4410' });
  });

  it('a card that needs 3-D Secure (VISA **** 3155) gives a booking that REQUIRES_AUTH', async () => {
    const user = await customer({ masked: 'VISA **** 3155' });
    const className = await freeCarClass(at(4, 10), at(4, 12));
    const res = await post(
      '/api/bookings',
      request({ user: user.username, startTime: at(4, 10), endTime: at(4, 12), vehicleSpecification: { type: 'CLASS', className } }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const b = ZBooking.parse(res.json());
    expect(b.displayState).toBe('REQUIRES_AUTH');
    expect(b.payment).toMatchObject({ type: 'CREDITCARD', status: 'NEEDS_AUTHORIZATION' });
    expect(b.paymentsRequiringAuthorization).toEqual([b.payment!.orderId]);
    expect(b.actions).not.toContain('ACTIVATE');
  });

  it('a refused card keeps the booking with a RESERVATION_FAILED payment and says why; an abandoned authorisation reads ABANDONED', async () => {
    const poor = await customer({ masked: 'VISA **** 9995' });
    const className = await freeCarClass(at(6, 10), at(6, 12));
    let res = await post(
      '/api/bookings',
      request({ user: poor.username, startTime: at(6, 10), endTime: at(6, 12), vehicleSpecification: { type: 'CLASS', className } }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const refused = ZBooking.parse(res.json());
    expect(refused.payment).toMatchObject({
      type: 'CREDITCARD',
      status: 'RESERVATION_FAILED',
      reservationFailed: true,
      failureCode: 'insufficient_funds',
    });
    // The poll of the creation dialog (GET) says the same; switching to invoice clears the reason.
    expect(ZBooking.parse((await get(`/api/bookings/${refused.bid}`)).json()).payment?.failureCode).toBe('insufficient_funds');
    res = await put(`/api/bookings/${refused.bid}/paymentType`, { paymentType: 'USER_INVOICE' });
    expect(res.statusCode, res.body).toBe(200);
    expect(ZBooking.parse(res.json()).payment).toMatchObject({ type: 'USER_INVOICE', status: 'UNPAID', failureCode: null });

    const waiting = await customer({ masked: 'VISA **** 3155' });
    res = await post(
      '/api/bookings',
      request({ user: waiting.username, startTime: at(6, 13), endTime: at(6, 15), vehicleSpecification: { type: 'CLASS', className } }),
    );
    const created = ZBooking.parse(res.json());
    expect(created.payment).toMatchObject({ status: 'NEEDS_AUTHORIZATION', failureCode: null });
    res = await post(`/api/sandbox/payments/${created.payment!.orderId}/authorize`, { outcome: 'ABANDONED' });
    expect(res.statusCode, res.body).toBe(200);
    const polled = ZBooking.parse((await get(`/api/bookings/${created.bid}`)).json());
    expect(polled).toMatchObject({ state: 'INACTIVE', paymentsRequiringAuthorization: [] });
    expect(polled.payment).toMatchObject({ status: 'ABANDONED', failureCode: null });
    expect(polled.abilities.cancel.allowed).toBe(true);
    expect(polled.payment!.abilities.switchType.allowed).toBe(true);
  });

  it('a sandbox 3-D Secure token needs authorisation too; a user without a card gets a user invoice', async () => {
    const threeDs = await customer({ masked: 'MASTERCARD **** 4444', token: 'sandbox_3ds_abcdef' });
    const noCard = await customer();
    const className = await freeCarClass(at(5, 10), at(5, 12));
    const spec = { type: 'CLASS', className };
    let res = await post('/api/bookings', request({ user: threeDs.username, startTime: at(5, 10), endTime: at(5, 12), vehicleSpecification: spec }));
    expect(ZBooking.parse(res.json()).payment?.status).toBe('NEEDS_AUTHORIZATION');
    res = await post('/api/bookings', request({ user: noCard.username, startTime: at(5, 13), endTime: at(5, 15), vehicleSpecification: spec }));
    expect(res.statusCode, res.body).toBe(201);
    expect(ZBooking.parse(res.json()).payment).toMatchObject({ type: 'USER_INVOICE', status: 'UNPAID', paymentProvider: 'invoice' });
    res = await post(
      '/api/bookings',
      request({ user: noCard.username, startTime: at(5, 16), endTime: at(5, 18), vehicleSpecification: spec, paymentType: 'CREDITCARD' }),
    );
    expect(res.statusCode).toBe(400);
    expect(envelopeOf(res).errors).toEqual([expect.objectContaining({ field: 'paymentType' })]);
  });

  it('books a light vehicle by class as NOT_ALLOCATED, allocated on activation', async () => {
    const res = await post(
      '/api/bookings',
      request({
        startTime: at(6, 10),
        endTime: at(6, 13),
        vehicleSpecification: { type: 'CLASS', className: 'Cargo bike', vehicleCategory: 'CARGO_BIKE' },
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(ZBooking.parse(res.json())).toMatchObject({
      allocateOnActivation: true,
      vehicleAllocation: {
        state: 'NOT_ALLOCATED',
        vehicle: null,
        specification: { type: 'CLASS', className: 'Cargo bike', vehicleCategory: 'CARGO_BIKE' },
      },
    });
  });

  it('books a named vehicle, and answers 409 when it is taken', async () => {
    const { pool, cars } = await poolWithCars(1);
    const body = request({
      fromLocation: { poolId: pool.id },
      toLocation: { poolId: pool.id },
      vehicleSpecification: { type: 'VEHICLE', vin: cars[0]!.vin },
      startTime: at(7, 10),
      endTime: at(7, 12),
    });
    let res = await post('/api/bookings', body);
    expect(res.statusCode, res.body).toBe(201);
    expect(ZBooking.parse(res.json()).vehicleAllocation).toMatchObject({
      state: 'ALLOCATED',
      vehicle: { vin: cars[0]!.vin },
      specification: { type: 'VEHICLE' },
    });
    res = await post('/api/bookings', { ...body, user: (await customer()).username, startTime: at(7, 11), endTime: at(7, 13) });
    expect(res.statusCode).toBe(409);
    expect(envelopeOf(res)).toMatchObject({ messageId: MESSAGE_IDS.conflict, message: MESSAGES.noVehicleAvailable });
    // back to back is fine
    res = await post('/api/bookings', { ...body, user: (await customer()).username, startTime: at(7, 12), endTime: at(7, 14) });
    expect(res.statusCode, res.body).toBe(201);
  });

  it('two concurrent creations for the last free vehicle: exactly one 201 and one 409', async () => {
    const { pool } = await poolWithCars(1);
    const [a, b] = [await customer(), await customer()];
    const body = (user: string) =>
      request({
        user,
        fromLocation: { poolId: pool.id },
        toLocation: { poolId: pool.id },
        vehicleSpecification: { type: 'CLASS', className: 'B' },
        startTime: at(8, 10),
        endTime: at(8, 14),
      });
    const results = await Promise.all([post('/api/bookings', body(a.username)), post('/api/bookings', body(b.username))]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const conflict = results.find((r) => r.statusCode === 409)!;
    expect(envelopeOf(conflict).message).toBe(MESSAGES.noVehicleAvailable);
    const rows = await db.select().from(bookings).where(eq(bookings.fromPoolId, pool.id));
    expect(rows).toHaveLength(1);
    // Nothing half-written: one booking payment for the one booking.
    expect(await db.select().from(payments).where(eq(payments.bookingId, rows[0]!.id))).toHaveLength(1);
  });

  it('validates the body shape (400 invalid input)', async () => {
    const res = await post('/api/bookings', { user: kari.username });
    expect(res.statusCode).toBe(400);
    expect(envelopeOf(res).messageId).toBe(MESSAGE_IDS.invalidInput);
  });

  describe('PUT /api/bookings/{bid}', () => {
    it('moves the period, re-prices and logs the changed fields', async () => {
      const res = await put(`/api/bookings/${created.bid}`, { endTime: at(0, 15) });
      expect(res.statusCode, res.body).toBe(200);
      const b = ZBooking.parse(res.json());
      const expected = priceBooking({
        start: new Date(at(0, 10)),
        end: new Date(at(0, 15)),
        distanceKm: 40,
        priceList: privat.priceList,
        currency: 'NOK',
        timeZone: 'Europe/Oslo',
        includeAdminFee: true,
      });
      expect(b).toMatchObject({ endTime: at(0, 15), estimatedPriceWithoutVat: expected.totalPriceWithoutVat, estimatedVat: expected.totalVat });
      expect(b.vehicleAllocation.vehicle?.vin).toBe(created.vehicleAllocation.vehicle?.vin); // still free: kept
      expect(b.payment).toMatchObject({ status: 'RESERVED', totalPrice: expected.totalPriceWithVat });
      const events = ZEventSearchResponse.parse((await get(`/api/events?bid=${created.bid}`)).json()).results;
      expect(events.map((e) => e.displayText)).toContain('Booking updated: endTime');
    });

    it('re-allocates when the specification changes, and refuses rule violations', async () => {
      let res = await put(`/api/bookings/${created.bid}`, {
        vehicleSpecification: { type: 'CLASS', className: 'Cargo bike', vehicleCategory: 'CARGO_BIKE' },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(ZBooking.parse(res.json())).toMatchObject({ allocateOnActivation: true, vehicleAllocation: { state: 'NOT_ALLOCATED', vehicle: null } });
      res = await put(`/api/bookings/${created.bid}`, { endTime: at(0, 10.5) });
      expect(res.statusCode).toBe(400);
      expect(envelopeOf(res)).toMatchObject({ messageId: MESSAGE_IDS.validationList, errors: [{ field: 'endTime', overridable: true }] });
    });

    it('re-allocates a moved booking only when its vehicle is taken; its own allocation never counts', async () => {
      const { pool, cars } = await poolWithCars(2);
      const [u1, u2, u3] = [await customer(), await customer(), await customer()];
      const body = (user: string, start: number, end: number) =>
        request({
          user,
          fromLocation: { poolId: pool.id },
          toLocation: { poolId: pool.id },
          vehicleSpecification: { type: 'CLASS', className: 'B' },
          startTime: at(9, start),
          endTime: at(9, end),
        });
      const vinOf = (res: { json(): unknown }) => ZBooking.parse(res.json()).vehicleAllocation.vehicle?.vin;
      const a = await post('/api/bookings', body(u1.username, 10, 12));
      const b = await post('/api/bookings', body(u2.username, 13, 15));
      expect([vinOf(a), vinOf(b)]).toEqual([cars[0]!.vin, cars[0]!.vin]);
      const bidA = ZBooking.parse(a.json()).bid;
      const bidB = ZBooking.parse(b.json()).bid;
      // A moves into B's time: its car is taken, so it gets the other one.
      let res = await put(`/api/bookings/${bidA}`, { startTime: at(9, 12), endTime: at(9, 14) });
      expect(res.statusCode, res.body).toBe(200);
      expect(vinOf(res)).toBe(cars[1]!.vin);
      // B grows over its own time: it keeps its car.
      res = await put(`/api/bookings/${bidB}`, { startTime: at(9, 10), endTime: at(9, 16) });
      expect(vinOf(res)).toBe(cars[0]!.vin);
      res = await put(`/api/bookings/${bidA}`, { startTime: at(9, 10), endTime: at(9, 16) });
      expect(vinOf(res)).toBe(cars[1]!.vin);
      res = await post('/api/bookings', body(u3.username, 11, 12));
      expect(res.statusCode).toBe(409);
      // And an update that needs a vehicle when none is free is refused with 409, changing nothing.
      const c = await post('/api/bookings', body(u3.username, 17, 18));
      const bidC = ZBooking.parse(c.json()).bid;
      res = await put(`/api/bookings/${bidC}`, { startTime: at(9, 15), endTime: at(9, 18) });
      expect(res.statusCode).toBe(409);
      expect(ZBooking.parse((await get(`/api/bookings/${bidC}`)).json()).startTime).toBe(at(9, 17));
    });

    it('keeps the pools, start and distance of a started booking', async () => {
      const current = ZBooking.parse((await get(`/api/bookings/${active.bid}`)).json());
      expect(current.state).toBe('ACTIVE');
      const earlier = new Date(Date.parse(current.startTime) - HOUR).toISOString();
      const res = await put(`/api/bookings/${active.bid}`, { startTime: earlier, fromLocation: { poolId: toyen }, estimatedDistance: 99 });
      expect(res.statusCode).toBe(400);
      expect(
        envelopeOf(res)
          .errors.map((e) => e.field)
          .sort(),
      ).toEqual(['estimatedDistance', 'fromLocation', 'startTime']);
      const otherVehicle = await put(`/api/bookings/${active.bid}`, { vehicleSpecification: { type: 'VEHICLE', vin: active.otherVin } });
      expect(otherVehicle.statusCode).toBe(400);
      expect(envelopeOf(otherVehicle).errors).toEqual([
        expect.objectContaining({ field: 'vehicleSpecification', message: MESSAGES.lockedWhenStarted }),
      ]);
      // The same values as now, and other fields, are fine.
      const ok = await put(`/api/bookings/${active.bid}`, {
        startTime: current.startTime,
        fromLocation: { poolId: current.fromLocation.poolId },
        note: 'Ringte inn',
        vehicleSpecification: { type: 'VEHICLE', vin: active.activeVin },
      });
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ZBooking.parse(ok.json())).toMatchObject({ state: 'ACTIVE', note: 'Ringte inn' });
      // Its end may move (extension); the vehicle stays.
      const later = new Date(Date.parse(current.endTime) + HOUR).toISOString();
      const extended = await put(`/api/bookings/${active.bid}`, { endTime: later });
      expect(extended.statusCode, extended.body).toBe(200);
      expect(ZBooking.parse(extended.json())).toMatchObject({ endTime: later, vehicleAllocation: { vehicle: { vin: active.activeVin } } });
    });

    it("answers 409 for cancelled and finished bookings, 404 for another operator's", async () => {
      for (const bid of [cancelledBid, finishedBid]) {
        const res = await put(`/api/bookings/${bid}`, { note: 'x' });
        expect(res.statusCode, bid).toBe(409);
        expect(envelopeOf(res)).toMatchObject({
          messageId: MESSAGE_IDS.conflict,
          message: 'Only bookings that are not cancelled or finished may be edited',
        });
      }
      expect((await put(`/api/bookings/${theirBid}`, { note: 'x' })).statusCode).toBe(404);
    });
  });
});

describe('POST /api/price', () => {
  it('prices the worked example exactly as priceBooking', async () => {
    // Wednesday 9 January 2030, 10:00–13:00 in Oslo, 25 km under Fjord Privat: 3 × 89 + 25 × 3.5 + 29 = 383.50, VAT 95.88.
    const body = {
      startTime: '2030-01-09T10:00:00+01:00',
      endTime: '2030-01-09T13:00:00+01:00',
      fromLocation: { poolId: grunerlokka },
      contractId: privat.id,
      estimatedDistance: 25,
    };
    const res = await post('/api/price', body);
    expect(res.statusCode, res.body).toBe(200);
    const priced = ZPriceResponse.parse(res.json());
    const expected = priceBooking({
      start: new Date(body.startTime),
      end: new Date(body.endTime),
      distanceKm: 25,
      priceList: privat.priceList,
      currency: 'NOK',
      timeZone: 'Europe/Oslo',
    });
    expect(priced).toEqual({
      totalPriceWithVat: expected.totalPriceWithVat,
      totalVat: expected.totalVat,
      currency: 'NOK',
      totalPriceWithoutVat: expected.totalPriceWithoutVat,
      lines: expected.lines,
    });
    expect(priced).toMatchObject({ totalPriceWithoutVat: 383.5, totalVat: 95.88, totalPriceWithVat: 479.38 });
  });

  it("answers 400 for another operator's contract or pool and for start after end", async () => {
    const base = { startTime: at(0, 10), endTime: at(0, 12), fromLocation: { poolId: grunerlokka }, contractId: privat.id };
    for (const body of [
      { ...base, contractId: malarContractId },
      { ...base, fromLocation: { poolId: 999_999 } },
      { ...base, endTime: at(0, 9) },
    ]) {
      const res = await post('/api/price', body);
      expect(res.statusCode).toBe(400);
      expect(envelopeOf(res).messageId).toBe(MESSAGE_IDS.invalidInput);
    }
  });
});

describe('GET /api/contracts/{id}/rules', () => {
  it('lists the contract rules as Booking rules', async () => {
    const res = await get(`/api/contracts/${nordlys.id}/rules?poolId=${grunerlokka}`);
    expect(res.statusCode).toBe(200);
    const r = ZContractRulesResponse.parse(res.json());
    expect(r).toMatchObject({ minBookingDuration: 'PT30M', maxBookingDuration: 'P7D' });
    expect(r.rules).toEqual(
      expect.arrayContaining([
        {
          ruleName: 'contract.minBookingDuration',
          description: 'Minimum booking duration: 30 minutes',
          overridable: true,
          bookingRuleCause: 'MIN_DURATION',
        },
        expect.objectContaining({ ruleName: 'contract.metadataSpec.project', overridable: false, bookingRuleCause: 'METADATA' }),
        expect.objectContaining({ ruleName: 'contract.taxiFromPools', bookingRuleCause: 'TAXI_POOL' }),
      ]),
    );
    expect(r.rules.map((x) => x.bookingRuleCause)).not.toContain('ONE_WAY_NOT_ALLOWED');
    const fb = ZContractRulesResponse.parse((await get(`/api/contracts/${fjordbo.id}/rules`)).json());
    expect(fb.rules.map((x) => x.description)).toContain('Maximum booking duration on weekdays 07:00–17:00: 3 days');
    expect(fb.rules.map((x) => x.bookingRuleCause)).toEqual(expect.arrayContaining(['OVERLAPPING_BOOKING', 'ONE_WAY_NOT_ALLOWED']));
  });

  it("answers 404 for another operator's contract", async () => {
    expect((await get(`/api/contracts/${malarContractId}/rules`)).statusCode).toBe(404);
  });
});

describe('GET /api/bookings/suggestions', () => {
  it("offers the customer's recent distinct choices, newest first, at most five", async () => {
    const res = await get(`/api/bookings/suggestions?user=${kari.username}`);
    expect(res.statusCode).toBe(200);
    const s = ZSuggestionsResponse.parse(res.json());
    expect(s.length).toBeGreaterThan(0);
    expect(s.length).toBeLessThanOrEqual(5);
    const keys = s.map((x) => [x.contractId, x.fromPoolId, x.toPoolId, x.vehicleSpecType, x.className, x.modelId].join('|'));
    expect(new Set(keys).size).toBe(keys.length);
    const times = s.map((x) => Date.parse(x.lastUsed));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect((await get(`/api/bookings/suggestions?user=${foreign.username}`)).statusCode).toBe(404);
    // Seven distinct earlier choices: the five with the latest start, newest first.
    const regular = await customer();
    for (let i = 0; i < 7; i++) {
      const startTime = new Date(NOW - (i + 1) * DAY);
      await createBooking(
        db,
        'fjord',
        { userId: regular.id, contractId: privat.id, poolId: grunerlokka },
        { state: 'FINISHED', startTime, endTime: new Date(startTime.getTime() + 2 * HOUR), specClassName: `Class ${i}` },
      );
    }
    const five = ZSuggestionsResponse.parse((await get(`/api/bookings/suggestions?user=${regular.username}`)).json());
    expect(five.map((x) => x.className)).toEqual(['Class 0', 'Class 1', 'Class 2', 'Class 3', 'Class 4']);
  });
});
