import {
  CARD_ERROR_MESSAGES,
  MESSAGE_IDS,
  MESSAGES,
  PAYMENT_EXCEPTION_PREFIX,
  ZErrorEnvelope,
  ZPayment,
  ZPaymentsResponse,
  ZUserPaymentsResponse,
  formatMessage,
  type BookingState,
  type CardErrorCode,
  type Payment,
  type PaymentStatus,
  type PaymentTarget,
  type PaymentType,
} from '@fleetdesk/contract';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events, paymentEvents, payments, registeredCards } from '../src/db/schema.ts';
import { SANDBOX_TEST_CARDS, sandboxPaymentProvider } from '../src/integrations/payments/sandbox.ts';
import { pinTestDay } from './support/clock.ts';
import { createBooking, createContract, createFleet, createPayment, createPool, createStaff, createUser } from './support/factories.ts';
import { authToken, createTestApp, login, type TestApp } from './support/test-app.ts';

const DAY = 86_400_000;
// A fixed day on the test clock (docs/decisions/0047-test-clock.md); TEST_NOW=23:59 runs it at that hour.
pinTestDay('2026-01-14');
const sandbox = sandboxPaymentProvider();
let t: TestApp;
let token: string;
let tokenSe: string;
let fx: {
  contractId: number;
  poolId: number;
  cardUser: { id: number; username: string };
  authUser: { id: number; username: string };
  noCardUser: { id: number; username: string };
  /** A customer of the other operator. */
  foreignUser: { id: number; username: string };
};
/** The listing fixture: a named customer, a booking with a BOK and an EVE payment, and the other operator's payment. */
let listed: { bid: string; theirOrderId: string; theirBid: string };

beforeAll(async () => {
  t = await createTestApp({}, { payments: sandbox });
  const db = t.database.db;
  await createFleet(db, 'fjord');
  await createFleet(db, 'malar', { country: 'SE', currency: 'SEK', defaultLanguage: 'sv', timeZone: 'Europe/Stockholm' });
  await createStaff(db, 'fjord', 'support', 'support-demo');
  await createStaff(db, 'malar', 'support.se', 'support-demo');
  [token, tokenSe] = await Promise.all([login(t.app, 'support', 'support-demo'), login(t.app, 'support.se', 'support-demo')]);
  const pool = await createPool(db, 'fjord');
  const contract = await createContract(db, 'fjord', {
    priceList: [
      { name: 'VAT', cost: 0.25 },
      { name: 'PER_HOUR', cost: 89 },
    ],
  });
  const [cardUser, authUser, noCardUser] = await Promise.all([createUser(db, 'fjord'), createUser(db, 'fjord'), createUser(db, 'fjord')]);
  await db.insert(registeredCards).values([
    { fleetId: 'fjord', userId: cardUser.id, cardTypeAndMaskedNumber: 'VISA **** 4242', expires: '2099-12', providerToken: 'tok_ok' },
    { fleetId: 'fjord', userId: authUser.id, cardTypeAndMaskedNumber: 'VISA **** 3155', expires: '2099-12', providerToken: 'tok_3ds' },
  ]);
  const foreignUser = await createUser(db, 'malar', { language: 'sv' });
  fx = { contractId: contract.id, poolId: pool.id, cardUser, authUser, noCardUser, foreignUser };

  // What the listing reads: a named customer with an unpaid invoice and an abandoned card payment, a booking with its
  // BOK and an event payment (EVE), payments spread over the last 60 days (more than a page of 40), and a payment of
  // the other operator, whose order ids start otherwise.
  const kari = await createUser(db, 'fjord', { username: 'kari.nordmann', givenName: 'Kari', familyName: 'Nordmann' });
  await fixture({ user: kari, type: 'USER_INVOICE', status: 'UNPAID' });
  await fixture({ user: kari, type: 'CREDITCARD', status: 'ABANDONED', over: { orderId: 'BOK1000007' } });
  const withEvent = await fixture({ type: 'CREDITCARD', status: 'PAID', over: { orderId: 'BOK1000002', timestamp: new Date(Date.now() - 2 * DAY) } });
  await fixture({ type: 'INVOICE', status: 'UNPAID', target: 'EVENT', parent: 'BOK1000002', over: { orderId: 'EVE1000108' } });
  for (let i = 0; i < 45; i++) {
    await fixture({ type: i % 3 === 0 ? 'INVOICE' : 'CREDITCARD', status: 'PAID', over: { timestamp: new Date(Date.now() - (i + 1) * 1.3 * DAY) } });
  }
  const malarContract = await createContract(db, 'malar', { currency: 'SEK' });
  const malarPool = await createPool(db, 'malar', { city: 'Stockholm' });
  const theirs = await createBooking(
    db,
    'malar',
    { userId: foreignUser.id, contractId: malarContract.id, poolId: malarPool.id },
    { bid: 'BID2000000004', state: 'FINISHED', startTime: new Date(Date.now() - 3 * DAY), endTime: new Date(Date.now() - 3 * DAY + 7_200_000) },
  );
  const theirPayment = await createPayment(db, 'malar', { bookingId: theirs.id, userId: foreignUser.id }, { orderId: 'BOK2000001', currency: 'SEK' });
  listed = { bid: withEvent.bid, theirOrderId: theirPayment.orderId, theirBid: theirs.bid };
});
afterAll(() => t.close());

