import {
  BOOKING_ABILITY_KEYS,
  MESSAGES,
  ZBooking,
  ZErrorEnvelope,
  isAbilityShown,
  type Ability,
  type Booking,
  type BookingAbilityKey,
  type PaymentStatus,
  type VehicleCategory,
} from '@fleetdesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client.ts';
import { bookings, payments, vehicleModels } from '../src/db/schema.ts';
import { createBooking, createContract, createFleet, createPool, createStaff, createUser, createVehicle } from './support/factories.ts';
import { authToken, createTestApp, login, type TestApp } from './support/test-app.ts';

/**
 * Issue 16: the abilities a booking is sent with agree with what the action endpoints then do. For every state and
 * flag combination the §4 menu rules distinguish, and for every action of the menu, a fresh booking is read, and the
 * action is carried out: an allowed one succeeds, one refused with a reason answers 4xx with that same reason, and one
 * that does not apply (no reason; not shown) is refused too. Times are relative to now and far from every boundary
 * (the 15-minute activation window, the start, the end), so the test passes at any hour.
 */

const MIN = 60_000;
const H = 60 * MIN;
const FLEET = 'abilities';

let t: TestApp;
let db: Db;
let token: string;
let contractId: number;
let taxiContractId: number;
let plainPool: number;
let chargingPool: number;

type BookingOver = Partial<typeof bookings.$inferInsert>;
interface Case {
  name: string;
  booking: (now: number) => BookingOver;
  customer?: 'normal' | 'none' | 'noEmail';
  allocated?: boolean;
  category?: VehicleCategory;
  charging?: boolean;
  taxiFromThisPool?: boolean;
  /** A free vehicle of the booking's category waits in the pool (for allocation on activation). */
  freeVehicleInPool?: boolean;
  payment?: { status: PaymentStatus; totalPrice: number };
}

const live =
  (startIn: number, length = 2 * H) =>
  (now: number) => ({ startTime: new Date(now + startIn), endTime: new Date(now + startIn + length) });

const CASES: Case[] = [
  { name: 'INACTIVE, hours ahead', booking: live(3 * H) },
  { name: 'INACTIVE, in its activation window', booking: live(5 * MIN) },
  { name: 'INACTIVE, start passed, not activated', booking: live(-30 * MIN) },
  { name: 'INACTIVE, in its window, no vehicle allocated', booking: live(5 * MIN), allocated: false },
  { name: 'INACTIVE, in its window, no customer', booking: live(5 * MIN), customer: 'none' },
  {
    name: 'INACTIVE, in its window, payment awaiting authorisation',
    booking: live(5 * MIN),
    payment: { status: 'NEEDS_AUTHORIZATION', totalPrice: 120 },
  },
  {
    name: 'INACTIVE, irrevocable, taxi and ride share accepted, taxi from this pool',
    booking: (now) => ({ ...live(3 * H)(now), irrevocableUntil: new Date(now + 2 * H), taxiAcceptable: 'ENABLED', rideShare: 'ENABLED' }),
    taxiFromThisPool: true,
  },
  { name: 'INACTIVE, taxi accepted but not from this pool', booking: (now) => ({ ...live(3 * H)(now), taxiAcceptable: 'ENABLED' }) },
  {
    name: 'INACTIVE, car allocated on activation at a charging pool',
    booking: (now) => ({ ...live(5 * MIN)(now), allocateOnActivation: true }),
    allocated: false,
    charging: true,
  },
  {
    name: 'INACTIVE, cargo bike allocated on activation at a charging pool',
    booking: (now) => ({ ...live(5 * MIN)(now), allocateOnActivation: true }),
    allocated: false,
    charging: true,
    category: 'CARGO_BIKE',
    freeVehicleInPool: true,
  },
  {
    name: 'ACTIVE, ride share enabled, locked for the customer (BID1000000026)',
    booking: (now) => ({ ...live(-H)(now), state: 'ACTIVE', usageStart: new Date(now - H), rideShare: 'ENABLED', lockedForUser: true }),
  },
  {
    name: 'ACTIVE, no vehicle allocated',
    booking: (now) => ({ ...live(-H)(now), state: 'ACTIVE', usageStart: new Date(now - H) }),
    allocated: false,
  },
  {
    name: 'ACTIVE, car allocated on activation at a charging pool',
    booking: (now) => ({ ...live(-H)(now), state: 'ACTIVE', usageStart: new Date(now - H), allocateOnActivation: true }),
    charging: true,
  },
  {
    name: 'FINISHED, checkout required, paid, technical issue reported',
    booking: (now) => ({ ...live(-5 * H)(now), state: 'FINISHED', checkoutRequired: true, technicalIssueReportedAt: new Date(now - 2 * H) }),
    payment: { status: 'PAID', totalPrice: 500 },
  },
  {
    name: 'FINISHED, unpaid, customer without e-mail',
    booking: (now) => ({ ...live(-5 * H)(now), state: 'FINISHED' }),
    customer: 'noEmail',
    payment: { status: 'UNPAID', totalPrice: 500 },
  },
  { name: 'FINISHED, no payment', booking: (now) => ({ ...live(-5 * H)(now), state: 'FINISHED' }) },
  { name: 'FINISHED, paid nothing', booking: (now) => ({ ...live(-5 * H)(now), state: 'FINISHED' }), payment: { status: 'PAID', totalPrice: 0 } },
  {
    name: 'FINISHED, replaced booking payment (NO_CHARGE)',
    booking: (now) => ({ ...live(-5 * H)(now), state: 'FINISHED' }),
    payment: { status: 'NO_CHARGE', totalPrice: 300 },
  },
  { name: 'CANCELLED', booking: (now) => ({ ...live(3 * H)(now), state: 'CANCELLED', cancelledAt: new Date(now - H) }) },
];

