import { MESSAGE_IDS, MESSAGES, ZBooking, ZErrorEnvelope } from '@fleetdesk/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings } from '../src/db/schema.ts';
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

/**
 * The booking read (§3 Booking) over a fixture of one booking per display state. Times are offsets from the test
 * clock (docs/decisions/0047-test-clock.md), far from every boundary, so the file passes at any TEST_NOW.
 */

const MIN = 60_000;
const HOUR = 60 * MIN;

let t: TestApp;
let token: string;
const bid = { active: '', ready: '', inactive: '', finished: '', cancelled: '', archived: '', awaitingAuth: '', theirs: '' };
/** Every booking of the operator, by the display state it must be read with. */
const expectedDisplayState = new Map<string, string>();

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const now = Date.now();
  await createFleet(db, 'fjord');
  await createFleet(db, 'malar', { country: 'SE', currency: 'SEK', defaultLanguage: 'sv', timeZone: 'Europe/Stockholm' });
  await createStaff(db, 'fjord', 'support', 'support-demo');

  const kari = await createUser(db, 'fjord', { username: 'demo.active' });
  const ola = await createUser(db, 'fjord', { username: 'ola.nordmann' });
  const pool = await createPool(db, 'fjord');
  const contract = await createContract(db, 'fjord', {
    contractType: 'PRIVATE',
    currency: 'NOK',
    priceList: [
      { name: 'ADMIN_BOOKING_FEE', cost: 59 },
      { name: 'PER_HOUR', cost: 89 },
    ],
  });
  const car = await createVehicle(db, 'fjord', { registrationNumber: 'EL 12345' });
  const other = await createVehicle(db, 'fjord');
  const third = await createVehicle(db, 'fjord');
  const booking = async (state: string, userId: number | null, vehicleId: number | undefined, over: Parameters<typeof createBooking>[3]) => {
    const row = await createBooking(db, 'fjord', { userId, contractId: contract.id, poolId: pool.id, ...(vehicleId ? { vehicleId } : {}) }, over);
    expectedDisplayState.set(row.bid, state);
    return row;
  };
  const at = (startIn: number, endIn: number) => ({ startTime: new Date(now + startIn), endTime: new Date(now + endIn) });

  bid.active = (await booking('ACTIVE', kari.id, car.id, { state: 'ACTIVE', ...at(-HOUR, 3 * HOUR), usageStart: new Date(now - HOUR) })).bid;
  bid.ready = (await booking('READY', ola.id, other.id, at(5 * MIN, 2 * HOUR))).bid;
  bid.inactive = (await booking('INACTIVE', ola.id, other.id, at(5 * HOUR, 7 * HOUR))).bid;
  const finished = await booking('FINISHED', kari.id, car.id, {
    state: 'FINISHED',
    ...at(-30 * HOUR, -27 * HOUR),
    usageStart: new Date(now - 30 * HOUR),
    usageEnd: new Date(now - 27 * HOUR),
  });
  bid.finished = finished.bid;
  const paid = await createPayment(
    db,
    'fjord',
    { bookingId: finished.id, userId: kari.id },
    { totalPriceWithoutVat: 326, totalVat: 81.5, totalPrice: 407.5 },
  );
  await createPaymentEvent(db, paid.id, { itemName: 'PER_HOUR', unitAmount: 3, unitCost: 89, priceWithoutVat: 267, vat: 66.75, totalPrice: 333.75 });
  await createPaymentEvent(db, paid.id, { itemName: 'ADMIN_BOOKING_FEE', itemType: 'FEE', unitCost: 59 });
  bid.cancelled = (
    await booking('CANCELLED', ola.id, undefined, { state: 'CANCELLED', ...at(-5 * HOUR, -3 * HOUR), cancelledAt: new Date(now - 6 * HOUR) })
  ).bid;
  // A finished booking whose customer was deleted: archived.
  bid.archived = (await booking('ARCHIVED', null, other.id, { state: 'FINISHED', ...at(-50 * HOUR, -48 * HOUR) })).bid;
  // In its activation window with a vehicle, but a payment waits for the customer: not READY, and not activatable.
  const awaiting = await booking('REQUIRES_AUTH', kari.id, third.id, at(5 * MIN, 2 * HOUR));
  bid.awaitingAuth = awaiting.bid;
  await createPayment(db, 'fjord', { bookingId: awaiting.id, userId: kari.id }, { status: 'NEEDS_AUTHORIZATION', totalPrice: 120 });

  // Another operator's booking.
  const seUser = await createUser(db, 'malar');
  const sePool = await createPool(db, 'malar', { city: 'Stockholm' });
  const seContract = await createContract(db, 'malar', { currency: 'SEK' });
  bid.theirs = (await createBooking(db, 'malar', { userId: seUser.id, contractId: seContract.id, poolId: sePool.id })).bid;

  token = await login(t.app, 'support', 'support-demo');
});
afterAll(() => t.close());