type Res = { statusCode: number; body: string; json(): unknown };
const req = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: unknown, headers: Record<string, string> = {}, auth = token) =>
  t.app.inject({
    method,
    url,
    headers: { authorization: authToken(auth), ...headers },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const ok = (res: Res): Payment => {
  expect(res.statusCode, res.body).toBe(200);
  return ZPayment.parse(res.json());
};
const envelope = (res: Res, status: number) => {
  expect(res.statusCode, res.body).toBe(status);
  const e = ZErrorEnvelope.parse(res.json());
  expect(e.httpCode).toBe(status);
  return e;
};
const row = async (orderId: string) => (await t.database.db.select().from(payments).where(eq(payments.orderId, orderId)))[0]!;
const actionsOf = async (orderId: string) =>
  (await t.database.db.select().from(events).where(eq(events.type, 'PAYMENT_ACTION')).orderBy(asc(events.id))).filter(
    (e) => e.properties.orderId === orderId,
  );

let seq = 0;
interface Fixture {
  user?: { id: number; username: string } | null;
  type: PaymentType;
  status: PaymentStatus;
  state?: BookingState;
  target?: PaymentTarget;
  parent?: string;
  over?: Partial<typeof payments.$inferInsert>;
}
/** A booking (finished by default) with one payment: BOK for the booking, EVE (child of `parent`) for an event. */
async function fixture({ user = fx.cardUser, type, status, state = 'FINISHED', target = 'BOOKING', parent, over = {} }: Fixture) {
  const db = t.database.db;
  const start = state === 'FINISHED' || state === 'CANCELLED' ? new Date(Date.now() - 2 * DAY) : new Date(Date.now() + DAY);
  const b = parent
    ? { id: (await row(parent)).bookingId!, bid: '' }
    : await createBooking(
        db,
        'fjord',
        { userId: user?.id ?? null, contractId: fx.contractId, poolId: fx.poolId },
        {
          state,
          startTime: start,
          endTime: new Date(start.getTime() + 3 * 3_600_000),
          ...(state === 'FINISHED' ? { usageStart: start, usageEnd: new Date(start.getTime() + 3 * 3_600_000) } : {}),
        },
      );
  const orderId = `${target === 'BOOKING' ? 'BOK' : 'EVE'}97${String(++seq).padStart(6, '0')}`;
  const [p] = await db
    .insert(payments)
    .values({
      orderId,
      fleetId: 'fjord',
      bookingId: b.id,
      userId: user?.id ?? null,
      type,
      status,
      target,
      parentPaymentId: parent ? (await row(parent)).id : null,
      totalPriceWithoutVat: 160,
      totalVat: 40,
      totalPrice: 200,
      currency: 'NOK',
      paymentProvider: type === 'CREDITCARD' ? 'sandbox' : 'invoice',
      timestamp: new Date(Date.now() - DAY),
      createdAt: new Date(Date.now() - 2 * DAY),
      ...over,
    })
    .returning();
  await db.insert(paymentEvents).values([
    {
      paymentId: p!.id,
      itemName: 'PER_HOUR',
      itemType: 'PER_HOUR',
      itemDisplayText: 'Timepris',
      unitAmount: 2,
      unitCost: 80,
      priceWithoutVat: 160,
      vat: 40,
      totalPrice: 200,
    },
  ]);
  return { orderId, bid: b.bid, bookingId: b.id };
}
/** A user whose only card is `masked` (expires `expires`). */
async function userWithCard(masked: string, expires = '2099-12') {
  const u = await createUser(t.database.db, 'fjord');
  await t.database.db
    .insert(registeredCards)
    .values({ fleetId: 'fjord', userId: u.id, cardTypeAndMaskedNumber: masked, expires, providerToken: `tok_${u.id}` });
  return u;
}

describe('PUT /api/payments/{orderId}/status (user invoice)', () => {
  it('marks an invoice sent, then received (PAID), with the timestamps and one event each', async () => {
    const { orderId, bid } = await fixture({ type: 'USER_INVOICE', status: 'UNPAID' });
    const before = Date.now();
    const sent = ok(await req('PUT', `/api/payments/${orderId}/status`, { status: 'INVOICE_SENT' }));
    expect(sent).toMatchObject({ status: 'INVOICE_SENT', timestamp: { type: 'INVOICE_DATE' }, bid, username: fx.cardUser.username });
    expect(Date.parse(sent.timestamp.timestamp)).toBeGreaterThanOrEqual(before - 1000);
    const paid = ok(await req('PUT', `/api/payments/${orderId.toLowerCase()}/status`, { status: 'PAID' }));
    expect(paid).toMatchObject({ status: 'PAID', timestamp: { type: 'PAYMENT_DATE' } });
    const log = await actionsOf(orderId);
    expect(log).toHaveLength(2);
    expect(log[0]).toMatchObject({
      actingUsername: 'support',
      affectedUsername: fx.cardUser.username,
      bid,
      typeGroup: 'PAYMENT',
      displayText: expect.stringContaining(MESSAGES.invoiceMarkedSent),
    });
    expect(log.map((e) => [e.properties.previousStatus, e.properties.status])).toEqual([
      ['UNPAID', 'INVOICE_SENT'],
      ['INVOICE_SENT', 'PAID'],
    ]);
  });

  it('sets a sent invoice back to unpaid', async () => {
    const { orderId } = await fixture({ type: 'USER_INVOICE', status: 'INVOICE_SENT' });
    expect(ok(await req('PUT', `/api/payments/${orderId}/status`, { status: 'UNPAID' })).status).toBe('UNPAID');
    expect(await actionsOf(orderId)).toHaveLength(1);
  });

  it.each([
    ['UNPAID', 'PAID'],
    ['UNPAID', 'UNPAID'],
    ['INVOICE_SENT', 'INVOICE_SENT'],
    ['PAID', 'UNPAID'],
    ['PAID', 'INVOICE_SENT'],
    ['NO_CHARGE', 'INVOICE_SENT'],
  ] as const)('refuses %s → %s: 409 invoiceStatusNotAllowed, nothing changed', async (from, to) => {
    const { orderId } = await fixture({ type: 'USER_INVOICE', status: from });
    const e = envelope(await req('PUT', `/api/payments/${orderId}/status`, { status: to }), 409);
    expect(e).toMatchObject({ messageId: MESSAGE_IDS.conflict, message: formatMessage('invoiceStatusNotAllowed', { from, to }) });
    expect((await row(orderId)).status).toBe(from);
    expect(await actionsOf(orderId)).toHaveLength(0);
  });

  it.each(['CREDITCARD', 'INVOICE'] as const)('refuses a %s payment: 409 onlyUserInvoiceStatus', async (type) => {
    const { orderId } = await fixture({ type, status: 'UNPAID' });
    expect(envelope(await req('PUT', `/api/payments/${orderId}/status`, { status: 'INVOICE_SENT' }), 409).message).toBe(
      MESSAGES.onlyUserInvoiceStatus,
    );
  });

  it('validates the body: 400', async () => {
    const { orderId } = await fixture({ type: 'USER_INVOICE', status: 'UNPAID' });
    expect(envelope(await req('PUT', `/api/payments/${orderId}/status`, { status: 'RESERVED' }), 400).messageId).toBe(MESSAGE_IDS.invalidInput);
    expect(envelope(await req('PUT', `/api/payments/${orderId}/status`, {}), 400).errors[0]?.field).toBe('status');
  });
});

describe('POST /api/payments/{orderId}/retry', () => {
  it('charges an unpaid card payment of a finished booking: PAID with PAYMENT_DATE, one charge, one event', async () => {
    const { orderId } = await fixture({ type: 'CREDITCARD', status: 'UNPAID', over: { failureCode: 'card_declined', reservationFailed: true } });
    const p = ok(await req('POST', `/api/payments/${orderId}/retry`));
    expect(p).toMatchObject({ status: 'PAID', timestamp: { type: 'PAYMENT_DATE' }, reservationFailed: false, paymentProvider: 'sandbox' });
    expect(p.externalId).toMatch(/^sandbox_ch_/);
    expect(sandbox.ledger().filter((e) => e.externalId === p.externalId)).toMatchObject([{ kind: 'charge', amount: 200, status: 'CAPTURED' }]);
    expect((await row(orderId)).failureCode).toBeNull();
    const [e, ...more] = await actionsOf(orderId);
    expect(more).toHaveLength(0);
    expect(e!.properties).toMatchObject({ previousStatus: 'UNPAID', status: 'PAID' });
  });

  it('revives an abandoned payment of a cancelled booking and of an event order by charging', async () => {
    const cancelled = await fixture({ type: 'CREDITCARD', status: 'ABANDONED', state: 'CANCELLED' });
    expect(ok(await req('POST', `/api/payments/${cancelled.orderId}/retry`)).status).toBe('PAID');
    const parent = await fixture({ type: 'CREDITCARD', status: 'PAID', state: 'INACTIVE' });
    const eve = await fixture({ type: 'CREDITCARD', status: 'UNPAID', target: 'EVENT', parent: parent.orderId });
    expect(ok(await req('POST', `/api/payments/${eve.orderId}/retry`)).status).toBe('PAID');
  });

  it('reserves again for a booking still to come: RESERVED, or NEEDS_AUTHORIZATION with the 3-D Secure card', async () => {
    const coming = await fixture({ type: 'CREDITCARD', status: 'ABANDONED', state: 'INACTIVE' });
    const p = ok(await req('POST', `/api/payments/${coming.orderId}/retry`));
    expect(p.status).toBe('RESERVED');
    expect(sandbox.ledger().find((e) => e.externalId === p.externalId)).toMatchObject({ kind: 'reservation', status: 'RESERVED', amount: 200 });
    const auth = await fixture({ user: fx.authUser, type: 'CREDITCARD', status: 'ABANDONED', state: 'INACTIVE' });
    expect(ok(await req('POST', `/api/payments/${auth.orderId}/retry`)).status).toBe('NEEDS_AUTHORIZATION');
  });

  it.each([
    ['CREDITCARD', 'PAID'],
    ['CREDITCARD', 'RESERVED'],
    ['CREDITCARD', 'NO_CHARGE'],
    ['CREDITCARD', 'NEEDS_AUTHORIZATION'],
    ['CREDITCARD', 'RESERVATION_FAILED'],
    ['USER_INVOICE', 'UNPAID'],
    ['INVOICE', 'UNPAID'],
  ] as const)('refuses %s %s: 409 retryNotAllowed', async (type, status) => {
    const { orderId } = await fixture({ type, status });
    expect(envelope(await req('POST', `/api/payments/${orderId}/retry`), 409)).toMatchObject({
      messageId: MESSAGE_IDS.conflict,
      message: MESSAGES.retryNotAllowed,
    });
    expect((await row(orderId)).status).toBe(status);
  });

  const cases: [string, CardErrorCode][] = [
    ...Object.entries(SANDBOX_TEST_CARDS).map(([last4, code]): [string, CardErrorCode] => [`VISA **** ${last4}`, code]),
  ];
  it.each(cases)('a card %s answers 400 %s with its message; the refusal is kept on the payment', async (masked, code) => {
    const u = await userWithCard(masked);
    const { orderId } = await fixture({ user: u, type: 'CREDITCARD', status: 'UNPAID' });
    const e = envelope(await req('POST', `/api/payments/${orderId}/retry`), 400);
    expect(e).toMatchObject({ messageId: `${PAYMENT_EXCEPTION_PREFIX}${code}`, message: CARD_ERROR_MESSAGES[code] });
    expect(await row(orderId)).toMatchObject({ status: 'UNPAID', failureCode: code, reservationFailed: true });
    expect((await actionsOf(orderId))[0]!.properties).toMatchObject({ failureCode: code, status: 'UNPAID' });
  });

  it('an expired card answers expired_card, no card at all missing; a reservation refused keeps the status', async () => {
    const expired = await fixture({ user: await userWithCard('VISA **** 4242', '2020-01'), type: 'CREDITCARD', status: 'ABANDONED' });
    expect(envelope(await req('POST', `/api/payments/${expired.orderId}/retry`), 400)).toMatchObject({
      messageId: `${PAYMENT_EXCEPTION_PREFIX}expired_card`,
      message: CARD_ERROR_MESSAGES.expired_card,
    });
    const none = await fixture({ user: fx.noCardUser, type: 'CREDITCARD', status: 'UNPAID' });
    expect(envelope(await req('POST', `/api/payments/${none.orderId}/retry`), 400).messageId).toBe(`${PAYMENT_EXCEPTION_PREFIX}missing`);
    expect(await row(none.orderId)).toMatchObject({ failureCode: 'missing', reservationFailed: true });
    const coming = await fixture({ user: await userWithCard('VISA **** 9995'), type: 'CREDITCARD', status: 'ABANDONED', state: 'INACTIVE' });
    expect(envelope(await req('POST', `/api/payments/${coming.orderId}/retry`), 400).messageId).toBe(`${PAYMENT_EXCEPTION_PREFIX}insufficient_funds`);
    expect(await row(coming.orderId)).toMatchObject({ status: 'ABANDONED', failureCode: 'insufficient_funds', reservationFailed: true });
  });

  it('applies a retry with one Idempotency-Key once: same answer, one charge, one event', async () => {
    const { orderId } = await fixture({ type: 'CREDITCARD', status: 'ABANDONED' });
    const headers = { 'idempotency-key': `retry-${orderId}` };
    const first = ok(await req('POST', `/api/payments/${orderId}/retry`, undefined, headers));
    const second = ok(await req('POST', `/api/payments/${orderId}/retry`, undefined, headers));
    expect(second).toEqual(first);
    expect(sandbox.ledger().filter((e) => e.kind === 'charge' && e.externalId === first.externalId)).toHaveLength(1);
    expect(await actionsOf(orderId)).toHaveLength(1);
    // Another key is another request: the payment is PAID now, so it is refused.
    envelope(await req('POST', `/api/payments/${orderId}/retry`, undefined, { 'idempotency-key': 'another' }), 409);
  });

  it('replays a refusal for the same key without charging again', async () => {
    const u = await userWithCard('VISA **** 0002');
    const { orderId } = await fixture({ user: u, type: 'CREDITCARD', status: 'UNPAID' });
    const headers = { 'idempotency-key': `declined-${orderId}` };
    const failedBefore = sandbox.ledger().filter((e) => e.status === 'FAILED').length;
    expect(envelope(await req('POST', `/api/payments/${orderId}/retry`, undefined, headers), 400).messageId).toBe(
      `${PAYMENT_EXCEPTION_PREFIX}card_declined`,
    );
    expect(envelope(await req('POST', `/api/payments/${orderId}/retry`, undefined, headers), 400).messageId).toBe(
      `${PAYMENT_EXCEPTION_PREFIX}card_declined`,
    );
    expect(sandbox.ledger().filter((e) => e.status === 'FAILED').length).toBe(failedBefore + 1);
    expect(await actionsOf(orderId)).toHaveLength(1);
  });
});

describe('POST /api/sandbox/payments/{orderId}/authorize', () => {
  it('turns NEEDS_AUTHORIZATION into RESERVED when the customer authorises, ABANDONED when not', async () => {
    const a = await fixture({ user: fx.authUser, type: 'CREDITCARD', status: 'ABANDONED', state: 'INACTIVE' });
    const waiting = ok(await req('POST', `/api/payments/${a.orderId}/retry`));
    expect(waiting.status).toBe('NEEDS_AUTHORIZATION');
    const reserved = ok(await req('POST', `/api/sandbox/payments/${a.orderId}/authorize`, { outcome: 'AUTHORIZED' }));
    expect(reserved.status).toBe('RESERVED');
    expect(sandbox.ledger().find((e) => e.externalId === waiting.externalId)?.status).toBe('RESERVED');

    const b = await fixture({
      user: fx.authUser,
      type: 'CREDITCARD',
      status: 'NEEDS_AUTHORIZATION',
      state: 'INACTIVE',
      over: { externalId: 'sandbox_pi_seeded_wait' },
    });
    expect(ok(await req('POST', `/api/sandbox/payments/${b.orderId}/authorize`, { outcome: 'ABANDONED' })).status).toBe('ABANDONED');
    expect((await actionsOf(b.orderId))[0]!.properties).toMatchObject({
      previousStatus: 'NEEDS_AUTHORIZATION',
      status: 'ABANDONED',
      outcome: 'ABANDONED',
    });
  });

  it('refuses a payment that does not wait for authorisation (409) and a bad outcome (400)', async () => {
    const { orderId } = await fixture({ type: 'CREDITCARD', status: 'RESERVED', state: 'INACTIVE' });
    envelope(await req('POST', `/api/sandbox/payments/${orderId}/authorize`, { outcome: 'AUTHORIZED' }), 409);
    envelope(await req('POST', `/api/sandbox/payments/${orderId}/authorize`, { outcome: 'MAYBE' }), 400);
  });
});

describe('POST /api/payments/{orderId}/release and /cancel', () => {
  it.each([
    ['INVOICE', 'UNPAID'],
    ['INVOICE', 'INVOICE_SENT'],
    ['INVOICE', 'PAID'],
    ['CREDITCARD', 'ABANDONED'],
  ] as const)('releases %s %s → NO_CHARGE', async (type, status) => {
    const { orderId } = await fixture({ type, status });
    expect(ok(await req('POST', `/api/payments/${orderId}/release`)).status).toBe('NO_CHARGE');
    expect((await actionsOf(orderId))[0]!.properties).toMatchObject({ previousStatus: status, status: 'NO_CHARGE' });
  });

  it.each([
    ['INVOICE', 'NO_CHARGE', MESSAGES.paymentAlreadyReleased],
    ['CREDITCARD', 'UNPAID', MESSAGES.releaseNotAllowed],
    ['CREDITCARD', 'RESERVED', MESSAGES.releaseNotAllowed],
    ['USER_INVOICE', 'UNPAID', MESSAGES.releaseNotAllowed],
  ] as const)("refuses to release %s %s: 409 with the reason the payment's release ability gives", async (type, status, message) => {
    const { orderId } = await fixture({ type, status });
    expect(envelope(await req('POST', `/api/payments/${orderId}/release`), 409).message).toBe(message);
    expect((await row(orderId)).status).toBe(status);
  });

  it('cancels an unpaid event payment, and a reserved one with its reservation released', async () => {
    const parent = await fixture({ type: 'CREDITCARD', status: 'PAID' });
    const eve = await fixture({ type: 'USER_INVOICE', status: 'UNPAID', target: 'EVENT', parent: parent.orderId });
    expect(ok(await req('POST', `/api/payments/${eve.orderId}/cancel`)).status).toBe('NO_CHARGE');
    const held = await sandbox.reserve({ cardTypeAndMaskedNumber: 'VISA **** 4242', expires: '2099-12', providerToken: 't' }, 200, 'NOK');
    const reserved = await fixture({
      type: 'CREDITCARD',
      status: 'RESERVED',
      target: 'EVENT',
      parent: parent.orderId,
      over: { externalId: held.externalId },
    });
    expect(ok(await req('POST', `/api/payments/${reserved.orderId}/cancel`)).status).toBe('NO_CHARGE');
    expect(sandbox.ledger().find((e) => e.externalId === held.externalId)?.status).toBe('RELEASED');
    expect(await actionsOf(reserved.orderId)).toHaveLength(1);
    // The parent lists its event orders with their new status.
    expect(ok(await req('GET', `/api/payments/${parent.orderId}`)).singleEventPayments).toEqual([
      { orderId: eve.orderId, status: 'NO_CHARGE', totalPrice: 200 },
      { orderId: reserved.orderId, status: 'NO_CHARGE', totalPrice: 200 },
    ]);
  });

  it('refuses to cancel a paid event payment or a booking payment: 409 cancelEventPaymentNotAllowed', async () => {
    const parent = await fixture({ type: 'CREDITCARD', status: 'UNPAID' });
    const paid = await fixture({ type: 'CREDITCARD', status: 'PAID', target: 'EVENT', parent: parent.orderId });
    expect(envelope(await req('POST', `/api/payments/${paid.orderId}/cancel`), 409).message).toBe(MESSAGES.cancelEventPaymentNotAllowed);
    expect(envelope(await req('POST', `/api/payments/${parent.orderId}/cancel`), 409).message).toBe(MESSAGES.cancelEventPaymentNotAllowed);
    expect((await row(parent.orderId)).status).toBe('UNPAID');
  });
});

describe('PUT /api/payments/{orderId}/paymentType', () => {
  it('switches an event order from invoice to card (charged: PAID) and back is refused once paid', async () => {
    const parent = await fixture({ type: 'USER_INVOICE', status: 'UNPAID' });
    const eve = await fixture({ type: 'USER_INVOICE', status: 'UNPAID', target: 'EVENT', parent: parent.orderId });
    const p = ok(await req('PUT', `/api/payments/${eve.orderId}/paymentType`, { paymentType: 'CREDITCARD' }));
    expect(p).toMatchObject({ type: 'CREDITCARD', status: 'PAID', paymentProvider: 'sandbox' });
    expect((await actionsOf(eve.orderId))[0]!.properties).toMatchObject({
      from: 'USER_INVOICE',
      to: 'CREDITCARD',
      previousStatus: 'UNPAID',
      status: 'PAID',
    });
    expect(envelope(await req('PUT', `/api/payments/${eve.orderId}/paymentType`, { paymentType: 'USER_INVOICE' }), 409).message).toBe(
      MESSAGES.paymentSettled,
    );
  });

  it('switches an unpaid card event order to invoice: UNPAID, no provider', async () => {
    const parent = await fixture({ type: 'CREDITCARD', status: 'PAID' });
    const eve = await fixture({ type: 'CREDITCARD', status: 'ABANDONED', target: 'EVENT', parent: parent.orderId });
    expect(ok(await req('PUT', `/api/payments/${eve.orderId}/paymentType`, { paymentType: 'USER_INVOICE' }))).toMatchObject({
      type: 'USER_INVOICE',
      status: 'UNPAID',
      paymentProvider: 'invoice',
    });
  });

  it("refuses invoice to card ('Can't turn from invoice to credit card'), no card (missing), a declined card (400), NO_CHARGE", async () => {
    const parent = await fixture({ type: 'INVOICE', status: 'UNPAID' });
    const inv = await fixture({ type: 'INVOICE', status: 'UNPAID', target: 'EVENT', parent: parent.orderId });
    expect(envelope(await req('PUT', `/api/payments/${inv.orderId}/paymentType`, { paymentType: 'CREDITCARD' }), 409).message).toBe(
      "Can't turn from invoice to credit card",
    );
    const noCard = await fixture({ user: fx.noCardUser, type: 'USER_INVOICE', status: 'UNPAID', target: 'EVENT', parent: parent.orderId });
    expect(envelope(await req('PUT', `/api/payments/${noCard.orderId}/paymentType`, { paymentType: 'CREDITCARD' }), 409).messageId).toBe(
      `${PAYMENT_EXCEPTION_PREFIX}missing`,
    );
    const declined = await fixture({
      user: await userWithCard('VISA **** 0002'),
      type: 'USER_INVOICE',
      status: 'UNPAID',
      target: 'EVENT',
      parent: parent.orderId,
    });
    expect(envelope(await req('PUT', `/api/payments/${declined.orderId}/paymentType`, { paymentType: 'CREDITCARD' }), 400)).toMatchObject({
      messageId: `${PAYMENT_EXCEPTION_PREFIX}card_declined`,
      message: CARD_ERROR_MESSAGES.card_declined,
    });
    expect(await row(declined.orderId)).toMatchObject({ type: 'USER_INVOICE', status: 'UNPAID' });
    const free = await fixture({ type: 'USER_INVOICE', status: 'NO_CHARGE', target: 'EVENT', parent: parent.orderId });
    envelope(await req('PUT', `/api/payments/${free.orderId}/paymentType`, { paymentType: 'CREDITCARD' }), 409);
    envelope(await req('PUT', `/api/payments/${free.orderId}/paymentType`, { paymentType: 'CASH' }), 400);
  });

  it('a booking payment follows PUT /api/bookings/{bid}/paymentType (reservation for a coming booking)', async () => {
    const { orderId } = await fixture({ type: 'USER_INVOICE', status: 'UNPAID', state: 'INACTIVE' });
    expect(ok(await req('PUT', `/api/payments/${orderId}/paymentType`, { paymentType: 'CREDITCARD' }))).toMatchObject({
      orderId,
      type: 'CREDITCARD',
      status: 'RESERVED',
    });
  });
});

describe('POST /api/bookings/{bid}/payment/replace', () => {
  it('replaces a reserved card payment by an invoice: same lines and totals, the old one NO_CHARGE and released', async () => {
    const held = await sandbox.reserve({ cardTypeAndMaskedNumber: 'VISA **** 4242', expires: '2099-12', providerToken: 't' }, 200, 'NOK');
    const old = await fixture({ type: 'CREDITCARD', status: 'RESERVED', state: 'INACTIVE', over: { externalId: held.externalId } });
    const eve = await fixture({ type: 'CREDITCARD', status: 'UNPAID', target: 'EVENT', parent: old.orderId });
    const p = ok(await req('POST', `/api/bookings/${old.bid}/payment/replace`, { paymentType: 'USER_INVOICE' }));
    expect(p.orderId).not.toBe(old.orderId);
    expect(p).toMatchObject({
      type: 'USER_INVOICE',
      status: 'UNPAID',
      target: 'BOOKING',
      totalPrice: 200,
      totalVat: 40,
      totalPriceWithoutVat: 160,
      bid: old.bid,
    });
    expect(p.events.map((e) => [e.itemName, e.unitAmount, e.unitCost, e.totalPrice])).toEqual([['PER_HOUR', 2, 80, 200]]);
    expect(p.singleEventPayments.map((s) => s.orderId)).toEqual([eve.orderId]);
    expect((await row(old.orderId)).status).toBe('NO_CHARGE');
    expect(sandbox.ledger().find((e) => e.externalId === held.externalId)?.status).toBe('RELEASED');
    const booking = await req('GET', `/api/bookings/${old.bid}`);
    expect((booking.json() as { payment: Payment }).payment.orderId).toBe(p.orderId);
    const list = (await req('GET', `/api/bookings/${old.bid}/payments`)).json() as Payment[];
    expect(list.map((x) => x.orderId)).toEqual([p.orderId, old.orderId, eve.orderId]);
    expect((await actionsOf(old.orderId))[0]!.properties).toMatchObject({ previousStatus: 'RESERVED', status: 'NO_CHARGE', newOrderId: p.orderId });
  });

  it('replaces an unpaid invoice of a finished booking by a card payment: charged, PAID', async () => {
    const old = await fixture({ type: 'USER_INVOICE', status: 'UNPAID' });
    expect(ok(await req('POST', `/api/bookings/${old.bid}/payment/replace`, { paymentType: 'CREDITCARD' }))).toMatchObject({
      type: 'CREDITCARD',
      status: 'PAID',
    });
  });

  it('refuses a paid payment (409), a declined card (400, nothing changed), no payment (404)', async () => {
    const paid = await fixture({ type: 'CREDITCARD', status: 'PAID' });
    envelope(await req('POST', `/api/bookings/${paid.bid}/payment/replace`, { paymentType: 'USER_INVOICE' }), 409);
    const declined = await fixture({ user: await userWithCard('VISA **** 0002'), type: 'USER_INVOICE', status: 'UNPAID', state: 'INACTIVE' });
    expect(envelope(await req('POST', `/api/bookings/${declined.bid}/payment/replace`, { paymentType: 'CREDITCARD' }), 400).messageId).toBe(
      `${PAYMENT_EXCEPTION_PREFIX}card_declined`,
    );
    expect((await req('GET', `/api/bookings/${declined.bid}/payments`)).json()).toHaveLength(1);
    const b = await createBooking(t.database.db, 'fjord', { userId: fx.cardUser.id, contractId: fx.contractId, poolId: fx.poolId });
    expect(envelope(await req('POST', `/api/bookings/${b.bid}/payment/replace`, { paymentType: 'USER_INVOICE' }), 404)).toMatchObject({
      message: MESSAGES.noPaymentToReplace,
    });
    envelope(await req('POST', `/api/bookings/${paid.bid}/payment/replace`, { paymentType: 'BITCOIN' }), 400);
  });
});

describe('user payments', () => {
  it('lists the last 12 months newest first, and outstanding payments of any date per currency', async () => {
    const u = await userWithCard('VISA **** 4242');
    const user = { id: u.id, username: u.username };
    const recent = await fixture({ user, type: 'USER_INVOICE', status: 'UNPAID', over: { timestamp: new Date(Date.now() - 10 * DAY) } });
    const newer = await fixture({ user, type: 'CREDITCARD', status: 'PAID', over: { timestamp: new Date(Date.now() - 1 * DAY), totalPrice: 99.5 } });
    const old = await fixture({
      user,
      type: 'USER_INVOICE',
      status: 'INVOICE_SENT',
      over: { timestamp: new Date(Date.now() - 400 * DAY), totalPrice: 50.25 },
    });
    await fixture({
      user,
      type: 'CREDITCARD',
      status: 'ABANDONED',
      over: { timestamp: new Date(Date.now() - 500 * DAY), currency: 'SEK', totalPrice: 10 },
    });
    const res = await req('GET', `/api/users/${u.username}/payments`);
    expect(res.statusCode, res.body).toBe(200);
    const body = ZUserPaymentsResponse.parse(res.json());
    expect(body.payments.map((p) => p.orderId)).toEqual([newer.orderId, recent.orderId]);
    const start = new Date(body.startDate);
    const end = new Date(body.endDate);
    expect(end.getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(end.getUTCFullYear() * 12 + end.getUTCMonth() - (start.getUTCFullYear() * 12 + start.getUTCMonth())).toBe(12);
    expect(body.outstandingPayments).toEqual([
      { numberOfPayments: 2, totalCost: 250.25, currencyCode: 'NOK' },
      { numberOfPayments: 1, totalCost: 10, currencyCode: 'SEK' },
    ]);
    const ranged = ZUserPaymentsResponse.parse(
      (
        await req(
          'GET',
          `/api/users/${u.username}/payments?startDate=${new Date(Date.now() - 450 * DAY).toISOString()}&endDate=${new Date(Date.now() - 5 * DAY).toISOString()}`,
        )
      ).json(),
    );
    expect(ranged.payments.map((p) => p.orderId)).toEqual([recent.orderId, old.orderId]);
  });

  it("refuses a start after the end or a malformed date (400); another operator's user is 404", async () => {
    const u = fx.cardUser.username;
    envelope(await req('GET', `/api/users/${u}/payments?startDate=2025-02-01T00:00:00Z&endDate=2025-01-01T00:00:00Z`), 400);
    envelope(await req('GET', `/api/users/${u}/payments?startDate=yesterday`), 400);
    expect(envelope(await req('GET', `/api/users/${fx.foreignUser.username}/payments`), 404).messageId).toBe(MESSAGE_IDS.userNotFound);
    envelope(await req('GET', `/api/users/${fx.foreignUser.username}/payments/methods`), 404);
  });

  it('lists the registered cards', async () => {
    const res = await req('GET', `/api/users/${fx.cardUser.username}/payments/methods`);
    expect(res.statusCode).toBe(200);
    expect((res.json() as { registeredCards: { cardTypeAndMaskedNumber: string }[] }).registeredCards.map((c) => c.cardTypeAndMaskedNumber)).toEqual([
      'VISA **** 4242',
    ]);
  });
});

describe('GET /api/payments', () => {
  const list = async (query: string, auth = token) => {
    const res = await req('GET', `/api/payments${query}`, undefined, {}, auth);
    expect(res.statusCode, res.body).toBe(200);
    return ZPaymentsResponse.parse(res.json());
  };

  it("pages through all of the operator's payments newest first without duplicates", async () => {
    const all = await t.database.db.select({ orderId: payments.orderId }).from(payments).where(eq(payments.fleetId, 'fjord'));
    const seen: string[] = [];
    const stamps: number[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page = await list(`?pageSize=40${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...page.results.map((r) => r.orderId));
      stamps.push(...page.results.map((r) => Date.parse(r.timestamp)));
      expect(page.moreResults).toBe(page.nextCursor !== null);
      cursor = page.nextCursor;
      pages++;
    } while (cursor && pages < 100);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.sort()).toEqual(all.map((a) => a.orderId).sort());
    expect(stamps).toEqual([...stamps].sort((a, b) => b - a));
    const theirs = await t.database.db.select({ orderId: payments.orderId }).from(payments).where(eq(payments.fleetId, 'malar'));
    expect(theirs.length).toBeGreaterThan(0);
    expect(seen.filter((o) => theirs.some((x) => x.orderId === o))).toEqual([]);
  });

  it('filters by status, type, user, order id or bid prefix and time', async () => {
    const abandoned = await list('?status=ABANDONED,UNPAID&pageSize=100');
    expect(abandoned.results.length).toBeGreaterThan(0);
    expect(abandoned.results.every((r) => r.status === 'ABANDONED' || r.status === 'UNPAID')).toBe(true);
    const repeated = await list('?status=ABANDONED&status=UNPAID&pageSize=100');
    expect(repeated.results.map((r) => r.orderId)).toEqual(abandoned.results.map((r) => r.orderId));
    const invoices = await list('?type=INVOICE&pageSize=100');
    expect(invoices.results.every((r) => r.type === 'INVOICE')).toBe(true);
    const mine = await list('?user=KARI.NORDMANN&pageSize=100');
    expect(mine.results.length).toBe(2);
    expect(mine.results.every((r) => r.username === 'kari.nordmann' && r.fullNameLastFirst === 'Nordmann, Kari')).toBe(true);
    expect((await list('?user=nobody.here')).results).toEqual([]);
    expect((await list('?search=bok1000007')).results.map((r) => r.orderId)).toEqual(['BOK1000007']);
    const byBid = await list(`?search=${listed.bid}&pageSize=100`);
    expect(byBid.results.map((r) => r.orderId).sort()).toEqual(['BOK1000002', 'EVE1000108']);
    const from = new Date(Date.now() - 3 * DAY).toISOString();
    const to = new Date(Date.now() - 1 * DAY).toISOString();
    const windowed = await list(`?from=${from}&to=${to}&pageSize=100`);
    expect(windowed.results.length).toBeGreaterThan(0);
    expect(windowed.results.every((r) => r.timestamp >= from && r.timestamp <= to)).toBe(true);
    expect((await list('?search=BOK1', tokenSe)).results).toEqual([]);
  });

  it('refuses a bad status, page size or cursor: 400', async () => {
    envelope(await req('GET', '/api/payments?status=LOST'), 400);
    envelope(await req('GET', '/api/payments?pageSize=1000'), 400);
    envelope(await req('GET', '/api/payments?cursor=not-a-cursor'), 400);
  });
});

describe('scope and reads', () => {
  it("answers 404 for another operator's order or booking, an unknown or a malformed order id", async () => {
    const theirs = listed.theirOrderId;
    expect(ok(await req('GET', `/api/payments/${theirs}`, undefined, {}, tokenSe)).orderId).toBe(theirs);
    for (const [method, url, body] of [
      ['GET', `/api/payments/${theirs}`],
      ['PUT', `/api/payments/${theirs}/status`, { status: 'INVOICE_SENT' }],
      ['POST', `/api/payments/${theirs}/retry`],
      ['POST', `/api/payments/${theirs}/release`],
      ['POST', `/api/payments/${theirs}/cancel`],
      ['PUT', `/api/payments/${theirs}/paymentType`, { paymentType: 'USER_INVOICE' }],
      ['POST', `/api/sandbox/payments/${theirs}/authorize`, { outcome: 'AUTHORIZED' }],
      ['GET', '/api/payments/BOK1999999'],
      ['GET', '/api/payments/nonsense'],
    ] as const) {
      expect(envelope(await req(method, url, body), 404), url).toMatchObject({
        messageId: MESSAGE_IDS.paymentNotFound,
        message: MESSAGES.paymentNotFound,
      });
    }
    expect(envelope(await req('GET', `/api/bookings/${listed.theirBid}/payments`), 404).messageId).toBe(MESSAGE_IDS.bookingNotFound);
    expect(envelope(await req('POST', `/api/bookings/${listed.theirBid}/payment/replace`, { paymentType: 'USER_INVOICE' }), 404).messageId).toBe(
      MESSAGE_IDS.bookingNotFound,
    );
  });

  it("lists a booking's payments: the BOK first, then its event payments", async () => {
    const list = (await req('GET', `/api/bookings/${listed.bid.toLowerCase()}/payments`)).json() as Payment[];
    expect(list.map((p) => p.orderId)).toEqual(['BOK1000002', 'EVE1000108']);
    expect(list[0]!.singleEventPayments.map((s) => s.orderId)).toEqual(['EVE1000108']);
    expect(list[0]!.events.length).toBeGreaterThan(0);
  });

  it('needs a session: 401', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/payments/BOK1000002/retry' });
    envelope(res, 401);
  });
});

describe('the payment action events', () => {
  it('carry acting staff, affected user, bid, order id and both statuses', async () => {
    const { orderId, bid } = await fixture({ type: 'INVOICE', status: 'UNPAID' });
    ok(await req('POST', `/api/payments/${orderId}/release`));
    const [e] = await actionsOf(orderId);
    expect(e).toMatchObject({
      type: 'PAYMENT_ACTION',
      typeGroup: 'PAYMENT',
      actingUsername: 'support',
      affectedUsername: fx.cardUser.username,
      bid,
      fleetId: 'fjord',
    });
    expect(e!.properties).toMatchObject({ orderId, previousStatus: 'UNPAID', status: 'NO_CHARGE' });
    const stored = await t.database.db
      .select()
      .from(payments)
      .where(and(eq(payments.orderId, orderId)));
    expect(stored[0]!.status).toBe('NO_CHARGE');
  });
});