let orders = 0;
async function makeBooking(c: Case): Promise<string> {
  const now = Date.now();
  const customer = c.customer ?? 'normal';
  const user = customer === 'none' ? null : await createUser(db, FLEET, customer === 'noEmail' ? { emailAddress: null } : {});
  const poolId = c.charging ? chargingPool : plainPool;
  const category = c.category ?? 'CAR';
  const vehicle = c.allocated === false ? null : await createVehicle(db, FLEET, { category });
  if (c.freeVehicleInPool) await createVehicle(db, FLEET, { category, poolId });
  const row = await createBooking(
    db,
    FLEET,
    { userId: user?.id ?? null, contractId: c.taxiFromThisPool ? taxiContractId : contractId, poolId, ...(vehicle ? { vehicleId: vehicle.id } : {}) },
    { vehicleCategory: category, ...c.booking(now) },
  );
  if (c.payment) {
    orders += 1;
    await db.insert(payments).values({
      orderId: `BOK${String(880_000_000 + orders)}`,
      fleetId: FLEET,
      bookingId: row.id,
      userId: user?.id ?? null,
      type: 'USER_INVOICE',
      status: c.payment.status,
      target: 'BOOKING',
      currency: 'NOK',
      totalPrice: c.payment.totalPrice,
      totalPriceWithoutVat: c.payment.totalPrice * 0.8,
      totalVat: c.payment.totalPrice * 0.2,
      paymentProvider: 'invoice',
    });
  }
  return row.bid;
}

const headers = () => ({ authorization: authToken(token) });

async function readBooking(bid: string): Promise<Booking> {
  const res = await t.app.inject({ method: 'GET', url: `/api/bookings/${bid}`, headers: headers() });
  expect(res.statusCode, res.body).toBe(200);
  return ZBooking.parse(res.json());
}

