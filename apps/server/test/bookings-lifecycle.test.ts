import {
  EVENT_TYPE_GROUP,
  MESSAGE_IDS,
  MESSAGES,
  ZBooking,
  ZBookingEventsResponse,
  ZChargingPinResponse,
  ZErrorEnvelope,
  ZMetadata,
  ZMetadataSpecResponse,
  type Booking,
  type EventType,
  type MetadataSpecEntry,
  type PriceListEntry,
} from '@fleetdesk/contract';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, events, mailOutbox, paymentEvents, payments, registeredCards, vehicleStatus } from '../src/db/schema.ts';
import { sandboxChargingProvider } from '../src/integrations/charging/sandbox.ts';
import { findFreeVehicle, isExclusionViolation } from '../src/modules/bookings/allocation.ts';
import { pinTestDay } from './support/clock.ts';
import {
  createBooking,
  createContract,
  createFleet,
  createPayment,
  createPaymentEvent,
  createPool,
  createStaff,
  createUser,
  createVehicle,
} from './support/factories.ts';
import { authToken, createTestApp, login, type TestApp } from './support/test-app.ts';

const MIN = 60_000;
const HOUR = 60 * MIN;
const PRICES: PriceListEntry[] = [
  { name: 'ADMIN_BOOKING_FEE', cost: 59 },
  { name: 'VAT', cost: 0.25 },
  { name: 'PER_HOUR', cost: 89 },
];
/** A company contract's metadata: a required project, an optional whole-number cost centre and a purpose to choose. */
const META: MetadataSpecEntry[] = [
  { key: 'project', label: 'Prosjekt', description: null, type: 'TEXT', choices: null, placeholder: 'NORD-1042', required: true },
  { key: 'costCentre', label: 'Kostnadssted', description: null, type: 'INTEGER', choices: null, placeholder: '4410', required: false },
  {
    key: 'purpose',
    label: 'Formål',
    description: null,
    type: 'CHOICE',
    choices: ['Kundemøte', 'Internt møte', 'Annet'],
    placeholder: null,
    required: false,
  },
];
// A fixed day on the test clock (docs/decisions/0047-test-clock.md); TEST_NOW=23:59 runs it at that hour.
pinTestDay('2026-01-14');

let t: TestApp;
let token: string;
let adminToken: string;
/** A contract, pool and customers of the operator for precise fixtures. */
let fx: { contractId: number; poolId: number; taxiContractId: number; userId: number; username: string; cardUserId: number };
/** Bookings in the states the refusals need, built once (times are offsets from the test clock). */
let named: {
  /** ACTIVE since an hour, on `activeVin`. */
  active: string;
  activeVin: string;
  /** INACTIVE, starting tomorrow, on the contract with metadata. */
  tomorrow: string;
  /** INACTIVE, starting in five minutes on a vehicle, its card payment awaiting the customer's authorisation. */
  awaitingAuth: string;
  /** FINISHED yesterday, with measured usage, distance and trip type. */
  finished: string;
  /** ACTIVE, ended two hours ago (overdue), on `overdueVin`, of `overdueUsername`. */
  overdue: string;
  overdueVin: string;
  overdueUsername: string;
  /** FINISHED, checkout required, an unpaid card payment `checkoutOrderId`; its customer's address `checkoutMail`. */
  checkout: string;
  checkoutOrderId: string;
  checkoutMail: string;
  /** Without a customer. */
  noCustomer: string;
  /** ACTIVE, of the other operator. */
  theirs: string;
};

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  await createFleet(db, 'fjord', { name: 'Fjord Mobility' });
  await createFleet(db, 'malar', { name: 'Mälar Mobility', country: 'SE', currency: 'SEK', defaultLanguage: 'sv', timeZone: 'Europe/Stockholm' });
  await createStaff(db, 'fjord', 'support', 'support-demo');
  await createStaff(db, 'fjord', 'admin', 'admin-demo', 'ADMIN');
  token = await login(t.app, 'support', 'support-demo');
  adminToken = await login(t.app, 'admin', 'admin-demo');
  const pool = await createPool(db, 'fjord', { wattWorldStationName: 'WattWorld Test' });
  const contract = await createContract(db, 'fjord', { priceList: PRICES });
  const taxiContract = await createContract(db, 'fjord', { priceList: PRICES, taxiFromPools: [pool.id] });
  const user = await createUser(db, 'fjord');
  const cardUser = await createUser(db, 'fjord');
  await db
    .insert(registeredCards)
    .values({ fleetId: 'fjord', userId: cardUser.id, cardTypeAndMaskedNumber: 'VISA **** 4242', expires: '2099-12', providerToken: 'tok_test' });
  fx = {
    contractId: contract.id,
    poolId: pool.id,
    taxiContractId: taxiContract.id,
    userId: user.id,
    username: user.username,
    cardUserId: cardUser.id,
  };

  const now = Date.now();
  const refs = { userId: user.id, contractId: contract.id, poolId: pool.id };
  const activeCar = await createVehicle(db, 'fjord', { poolId: pool.id });
  const active = await createBooking(
    db,
    'fjord',
    { ...refs, vehicleId: activeCar.id },
    { state: 'ACTIVE', startTime: new Date(now - HOUR), endTime: new Date(now + 2 * HOUR), usageStart: new Date(now - HOUR) },
  );
  const metaContract = await createContract(db, 'fjord', { priceList: PRICES, metadataSpec: META });
  const tomorrow = await createBooking(
    db,
    'fjord',
    { ...refs, contractId: metaContract.id },
    { startTime: new Date(now + 24 * HOUR), endTime: new Date(now + 27 * HOUR), metadata: { project: 'NORD-1042 Vegdata' } },
  );
  const authCar = await createVehicle(db, 'fjord', { poolId: pool.id });
  const awaitingAuth = await createBooking(
    db,
    'fjord',
    { ...refs, userId: cardUser.id, vehicleId: authCar.id },
    { startTime: new Date(now + 5 * MIN), endTime: new Date(now + 2 * HOUR) },
  );
  await createPayment(
    db,
    'fjord',
    { bookingId: awaitingAuth.id, userId: cardUser.id },
    { status: 'NEEDS_AUTHORIZATION', paymentProvider: 'sandbox' },
  );
  const finishedCar = await createVehicle(db, 'fjord', { poolId: pool.id });
  const finished = await createBooking(
    db,
    'fjord',
    { ...refs, vehicleId: finishedCar.id },
    {
      state: 'FINISHED',
      startTime: new Date(now - 26 * HOUR),
      endTime: new Date(now - 22 * HOUR),
      usageStart: new Date(now - 26 * HOUR + 5 * MIN),
      usageEnd: new Date(now - 22 * HOUR - 10 * MIN),
      distance: 37.4,
      tripType: 'BUSINESS',
    },
  );
  const ola = await createUser(db, 'fjord', { username: 'ola.nordmann', givenName: 'Ola', familyName: 'Nordmann' });
  const overdueCar = await createVehicle(db, 'fjord', { poolId: pool.id });
  const overdue = await createBooking(
    db,
    'fjord',
    { ...refs, userId: ola.id, vehicleId: overdueCar.id },
    { state: 'ACTIVE', startTime: new Date(now - 10 * HOUR), endTime: new Date(now - 2 * HOUR), usageStart: new Date(now - 10 * HOUR) },
  );
  // Her profile says British English, so her receipt is the English one (customer-mail-language.test.ts has the others).
  const kari = await createUser(db, 'fjord', { emailAddress: 'kari.nordmann@example.no', language: 'en-GB' });
  const checkoutCar = await createVehicle(db, 'fjord', { poolId: pool.id });
  const checkout = await createBooking(
    db,
    'fjord',
    { ...refs, userId: kari.id, vehicleId: checkoutCar.id },
    {
      state: 'FINISHED',
      startTime: new Date(now - 50 * HOUR),
      endTime: new Date(now - 47 * HOUR),
      usageStart: new Date(now - 50 * HOUR),
      usageEnd: new Date(now - 47 * HOUR),
      distance: 21,
      checkoutRequired: true,
    },
  );
  const checkoutPayment = await createPayment(
    db,
    'fjord',
    { bookingId: checkout.id, userId: kari.id },
    { status: 'UNPAID', paymentProvider: 'sandbox', totalPriceWithoutVat: 267, totalVat: 66.75, totalPrice: 333.75 },
  );
  await createPaymentEvent(db, checkoutPayment.id, { unitCost: 267, unitAmount: 3, itemDisplayText: 'Timepris' });
  const noCustomer = await createBooking(
    db,
    'fjord',
    { ...refs, userId: null },
    { state: 'FINISHED', startTime: new Date(now - 30 * HOUR), endTime: new Date(now - 28 * HOUR) },
  );
  const malarUser = await createUser(db, 'malar', { language: 'sv' });
  const malarPool = await createPool(db, 'malar', { city: 'Stockholm' });
  const malarContract = await createContract(db, 'malar', { currency: 'SEK' });
  const theirs = await createBooking(
    db,
    'malar',
    { userId: malarUser.id, contractId: malarContract.id, poolId: malarPool.id },
    { state: 'ACTIVE', startTime: new Date(now - HOUR), endTime: new Date(now + 20 * HOUR), usageStart: new Date(now - HOUR) },
  );
  named = {
    active: active.bid,
    activeVin: activeCar.vin,
    tomorrow: tomorrow.bid,
    awaitingAuth: awaitingAuth.bid,
    finished: finished.bid,
    overdue: overdue.bid,
    overdueVin: overdueCar.vin,
    overdueUsername: ola.username,
    checkout: checkout.bid,
    checkoutOrderId: checkoutPayment.orderId,
    checkoutMail: 'kari.nordmann@example.no',
    noCustomer: noCustomer.bid,
    theirs: theirs.bid,
  };
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, payload?: unknown, auth = token) =>
  t.app.inject({ method, url, headers: { authorization: authToken(auth) }, ...(payload !== undefined ? { payload: payload as object } : {}) });
