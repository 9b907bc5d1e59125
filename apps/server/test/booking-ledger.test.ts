import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client.ts';
import { bookings, payments } from '../src/db/schema.ts';
import type { PaymentProvider } from '../src/integrations/payments/provider.ts';
import { syncBookingPayment } from '../src/modules/bookings/booking-ledger.ts';
import type { PriceResult } from '../src/modules/bookings/pricing.ts';
import { createBooking, createContract, createFleet, createPool, createUser } from './support/factories.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

/**
 * The booking ledger follows a new estimate on the booking's main payment — the one `mainBookingPayment` names
 * (the newest booking payment that is not NO_CHARGE), the same one the card, the abilities and the payment actions
 * use — and not on an older, superseded booking payment.
 */

const FLEET = 'ledger';
const NOW = new Date('2030-03-04T10:00:00Z');

let t: TestApp;
let db: Db;

/** No card is involved (invoice payments); a call to the provider is a test failure. */
const noProvider = new Proxy(
  {},
  {
    get: () => () => {
      throw new Error('the payment provider must not be called');
    },
  },
) as PaymentProvider;

const estimate = (totalPriceWithoutVat: number, totalVat: number): PriceResult => ({
  lines: [],
  totalPriceWithoutVat,
  totalVat,
  totalPriceWithVat: totalPriceWithoutVat + totalVat,
  vatRate: 0.25,
  currency: 'NOK',
});

beforeAll(async () => {
  t = await createTestApp();
  db = t.database.db;
  await createFleet(db, FLEET);
}, 120_000);
afterAll(async () => t?.close());

async function bookingWithPayments(statuses: ('UNPAID' | 'ABANDONED' | 'NO_CHARGE')[]) {
  const user = await createUser(db, FLEET);
  const contract = await createContract(db, FLEET);
  const pool = await createPool(db, FLEET);
  const booking = await createBooking(db, FLEET, { userId: user.id, contractId: contract.id, poolId: pool.id });
  const ids: number[] = [];
  for (const [i, status] of statuses.entries()) {
    const [row] = await db
      .insert(payments)
      .values({
        orderId: `BOK${String(770_000_000 + booking.id * 10 + i)}`,
        fleetId: FLEET,
        bookingId: booking.id,
        userId: user.id,
        type: 'USER_INVOICE',
        status,
        target: 'BOOKING',
        currency: 'NOK',
        totalPrice: 100,
        totalPriceWithoutVat: 80,
        totalVat: 20,
        paymentProvider: 'invoice',
      })
      .returning({ id: payments.id });
    ids.push(row!.id);
  }
  const [b] = await db.select().from(bookings).where(eq(bookings.id, booking.id));
  return { booking: b!, user, ids };
}

const totalOf = async (id: number) =>
  (await db.select({ totalPrice: payments.totalPrice, status: payments.status }).from(payments).where(eq(payments.id, id)))[0];

describe('syncBookingPayment', () => {
  it('updates the main booking payment (the newest), not an older superseded one', async () => {
    const { booking, user, ids } = await bookingWithPayments(['ABANDONED', 'UNPAID']);
    await db.transaction(async (tx) => {
      await syncBookingPayment(
        tx,
        { username: 'support', fleet: FLEET },
        { payments: noProvider },
        booking,
        user.username,
        estimate(160, 40),
        'NOK',
        NOW,
      );
    });
    expect(await totalOf(ids[1]!)).toEqual({ totalPrice: 200, status: 'UNPAID' });
    expect(await totalOf(ids[0]!)).toEqual({ totalPrice: 100, status: 'ABANDONED' });
  });

  it('skips a newer NO_CHARGE payment when an older one is still to be paid, as mainBookingPayment does', async () => {
    const { booking, user, ids } = await bookingWithPayments(['UNPAID', 'NO_CHARGE']);
    await db.transaction(async (tx) => {
      await syncBookingPayment(
        tx,
        { username: 'support', fleet: FLEET },
        { payments: noProvider },
        booking,
        user.username,
        estimate(240, 60),
        'NOK',
        NOW,
      );
    });
    expect(await totalOf(ids[0]!)).toEqual({ totalPrice: 300, status: 'UNPAID' });
    expect(await totalOf(ids[1]!)).toEqual({ totalPrice: 100, status: 'NO_CHARGE' });
  });
});