/** Carries out one menu action through its endpoint. */
function act(key: BookingAbilityKey, b: Booking) {
  const bid = b.bid;
  const json = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload: unknown) =>
    t.app.inject({ method, url, headers: { ...headers(), 'content-type': 'application/json' }, payload: JSON.stringify(payload) });
  const at = (ms: number) => new Date(ms).toISOString();
  switch (key) {
    case 'checkout':
      return t.app.inject({ method: 'POST', url: `/api/bookings/${bid}/checkout`, headers: headers() });
    case 'mailReceipt':
      return t.app.inject({ method: 'POST', url: `/api/bookings/${bid}/receipt`, headers: headers() });
    case 'adjustValues':
      return json('PUT', `/api/bookings/${bid}/adjustedValues`, {
        adjustedStartTime: at(Date.now() - 4 * H),
        adjustedEndTime: at(Date.now() - 3 * H),
        adjustedDistance: 12,
        adjustedBookingType: 'PRIVATE',
        dataQuality: 'CORRECTED',
      });
    case 'activate':
      return json('POST', `/api/bookings/${bid}/activate-without-pin`, { reason: 'Customer at the car' });
    case 'deactivate':
      return json('POST', `/api/bookings/${bid}/deactivate`, { unchecked: !b.actions.includes('DEACTIVATE'), reason: 'Customer called' });
    case 'requestPin':
      return t.app.inject({ method: 'GET', url: `/api/charging/activation-data?bid=${bid}`, headers: headers() });
    case 'cancel':
      return json('DELETE', `/api/bookings/${bid}`, { reason: 'Customer asked' });
    case 'forceEnd':
      return json('POST', `/api/bookings/${bid}/force-deactivate-without-pin?wasNotUsed=true`, { reason: 'Stuck trip' });
    case 'replaceWithTaxi':
      return json('POST', `/api/bookings/${bid}/replace-with-taxi`, { reason: 'No car' });
    case 'replaceWithRideshare':
      return json('POST', `/api/bookings/${bid}/replace-with-rideshare`, { reason: 'No car' });
    case 'edit':
      return json('PUT', `/api/bookings/${bid}`, { note: 'Changed by the abilities test' });
    case 'extend':
      return t.app.inject({
        method: 'PUT',
        url: `/api/bookings/${bid}/adjust?endTime=${encodeURIComponent(at(Date.parse(b.endTime) + 15 * MIN))}`,
        headers: headers(),
      });
    case 'lockForUser':
    case 'unlockForUser':
      return t.app.inject({ method: 'PUT', url: `/api/bookings/${bid}/adjust?changesLockedForUser=${key === 'lockForUser'}`, headers: headers() });
    case 'credit':
      return json('POST', `/api/bookings/${bid}/billing`, [{ value: -1, type: 'CREDITING', comment: null, publicComment: 'Goodwill' }]);
    case 'addFee':
      return json('POST', `/api/bookings/${bid}/billing`, [{ value: 10, type: 'PARKING_TICKET', comment: null, publicComment: null }]);
    case 'fixedPrice':
      return json('POST', `/api/bookings/${bid}/fixedprice`, { price: 100, comment: null });
    case 'reportTechnicalIssue':
      return json('POST', `/api/bookings/${bid}/technical-issue`, { description: 'The door does not lock' });
  }
}

/** Locking an unlocked booking again (or unlocking an unlocked one) changes nothing and is no refusal. */
const IDEMPOTENT_WHEN_NOT_SHOWN: readonly BookingAbilityKey[] = ['lockForUser', 'unlockForUser'];

beforeAll(async () => {
  t = await createTestApp();
  db = t.database.db;
  await createFleet(db, FLEET);
  await createStaff(db, FLEET, 'abilities.admin', 'a-long-admin-password', 'ADMIN');
  plainPool = (await createPool(db, FLEET)).id;
  chargingPool = (await createPool(db, FLEET, { wattWorldStationName: 'WW Test' })).id;
  contractId = (await createContract(db, FLEET)).id;
  taxiContractId = (await createContract(db, FLEET, { taxiFromPools: [plainPool] })).id;
  token = await login(t.app, 'abilities.admin', 'a-long-admin-password');
});
afterAll(() => t.close());