const booking = (res: { statusCode: number; body: string; json(): unknown }): Booking => {
  expect(res.statusCode, res.body).toBe(200);
  return ZBooking.parse(res.json());
};
const envelope = (res: { statusCode: number; json(): unknown }, status: number) => {
  expect(res.statusCode).toBe(status);
  const e = ZErrorEnvelope.parse(res.json());
  expect(e.httpCode).toBe(status);
  return e;
};
const rowOf = async (bid: string) => (await t.database.db.select().from(bookings).where(eq(bookings.bid, bid)))[0]!;
const eventsOf = (bid: string) => t.database.db.select().from(events).where(eq(events.bid, bid)).orderBy(asc(events.id));
const actionEvents = async (bid: string, action: string) => (await eventsOf(bid)).filter((e) => e.properties.action === action);

/** A fixture booking of the demo operator for `fx.userId`: starts in `startInMs`, lasts `hours`. */
async function fixture(
  o: { startInMs?: number; hours?: number; vehicleId?: number; poolId?: number; userId?: number | null } & Partial<typeof bookings.$inferInsert> = {},
) {
  const { startInMs = 5 * MIN, hours = 2, vehicleId, poolId = fx.poolId, userId = fx.userId, ...over } = o;
  const start = new Date(Date.now() + startInMs);
  return createBooking(
    t.database.db,
    'fjord',
    { userId, contractId: fx.contractId, poolId, ...(vehicleId ? { vehicleId } : {}) },
    {
      startTime: start,
      endTime: new Date(start.getTime() + hours * HOUR),
      ...over,
    },
  );
}

