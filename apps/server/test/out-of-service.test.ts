import {
  MESSAGE_IDS,
  ZAvailabilityResponse,
  ZErrorEnvelope,
  ZOutOfServiceResponse,
  ZVehicle,
  type OutOfServiceResponse,
  type Vehicle,
} from '@fleetdesk/contract';
import { and, asc, eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client.ts';
import { bookings, events, mailOutbox, payments, vehicleCommands, vehicles } from '../src/db/schema.ts';
import { setTestNow } from './support/clock.ts';
import {
  createBooking,
  createContract,
  createFleet,
  createPayment,
  createPool,
  createStaff,
  createUser,
  createVehicle,
  createVehicleStatus,
} from './support/factories.ts';
import { authToken, createTestApp, login, type TestApp } from './support/test-app.ts';

/** Out of service for a vehicle (issue 19 point 5): the plan, its application, and back in service. */

const HOUR = 3_600_000;
// A fixed test clock (docs/decisions/0047-test-clock.md); T is tomorrow at about 10:00.
const NOW = setTestNow('2026-03-10T08:05:00+01:00').getTime();
const T = Math.floor(NOW / HOUR) * HOUR + 26 * HOUR;
const iso = (ms: number) => new Date(ms).toISOString();

let t: TestApp;
let db: Db;
let token: string;
let malarToken: string;
let contractId: number;

type Res = { statusCode: number; body: string; json(): unknown };

function envelope(res: Res, status: number) {
  expect(res.statusCode, res.body).toBe(status);
  return ZErrorEnvelope.parse(res.json());
}

beforeAll(async () => {
  t = await createTestApp();
  db = t.database.db;
  await createFleet(db, 'fjord');
  await createFleet(db, 'malar', { country: 'SE', currency: 'SEK', defaultLanguage: 'sv', timeZone: 'Europe/Stockholm' });
  await createStaff(db, 'fjord', 'support', 'support-demo');
  await createStaff(db, 'malar', 'support.se', 'support-demo');
  token = await login(t.app, 'support', 'support-demo');
  malarToken = await login(t.app, 'support.se', 'support-demo');
  contractId = (await createContract(db, 'fjord')).id;
});

afterAll(async () => {
  await t?.close();
});

/**
 * A pool with the vehicle that breaks (class B, a model of its own), another class-B car that is free, and on the
 * broken one: a class-B booking (can move), a booking of its model (no other car of that model: cancelled, with an
 * open card payment), a booking after the expected return and a finished one (both untouched).
 */
async function world() {
  const pool = await createPool(db, 'fjord');
  const broken = await createVehicle(db, 'fjord', { poolId: pool.id, modelName: 'Kia EV6' });
  await createVehicleStatus(db, broken.id, { locked: true, immobilized: false });
  const spare = await createVehicle(db, 'fjord', { poolId: pool.id, modelName: 'VW ID.3' });
  const ola = await createUser(db, 'fjord', { givenName: 'Ola', familyName: 'Hansen', language: 'fi' });
  const kari = await createUser(db, 'fjord', { givenName: 'Kari', familyName: 'Berg', language: 'sv' });
  const refs = (userId: number) => ({ userId, contractId, poolId: pool.id, vehicleId: broken.id });
  const byClass = await createBooking(db, 'fjord', refs(ola.id), { startTime: new Date(T), endTime: new Date(T + 2 * HOUR) });
  const byModel = await createBooking(db, 'fjord', refs(kari.id), {
    startTime: new Date(T + 4 * HOUR),
    endTime: new Date(T + 6 * HOUR),
    specType: 'MODEL',
    specClassName: null,
    specModelId: broken.modelId,
  });
  const payment = await createPayment(
    db,
    'fjord',
    { bookingId: byModel.id, userId: kari.id },
    { status: 'RESERVED', externalId: 'sandbox-hold-1', totalPrice: 500, totalPriceWithoutVat: 400, totalVat: 100 },
  );
  const later = await createBooking(db, 'fjord', refs(ola.id), { startTime: new Date(T + 72 * HOUR), endTime: new Date(T + 74 * HOUR) });
  const finished = await createBooking(db, 'fjord', refs(ola.id), {
    state: 'FINISHED',
    startTime: new Date(NOW - 5 * HOUR),
    endTime: new Date(NOW - 3 * HOUR),
  });
  return { pool, broken, spare, ola, kari, byClass, byModel, payment, later, finished };
}

const body = (over: Record<string, unknown> = {}) => ({
  reason: 'Windscreen cracked',
  expectedReturn: iso(T + 48 * HOUR),
  immobilize: false,
  dryRun: true,
  ...over,
});

async function outOfService(vin: string, payload: Record<string, unknown>, auth = token) {
  return t.app.inject({ method: 'POST', url: `/api/vehicles/by-vin/${vin}/out-of-service`, headers: { authorization: authToken(auth) }, payload });
}

async function plan(vin: string, over: Record<string, unknown> = {}): Promise<OutOfServiceResponse> {
  const res = await outOfService(vin, body(over));
  expect(res.statusCode, res.body).toBe(200);
  return ZOutOfServiceResponse.parse(res.json());
}

async function vehicle(vin: string): Promise<Vehicle> {
  const res = await t.app.inject({ method: 'GET', url: `/api/vehicles/by-vin/${vin}`, headers: { authorization: authToken(token) } });
  expect(res.statusCode, res.body).toBe(200);
  return ZVehicle.parse(res.json());
}

const bookingRow = async (id: number) => (await db.select().from(bookings).where(eq(bookings.id, id)))[0]!;
const mailCount = async () => (await db.select().from(mailOutbox)).length;

async function availableVins(poolId: number, from: number, to: number): Promise<string[]> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/availability?fromPoolId=${poolId}&from=${encodeURIComponent(iso(from))}&to=${encodeURIComponent(iso(to))}`,
    headers: { authorization: authToken(token) },
  });
  expect(res.statusCode, res.body).toBe(200);
  return ZAvailabilityResponse.parse(res.json()).vehicles.map((v) => v.vin);
}

describe('out of service: the plan', () => {
  it('proposes a move to a free car of the class, and a cancellation where no car of the model is free; the dry run changes nothing', async () => {
    const w = await world();
    const mailsBefore = await mailCount();
    const p = await plan(w.broken.vin);
    expect(p.dryRun).toBe(true);
    expect(p.fingerprint).toMatch(/^[0-9a-f]{16}$/);
    expect(p.bookings).toEqual([
      {
        bid: w.byClass.bid,
        customer: { username: w.ola.username, fullNameLastFirst: 'Hansen, Ola' },
        start: iso(T),
        end: iso(T + 2 * HOUR),
        proposal: 'MOVE',
        toVehicle: { vin: w.spare.vin, registrationNumber: w.spare.registrationNumber, longPresentation: w.spare.longPresentation },
        notified: true,
        waivedOrderId: null,
      },
      {
        bid: w.byModel.bid,
        customer: { username: w.kari.username, fullNameLastFirst: 'Berg, Kari' },
        start: iso(T + 4 * HOUR),
        end: iso(T + 6 * HOUR),
        proposal: 'CANCEL',
        toVehicle: null,
        notified: true,
        waivedOrderId: w.payment.orderId,
      },
    ]);
    expect(p.immobilize).toEqual({ requested: false, ability: { allowed: true, reason: null }, commandId: null });

    // Nothing changed.
    expect((await bookingRow(w.byClass.id)).allocatedVehicleId).toBe(w.broken.id);
    expect((await bookingRow(w.byModel.id)).state).toBe('INACTIVE');
    expect(await mailCount()).toBe(mailsBefore);
    expect((await vehicle(w.broken.vin)).outOfService ?? null).toBeNull();
    // The same question gives the same plan.
    expect((await plan(w.broken.vin)).fingerprint).toBe(p.fingerprint);
  });

  it('a vehicle booked by name moves to a car of its model, else of its class; a booked spare is not proposed', async () => {
    const w = await world();
    // The spare is busy during the class booking: that one is cancelled too.
    await createBooking(
      db,
      'fjord',
      { userId: w.ola.id, contractId, poolId: w.pool.id, vehicleId: w.spare.id },
      { startTime: new Date(T - HOUR), endTime: new Date(T + HOUR) },
    );
    const named = await createBooking(
      db,
      'fjord',
      { userId: w.kari.id, contractId, poolId: w.pool.id, vehicleId: w.broken.id },
      { startTime: new Date(T + 8 * HOUR), endTime: new Date(T + 9 * HOUR), specType: 'VEHICLE', specClassName: null, specVehicleId: w.broken.id },
    );
    const p = await plan(w.broken.vin);
    expect(p.bookings.map((b) => [b.bid, b.proposal, b.toVehicle?.vin ?? null])).toEqual([
      [w.byClass.bid, 'CANCEL', null],
      [w.byModel.bid, 'CANCEL', null],
      [named.bid, 'MOVE', w.spare.vin],
    ]);
  });
});

describe('out of service: applying the plan', () => {
  it('applies exactly the reviewed plan: moves, cancels without fees, mails the customers, writes the events', async () => {
    const w = await world();
    const dry = await plan(w.broken.vin, { immobilize: true });
    const mailsBefore = await mailCount();
    const appliedAt = Date.now();
    const res = await outOfService(w.broken.vin, body({ dryRun: false, immobilize: true, planFingerprint: dry.fingerprint }));
    expect(res.statusCode, res.body).toBe(200);
    const applied = ZOutOfServiceResponse.parse(res.json());
    expect(applied.dryRun).toBe(false);
    expect(applied.fingerprint).toBe(dry.fingerprint);
    expect(applied.bookings).toEqual(dry.bookings);
    expect(applied.immobilize.commandId).toEqual(expect.any(Number));

    // Moved: same booking, the spare car.
    const moved = await bookingRow(w.byClass.id);
    expect(moved.state).toBe('INACTIVE');
    expect(moved.allocatedVehicleId).toBe(w.spare.id);
    // Cancelled, and its open payment waived: no cancellation fee, nothing charged.
    const cancelled = await bookingRow(w.byModel.id);
    expect(cancelled.state).toBe('CANCELLED');
    expect(cancelled.cancelReason).toBe('Windscreen cracked');
    const [payment] = await db.select().from(payments).where(eq(payments.id, w.payment.id));
    expect(payment?.status).toBe('NO_CHARGE');
    const fees = await db
      .select()
      .from(payments)
      .where(and(eq(payments.bookingId, w.byModel.id), gt(payments.id, w.payment.id)));
    expect(fees).toEqual([]);
    // Untouched: the booking after the expected return and the finished one.
    expect((await bookingRow(w.later.id)).allocatedVehicleId).toBe(w.broken.id);
    expect((await bookingRow(w.finished.id)).state).toBe('FINISHED');

    // One mail per customer, saying what happened, in the customer's language: Kari sv; Ola's record says fi, none of
    // the four, so the operator's default nb (docs/decisions/0082).
    const mails = (await db.select().from(mailOutbox).orderBy(asc(mailOutbox.id))).slice(mailsBefore);
    expect(mails.map((m) => [m.toAddress, m.subject])).toEqual([
      [w.ola.emailAddress, `fjord Mobility: bestillingen din ${w.byClass.bid} har fått et nytt kjøretøy`],
      [w.kari.emailAddress, `fjord Mobility: din bokning ${w.byModel.bid} är avbokad`],
    ]);
    expect(mails[0]?.textBody).toContain('Hei Ola Hansen,');
    expect(mails[0]?.textBody).toContain(w.spare.longPresentation);
    expect(mails[0]?.textBody).not.toMatch(/\b(the|your|vehicle)\b/i);
    expect(mails[1]?.textBody).toContain('Hej Kari Berg,');
    expect(mails[1]?.textBody).toContain('ingen avbokningsavgift');
    expect(mails[1]?.textBody).not.toMatch(/\b(the|your|vehicle)\b/i);

    // Events: one per booking, the waived payment, the vehicle's, the immobilize command, and one per customer mailed
    // (on the customer's timeline with their other mails).
    const movedEvents = await db.select().from(events).where(eq(events.bid, w.byClass.bid)).orderBy(asc(events.id));
    expect(movedEvents.map((e) => [e.type, e.vin, e.properties.action])).toEqual([
      ['BOOKING_EVENT', w.spare.vin, 'MOVED'],
      ['BOOKING_EVENT', null, 'MAIL_QUEUED'],
    ]);
    expect(movedEvents[1]?.textParts).toEqual([{ id: 'outOfServiceMovedMailSent', params: { to: mails[0]?.toAddress } }]);
    const cancelEvents = await db.select().from(events).where(eq(events.bid, w.byModel.bid)).orderBy(asc(events.id));
    expect(cancelEvents.map((e) => [e.type, e.properties.action ?? e.properties.status])).toEqual([
      ['BOOKING_EVENT', 'CANCELLED'],
      ['PAYMENT_ACTION', 'NO_CHARGE'],
      ['BOOKING_EVENT', 'MAIL_QUEUED'],
    ]);
    expect(cancelEvents[0]?.properties.feesWaived).toBe(true);
    expect(cancelEvents[2]?.textParts).toEqual([{ id: 'outOfServiceCancelledMailSent', params: { to: mails[1]?.toAddress } }]);
    // The simulator may already have answered the immobilize command: its answer is an event of its own (SUCCEEDED).
    const vehicleEvents = (await db.select().from(events).where(eq(events.vin, w.broken.vin)).orderBy(asc(events.id))).filter(
      (e) => e.properties.result !== 'SUCCEEDED' && e.properties.result !== 'FAILED',
    );
    expect(vehicleEvents.map((e) => [e.type, e.properties.action ?? e.properties.command])).toEqual([
      ['BOOKING_EVENT', 'CANCELLED'],
      ['VEHICLE_ADMIN', 'OUT_OF_SERVICE'],
      ['REMOTE_COMMAND', 'IMMOBILIZE'],
    ]);
    const [command] = await db.select().from(vehicleCommands).where(eq(vehicleCommands.vehicleId, w.broken.id));
    expect(command).toMatchObject({ command: 'IMMOBILIZE', reason: 'Windscreen cracked', requestedBy: 'support' });

    // The card shows it, and says what can be done.
    const card = await vehicle(w.broken.vin);
    expect(card.outOfService).toEqual({ reason: 'Windscreen cracked', since: expect.any(String), by: 'support', expectedReturn: iso(T + 48 * HOUR) });
    expect(Date.parse(card.outOfService?.since ?? '')).toBeGreaterThanOrEqual(appliedAt);
    expect(card.abilities.outOfService).toEqual({ allowed: false, reason: 'vehicleOutOfService' });
    expect(card.abilities.backInService).toEqual({ allowed: true, reason: null });

    // Out of service twice: 409.
    const again = envelope(await outOfService(w.broken.vin, body()), 409);
    expect(again.messageId).toBe(MESSAGE_IDS.vehicleOutOfService);
  });

  it('leaves availability until it is back in service; back in service does not move bookings back', async () => {
    const w = await world();
    const dry = await plan(w.broken.vin);
    // Before: free after the expected return.
    expect(await availableVins(w.pool.id, T + 100 * HOUR, T + 101 * HOUR)).toContain(w.broken.vin);
    expect((await outOfService(w.broken.vin, body({ dryRun: false, planFingerprint: dry.fingerprint }))).statusCode).toBe(200);
    // Out of service: not free at any time, not even after the expected return.
    expect(await availableVins(w.pool.id, T + 100 * HOUR, T + 101 * HOUR)).not.toContain(w.broken.vin);
    expect(await availableVins(w.pool.id, T + 100 * HOUR, T + 101 * HOUR)).toContain(w.spare.vin);

    const back = await t.app.inject({
      method: 'POST',
      url: `/api/vehicles/by-vin/${w.broken.vin}/back-in-service`,
      headers: { authorization: authToken(token) },
    });
    expect(back.statusCode, back.body).toBe(200);
    const card = ZVehicle.parse(back.json());
    expect(card.outOfService).toBeNull();
    expect(card.abilities.outOfService).toEqual({ allowed: true, reason: null });
    expect(card.abilities.backInService).toEqual({ allowed: false, reason: null });
    expect(await availableVins(w.pool.id, T + 100 * HOUR, T + 101 * HOUR)).toContain(w.broken.vin);
    expect((await bookingRow(w.byClass.id)).allocatedVehicleId).toBe(w.spare.id);
    const [event] = await db
      .select()
      .from(events)
      .where(and(eq(events.vin, w.broken.vin), eq(events.type, 'VEHICLE_ADMIN')))
      .orderBy(asc(events.id))
      .offset(1);
    expect(event?.properties.action).toBe('BACK_IN_SERVICE');

    // Back in service twice: 409.
    const again = envelope(
      await t.app.inject({
        method: 'POST',
        url: `/api/vehicles/by-vin/${w.broken.vin}/back-in-service`,
        headers: { authorization: authToken(token) },
      }),
      409,
    );
    expect(again.messageId).toBe(MESSAGE_IDS.vehicleInService);
  });

  it('refuses a plan that changed since the review (409) and applies nothing', async () => {
    const w = await world();
    const dry = await plan(w.broken.vin);
    // Meanwhile someone books the spare for the class booking's time: the move is no longer possible.
    await createBooking(
      db,
      'fjord',
      { userId: w.kari.id, contractId, poolId: w.pool.id, vehicleId: w.spare.id },
      { startTime: new Date(T), endTime: new Date(T + HOUR) },
    );
    const mailsBefore = await mailCount();
    const res = envelope(await outOfService(w.broken.vin, body({ dryRun: false, planFingerprint: dry.fingerprint })), 409);
    expect(res.messageId).toBe(MESSAGE_IDS.outOfServicePlanChanged);
    expect((await bookingRow(w.byModel.id)).state).toBe('INACTIVE');
    expect(await mailCount()).toBe(mailsBefore);
    expect((await vehicle(w.broken.vin)).outOfService ?? null).toBeNull();
    // A new review gives the new plan, which applies.
    const again = await plan(w.broken.vin);
    expect(again.fingerprint).not.toBe(dry.fingerprint);
    expect(again.bookings[0]?.proposal).toBe('CANCEL');
    expect((await outOfService(w.broken.vin, body({ dryRun: false, planFingerprint: again.fingerprint }))).statusCode).toBe(200);
  });
});

describe('out of service: refusals', () => {
  it('answers 400 for bad input, 404 for another operator and an unknown VIN, 409 during a trip or without an agent to immobilize', async () => {
    const w = await world();
    const dry = await plan(w.broken.vin);
    expect(envelope(await outOfService(w.broken.vin, body({ reason: '  ' })), 400).messageId).toBe(MESSAGE_IDS.invalidInput);
    expect(envelope(await outOfService(w.broken.vin, body({ expectedReturn: 'tomorrow' })), 400).messageId).toBe(MESSAGE_IDS.invalidInput);
    const past = envelope(await outOfService(w.broken.vin, body({ expectedReturn: iso(NOW - HOUR) })), 400);
    expect(past.errors.map((e) => e.field)).toEqual(['expectedReturn']);
    const unreviewed = envelope(await outOfService(w.broken.vin, body({ dryRun: false })), 400);
    expect(unreviewed.errors.map((e) => e.field)).toEqual(['planFingerprint']);

    expect(envelope(await outOfService(w.broken.vin, body({ dryRun: false, planFingerprint: dry.fingerprint }), malarToken), 404).messageId).toBe(
      MESSAGE_IDS.vehicleNotFound,
    );
    expect(envelope(await outOfService('NOSUCHVIN', body()), 404).messageId).toBe(MESSAGE_IDS.vehicleNotFound);
    const back = await t.app.inject({
      method: 'POST',
      url: `/api/vehicles/by-vin/${w.broken.vin}/back-in-service`,
      headers: { authorization: authToken(malarToken) },
    });
    expect(envelope(back, 404).messageId).toBe(MESSAGE_IDS.vehicleNotFound);

    // A trip is running on the vehicle: end it first.
    const driving = await createVehicle(db, 'fjord', { poolId: w.pool.id });
    await createBooking(
      db,
      'fjord',
      { userId: w.ola.id, contractId, poolId: w.pool.id, vehicleId: driving.id },
      { state: 'ACTIVE', startTime: new Date(NOW - HOUR), endTime: new Date(NOW + HOUR) },
    );
    expect((await vehicle(driving.vin)).abilities.outOfService).toEqual({ allowed: false, reason: 'outOfServiceActiveBooking' });
    const during = envelope(await outOfService(driving.vin, body()), 409);
    expect(during.errors.map((e) => e.messageId)).toEqual(['outOfServiceActiveBooking']);

    // No telematics unit: immobilize cannot be sent, so the real call is refused and nothing is applied.
    const bike = await createVehicle(db, 'fjord', { poolId: w.pool.id, agentHardwareType: 'none' });
    const bikePlan = await plan(bike.vin, { immobilize: true });
    expect(bikePlan.immobilize.ability).toEqual({ allowed: false, reason: 'vehicleNoAgent' });
    const noAgent = envelope(await outOfService(bike.vin, body({ dryRun: false, immobilize: true, planFingerprint: bikePlan.fingerprint })), 409);
    expect(noAgent.messageId).toBe(MESSAGE_IDS.commandNotAvailable);
    const [row] = await db.select().from(vehicles).where(eq(vehicles.id, bike.id));
    expect(row?.outOfServiceSince).toBeNull();
  });
});
