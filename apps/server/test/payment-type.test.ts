import {
  MESSAGE_IDS,
  MESSAGES,
  PAYMENT_EXCEPTION_PREFIX,
  ZBooking,
  ZErrorEnvelope,
  type Booking,
  type PaymentStatus,
  type PaymentType,
  type PriceListEntry,
} from '@fleetdesk/contract';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, events, payments, registeredCards, users } from '../src/db/schema.ts';
import type { PaymentProvider } from '../src/integrations/payments/provider.ts';
import { sandboxPaymentProvider } from '../src/integrations/payments/sandbox.ts';
import { setBookingPaymentType } from '../src/modules/bookings/payment-type-service.ts';
import { createBooking, createContract, createFleet, createPayment, createPool, createStaff, createUser } from './support/factories.ts';
import { authToken, createTestApp, login, type TestApp } from './support/test-app.ts';

const PRICES: PriceListEntry[] = [
  { name: 'VAT', cost: 0.25 },
  { name: 'PER_HOUR', cost: 89 },
];

let t: TestApp;
let token: string;
/** emma.johansen's booking whose card payment waits for her 3-D Secure authorisation, and the other operator's booking. */
let emmaBid: string;
let theirBid: string;
let fx: { contractId: number; poolId: number; cardUserId: number; noCardUserId: number; expiredCardUserId: number; declineUserId: number };

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  await createFleet(db, 'fjord');
  await createFleet(db, 'malar', { country: 'SE', currency: 'SEK', defaultLanguage: 'sv', timeZone: 'Europe/Stockholm' });
  await createStaff(db, 'fjord', 'support', 'support-demo');
  await createStaff(db, 'malar', 'support.se', 'support-demo');
  token = await login(t.app, 'support', 'support-demo');
  const pool = await createPool(db, 'fjord');
  const contract = await createContract(db, 'fjord', { priceList: PRICES });
  const [cardUser, noCardUser, expiredCardUser, declineUser] = await Promise.all([
    createUser(db, 'fjord'),
    createUser(db, 'fjord'),
    createUser(db, 'fjord'),
    createUser(db, 'fjord'),
  ]);
  const emma = await createUser(db, 'fjord', { username: 'emma.johansen', givenName: 'Emma', familyName: 'Johansen' });
  await db.insert(registeredCards).values([
    // A 3-D Secure test card: every reservation needs her authorisation.
    { fleetId: 'fjord', userId: emma.id, cardTypeAndMaskedNumber: 'VISA **** 3155', expires: '2099-12', providerToken: 'sandbox_3ds_emma' },
    // An expired card registered after the valid one: the valid one is used.
    { fleetId: 'fjord', userId: cardUser!.id, cardTypeAndMaskedNumber: 'VISA **** 4242', expires: '2099-12', providerToken: 'tok_ok' },
    { fleetId: 'fjord', userId: cardUser!.id, cardTypeAndMaskedNumber: 'VISA **** 1111', expires: '2001-01', providerToken: 'tok_old' },
    { fleetId: 'fjord', userId: expiredCardUser!.id, cardTypeAndMaskedNumber: 'VISA **** 4242', expires: '2001-01', providerToken: 'tok_expired' },
    { fleetId: 'fjord', userId: declineUser!.id, cardTypeAndMaskedNumber: 'VISA **** 0002', expires: '2099-12', providerToken: 'tok_decline' },
  ]);
  fx = {
    contractId: contract.id,
    poolId: pool.id,
    cardUserId: cardUser!.id,
    noCardUserId: noCardUser!.id,
    expiredCardUserId: expiredCardUser!.id,
    declineUserId: declineUser!.id,
  };
  emmaBid = await fixture(emma.id, 'CREDITCARD', 'NEEDS_AUTHORIZATION', { externalId: 'sandbox_pi_emma' });

  const seUser = await createUser(db, 'malar');
  const sePool = await createPool(db, 'malar');
  const seContract = await createContract(db, 'malar', { currency: 'SEK', priceList: PRICES });
  const theirs = await createBooking(db, 'malar', { userId: seUser.id, contractId: seContract.id, poolId: sePool.id });
  await createPayment(
    db,
    'malar',
    { bookingId: theirs.id, userId: seUser.id },
    { status: 'RESERVED', currency: 'SEK', totalPrice: 200, paymentProvider: 'sandbox' },
  );
  theirBid = theirs.bid;
});
afterAll(() => t.close());

const put = (bid: string, payload: unknown, auth = token) =>
  t.app.inject({ method: 'PUT', url: `/api/bookings/${bid}/paymentType`, headers: { authorization: authToken(auth) }, payload: payload as object });
