import { MESSAGES, ZBooking, ZErrorEnvelope, type Booking, type PriceListEntry } from '@fleetdesk/contract';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client.ts';
import { events, paymentEvents, payments } from '../src/db/schema.ts';
import { EXTENSION_UNDO_WINDOW_MS } from '../src/modules/bookings/extend.ts';
import { advanceTestClock } from './support/clock.ts';
import { createBooking, createContract, createFleet, createPool, createStaff, createUser, createVehicle } from './support/factories.ts';
import { authToken, createTestApp, login, type TestApp } from './support/test-app.ts';

/**
 * Issue 17: an extension is undone from its toast (POST /api/bookings/{bid}/undo-extension). Own fixtures on their own
 * operator; times relative to the test clock's now, far from any boundary, so the file passes at any hour.
 */

const MIN = 60_000;
const HOUR = 60 * MIN;
const FLEET = 'undoext';
const PRICES: PriceListEntry[] = [
  { name: 'ADMIN_BOOKING_FEE', cost: 59 },
  { name: 'VAT', cost: 0.25 },
  { name: 'PER_HOUR', cost: 89 },
];

let t: TestApp;
let db: Db;
let kari: string;
let ola: string;
let fx: { contractId: number; poolId: number };

beforeAll(async () => {
  t = await createTestApp();
  db = t.database.db;
  await createFleet(db, FLEET);
  await createStaff(db, FLEET, 'kari.support', 'kari-password');
  await createStaff(db, FLEET, 'ola.support', 'ola-password');
  const contract = await createContract(db, FLEET, { priceList: PRICES });
  const pool = await createPool(db, FLEET);
  fx = { contractId: contract.id, poolId: pool.id };
  kari = await login(t.app, 'kari.support', 'kari-password');
  ola = await login(t.app, 'ola.support', 'ola-password');
});

afterAll(async () => {
  await t?.close();
});

/** An ACTIVE booking that started an hour ago and ends in an hour. */
async function activeBooking() {
  const now = Date.now();
  const user = await createUser(db, FLEET);
  const vehicle = await createVehicle(db, FLEET, { poolId: fx.poolId });
  return createBooking(
    db,
    FLEET,
    { userId: user.id, contractId: fx.contractId, poolId: fx.poolId, vehicleId: vehicle.id },
    {
      state: 'ACTIVE',
      startTime: new Date(now - HOUR),
      endTime: new Date(now + HOUR),
      usageStart: new Date(now - HOUR),
      estimatedPriceWithoutVat: 178,
      estimatedVat: 44.5,
    },
  );
}

const call = (token: string, method: 'POST' | 'PUT' | 'GET', url: string) =>
  t.app.inject({ method, url, headers: { authorization: authToken(token) } });
const extend = (token: string, bid: string, endTime: Date, adminFeeAdded = false) =>
  call(token, 'PUT', `/api/bookings/${bid}/adjust?${new URLSearchParams({ endTime: endTime.toISOString(), adminFeeAdded: String(adminFeeAdded) })}`);
const undo = (token: string, bid: string) => call(token, 'POST', `/api/bookings/${bid}/undo-extension`);

function refusal(res: { statusCode: number; json: () => unknown }) {
  expect(res.statusCode).toBe(409);
  return ZErrorEnvelope.parse(res.json());
}