describe('activate-without-pin', () => {
  it('activates a ready booking: ACTIVE, usage start now, an ACTIVATED event with the vin and both users', async () => {
    const v = await createVehicle(t.database.db, 'fjord', { poolId: fx.poolId });
    const b = await fixture({ vehicleId: v.id });
    const before = Date.now();
    const res = booking(await call('POST', `/api/bookings/${b.bid.toLowerCase()}/activate-without-pin?reason=Customer%20app%20down`));
    expect(res).toMatchObject({ bid: b.bid, state: 'ACTIVE', vehicleAllocation: { state: 'ALLOCATED', vehicle: { vin: v.vin } } });
    expect(Date.parse(res.usageTime!.start!)).toBeGreaterThanOrEqual(before - 1000);
    expect(res.actions).toContain('DEACTIVATE');
    const [event] = await actionEvents(b.bid, 'ACTIVATED');
    expect(event).toMatchObject({
      type: 'BOOKING_EVENT',
      typeGroup: 'BOOKING',
      vin: v.vin,
      actingUsername: 'support',
      affectedUsername: fx.username,
    });
    expect(event!.displayText).toBe('Booking activated by support: Customer app down');
    expect(event!.properties).toMatchObject({ reason: 'Customer app down' });
  });

  it('allocates a light vehicle on activation: the electric one with the highest charge in the pickup pool', async () => {
    const db = t.database.db;
    const pool = await createPool(db, 'fjord');
    const low = await createVehicle(db, 'fjord', { poolId: pool.id, category: 'CARGO_BIKE' });
    const high = await createVehicle(db, 'fjord', { poolId: pool.id, category: 'CARGO_BIKE' });
    const hidden = await createVehicle(db, 'fjord', { poolId: pool.id, category: 'CARGO_BIKE', hidden: true });
    await db.insert(vehicleStatus).values([
      { vehicleId: low.id, fuelLevel: 40 },
      { vehicleId: high.id, fuelLevel: 80 },
      { vehicleId: hidden.id, fuelLevel: 100 },
    ]);
    const b = await fixture({ poolId: pool.id, vehicleCategory: 'CARGO_BIKE', specType: 'CLASS', specClassName: 'B' });
    expect(b.allocatedVehicleId).toBeNull();
    const res = booking(await call('POST', `/api/bookings/${b.bid}/activate-without-pin`));
    expect(res.state).toBe('ACTIVE');
    expect(res.vehicleAllocation).toMatchObject({ state: 'ALLOCATED', vehicle: { vin: high.vin } });
    const [event] = await actionEvents(b.bid, 'ACTIVATED');
    expect(event).toMatchObject({ vin: high.vin, properties: { allocatedOnActivation: true } });
  });

  it('answers 409 when no matching vehicle is free, and changes nothing', async () => {
    const db = t.database.db;
    const pool = await createPool(db, 'fjord');
    const bike = await createVehicle(db, 'fjord', { poolId: pool.id, category: 'BIKE' });
    await fixture({ poolId: pool.id, vehicleId: bike.id, vehicleCategory: 'BIKE', startInMs: -HOUR, hours: 4 });
    const b = await fixture({ poolId: pool.id, vehicleCategory: 'BIKE', specType: 'CLASS', specClassName: 'B' });
    const e = envelope(await call('POST', `/api/bookings/${b.bid}/activate-without-pin`), 409);
    expect(e.messageId).toBe(MESSAGE_IDS.conflict);
    expect((await rowOf(b.bid)).state).toBe('INACTIVE');
    expect(await eventsOf(b.bid)).toHaveLength(0);
  });

  it("refuses a booking that cannot be activated with 400 'not supported' (tomorrow's, awaiting card authorisation, finished)", async () => {
    for (const bid of [named.tomorrow, named.awaitingAuth, named.finished]) {
      const e = envelope(await call('POST', `/api/bookings/${bid}/activate-without-pin`), 400);
      expect(e).toMatchObject({ messageId: MESSAGE_IDS.notSupported, message: 'Activate is not supported for this booking' });
    }
    expect((await rowOf(named.tomorrow)).state).toBe('INACTIVE');
  });

  it('activates exactly once when two activations race: one 200, one 400, one ACTIVATED event', async () => {
    const v = await createVehicle(t.database.db, 'fjord', { poolId: fx.poolId });
    const b = await fixture({ vehicleId: v.id });
    const url = `/api/bookings/${b.bid}/activate-without-pin`;
    const results = await Promise.all([call('POST', url), call('POST', url)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    const refused = results.find((r) => r.statusCode === 400)!;
    expect(ZErrorEnvelope.parse(refused.json()).messageId).toBe(MESSAGE_IDS.notSupported);
    expect(await actionEvents(b.bid, 'ACTIVATED')).toHaveLength(1);
    expect((await rowOf(b.bid)).state).toBe('ACTIVE');
  });
});

describe('deactivate', () => {
  it('finishes an active booking (checked): FINISHED, usage end now, a DEACTIVATED event', async () => {
    const res = booking(await call('POST', `/api/bookings/${named.active}/deactivate`, { unchecked: false }));
    expect(res.state).toBe('FINISHED');
    expect(res.usageTime?.end).toBeTruthy();
    expect(Math.abs(Date.parse(res.usageTime!.end!) - Date.now())).toBeLessThan(10_000);
    expect(res.actions).toEqual([]);
    const [event] = await actionEvents(named.active, 'DEACTIVATED');
    expect(event).toMatchObject({
      vin: named.activeVin,
      affectedUsername: fx.username,
      actingUsername: 'support',
      properties: { unchecked: false },
    });
  });

  it('deactivates unchecked, and refuses a second deactivation with 400 not supported', async () => {
    const v = await createVehicle(t.database.db, 'fjord', { poolId: fx.poolId });
    const b = await fixture({ vehicleId: v.id, state: 'ACTIVE', startInMs: -HOUR, usageStart: new Date(Date.now() - HOUR) });
    expect(booking(await call('POST', `/api/bookings/${b.bid}/deactivate`, { unchecked: true })).state).toBe('FINISHED');
    expect((await actionEvents(b.bid, 'DEACTIVATED'))[0]!.displayText).toBe('Booking deactivated by support (unchecked)');
    const e = envelope(await call('POST', `/api/bookings/${b.bid}/deactivate`, { unchecked: true }), 400);
    expect(e).toMatchObject({ messageId: MESSAGE_IDS.notSupported, message: 'Deactivate is not supported for this booking' });
  });

  it('refuses an INACTIVE booking and rejects malformed bodies with the 400 envelope', async () => {
    expect(envelope(await call('POST', `/api/bookings/${named.tomorrow}/deactivate`, { unchecked: false }), 400).messageId).toBe(
      MESSAGE_IDS.notSupported,
    );
    for (const payload of [{ unchecked: 'yes' }, [1]]) {
      expect(envelope(await call('POST', `/api/bookings/${named.tomorrow}/deactivate`, payload), 400).messageId).toBe(MESSAGE_IDS.invalidInput);
    }
    const noBody = await call('POST', `/api/bookings/${named.tomorrow}/deactivate`);
    expect(envelope(noBody, 400).messageId).toBe(MESSAGE_IDS.invalidInput);
  });
});

describe('force-deactivate-without-pin', () => {
  const url = (bid: string, q: string) => `/api/bookings/${bid}/force-deactivate-without-pin?${q}`;

  it('finishes an overdue booking with the given usage and distance; the reason goes into the event', async () => {
    const start = new Date(Date.now() - 9 * HOUR).toISOString();
    const end = new Date(Date.now() - HOUR).toISOString();
    const q = new URLSearchParams({ bid: named.overdue, startDate: start, endDate: end, distance: '42.5', reason: 'Key returned at desk' });
    const res = booking(await call('POST', url(named.overdue, q.toString())));
    expect(res).toMatchObject({ state: 'FINISHED', distance: 42.5, usageTime: { start, end } });
    const [event] = await actionEvents(named.overdue, 'FORCE_ENDED');
    expect(event).toMatchObject({
      vin: named.overdueVin,
      affectedUsername: named.overdueUsername,
      properties: { reason: 'Key returned at desk', wasNotUsed: false, distance: 42.5 },
    });
    expect(event!.displayText).toMatch(/^Booking force-ended by support: used .* 42\.5 km: Key returned at desk$/);
  });

  it('finishes a booking that was not used: no usage, distance 0, wasNotUsed recorded', async () => {
    const b = await fixture({ startInMs: -30 * MIN });
    const res = booking(await call('POST', url(b.bid, 'wasNotUsed=true&reason=No%20show')));
    expect(res).toMatchObject({ state: 'FINISHED', usageTime: null, distance: 0 });
    const [event] = await actionEvents(b.bid, 'FORCE_ENDED');
    expect(event).toMatchObject({
      displayText: 'Booking force-ended by support: not used: No show',
      properties: { wasNotUsed: true, reason: 'No show', distance: 0 },
    });
  });

  it('applies the §5 rules: both or neither, required unless wasNotUsed, positive distance, start before end, not in the future', async () => {
    const b = await fixture({ startInMs: -30 * MIN });
    const past = (h: number) => new Date(Date.now() - h * HOUR).toISOString();
    const future = new Date(Date.now() + HOUR).toISOString();
    const cases: [string, string][] = [
      [`startDate=${past(2)}`, 'endDate'],
      [`endDate=${past(1)}`, 'endDate'],
      ['', 'startDate'],
      ['wasNotUsed=false', 'startDate'],
      [`startDate=${past(2)}&endDate=${past(1)}&distance=-3`, 'distance'],
      [`startDate=${past(2)}&endDate=${past(1)}&distance=0`, 'distance'],
      [`startDate=${past(2)}&endDate=${past(1)}&distance=abc`, 'distance'],
      [`startDate=${past(1)}&endDate=${past(2)}`, 'startDate'],
      [`startDate=${past(1)}&endDate=${future}`, 'endDate'],
      [`startDate=yesterday&endDate=${past(1)}`, 'startDate'],
      [`bid=${named.tomorrow}&wasNotUsed=true`, 'bid'],
    ];
    for (const [query, field] of cases) {
      const e = envelope(await call('POST', url(b.bid, query.replace(/\+/g, '%2B'))), 400);
      expect(e.messageId, query).toBe(MESSAGE_IDS.invalidInput);
      expect(
        e.errors.map((x) => x.field),
        query,
      ).toContain(field);
    }
    expect((await rowOf(b.bid)).state).toBe('INACTIVE');
  });

  it("refuses with 400 'not supported' when force end is not allowed (future booking, finished booking)", async () => {
    const future = await fixture({ startInMs: 5 * HOUR });
    for (const bid of [future.bid, named.finished]) {
      const e = envelope(await call('POST', url(bid, 'wasNotUsed=true')), 400);
      expect(e).toMatchObject({ messageId: MESSAGE_IDS.notSupported, message: 'Force end is not supported for this booking' });
    }
  });
});

describe('cancel and replace', () => {
  it('cancels with a reason: CANCELLED, who/when/why kept, an event; a second cancel is a 409', async () => {
    const b = await fixture({ startInMs: 3 * HOUR });
    const res = booking(await call('DELETE', `/api/bookings/${b.bid}?reason=Customer%20called`));
    expect(res.state).toBe('CANCELLED');
    const row = await rowOf(b.bid);
    expect(row).toMatchObject({ cancelledBy: 'support', cancelReason: 'Customer called', replacedBy: null });
    expect(row.cancelledAt).toBeInstanceOf(Date);
    const [event] = await actionEvents(b.bid, 'CANCELLED');
    expect(event).toMatchObject({ displayText: 'Booking cancelled by support: Customer called', affectedUsername: fx.username });
    expect(envelope(await call('DELETE', `/api/bookings/${b.bid}`), 409).messageId).toBe(MESSAGE_IDS.conflict);
  });

  it('refuses to cancel an irrevocable or finished booking (409)', async () => {
    const b = await fixture({ startInMs: 3 * HOUR, irrevocableUntil: new Date(Date.now() + 2 * HOUR) });
    expect(envelope(await call('DELETE', `/api/bookings/${b.bid}`), 409).messageId).toBe(MESSAGE_IDS.conflict);
    expect(envelope(await call('DELETE', `/api/bookings/${named.finished}`), 409).messageId).toBe(MESSAGE_IDS.conflict);
    expect((await rowOf(b.bid)).state).toBe('INACTIVE');
  });

  it('replaces with a taxi when the customer accepts one from a taxi pool', async () => {
    const start = new Date(Date.now() + 3 * HOUR);
    const b = await createBooking(
      t.database.db,
      'fjord',
      { userId: fx.userId, contractId: fx.taxiContractId, poolId: fx.poolId },
      {
        startTime: start,
        endTime: new Date(start.getTime() + HOUR),
        taxiAcceptable: 'ENABLED',
      },
    );
    const res = booking(await call('POST', `/api/bookings/${b.bid}/replace-with-taxi`));
    expect(res.state).toBe('CANCELLED');
    expect(await rowOf(b.bid)).toMatchObject({ replacedBy: 'TAXI', cancelledBy: 'support' });
    expect((await actionEvents(b.bid, 'REPLACED_WITH_TAXI'))[0]!.displayText).toBe('Booking replaced with a taxi');
    expect(envelope(await call('POST', `/api/bookings/${b.bid}/replace-with-taxi`), 409).messageId).toBe(MESSAGE_IDS.conflict);
  });

  it('refuses a taxi when the customer does not accept one (409)', async () => {
    const b = await fixture({ startInMs: 3 * HOUR });
    expect(envelope(await call('POST', `/api/bookings/${b.bid}/replace-with-taxi`), 409).messageId).toBe(MESSAGE_IDS.conflict);
  });

  it('replaces with a ride share only when ride share is ENABLED', async () => {
    const refused = await fixture({ startInMs: 3 * HOUR });
    expect(envelope(await call('POST', `/api/bookings/${refused.bid}/replace-with-rideshare`), 409).messageId).toBe(MESSAGE_IDS.conflict);
    const b = await fixture({ startInMs: 3 * HOUR, rideShare: 'ENABLED' });
    expect(booking(await call('POST', `/api/bookings/${b.bid}/replace-with-rideshare?reason=Shared%20ride`)).state).toBe('CANCELLED');
    expect(await rowOf(b.bid)).toMatchObject({ replacedBy: 'RIDESHARE', cancelReason: 'Shared ride' });
    expect((await actionEvents(b.bid, 'REPLACED_WITH_RIDESHARE'))[0]!.displayText).toBe('Booking replaced with a ride share: Shared ride');
  });
});

describe('adjust: extend, admin fee, lock', () => {
  const adjust = (bid: string, q: Record<string, string>) => call('PUT', `/api/bookings/${bid}/adjust?${new URLSearchParams(q).toString()}`);

  it('extends by 30 minutes with the admin fee: creates the BOK payment (card user), adds the fee line, re-prices the estimate', async () => {
    const b = await fixture({ userId: fx.cardUserId, startInMs: 2 * HOUR, hours: 2 });
    const newEnd = new Date(b.endTime.getTime() + 30 * MIN).toISOString();
    const res = booking(await adjust(b.bid, { endTime: newEnd, adminFeeAdded: 'true' }));
    expect(res.endTime).toBe(newEnd);
    expect(res.payment).toMatchObject({
      type: 'CREDITCARD',
      status: 'UNPAID',
      target: 'BOOKING',
      currency: 'NOK',
      totalPriceWithoutVat: 59,
      totalVat: 14.75,
      totalPrice: 73.75,
    });
    expect(res.payment!.orderId).toMatch(/^BOK\d+$/);
    expect(res.payment!.events).toEqual([
      expect.objectContaining({ itemName: 'ADMIN_BOOKING_FEE', unitCost: 59, priceWithoutVat: 59, vat: 14.75, totalPrice: 73.75, manualEvent: true }),
    ]);
    // 2.5 h → 3 started hours × 89 = 267, plus the admin fee 59; VAT 25 % per line.
    expect(res).toMatchObject({ estimatedPriceWithoutVat: 326, estimatedVat: 81.5 });
    const [event] = await actionEvents(b.bid, 'ADJUSTED');
    expect(event!.displayText).toMatch(/^Booking extended by 30 minutes to \d{4}-\d\d-\d\d \d\d:\d\d; admin fee 73\.75 NOK added$/);
    expect(event!.properties).toMatchObject({ extensionMinutes: 30, endTime: newEnd, adminFee: { orderId: res.payment!.orderId, amount: 73.75 } });
    const paymentEvent = (await eventsOf(b.bid)).find((e) => e.type === 'PAYMENT_ACTION');
    expect(paymentEvent?.displayText).toBe(`Admin booking fee added: 73.75 NOK (${res.payment!.orderId})`);

    // A second extension with a fee adds to the same payment.
    const again = booking(await adjust(b.bid, { endTime: new Date(b.endTime.getTime() + 60 * MIN).toISOString(), adminFeeAdded: 'true' }));
    expect(again.payment).toMatchObject({ orderId: res.payment!.orderId, totalPriceWithoutVat: 118, totalVat: 29.5, totalPrice: 147.5 });
    expect(again.payment!.events).toHaveLength(2);
    expect(again).toMatchObject({ estimatedPriceWithoutVat: 3 * 89 + 118, estimatedVat: 66.75 + 29.5 });
  });

  it('creates an invoice payment for a customer without a card, and adds to an existing payment', async () => {
    const db = t.database.db;
    const b = await fixture({ startInMs: 2 * HOUR });
    const res = booking(await adjust(b.bid, { endTime: new Date(b.endTime.getTime() + 15 * MIN).toISOString(), adminFeeAdded: 'true' }));
    expect(res.payment).toMatchObject({ type: 'USER_INVOICE', status: 'UNPAID', totalPrice: 73.75 });

    const withPayment = await fixture({ startInMs: 2 * HOUR });
    const [p] = await db
      .insert(payments)
      .values({
        orderId: 'BOK7777777',
        fleetId: 'fjord',
        bookingId: withPayment.id,
        userId: fx.userId,
        type: 'CREDITCARD',
        status: 'RESERVED',
        target: 'BOOKING',
        currency: 'NOK',
        totalPriceWithoutVat: 100,
        totalVat: 25,
        totalPrice: 125,
      })
      .returning();
    await db.insert(paymentEvents).values({
      paymentId: p!.id,
      itemName: 'PER_HOUR',
      itemType: 'PER_HOUR',
      itemDisplayText: 'Per hour',
      unitCost: 100,
      priceWithoutVat: 100,
      vat: 25,
      totalPrice: 125,
    });
    const updated = booking(
      await adjust(withPayment.bid, { endTime: new Date(withPayment.endTime.getTime() + 60 * MIN).toISOString(), adminFeeAdded: 'true' }),
    );
    expect(updated.payment).toMatchObject({
      orderId: 'BOK7777777',
      status: 'RESERVED',
      totalPriceWithoutVat: 159,
      totalVat: 39.75,
      totalPrice: 198.75,
    });
    expect(updated.payment!.events.map((e) => e.itemName)).toEqual(['PER_HOUR', 'ADMIN_BOOKING_FEE']);
  });

  it('keeps what the stored estimate held (an admin fee at creation) and adds what the longer interval costs', async () => {
    // 2 h × 89 + admin fee 59 = 237 without VAT, 59.25 VAT.
    const b = await fixture({ startInMs: 2 * HOUR, hours: 2, estimatedPriceWithoutVat: 237, estimatedVat: 59.25 });
    const res = booking(await adjust(b.bid, { endTime: new Date(b.endTime.getTime() + 60 * MIN).toISOString() }));
    expect(res).toMatchObject({ estimatedPriceWithoutVat: 237 + 89, estimatedVat: 59.25 + 22.25, payment: null });
  });

  it("refuses an extension into the vehicle's next booking with 409, and keeps everything as it was", async () => {
    const v = await createVehicle(t.database.db, 'fjord', { poolId: fx.poolId });
    const first = await fixture({ vehicleId: v.id, startInMs: 2 * HOUR, hours: 2 });
    await fixture({ vehicleId: v.id, startInMs: 4 * HOUR, hours: 2 });
    const e = envelope(await adjust(first.bid, { endTime: new Date(first.endTime.getTime() + 30 * MIN).toISOString(), adminFeeAdded: 'true' }), 409);
    expect(e).toMatchObject({ messageId: MESSAGE_IDS.conflict, message: 'The vehicle is booked after this booking' });
    const row = await rowOf(first.bid);
    expect(row.endTime.getTime()).toBe(first.endTime.getTime());
    expect(await t.database.db.select().from(payments).where(eq(payments.bookingId, first.id))).toHaveLength(0);
    expect(await eventsOf(first.bid)).toHaveLength(0);
  });

  it('rejects an end not after the current end (400), a finished booking (409) and malformed queries (400)', async () => {
    const b = await fixture({ startInMs: 2 * HOUR });
    const e = envelope(await adjust(b.bid, { endTime: new Date(b.endTime.getTime() - 15 * MIN).toISOString() }), 400);
    expect(e.errors[0]).toMatchObject({ field: 'endTime' });
    expect(envelope(await adjust(named.finished, { endTime: new Date(Date.now() + 9 * HOUR).toISOString() }), 409).messageId).toBe(
      MESSAGE_IDS.conflict,
    );
    const malformed: Record<string, string>[] = [{}, { endTime: 'tomorrow' }, { changesLockedForUser: 'maybe' }, { adminFeeAdded: 'true' }];
    for (const q of malformed) {
      expect(envelope(await adjust(b.bid, q), 400).messageId, JSON.stringify(q)).toBe(MESSAGE_IDS.invalidInput);
    }
  });

  it('locks and unlocks changes for the customer', async () => {
    const b = await fixture({ startInMs: 2 * HOUR });
    expect(booking(await adjust(b.bid, { changesLockedForUser: 'true' })).lockedForUser).toBe(true);
    expect(booking(await adjust(b.bid, { changesLockedForUser: 'false' })).lockedForUser).toBe(false);
    expect((await actionEvents(b.bid, 'ADJUSTED')).map((e) => e.displayText)).toEqual([
      'Changes locked for the customer',
      'Changes unlocked for the customer',
    ]);
  });
});

describe('adjustedValues', () => {
  it('adjusts a finished booking, keeping the measured figures in original_* the first time only', async () => {
    const before = await rowOf(named.finished);
    expect(before.adjustedStartTime).toBeNull();
    const first = {
      adjustedStartTime: new Date(before.usageStart!.getTime() + 10 * MIN).toISOString(),
      adjustedEndTime: new Date(before.usageEnd!.getTime() - 10 * MIN).toISOString(),
      adjustedDistance: 12.5,
      adjustedBookingType: 'PRIVATE',
      dataQuality: 'CORRECTED',
    };
    const res = booking(await call('PUT', `/api/bookings/${named.finished}/adjustedValues`, first));
    expect(res).toMatchObject({ distance: 12.5, tripType: 'PRIVATE', usageTime: { start: first.adjustedStartTime, end: first.adjustedEndTime } });
    expect(res.adjustedValues).toMatchObject({
      adjustedDistance: 12.5,
      dataQuality: 'CORRECTED',
      originalTotalDistance: before.distance,
      originalBookingType: before.tripType,
      originalUsageTime: { start: before.usageStart!.toISOString(), end: before.usageEnd!.toISOString() },
    });
    const second = { ...first, adjustedDistance: 20, adjustedBookingType: 'MAINTENANCE', dataQuality: 'ESTIMATED' };
    const again = booking(await call('PUT', `/api/bookings/${named.finished}/adjustedValues`, second));
    expect(again.adjustedValues).toMatchObject({
      adjustedDistance: 20,
      dataQuality: 'ESTIMATED',
      originalTotalDistance: before.distance,
      originalBookingType: before.tripType,
    });
    expect(again.distance).toBe(20);
    const adjusted = await actionEvents(named.finished, 'VALUES_ADJUSTED');
    expect(adjusted).toHaveLength(2);
    expect(adjusted[1]!.properties).toMatchObject({ firstAdjustment: false, previous: { distance: 12.5 } });
  });

  it('refuses a booking that is not finished (409) and malformed values (400)', async () => {
    const body = {
      adjustedStartTime: '2025-01-01T10:00:00Z',
      adjustedEndTime: '2025-01-01T12:00:00Z',
      adjustedDistance: 3,
      adjustedBookingType: 'PRIVATE',
      dataQuality: 'MEASURED',
    };
    expect(envelope(await call('PUT', `/api/bookings/${named.tomorrow}/adjustedValues`, body), 409).messageId).toBe(MESSAGE_IDS.conflict);
    for (const bad of [
      { ...body, adjustedEndTime: '2025-01-01T09:00:00Z' },
      { ...body, adjustedDistance: -1 },
      { ...body, dataQuality: 'GOOD' },
      { ...body, adjustedBookingType: 'LEISURE' },
    ]) {
      expect(envelope(await call('PUT', `/api/bookings/${named.finished}/adjustedValues`, bad), 400).messageId).toBe(MESSAGE_IDS.invalidInput);
    }
  });
});

describe('checkout, receipt, technical issue', () => {
  it('checks out a booking that requires it, once', async () => {
    const res = booking(await call('POST', `/api/bookings/${named.checkout}/checkout`));
    expect(res.checkoutRequired).toBe(false);
    expect((await rowOf(named.checkout)).checkedOutAt).toBeInstanceOf(Date);
    expect(await actionEvents(named.checkout, 'CHECKED_OUT')).toHaveLength(1);
    expect(envelope(await call('POST', `/api/bookings/${named.checkout}/checkout`), 409).messageId).toBe(MESSAGE_IDS.conflict);
  });

  it('mails the receipt through the outbox (204) with the booking, the payment lines and totals', async () => {
    const res = await call('POST', `/api/bookings/${named.checkout}/receipt`);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    const [mail] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, named.checkoutMail));
    expect(mail).toBeDefined();
    expect(mail!.subject).toBe(`Fjord Mobility: receipt for booking ${named.checkout}`);
    expect(mail!.fleetId).toBe('fjord');
    expect(mail!.textBody).toContain(`Booking:   ${named.checkout} (Finished)`);
    expect(mail!.textBody).toContain(`Order ${named.checkoutOrderId} (Credit card, Unpaid)`);
    const [payment] = await t.database.db.select().from(payments).where(eq(payments.orderId, named.checkoutOrderId));
    expect(mail!.textBody).toContain(`  Total: ${payment!.totalPrice.toFixed(2)} NOK`);
    expect(mail!.textBody).toMatch(/Booked: {4}\d{4}-\d\d-\d\d \d\d:\d\d – \d{4}-\d\d-\d\d \d\d:\d\d \(Europe\/Oslo\)/);
    expect((await rowOf(named.checkout)).receiptSentAt).toBeInstanceOf(Date);
    expect(await actionEvents(named.checkout, 'RECEIPT_SENT')).toHaveLength(1);
  });

  it('answers 409 when there is no customer or no e-mail address', async () => {
    expect(envelope(await call('POST', `/api/bookings/${named.noCustomer}/receipt`), 409).messageId).toBe(MESSAGE_IDS.conflict);
    const noMail = await createUser(t.database.db, 'fjord', { emailAddress: null });
    const b = await fixture({ userId: noMail.id });
    expect(envelope(await call('POST', `/api/bookings/${b.bid}/receipt`), 409).messageId).toBe(MESSAGE_IDS.conflict);
    expect((await rowOf(b.bid)).receiptSentAt).toBeNull();
  });

  it('reports a technical issue once', async () => {
    const b = await fixture({ startInMs: HOUR });
    const res = booking(await call('POST', `/api/bookings/${b.bid}/technical-issue`, { description: 'Door sensor faulty' }));
    expect(res.technicalIssueReported).toBe(true);
    expect(await rowOf(b.bid)).toMatchObject({ technicalIssueReportedBy: 'support', technicalIssueDescription: 'Door sensor faulty' });
    expect((await actionEvents(b.bid, 'TECHNICAL_ISSUE'))[0]!.displayText).toBe('Technical issue reported: Door sensor faulty');
    expect(envelope(await call('POST', `/api/bookings/${b.bid}/technical-issue`, { description: 'Again' }), 409).messageId).toBe(
      MESSAGE_IDS.conflict,
    );
    for (const bad of [{ description: '   ' }, {}, { description: 'x'.repeat(1001) }]) {
      expect(envelope(await call('POST', `/api/bookings/${b.bid}/technical-issue`, bad), 400).messageId).toBe(MESSAGE_IDS.invalidInput);
    }
  });
});