describe('booking abilities agree with the action endpoints (issue 16)', () => {
  for (const c of CASES) {
    it(c.name, async () => {
      const seen: string[] = [];
      for (const key of BOOKING_ABILITY_KEYS) {
        const booking = await readBooking(await makeBooking(c));
        const ability: Ability = booking.abilities[key];
        const res = await act(key, booking);
        const label = `${key} (${JSON.stringify(ability)}): ${res.statusCode} ${res.body.slice(0, 300)}`;
        seen.push(`${key}:${ability.allowed ? 'allowed' : (ability.reason ?? 'hidden')}`);
        if (ability.allowed) {
          expect(res.statusCode, label).toBeLessThan(300);
          continue;
        }
        if (!isAbilityShown(ability) && IDEMPOTENT_WHEN_NOT_SHOWN.includes(key) && booking.state !== 'FINISHED' && booking.state !== 'CANCELLED') {
          expect(res.statusCode, label).toBeLessThan(300);
          continue;
        }
        expect(res.statusCode, label).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, label).toBeLessThan(500);
        const envelope = ZErrorEnvelope.parse(res.json());
        if (ability.reason) {
          const reason = ability.reason as keyof typeof MESSAGES;
          const sameReason = envelope.errors.some((e) => e.messageId === reason) || envelope.message === MESSAGES[reason];
          expect(sameReason, label).toBe(true);
        }
      }
      expect(seen).toMatchSnapshot();
    });
  }

  it('offers ride share on an INACTIVE booking with ride share enabled, never on an ACTIVE one', async () => {
    const inactive = await readBooking(await makeBooking({ name: 'x', booking: (now) => ({ ...live(3 * H)(now), rideShare: 'ENABLED' }) }));
    expect(inactive.abilities.replaceWithRideshare).toEqual({ allowed: true, reason: null });
    const active = await readBooking(await makeBooking(CASES.find((c) => c.name.startsWith('ACTIVE, ride share'))!));
    expect(active.abilities.replaceWithRideshare).toEqual({ allowed: false, reason: 'replaceStarted' });
  });

  it('replaces activate and deactivate with the charging PIN only where the vehicle charges at the pool', async () => {
    const car = await readBooking(await makeBooking(CASES.find((c) => c.name.startsWith('INACTIVE, car allocated on activation'))!));
    expect(car.abilities.requestPin.allowed).toBe(true);
    expect(isAbilityShown(car.abilities.activate)).toBe(false);
    const bike = await readBooking(await makeBooking(CASES.find((c) => c.name.startsWith('INACTIVE, cargo bike'))!));
    expect(isAbilityShown(bike.abilities.requestPin)).toBe(false);
    expect(bike.abilities.activate).toEqual({ allowed: true, reason: null });
  });

  it('gives a petrol car booked at a charging pool no charging PIN, by the requested vehicle or model (issue 17)', async () => {
    const user = await createUser(db, FLEET);
    const petrol = await createVehicle(db, FLEET, { primaryFuelType: 'PETROL' });
    const electric = await createVehicle(db, FLEET);
    const book = async (over: BookingOver) =>
      (
        await createBooking(
          db,
          FLEET,
          { userId: user.id, contractId, poolId: chargingPool },
          { ...live(5 * MIN)(Date.now()), allocateOnActivation: true, ...over },
        )
      ).bid;

    const petrolCar = await readBooking(await book({ specType: 'VEHICLE', specVehicleId: petrol.id }));
    expect(isAbilityShown(petrolCar.abilities.requestPin)).toBe(false);
    expect(isAbilityShown(petrolCar.abilities.activate)).toBe(true);
    const pin = await t.app.inject({ method: 'GET', url: `/api/charging/activation-data?bid=${petrolCar.bid}`, headers: headers() });
    expect(pin.statusCode).toBeGreaterThanOrEqual(400);
    expect(pin.statusCode).toBeLessThan(500);

    const [model] = await db
      .insert(vehicleModels)
      .values({ fleetId: FLEET, modelName: 'VW Golf', priceClass: 'B', vehicleCategory: 'CAR', primaryFuelType: 'PETROL' })
      .returning();
    const petrolModel = await readBooking(await book({ specType: 'MODEL', specModelId: model!.id }));
    expect(isAbilityShown(petrolModel.abilities.requestPin)).toBe(false);

    const electricCar = await readBooking(await book({ specType: 'VEHICLE', specVehicleId: electric.id }));
    expect(electricCar.abilities.requestPin.allowed).toBe(true);
    expect(isAbilityShown(electricCar.abilities.activate)).toBe(false);
  });
});