const get = (bid: string) => t.app.inject({ method: 'GET', url: `/api/bookings/${bid}`, headers: { authorization: authToken(token) } });
const booking = (res: { statusCode: number; body: string; json(): unknown }): Booking => {
  expect(res.statusCode, res.body).toBe(200);
  return ZBooking.parse(res.json());
};
const envelope = (res: { statusCode: number; body: string; json(): unknown }, status: number) => {
  expect(res.statusCode, res.body).toBe(status);
  const e = ZErrorEnvelope.parse(res.json());
  expect(e.httpCode).toBe(status);
  return e;
};
const paymentEventsOf = async (bid: string) =>
  (
    await t.database.db
      .select()
      .from(events)
      .where(and(eq(events.bid, bid), eq(events.type, 'PAYMENT_ACTION')))
      .orderBy(asc(events.id))
  ).filter((e) => e.displayText.startsWith('Payment type changed'));
const mainPayment = async (bid: string) => {
  const [b] = await t.database.db.select().from(bookings).where(eq(bookings.bid, bid));
  const [p] = await t.database.db
    .select()
    .from(payments)
    .where(and(eq(payments.bookingId, b!.id), eq(payments.target, 'BOOKING')));
  return p!;
};

let orderSeq = 0;
/** A future booking of `userId` with a BOK payment of the given type and status (none when `type` is null). */
async function fixture(userId: number, type: PaymentType | null, status: PaymentStatus = 'UNPAID', over: Partial<typeof payments.$inferInsert> = {}) {
  const b = await createBooking(t.database.db, 'fjord', { userId, contractId: fx.contractId, poolId: fx.poolId });
  if (type) {
    await t.database.db.insert(payments).values({
      orderId: `BOK98${String(++orderSeq).padStart(6, '0')}`,
      fleetId: 'fjord',
      bookingId: b.id,
      userId,
      type,
      status,
      target: 'BOOKING',
      totalPriceWithoutVat: 160,
      totalVat: 40,
      totalPrice: 200,
      currency: 'NOK',
      paymentProvider: type === 'CREDITCARD' ? 'sandbox' : 'invoice',
      ...over,
    });
  }
  return b.bid;
}