describe('metadata', () => {
  it("serves the contract's metadata spec and the booking's metadata", async () => {
    const spec = ZMetadataSpecResponse.parse((await call('GET', `/api/bookings/${named.tomorrow}/metadataSpec`)).json());
    expect(spec.map((e) => e.key)).toEqual(['project', 'costCentre', 'purpose']);
    const res = await call('GET', `/api/bookings/${named.tomorrow}/metadata`);
    expect(res.statusCode).toBe(200);
    expect(ZMetadata.parse(res.json())).toHaveProperty('project');
  });

  it('saves valid metadata (trimmed, blank optional values dropped) and records an event', async () => {
    const res = await call('PUT', `/api/bookings/${named.tomorrow}/metadata`, { project: ' NORD-1042 ', costCentre: '4410', purpose: 'Kundemøte' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ project: 'NORD-1042', costCentre: '4410', purpose: 'Kundemøte' });
    const only = await call('PUT', `/api/bookings/${named.tomorrow}/metadata`, { project: 'NORD-7', costCentre: '' });
    expect(only.json()).toEqual({ project: 'NORD-7' });
    expect((await call('GET', `/api/bookings/${named.tomorrow}/metadata`)).json()).toEqual({ project: 'NORD-7' });
    expect(await actionEvents(named.tomorrow, 'METADATA_UPDATED')).toHaveLength(2);
  });

  it("rejects metadata against the spec with 'core.validation.validation.error.exist', one item per field", async () => {
    const res = await call('PUT', `/api/bookings/${named.tomorrow}/metadata`, { costCentre: '44.1', purpose: 'Holiday', colour: 'red' });
    const e = envelope(res, 400);
    expect(e.messageId).toBe(MESSAGE_IDS.validationList);
    expect(e.errors.map((x) => x.field).sort()).toEqual(['metadata.colour', 'metadata.costCentre', 'metadata.project', 'metadata.purpose']);
    expect(e.errors.find((x) => x.field === 'metadata.project')!.message).toContain(MESSAGES.required);
    expect(e.errors.find((x) => x.field === 'metadata.costCentre')!.message).toContain(MESSAGES.mustBeNumber);
    expect((await call('GET', `/api/bookings/${named.tomorrow}/metadata`)).json()).toEqual({ project: 'NORD-7' });
    for (const bad of [['a'], { project: 5 }, { project: ['x'] }]) {
      expect(envelope(await call('PUT', `/api/bookings/${named.tomorrow}/metadata`, bad), 400).messageId).toBe(MESSAGE_IDS.invalidInput);
    }
  });

  it('lets an ADMIN replace the metadata spec of the contract (403 for support, 400 for a broken spec)', async () => {
    const b = await fixture();
    const spec = [{ key: 'ref', label: 'Reference', description: null, type: 'TEXT', choices: null, placeholder: null, required: true }];
    expect(envelope(await call('PUT', `/api/bookings/${b.bid}/metadataSpec`, spec), 403).messageId).toBe(MESSAGE_IDS.forbidden);
    const broken = [...spec, { ...spec[0]!, type: 'CHOICE', choices: [] }];
    expect(envelope(await call('PUT', `/api/bookings/${b.bid}/metadataSpec`, broken, adminToken), 400).messageId).toBe(MESSAGE_IDS.validationList);
    const res = await call('PUT', `/api/bookings/${b.bid}/metadataSpec`, spec, adminToken);
    expect(res.statusCode, res.body).toBe(200);
    expect(ZMetadataSpecResponse.parse((await call('GET', `/api/bookings/${b.bid}/metadataSpec`)).json())).toEqual(spec);
    expect(envelope(await call('PUT', `/api/bookings/${b.bid}/metadata`, {}), 400).errors).toEqual([
      expect.objectContaining({ field: 'metadata.ref' }),
    ]);
    // Restore the shared fixture contract.
    expect((await call('PUT', `/api/bookings/${b.bid}/metadataSpec`, [], adminToken)).statusCode).toBe(200);
  });
});