const get = (bid: string) =>
  t.app.inject({ method: 'GET', url: `/api/bookings/${encodeURIComponent(bid)}`, headers: { authorization: authToken(token) } });

describe('GET /api/bookings/{bid}', () => {
  it('returns a booking, matching the bid upper-cased', async () => {
    const res = await get(bid.active.toLowerCase());
    expect(res.statusCode).toBe(200);
    const booking = ZBooking.parse(res.json());
    expect(booking).toMatchObject({ bid: bid.active, state: 'ACTIVE', displayState: 'ACTIVE', user: { username: 'demo.active' } });
    expect(booking.vehicleAllocation.vehicle?.registrationNumber).toBe('EL 12345');
    expect(booking.actions).toContain('DEACTIVATE_UNCHECKED');
    // The contract summary: the private contract's price list has a 59 NOK admin booking fee.
    expect(booking.contract).toMatchObject({ id: booking.contractId, contractType: 'PRIVATE', currency: 'NOK', adminFee: 59 });
  });

  it('serves every booking of the operator in the §3 shape, with consistent display states', async () => {
    const rows = await t.database.db.select({ bid: bookings.bid }).from(bookings).where(eq(bookings.fleetId, 'fjord'));
    expect(rows.map((r) => r.bid).sort()).toEqual([...expectedDisplayState.keys()].sort());
    let paymentsWithLines = 0;
    for (const { bid } of rows) {
      const res = await get(bid);
      expect(res.statusCode, bid).toBe(200);
      const b = ZBooking.parse(res.json());
      expect(b.displayState, bid).toBe(expectedDisplayState.get(bid));
      if (b.user === null) expect(b.displayState).toBe('ARCHIVED');
      if (b.displayState === 'READY') expect(b.actions).toContain('ACTIVATE');
      if (b.state === 'FINISHED' || b.state === 'CANCELLED') expect(b.actions).toEqual([]);
      if (b.payment) {
        const sum = Math.round(b.payment.events.reduce((s, e) => s + e.totalPrice, 0) * 100) / 100;
        if (b.payment.events.length) {
          paymentsWithLines++;
          expect(sum, b.bid).toBeCloseTo(b.payment.totalPrice, 2);
        }
      }
    }
    // The lines of the finished booking's payment add up to its total.
    expect(paymentsWithLines).toBe(1);
  });

  it('shows an archived booking without a user and a payment waiting for authorisation', async () => {
    expect(ZBooking.parse((await get(bid.archived)).json())).toMatchObject({ user: null, displayState: 'ARCHIVED' });
    const auth = ZBooking.parse((await get(bid.awaitingAuth)).json());
    expect(auth.displayState).toBe('REQUIRES_AUTH');
    expect(auth.paymentsRequiringAuthorization.length).toBeGreaterThan(0);
    expect(auth.actions).not.toContain('ACTIVATE');
  });

  it("answers 404 'Booking not found.' for another operator's, unknown and malformed bids", async () => {
    for (const b of [bid.theirs, 'BID1999999999', 'not-a-bid', 'BID12']) {
      const res = await get(b);
      expect(res.statusCode, b).toBe(404);
      expect(ZErrorEnvelope.parse(res.json())).toMatchObject({ messageId: MESSAGE_IDS.bookingNotFound, message: MESSAGES.bookingNotFound });
    }
  });

  it('needs a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/bookings/${bid.active}` });
    expect(res.statusCode).toBe(401);
  });
});