describe('PUT /api/bookings/{bid}/paymentType', () => {
  it("converts emma's booking waiting for card authorisation to invoice: no longer REQUIRES_AUTH, one event", async () => {
    const before = booking(await get(emmaBid));
    expect(before.displayState).toBe('REQUIRES_AUTH');
    expect(before.payment).toMatchObject({ type: 'CREDITCARD', status: 'NEEDS_AUTHORIZATION' });
    const externalId = before.payment!.externalId;

    const res = booking(await put(emmaBid.toLowerCase(), { paymentType: 'USER_INVOICE' }));
    expect(res.payment).toMatchObject({ type: 'USER_INVOICE', status: 'UNPAID', paymentProvider: 'invoice', reservationFailed: false, externalId });
    expect(res.paymentsRequiringAuthorization).toEqual([]);
    expect(res.displayState).not.toBe('REQUIRES_AUTH');

    const after = booking(await get(emmaBid));
    expect(after.displayState).not.toBe('REQUIRES_AUTH');
    expect(after.payment?.type).toBe('USER_INVOICE');

    const [event, ...more] = await paymentEventsOf(emmaBid);
    expect(more).toHaveLength(0);
    expect(event).toMatchObject({
      type: 'PAYMENT_ACTION',
      typeGroup: 'PAYMENT',
      actingUsername: 'support',
      affectedUsername: 'emma.johansen',
      displayText: 'Payment type changed from CREDITCARD to USER_INVOICE',
    });
    expect(event!.properties).toMatchObject({ from: 'CREDITCARD', to: 'USER_INVOICE', previousStatus: 'NEEDS_AUTHORIZATION', status: 'UNPAID' });
  });

  it("turns emma's invoice back to her 3-D Secure card: NEEDS_AUTHORIZATION again, a new reservation", async () => {
    const res = booking(await put(emmaBid, { paymentType: 'CREDITCARD' }));
    expect(res.payment).toMatchObject({ type: 'CREDITCARD', status: 'NEEDS_AUTHORIZATION', paymentProvider: 'sandbox', reservationFailed: false });
    expect(res.payment!.externalId).toMatch(/^sandbox_pi_/);
    expect(res.displayState).toBe('REQUIRES_AUTH');
    const changes = await paymentEventsOf(emmaBid);
    expect(changes.at(-1)!.properties).toMatchObject({ from: 'USER_INVOICE', to: 'CREDITCARD', status: 'NEEDS_AUTHORIZATION' });
  });

  it('switches a user invoice to the newest unexpired card: RESERVED with the card kept on the payment', async () => {
    const bid = await fixture(fx.cardUserId, 'USER_INVOICE', 'UNPAID');
    const res = booking(await put(bid, { paymentType: 'CREDITCARD' }));
    expect(res.payment).toMatchObject({ type: 'CREDITCARD', status: 'RESERVED', paymentProvider: 'sandbox', totalPrice: 200 });
    const row = await mainPayment(bid);
    const [card] = await t.database.db
      .select()
      .from(registeredCards)
      .where(and(eq(registeredCards.userId, fx.cardUserId), eq(registeredCards.providerToken, 'tok_ok')));
    expect(row.cardId).toBe(card!.id);
  });

  it('switches a RESERVED card payment to invoice: UNPAID, no provider, no card, externalId kept', async () => {
    const bid = await fixture(fx.cardUserId, 'CREDITCARD', 'RESERVED', { externalId: 'sandbox_pi_kept' });
    const res = booking(await put(bid, { paymentType: 'USER_INVOICE' }));
    expect(res.payment).toMatchObject({
      type: 'USER_INVOICE',
      status: 'UNPAID',
      paymentProvider: 'invoice',
      externalId: 'sandbox_pi_kept',
      reservationFailed: false,
    });
    expect((await mainPayment(bid)).cardId).toBeNull();
    expect((await paymentEventsOf(bid))[0]!.properties).toMatchObject({ releasedExternalId: 'sandbox_pi_kept' });
  });

  it('switches a failed card reservation to invoice and clears reservationFailed', async () => {
    const bid = await fixture(fx.cardUserId, 'CREDITCARD', 'RESERVATION_FAILED', { reservationFailed: true, externalId: 'sandbox_pi_failed' });
    const res = booking(await put(bid, { paymentType: 'USER_INVOICE' }));
    expect(res.payment).toMatchObject({ type: 'USER_INVOICE', status: 'UNPAID', reservationFailed: false });
  });

  it("refuses invoice to credit card: 409 'Can't turn from invoice to credit card', nothing changed", async () => {
    const bid = await fixture(fx.cardUserId, 'INVOICE', 'UNPAID');
    const e = envelope(await put(bid, { paymentType: 'CREDITCARD' }), 409);
    expect(e).toMatchObject({ messageId: MESSAGE_IDS.conflict, message: MESSAGES.cantTurnInvoiceToCard });
    expect(e.message).toBe("Can't turn from invoice to credit card");
    envelope(await put(bid, { paymentType: 'USER_INVOICE' }), 409);
    expect(await mainPayment(bid)).toMatchObject({ type: 'INVOICE', status: 'UNPAID' });
    expect(await paymentEventsOf(bid)).toHaveLength(0);
  });

  it('refuses switching to a company invoice (INVOICE): 409', async () => {
    const bid = await fixture(fx.cardUserId, 'USER_INVOICE', 'UNPAID');
    envelope(await put(bid, { paymentType: 'INVOICE' }), 409);
    expect((await mainPayment(bid)).type).toBe('USER_INVOICE');
  });

  it.each([
    ['CREDITCARD', 'PAID', 'USER_INVOICE'],
    ['CREDITCARD', 'NO_CHARGE', 'USER_INVOICE'],
    ['USER_INVOICE', 'PAID', 'CREDITCARD'],
    ['USER_INVOICE', 'NO_CHARGE', 'CREDITCARD'],
  ] as const)('refuses %s %s → %s: 409', async (type, status, to) => {
    const bid = await fixture(fx.cardUserId, type, status);
    const e = envelope(await put(bid, { paymentType: to }), 409);
    expect(e.message).toBe(MESSAGES.paymentSettled);
    expect(await mainPayment(bid)).toMatchObject({ type, status });
    expect(await paymentEventsOf(bid)).toHaveLength(0);
  });

  it('refuses a switch to credit card when the user has no card, or only expired ones: 409 payment exception', async () => {
    const none = await fixture(fx.noCardUserId, 'USER_INVOICE', 'UNPAID');
    expect(envelope(await put(none, { paymentType: 'CREDITCARD' }), 409).messageId).toBe(`${PAYMENT_EXCEPTION_PREFIX}missing`);
    const expired = await fixture(fx.expiredCardUserId, 'USER_INVOICE', 'UNPAID');
    expect(envelope(await put(expired, { paymentType: 'CREDITCARD' }), 409).messageId).toBe(`${PAYMENT_EXCEPTION_PREFIX}expired_card`);
    expect((await mainPayment(none)).type).toBe('USER_INVOICE');
    expect((await mainPayment(expired)).type).toBe('USER_INVOICE');
  });

  it('refuses a switch to credit card when the reservation is declined: 400 (§8 text), nothing changed', async () => {
    const bid = await fixture(fx.declineUserId, 'USER_INVOICE', 'UNPAID');
    const e = envelope(await put(bid, { paymentType: 'CREDITCARD' }), 400);
    expect(e).toMatchObject({ messageId: `${PAYMENT_EXCEPTION_PREFIX}card_declined`, message: MESSAGES.reservationFailed });
    expect(await mainPayment(bid)).toMatchObject({ type: 'USER_INVOICE', status: 'UNPAID' });
    expect(await paymentEventsOf(bid)).toHaveLength(0);
  });

  it('answers the booking unchanged, without an event, for the type it already has', async () => {
    const bid = await fixture(fx.cardUserId, 'USER_INVOICE', 'PAID');
    const res = booking(await put(bid, { paymentType: 'USER_INVOICE' }));
    expect(res.payment).toMatchObject({ type: 'USER_INVOICE', status: 'PAID' });
    expect(await paymentEventsOf(bid)).toHaveLength(0);
  });

  it("answers 404 'Not found' for a booking without a payment", async () => {
    const bid = await fixture(fx.cardUserId, null);
    expect(envelope(await put(bid, { paymentType: 'USER_INVOICE' }), 404)).toMatchObject({ messageId: MESSAGE_IDS.notFound, message: 'Not found' });
  });

  it("answers 404 for another operator's booking and an unknown or malformed bid", async () => {
    const before = booking(
      await t.app.inject({
        method: 'GET',
        url: `/api/bookings/${theirBid}`,
        headers: { authorization: authToken(await login(t.app, 'support.se', 'support-demo')) },
      }),
    );
    expect(envelope(await put(theirBid, { paymentType: 'USER_INVOICE' }), 404).messageId).toBe(MESSAGE_IDS.bookingNotFound);
    expect((await mainPayment(theirBid)).type).toBe(before.payment!.type);
    expect(envelope(await put('BID1999999999', { paymentType: 'USER_INVOICE' }), 404).messageId).toBe(MESSAGE_IDS.bookingNotFound);
    expect(envelope(await put('not-a-bid', { paymentType: 'USER_INVOICE' }), 404).messageId).toBe(MESSAGE_IDS.bookingNotFound);
  });

  it('validates the body (400) and needs a session (401)', async () => {
    const bid = await fixture(fx.cardUserId, 'USER_INVOICE', 'UNPAID');
    expect(envelope(await put(bid, { paymentType: 'CASH' }), 400).messageId).toBe(MESSAGE_IDS.invalidInput);
    expect(envelope(await put(bid, {}), 400).errors[0]?.field).toBe('paymentType');
    envelope(await t.app.inject({ method: 'PUT', url: `/api/bookings/${bid}/paymentType`, payload: { paymentType: 'CREDITCARD' } }), 401);
  });
});