describe('booking events', () => {
  it('pages the five booking event types by 10, newest first, with a keyset cursor', async () => {
    const db = t.database.db;
    const b = await fixture({ startInMs: HOUR });
    const types: EventType[] = ['BOOKING_EVENT', 'REMOTE_COMMAND', 'VEHICLE_STATUS', 'VEHICLE_ADMIN', 'PAYMENT_ACTION', 'HEARTBEAT', 'USER_ACTION'];
    const now = Date.now();
    await db.insert(events).values(
      Array.from({ length: 35 }, (_, i) => {
        const type = types[i % types.length]!;
        return {
          fleetId: 'fjord',
          occurred: new Date(now - (i + 1) * MIN),
          bid: b.bid,
          type,
          typeGroup: EVENT_TYPE_GROUP[type],
          displayText: `event ${i}`,
        };
      }),
    );
    // 35 events, 5 of each type: 25 of the five booking types.
    const page = async (cursor?: string) => {
      const res = await call('GET', `/api/bookings/${b.bid.toLowerCase()}/events${cursor ? `?cursor=${cursor}` : ''}`);
      expect(res.statusCode, res.body).toBe(200);
      return ZBookingEventsResponse.parse(res.json());
    };
    const p1 = await page();
    expect(p1.results).toHaveLength(10);
    expect(p1.moreResults).toBe(true);
    expect(p1.results[0]!.displayText).toBe('event 0');
    const p2 = await page(p1.nextCursor!);
    const p3 = await page(p2.nextCursor!);
    expect([p2.results.length, p3.results.length]).toEqual([10, 5]);
    expect(p3).toMatchObject({ moreResults: false, nextCursor: null });
    const all = [...p1.results, ...p2.results, ...p3.results];
    expect(new Set(all.map((e) => e.id)).size).toBe(25);
    expect(all.every((e) => e.bid === b.bid && !['HEARTBEAT', 'USER_ACTION'].includes(e.type))).toBe(true);
    const times = all.map((e) => Date.parse(e.occurred));
    expect(times).toEqual([...times].sort((x, y) => y - x));

    const filtered = ZBookingEventsResponse.parse((await call('GET', `/api/bookings/${b.bid}/events?types=PAYMENT_ACTION`)).json());
    expect(filtered.results.map((e) => e.type)).toEqual(Array(5).fill('PAYMENT_ACTION'));
    expect(envelope(await call('GET', `/api/bookings/${b.bid}/events?types=HEARTBEAT`), 400).messageId).toBe(MESSAGE_IDS.invalidInput);
    expect(envelope(await call('GET', `/api/bookings/${b.bid}/events?cursor=garbage`), 400).messageId).toBe(MESSAGE_IDS.invalidInput);
  });

  it('lists the events the lifecycle calls write', async () => {
    const res = ZBookingEventsResponse.parse((await call('GET', `/api/bookings/${named.checkout}/events`)).json());
    expect(res.results.slice(0, 2).map((e) => e.properties.action)).toEqual(['RECEIPT_SENT', 'CHECKED_OUT']);
  });
});