describe('POST /api/bookings/{bid}/undo-extension', () => {
  it('puts the end and the estimate back, removes the admin fee the extension added, and logs the undo', async () => {
    const b = await activeBooking();
    const extended = await extend(kari, b.bid, new Date(b.endTime.getTime() + 30 * MIN), true);
    expect(extended.statusCode).toBe(200);
    const after = ZBooking.parse(extended.json());
    expect(new Date(after.endTime).getTime()).toBe(b.endTime.getTime() + 30 * MIN);
    const [fee] = await db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.itemName, 'ADMIN_BOOKING_FEE'))
      .orderBy(desc(paymentEvents.id))
      .limit(1);
    expect(fee?.totalPrice).toBe(73.75);

    const res = await undo(kari, b.bid);
    expect(res.statusCode).toBe(200);
    const undone: Booking = ZBooking.parse(res.json());
    expect(new Date(undone.endTime).getTime()).toBe(b.endTime.getTime());
    expect(after.estimatedPriceWithoutVat).not.toBe(178);
    expect(undone).toMatchObject({ estimatedPriceWithoutVat: 178, estimatedVat: 44.5 });
    expect(await db.select().from(paymentEvents).where(eq(paymentEvents.id, fee!.id))).toEqual([]);
    const [payment] = await db.select().from(payments).where(eq(payments.id, fee!.paymentId));
    expect(payment?.totalPrice).toBe(0);

    const [event] = await db
      .select()
      .from(events)
      .where(and(eq(events.fleetId, FLEET), eq(events.bid, b.bid)))
      .orderBy(desc(events.id))
      .limit(1);
    expect(event?.actingUsername).toBe('kari.support');
    expect(event?.properties).toMatchObject({ action: 'EXTENSION_UNDONE', endTime: b.endTime.toISOString() });
    expect(event?.textParts.map((p) => p.id)).toEqual(['bookingExtensionUndone', 'adminFeeRemovedPart']);

    // Only once: the undo is now the booking's latest, so there is nothing left to undo.
    const again = refusal(await undo(kari, b.bid));
    expect(again.errors[0]?.messageId).toBe('extensionUndoNothing');
    expect(again.message).toBe(MESSAGES.extensionUndoNothing);
  });

  it("refuses another staff member's extension, one older than the window, and a booking never extended", async () => {
    const b = await activeBooking();
    expect(refusal(await undo(kari, b.bid)).errors[0]?.messageId).toBe('extensionUndoNothing');

    expect((await extend(ola, b.bid, new Date(b.endTime.getTime() + 15 * MIN))).statusCode).toBe(200);
    expect(refusal(await undo(kari, b.bid)).errors[0]?.messageId).toBe('extensionUndoNothing');

    expect((await extend(kari, b.bid, new Date(b.endTime.getTime() + 45 * MIN))).statusCode).toBe(200);
    advanceTestClock(EXTENSION_UNDO_WINDOW_MS + MIN);
    expect(refusal(await undo(kari, b.bid)).errors[0]?.messageId).toBe('extensionUndoNothing');
    const row = ZBooking.parse((await call(kari, 'GET', `/api/bookings/${b.bid}`)).json());
    expect(new Date(row.endTime).getTime()).toBe(b.endTime.getTime() + 45 * MIN);
  });

  it('refuses when the end moved since, and when the fee is already charged; nothing changes', async () => {
    const b = await activeBooking();
    expect((await extend(kari, b.bid, new Date(b.endTime.getTime() + 30 * MIN))).statusCode).toBe(200);
    // Someone moved the end by other means (a direct change, a colleague's edit) after the extension.
    await db.execute(`update bookings set end_time = end_time + interval '5 minutes' where bid = '${b.bid}'`);
    expect(refusal(await undo(kari, b.bid)).errors[0]?.messageId).toBe('extensionUndoChanged');

    const c = await activeBooking();
    expect((await extend(kari, c.bid, new Date(c.endTime.getTime() + 60 * MIN), true)).statusCode).toBe(200);
    const [fee] = await db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.itemName, 'ADMIN_BOOKING_FEE'))
      .orderBy(desc(paymentEvents.id))
      .limit(1);
    await db.update(payments).set({ status: 'PAID' }).where(eq(payments.id, fee!.paymentId));
    expect(refusal(await undo(kari, c.bid)).errors[0]?.messageId).toBe('extensionUndoFeeCharged');
    const row = ZBooking.parse((await call(kari, 'GET', `/api/bookings/${c.bid}`)).json());
    expect(new Date(row.endTime).getTime()).toBe(c.endTime.getTime() + 60 * MIN);
    expect(await db.select().from(paymentEvents).where(eq(paymentEvents.id, fee!.id))).toHaveLength(1);
  });

  it('answers 404 for an unknown booking and for another operator’s', async () => {
    expect((await undo(kari, 'BID1')).statusCode).toBe(404);
    await createFleet(db, 'undoext2');
    const other = await createContract(db, 'undoext2');
    const otherPool = await createPool(db, 'undoext2');
    const foreign = await createBooking(db, 'undoext2', { userId: null, contractId: other.id, poolId: otherPool.id });
    expect((await undo(kari, foreign.bid)).statusCode).toBe(404);
  });
});