describe('setBookingPaymentType and the payment provider', () => {
  const actor = { username: 'support', fleet: 'fjord' };
  const spy = () => {
    const sandbox = sandboxPaymentProvider();
    const released: string[] = [];
    const provider: PaymentProvider = {
      ...sandbox,
      release: async (id) => {
        released.push(id);
      },
    };
    return { provider, released };
  };

  it('releases a held reservation after switching to invoice', async () => {
    const bid = await fixture(fx.cardUserId, 'CREDITCARD', 'NEEDS_AUTHORIZATION', { externalId: 'sandbox_pi_held' });
    const { provider, released } = spy();
    await setBookingPaymentType(t.database.db, actor, bid, 'USER_INVOICE', { payments: provider });
    expect(released).toEqual(['sandbox_pi_held']);
  });

  it('releases the new reservation again when the switch to card fails after reserving', async () => {
    const bid = await fixture(fx.declineUserId, 'USER_INVOICE', 'UNPAID');
    const { provider, released } = spy();
    await expect(setBookingPaymentType(t.database.db, actor, bid, 'CREDITCARD', { payments: provider })).rejects.toMatchObject({ httpCode: 400 });
    expect(released).toHaveLength(1);
    expect(released[0]).toMatch(/^sandbox_pi_/);
  });

  it('keeps the username of the affected user on the event', async () => {
    const bid = await fixture(fx.cardUserId, 'USER_INVOICE', 'UNPAID');
    await setBookingPaymentType(t.database.db, actor, bid, 'CREDITCARD', { payments: spy().provider });
    const [u] = await t.database.db.select().from(users).where(eq(users.id, fx.cardUserId));
    expect((await paymentEventsOf(bid))[0]).toMatchObject({ affectedUsername: u!.username });
  });
});