describe('charging PIN', () => {
  it('issues a 4-digit PIN for an INACTIVE booking, stored and stable while valid', async () => {
    // §4: the PIN belongs to a car allocated on activation at a pool with a charging station (fx.poolId has one).
    const b = await fixture({ startInMs: 2 * HOUR, allocateOnActivation: true });
    const first = await call('GET', `/api/charging/activation-data?bid=${b.bid.toLowerCase()}`);
    expect(first.statusCode, first.body).toBe(200);
    const pin = ZChargingPinResponse.parse(first.json());
    expect(pin.pinCode).toMatch(/^\d{4}$/);
    const row = await rowOf(b.bid);
    expect(pin.validUntil).toBe(new Date(Math.min(row.startTime.getTime() + 30 * MIN, row.endTime.getTime())).toISOString());
    expect(row).toMatchObject({ chargingPinCode: pin.pinCode, chargingTerminal: pin.recommendedTerminalNumber });
    const second = ZChargingPinResponse.parse((await call('GET', `/api/charging/activation-data?bid=${b.bid}`)).json());
    expect(second).toEqual(pin);
    const issued = await actionEvents(b.bid, 'CHARGING_PIN_ISSUED');
    expect(issued).toHaveLength(1);
    expect(issued[0]!.displayText).not.toContain(pin.pinCode);
  });

  it('refuses the PIN where the vehicle does not charge at the pool: a cargo bike, a pool without a station, a booking allocated up front', async () => {
    const bike = await fixture({ startInMs: 2 * HOUR, allocateOnActivation: true, vehicleCategory: 'CARGO_BIKE' });
    const noStation = await fixture({ startInMs: 2 * HOUR, allocateOnActivation: true, poolId: (await createPool(t.database.db, 'fjord')).id });
    const upFront = await fixture({ startInMs: 2 * HOUR });
    for (const b of [bike, noStation, upFront]) {
      const e = envelope(await call('GET', `/api/charging/activation-data?bid=${b.bid}`), 409);
      expect(e.message, b.bid).toBe(MESSAGES.chargingNotSupported);
      expect((await rowOf(b.bid)).chargingPinCode).toBeNull();
    }
  });

  it("uses the pool's charging station for the terminal", async () => {
    const b = await fixture({ startInMs: 2 * HOUR, allocateOnActivation: true });
    const pin = ZChargingPinResponse.parse((await call('GET', `/api/charging/activation-data?bid=${b.bid}`)).json());
    expect(pin.recommendedTerminalNumber).toMatch(/^WattWorld Test-[1-4]$/);
  });

  it('answers 409 once the booking started, ended or the validity ran out, and 400 without a bid', async () => {
    expect(envelope(await call('GET', `/api/charging/activation-data?bid=${named.overdue}`), 409).messageId).toBe(MESSAGE_IDS.conflict);
    const late = await fixture({ startInMs: -45 * MIN, hours: 3, allocateOnActivation: true });
    expect(envelope(await call('GET', `/api/charging/activation-data?bid=${late.bid}`), 409).messageId).toBe(MESSAGE_IDS.conflict);
    expect(envelope(await call('GET', '/api/charging/activation-data'), 400).messageId).toBe(MESSAGE_IDS.invalidInput);
  });

  it('sandbox: valid until start + 30 min or the end, whichever first; a station of its own without a name', async () => {
    const provider = sandboxChargingProvider(() => 7);
    const start = new Date('2030-01-01T10:00:00Z');
    const pool = { id: 12, name: 'P', wattWorldStationName: null };
    const long = await provider.activationData({ bid: 'BID1234567890', startTime: start, endTime: new Date('2030-01-01T12:00:00Z'), pool });
    expect(long).toEqual({
      pinCode: '0007',
      recommendedTerminalNumber: expect.stringMatching(/^T0012-[1-4]$/),
      validUntil: new Date('2030-01-01T10:30:00Z'),
    });
    const short = await provider.activationData({ bid: 'BID1234567890', startTime: start, endTime: new Date('2030-01-01T10:20:00Z'), pool });
    expect(short.validUntil).toEqual(new Date('2030-01-01T10:20:00Z'));
    expect(short.recommendedTerminalNumber).toBe(long.recommendedTerminalNumber);
  });
});

describe('allocation', () => {
  it('finds free vehicles by spec; an overdue active booking occupies its vehicle until now', async () => {
    const db = t.database.db;
    const pool = await createPool(db, 'fjord');
    const car = await createVehicle(db, 'fjord', { poolId: pool.id });
    const now = new Date();
    const window = { start: new Date(now.getTime() + HOUR), end: new Date(now.getTime() + 3 * HOUR), now };
    expect((await findFreeVehicle(db, 'fjord', { poolId: pool.id, spec: { type: 'VEHICLE', vehicleId: car.id }, ...window }))?.id).toBe(car.id);
    expect((await findFreeVehicle(db, 'fjord', { poolId: pool.id, spec: { type: 'MODEL', modelId: car.modelId }, ...window }))?.id).toBe(car.id);
    expect(
      await findFreeVehicle(db, 'fjord', { poolId: pool.id, spec: { type: 'CLASS', className: 'B', vehicleCategory: 'BIKE' }, ...window }),
    ).toBeNull();
    expect(await findFreeVehicle(db, 'malar', { poolId: pool.id, spec: { type: 'VEHICLE', vehicleId: car.id }, ...window })).toBeNull();
    // Ended 2 h ago but still ACTIVE: occupied until now, so an interval starting now is not free, one in an hour is.
    const overdue = await fixture({ poolId: pool.id, vehicleId: car.id, state: 'ACTIVE', startInMs: -5 * HOUR, hours: 3 });
    expect(
      await findFreeVehicle(db, 'fjord', {
        poolId: pool.id,
        spec: { type: 'VEHICLE', vehicleId: car.id },
        start: new Date(now.getTime() - MIN),
        end: window.end,
        now,
      }),
    ).toBeNull();
    expect((await findFreeVehicle(db, 'fjord', { poolId: pool.id, spec: { type: 'VEHICLE', vehicleId: car.id }, ...window }))?.id).toBe(car.id);
    expect(
      (
        await findFreeVehicle(db, 'fjord', {
          poolId: pool.id,
          spec: { type: 'VEHICLE', vehicleId: car.id },
          start: new Date(now.getTime() - MIN),
          end: window.end,
          now,
          excludeBookingId: overdue.id,
        })
      )?.id,
    ).toBe(car.id);
  });

  it('recognises exclusion violations, also wrapped', async () => {
    const v = await createVehicle(t.database.db, 'fjord', { poolId: fx.poolId });
    await fixture({ vehicleId: v.id, startInMs: 10 * HOUR });
    const err = await fixture({ vehicleId: v.id, startInMs: 10 * HOUR + HOUR }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(isExclusionViolation(err)).toBe(true);
    expect(isExclusionViolation({ cause: { code: '23P01' } })).toBe(true);
    expect(isExclusionViolation(new Error('x'))).toBe(false);
    expect(isExclusionViolation(null)).toBe(false);
  });
});

describe('tenant scope and sessions', () => {
  it("answers 404 for another operator's booking on every lifecycle call, and changes nothing", async () => {
    const bid = named.theirs;
    const endTime = new Date(Date.now() + 30 * HOUR).toISOString();
    const calls: [Method, string, unknown?][] = [
      ['POST', `/api/bookings/${bid}/activate-without-pin`],
      ['POST', `/api/bookings/${bid}/deactivate`, { unchecked: true }],
      ['POST', `/api/bookings/${bid}/force-deactivate-without-pin?wasNotUsed=true`],
      ['DELETE', `/api/bookings/${bid}`],
      ['POST', `/api/bookings/${bid}/replace-with-taxi`],
      ['POST', `/api/bookings/${bid}/replace-with-rideshare`],
      ['PUT', `/api/bookings/${bid}/adjust?endTime=${encodeURIComponent(endTime)}`],
      [
        'PUT',
        `/api/bookings/${bid}/adjustedValues`,
        {
          adjustedStartTime: '2025-01-01T10:00:00Z',
          adjustedEndTime: '2025-01-01T12:00:00Z',
          adjustedDistance: 3,
          adjustedBookingType: 'PRIVATE',
          dataQuality: 'MEASURED',
        },
      ],
      ['POST', `/api/bookings/${bid}/checkout`],
      ['POST', `/api/bookings/${bid}/receipt`],
      ['GET', `/api/bookings/${bid}/metadataSpec`],
      ['GET', `/api/bookings/${bid}/metadata`],
      ['PUT', `/api/bookings/${bid}/metadata`, {}],
      ['POST', `/api/bookings/${bid}/technical-issue`, { description: 'x' }],
      ['GET', `/api/bookings/${bid}/events`],
      ['GET', `/api/charging/activation-data?bid=${bid}`],
      ['GET', '/api/charging/activation-data?bid=not-a-bid'],
    ];
    for (const [method, url, payload] of calls) {
      const e = envelope(await call(method, url, payload), 404);
      expect(e, `${method} ${url}`).toMatchObject({ messageId: MESSAGE_IDS.bookingNotFound, message: MESSAGES.bookingNotFound });
    }
    expect(envelope(await call('PUT', `/api/bookings/${bid}/metadataSpec`, [], adminToken), 404).messageId).toBe(MESSAGE_IDS.bookingNotFound);
    expect(await rowOf(bid)).toMatchObject({ state: 'ACTIVE', technicalIssueReportedAt: null, receiptSentAt: null });
    expect(
      (
        await t.database.db
          .select()
          .from(events)
          .where(and(eq(events.bid, bid), eq(events.actingUsername, 'support')))
      ).length,
    ).toBe(0);
  });

  it('needs a session', async () => {
    for (const [method, url] of [
      ['POST', `/api/bookings/${named.tomorrow}/activate-without-pin`],
      ['DELETE', `/api/bookings/${named.tomorrow}`],
      ['GET', `/api/charging/activation-data?bid=${named.tomorrow}`],
    ] as const) {
      expect((await t.app.inject({ method, url })).statusCode).toBe(401);
    }
  });

  it('lists the lifecycle calls in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as { paths: Record<string, Record<string, unknown>> };
    expect(Object.keys(doc.paths['/api/bookings/{bid}'] ?? {})).toContain('delete');
    for (const path of [
      'activate-without-pin',
      'deactivate',
      'force-deactivate-without-pin',
      'adjust',
      'adjustedValues',
      'checkout',
      'receipt',
      'metadata',
      'metadataSpec',
      'technical-issue',
      'events',
    ]) {
      expect(doc.paths, path).toHaveProperty([`/api/bookings/{bid}/${path}`]);
    }
    expect(doc.paths).toHaveProperty(['/api/charging/activation-data']);
  });
});
