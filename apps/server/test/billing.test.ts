import {
  CARD_ERROR_MESSAGES,
  checkBillingItems,
  feeTypeOf,
  MESSAGE_IDS,
  mixConflict,
  MESSAGES,
  PAYMENT_EXCEPTION_PREFIX,
  ZBooking,
  ZErrorEnvelope,
  type Booking,
  type CardErrorCode,
  type PaymentStatus,
  type PaymentType,
  type PriceListEntry,
} from '@fleetdesk/contract';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bookings, events, paymentEvents, payments, registeredCards } from '../src/db/schema.ts';
import type { PaymentProvider } from '../src/integrations/payments/provider.ts';
import { sandboxPaymentProvider } from '../src/integrations/payments/sandbox.ts';
import { createBooking, createContract, createFleet, createPool, createStaff, createUser } from './support/factories.ts';
import { authToken, createTestApp, login, type TestApp } from './support/test-app.ts';

const PRICES: PriceListEntry[] = [
  { name: 'VAT', cost: 0.25 },
  { name: 'PER_HOUR', cost: 100 },
];

/** The sandbox, with every charge and refund recorded, and refunds refused on demand. */
const sandbox = sandboxPaymentProvider();
const calls = { charge: [] as { amount: number; key: string; card: string }[], refund: [] as { externalId: string; amount: number; key: string }[] };
let refuseRefund: CardErrorCode | null = null;
const provider: PaymentProvider = {
  ...sandbox,
  async charge(card, amount, currency, key, now) {
    calls.charge.push({ amount, key, card: card.cardTypeAndMaskedNumber });
    return sandbox.charge(card, amount, currency, key, now);
  },
  async refund(externalId, amount, key) {
    calls.refund.push({ externalId, amount, key });
    if (refuseRefund) return { ok: false, code: refuseRefund };
    return sandbox.refund(externalId, amount, key);
  },
};

let t: TestApp;
let token: string;
let otherToken: string;
let fx: {
  contractId: number;
  poolId: number;
  cardUserId: number;
  cardId: number;
  declineUserId: number;
  declineCardId: number;
  invoiceUserId: number;
};

beforeAll(async () => {
  t = await createTestApp({}, { payments: provider });
  const db = t.database.db;
  await createFleet(db, 'fjord');
  await createFleet(db, 'malar', { country: 'SE', currency: 'SEK', defaultLanguage: 'sv' });
  await createStaff(db, 'fjord', 'support', 'support-demo');
  await createStaff(db, 'malar', 'support.se', 'support-demo');
  token = await login(t.app, 'support', 'support-demo');
  otherToken = await login(t.app, 'support.se', 'support-demo');
  const pool = await createPool(db, 'fjord');
  const contract = await createContract(db, 'fjord', { priceList: PRICES });
  const [cardUser, declineUser, invoiceUser] = await Promise.all([createUser(db, 'fjord'), createUser(db, 'fjord'), createUser(db, 'fjord')]);
  const [card, declineCard] = await db
    .insert(registeredCards)
    .values([
      { fleetId: 'fjord', userId: cardUser!.id, cardTypeAndMaskedNumber: 'VISA **** 4242', expires: '2099-12', providerToken: 'tok_ok' },
      { fleetId: 'fjord', userId: declineUser!.id, cardTypeAndMaskedNumber: 'VISA **** 0002', expires: '2099-12', providerToken: 'tok_decline' },
    ])
    .returning();
  fx = {
    contractId: contract.id,
    poolId: pool.id,
    cardUserId: cardUser!.id,
    cardId: card!.id,
    declineUserId: declineUser!.id,
    declineCardId: declineCard!.id,
    invoiceUserId: invoiceUser!.id,
  };
});
afterAll(() => t.close());
beforeEach(() => {
  calls.charge.length = 0;
  calls.refund.length = 0;
  refuseRefund = null;
});

type Res = { statusCode: number; body: string; headers: Record<string, unknown>; json(): unknown };
const bill = (bid: string, payload: unknown, o: { auth?: string; key?: string } = {}) =>
  t.app.inject({
    method: 'POST',
    url: `/api/bookings/${bid}/billing`,
    headers: { authorization: authToken(o.auth ?? token), ...(o.key ? { 'idempotency-key': o.key } : {}) },
    payload: payload as object,
  });
const get = async (bid: string) =>
  booking(await t.app.inject({ method: 'GET', url: `/api/bookings/${bid}`, headers: { authorization: authToken(token) } }));
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

let orderSeq = 0;
/** A FINISHED booking of `userId` with a BOK payment (400 + 100 VAT = 500), or none when `type` is null. */
async function fixture(
  userId: number | null,
  type: PaymentType | null,
  status: PaymentStatus = 'PAID',
  over: Partial<typeof payments.$inferInsert> = {},
) {
  const db = t.database.db;
  const start = new Date(Date.now() - 5 * 3_600_000);
  const b = await createBooking(
    db,
    'fjord',
    { userId, contractId: fx.contractId, poolId: fx.poolId },
    {
      state: 'FINISHED',
      startTime: start,
      endTime: new Date(start.getTime() + 4 * 3_600_000),
      usageStart: start,
      usageEnd: new Date(start.getTime() + 4 * 3_600_000),
    },
  );
  let bok: typeof payments.$inferSelect | null = null;
  if (type) {
    [bok] = (await db
      .insert(payments)
      .values({
        orderId: `BOK97${String(++orderSeq).padStart(6, '0')}`,
        fleetId: 'fjord',
        bookingId: b.id,
        userId,
        type,
        status,
        target: 'BOOKING',
        totalPriceWithoutVat: 400,
        totalVat: 100,
        totalPrice: 500,
        currency: 'NOK',
        paymentProvider: type === 'CREDITCARD' ? 'sandbox' : 'invoice',
        externalId: type === 'CREDITCARD' ? `sandbox_pi_test${orderSeq}` : null,
        cardId: type === 'CREDITCARD' ? (userId === fx.declineUserId ? fx.declineCardId : fx.cardId) : null,
        ...over,
      })
      .returning()) as [typeof payments.$inferSelect];
  }
  return { bid: b.bid, bookingId: b.id, bok };
}

const paymentRows = async (bookingId: number) =>
  t.database.db.select().from(payments).where(eq(payments.bookingId, bookingId)).orderBy(asc(payments.id));
const linesOf = async (paymentId: number) =>
  t.database.db.select().from(paymentEvents).where(eq(paymentEvents.paymentId, paymentId)).orderBy(asc(paymentEvents.id));
const paymentActions = async (bid: string) =>
  t.database.db
    .select()
    .from(events)
    .where(and(eq(events.bid, bid), eq(events.type, 'PAYMENT_ACTION')))
    .orderBy(asc(events.id));

describe('fees', () => {
  it('adds a fee on an invoice booking as an UNPAID event payment under the booking payment; the booking totals stay', async () => {
    const f = await fixture(fx.invoiceUserId, 'USER_INVOICE', 'INVOICE_SENT');
    const before = await get(f.bid);
    expect(before.payment).toMatchObject({ totalPriceWithoutVat: 400, totalVat: 100, totalPrice: 500, singleEventPayments: [] });

    const res = booking(
      await bill(f.bid, [{ value: 200, type: 'PARKING TICKET', comment: 'Ticket 4711 from Oslo kommune', publicComment: 'Parking ticket, Oslo' }]),
    );
    expect(res.payment).toMatchObject({ orderId: f.bok!.orderId, totalPriceWithoutVat: 400, totalVat: 100, totalPrice: 500 });
    expect(res.payment!.singleEventPayments).toHaveLength(1);
    const [single] = res.payment!.singleEventPayments;
    expect(single).toMatchObject({ status: 'UNPAID', totalPrice: 250 });
    expect(single!.orderId).toMatch(/^EVE\d{10}$/);

    const [, eve] = await paymentRows(f.bookingId);
    expect(eve).toMatchObject({
      orderId: single!.orderId,
      parentPaymentId: f.bok!.id,
      type: 'USER_INVOICE',
      status: 'UNPAID',
      target: 'EVENT',
      totalPriceWithoutVat: 200,
      totalVat: 50,
      totalPrice: 250,
      currency: 'NOK',
      failureCode: null,
      reservationFailed: false,
    });
    expect(await linesOf(eve!.id)).toMatchObject([
      {
        itemName: 'PARKING_TICKET',
        itemType: 'PARKING_TICKET',
        itemDisplayText: 'Parking ticket',
        unitAmount: 1,
        unitCost: 200,
        priceWithoutVat: 200,
        vat: 50,
        totalPrice: 250,
        manualEvent: true,
        comment: 'Ticket 4711 from Oslo kommune',
        publicComment: 'Parking ticket, Oslo',
        createdBy: 'support',
      },
    ]);
    expect(calls.charge).toHaveLength(0);
    const [event] = await paymentActions(f.bid);
    expect(event).toMatchObject({
      actingUsername: 'support',
      typeGroup: 'PAYMENT',
      properties: { action: 'FEE_ADDED', orderId: single!.orderId, itemType: 'PARKING_TICKET', status: 'UNPAID' },
    });
    expect(event!.displayText).toBe(`Fee added: Parking ticket 200.00 NOK + VAT 50.00 NOK = 250.00 NOK (${single!.orderId}, UNPAID)`);
  });

  it('charges a fee on a card booking at once: the event payment is PAID', async () => {
    const f = await fixture(fx.cardUserId, 'CREDITCARD', 'PAID');
    const res = booking(
      await bill(f.bid, [
        { value: 80, type: 'TOLL_FEE' },
        { value: 40, type: 'EV_CHARGING', vat: 0 },
      ]),
    );
    expect(res.payment!.singleEventPayments.map((p) => [p.status, p.totalPrice])).toEqual([
      ['PAID', 100],
      ['PAID', 40],
    ]);
    expect(calls.charge.map((c) => [c.amount, c.card])).toEqual([
      [100, 'VISA **** 4242'],
      [40, 'VISA **** 4242'],
    ]);
    const eves = (await paymentRows(f.bookingId)).filter((p) => p.target === 'EVENT');
    expect(eves.map((p) => [p.type, p.status, p.timestampType, p.paymentProvider, p.cardId])).toEqual([
      ['CREDITCARD', 'PAID', 'PAYMENT_DATE', 'sandbox', fx.cardId],
      ['CREDITCARD', 'PAID', 'PAYMENT_DATE', 'sandbox', fx.cardId],
    ]);
    expect(eves.every((p) => p.externalId !== null)).toBe(true);
    expect(await paymentActions(f.bid)).toHaveLength(2);
  });

  it('leaves a fee UNPAID with the card error code when the card is declined; the billing itself succeeds', async () => {
    const f = await fixture(fx.declineUserId, 'CREDITCARD', 'PAID');
    const res = booking(await bill(f.bid, [{ value: 100, type: 'RECONDITIONING_FEE' }]));
    expect(res.payment!.singleEventPayments).toMatchObject([{ status: 'UNPAID', totalPrice: 125 }]);
    const eve = (await paymentRows(f.bookingId)).find((p) => p.target === 'EVENT');
    expect(eve).toMatchObject({ status: 'UNPAID', failureCode: 'card_declined', reservationFailed: true, type: 'CREDITCARD' });
    const [event] = await paymentActions(f.bid);
    expect(event!.displayText).toMatch(/\(EVE\d{10}, UNPAID: card_declined\)$/);
    expect(event!.properties).toMatchObject({ failureCode: 'card_declined' });
  });

  it('uses the VAT rate sent with an item, else the contract VAT entry, rounded per line', async () => {
    const f = await fixture(fx.invoiceUserId, 'USER_INVOICE', 'UNPAID');
    // 100 with VAT entered, divided by 1.12 in the form: 89.2857… → 89.29 + 10.71 = 100.00.
    await bill(f.bid, [
      { value: 100 / 1.12, type: 'DISTANCE_FEE', vat: 0.12 },
      { value: 33.333, type: 'SPEED_TICKET' },
    ]);
    const eves = (await paymentRows(f.bookingId)).filter((p) => p.target === 'EVENT');
    expect(eves.map((p) => [p.totalPriceWithoutVat, p.totalVat, p.totalPrice])).toEqual([
      [89.29, 10.71, 100],
      [33.33, 8.33, 41.66],
    ]);
  });

  it('makes a fee without a booking payment an event payment of its own (no parent), by invoice without a card', async () => {
    const f = await fixture(fx.invoiceUserId, null);
    const res = booking(await bill(f.bid, [{ value: 50, type: 'OTHER', publicComment: 'Lost key fob' }]));
    expect(res.payment).toBeNull();
    const [eve] = await paymentRows(f.bookingId);
    expect(eve).toMatchObject({ target: 'EVENT', parentPaymentId: null, type: 'USER_INVOICE', status: 'UNPAID', totalPrice: 62.5 });
    expect(await linesOf(eve!.id)).toMatchObject([{ itemType: 'OTHER', itemDisplayText: 'Other fee', publicComment: 'Lost key fob' }]);
  });
});

describe('credits', () => {
  it('adds a negative CREDITING line to the booking payment, lowers its totals and refunds a paid card payment', async () => {
    const f = await fixture(fx.cardUserId, 'CREDITCARD', 'PAID');
    const res = booking(await bill(f.bid, [{ value: -100, type: 'CREDITING', comment: 'Car was dirty', publicComment: 'Sorry for the dirty car' }]));
    expect(res.payment).toMatchObject({ status: 'PAID', totalPriceWithoutVat: 300, totalVat: 75, totalPrice: 375 });
    expect(res.payment!.events).toMatchObject([
      {
        itemName: 'CREDITING',
        itemType: 'CREDITING',
        itemDisplayText: 'Credit',
        unitCost: -100,
        priceWithoutVat: -100,
        vat: -25,
        totalPrice: -125,
        manualEvent: true,
        comment: 'Car was dirty',
        publicComment: 'Sorry for the dirty car',
      },
    ]);
    expect(calls.refund).toEqual([{ externalId: f.bok!.externalId, amount: 125, key: expect.any(String) }]);
    const [bok] = await paymentRows(f.bookingId);
    expect(bok!.refundedAmount).toBe(125);
    const [event] = await paymentActions(f.bid);
    expect(event).toMatchObject({
      actingUsername: 'support',
      properties: { action: 'CREDIT_ADDED', orderId: f.bok!.orderId, refunded: 125, totalPrice: -125 },
    });
    expect(event!.displayText).toBe(`Credit added to ${f.bok!.orderId}: -100.00 NOK + VAT -25.00 NOK = -125.00 NOK; 125.00 NOK refunded to the card`);
  });

  it('credits an invoice without a refund, and allows a credit of exactly the total without VAT', async () => {
    const f = await fixture(fx.invoiceUserId, 'USER_INVOICE', 'INVOICE_SENT');
    const res = booking(await bill(f.bid, [{ value: -400, type: 'CREDITING' }]));
    expect(res.payment).toMatchObject({ status: 'INVOICE_SENT', totalPriceWithoutVat: 0, totalVat: 0, totalPrice: 0 });
    expect(calls.refund).toHaveLength(0);
    // Nothing is left to credit now: the booking's credit ability says so, and the call refuses with the same reason.
    expect(envelope(await bill(f.bid, [{ value: -0.01, type: 'CREDITING' }]), 409).message).toBe(MESSAGES.nothingToCredit);
    expect((await get(f.bid)).abilities.credit).toEqual({ allowed: false, reason: 'nothingToCredit' });
  });

  it('refuses a credit above the total without VAT (409), also as the sum of several credits', async () => {
    const f = await fixture(fx.cardUserId, 'CREDITCARD', 'PAID');
    for (const payload of [
      [{ value: -400.01, type: 'CREDITING' }],
      [
        { value: -300, type: 'CREDITING' },
        { value: -100.5, type: 'CREDITING' },
      ],
    ]) {
      const e = envelope(await bill(f.bid, payload), 409);
      expect(e).toMatchObject({ messageId: MESSAGE_IDS.conflict, message: 'A credit cannot exceed the total price without VAT' });
    }
    expect((await get(f.bid)).payment).toMatchObject({ totalPriceWithoutVat: 400, events: [] });
    expect(calls.refund).toHaveLength(0);
  });

  it('refuses to credit an unpaid booking or one without a payment (409)', async () => {
    for (const status of ['UNPAID', 'ABANDONED', 'RESERVATION_FAILED', 'NEEDS_AUTHORIZATION', 'NO_CHARGE'] as const) {
      const f = await fixture(fx.cardUserId, 'CREDITCARD', status);
      const e = envelope(await bill(f.bid, [{ value: -10, type: 'CREDITING' }]), 409);
      expect(e.message, status).toBe('An unpaid booking cannot be credited');
      expect(await linesOf(f.bok!.id)).toEqual([]);
    }
    const none = await fixture(fx.invoiceUserId, null);
    expect(envelope(await bill(none.bid, [{ value: -10, type: 'CREDITING' }]), 409).message).toBe(MESSAGES.unpaidBookingCannotBeCredited);
    expect(await paymentRows(none.bookingId)).toEqual([]);
  });

  it('rolls the credit back when the card refund is refused (400 with the card error)', async () => {
    const f = await fixture(fx.cardUserId, 'CREDITCARD', 'PAID');
    refuseRefund = 'processing_error';
    const e = envelope(await bill(f.bid, [{ value: -50, type: 'CREDITING' }]), 400);
    expect(e).toMatchObject({ messageId: `${PAYMENT_EXCEPTION_PREFIX}processing_error`, message: CARD_ERROR_MESSAGES.processing_error });
    const [bok] = await paymentRows(f.bookingId);
    expect(bok).toMatchObject({ totalPriceWithoutVat: 400, totalPrice: 500, refundedAmount: 0 });
    expect(await linesOf(bok!.id)).toEqual([]);
    expect(await paymentActions(f.bid)).toEqual([]);
  });
});

describe('fees and credits in one request', () => {
  it('refuses fees before a credit with creditingConflict and a credit before fees with commitCreditingFirst; nothing is written', async () => {
    const f = await fixture(fx.cardUserId, 'CREDITCARD', 'PAID');
    const a = envelope(
      await bill(f.bid, [
        { value: 10, type: 'TOLL_FEE' },
        { value: -10, type: 'CREDITING' },
      ]),
      409,
    );
    expect(a).toMatchObject({ messageId: MESSAGE_IDS.conflict, message: 'A credit cannot be added while other fees are pending' });
    const b = envelope(
      await bill(f.bid, [
        { value: -10, type: 'CREDITING' },
        { value: 10, type: 'TOLL_FEE' },
      ]),
      409,
    );
    expect(b.message).toBe(MESSAGES.commitCreditingFirst);
    expect(await paymentRows(f.bookingId)).toHaveLength(1);
    expect(await linesOf(f.bok!.id)).toEqual([]);
    expect(calls.charge.length + calls.refund.length).toBe(0);
  });

  it('decides the mix from the order of the items', () => {
    expect(mixConflict([{ type: 'TOLL_FEE' }, { type: 'PARKING_TICKET' }])).toBeNull();
    expect(mixConflict([{ type: 'CREDITING' }, { type: 'CREDITING' }])).toBeNull();
    expect(mixConflict([{ type: 'TOLL_FEE' }, { type: 'CREDITING' }, { type: 'TOLL_FEE' }])).toBe('creditingConflict');
    expect(mixConflict([{ type: 'CREDITING' }, { type: 'OTHER' }])).toBe('commitCreditingFirst');
  });
});

describe('400: the §5 item rules', () => {
  const long = 'x'.repeat(101);
  const cases: [string, unknown, string, string][] = [
    ['no type', [{ value: 10 }], '0.type', MESSAGES.specifyBillingType],
    ['a null type', [{ value: 10, type: null }], '0.type', MESSAGES.specifyBillingType],
    ['an empty type', [{ value: 10, type: '' }], '0.type', MESSAGES.specifyBillingType],
    ['an unknown type', [{ value: 10, type: 'LATE FEE' }], '0.type', MESSAGES.specifyBillingType],
    ['a negative fee', [{ value: -10, type: 'TOLL_FEE' }], '0.value', MESSAGES.feeMustBePositive],
    ['a zero fee', [{ value: 0, type: 'TOLL_FEE' }], '0.value', MESSAGES.feeMustBePositive],
    ['a fee that rounds to zero', [{ value: 0.001, type: 'TOLL_FEE' }], '0.value', MESSAGES.feeMustBePositive],
    ['a positive credit', [{ value: 10, type: 'CREDITING' }], '0.value', MESSAGES.creditMustBeNegative],
    ['no amount', [{ type: 'TOLL_FEE' }], '0.value', MESSAGES.amountRequired],
    ['a text amount', [{ value: 'ten', type: 'TOLL_FEE' }], '0.value', MESSAGES.amountNotNumber],
    ['a huge amount', [{ value: 1e12, type: 'TOLL_FEE' }], '0.value', 'The amount can be at most 1000000.00'],
    ['OTHER without a public comment', [{ value: 10, type: 'OTHER', publicComment: '  ' }], '0.publicComment', MESSAGES.publicCommentRequired],
    [
      'OTHER with 101 characters',
      [{ value: 10, type: 'OTHER', publicComment: long }],
      '0.publicComment',
      'The public comment can be at most 100 characters',
    ],
    [
      'CREDITING with 101 characters',
      [{ value: -10, type: 'CREDITING', publicComment: long }],
      '0.publicComment',
      'The public comment can be at most 100 characters',
    ],
    ['a VAT given as a percentage', [{ value: 10, type: 'TOLL_FEE', vat: 25 }], '0.vat', 'The VAT is a rate between 0 and 1 (0.25 = 25 %)'],
    [
      'a bad second item',
      [
        { value: 10, type: 'TOLL_FEE' },
        { value: 10, type: 'OTHER' },
      ],
      '1.publicComment',
      MESSAGES.publicCommentRequired,
    ],
  ];
  it.each(cases)('refuses %s', async (_name, payload, field, message) => {
    const f = await fixture(fx.cardUserId, 'CREDITCARD', 'PAID');
    const e = envelope(await bill(f.bid, payload), 400);
    expect(e.messageId).toBe(MESSAGE_IDS.invalidInput);
    expect(e.errors).toContainEqual(expect.objectContaining({ field, message }));
    expect(await paymentRows(f.bookingId)).toHaveLength(1);
    expect(await linesOf(f.bok!.id)).toEqual([]);
  });

  it('accepts a long public comment on other fee types, and types with spaces, any case', async () => {
    const f = await fixture(fx.invoiceUserId, 'USER_INVOICE', 'UNPAID');
    const res = booking(
      await bill(f.bid, [
        { value: 10, type: 'speed ticket', publicComment: 'x'.repeat(150) },
        { value: 5, type: 'NOT REFUELED' },
      ]),
    );
    expect(res.payment!.singleEventPayments).toHaveLength(2);
    expect(feeTypeOf(' Parking ticket ')).toBe('PARKING_TICKET');
    expect(feeTypeOf('PARKING__TICKET')).toBe('PARKING_TICKET');
    expect(feeTypeOf('PARKING')).toBeNull();
    expect(checkBillingItems([{ value: 1, type: 'TOLL_FEE', vat: 0.999 }]).problems).toEqual([]);
  });

  it('refuses malformed bodies with 400, never 500', async () => {
    const f = await fixture(fx.cardUserId, 'CREDITCARD', 'PAID');
    for (const payload of [{}, [], [null], [1], [[1]], Array.from({ length: 21 }, () => ({ value: 1, type: 'TOLL_FEE' }))]) {
      envelope(await bill(f.bid, payload), 400);
    }
    const badJson = await t.app.inject({
      method: 'POST',
      url: `/api/bookings/${f.bid}/billing`,
      headers: { authorization: authToken(token), 'content-type': 'application/json' },
      payload: '[{"value":',
    });
    envelope(badJson, 400);
    const noBody = await t.app.inject({ method: 'POST', url: `/api/bookings/${f.bid}/billing`, headers: { authorization: authToken(token) } });
    envelope(noBody, 400);
    const text = await t.app.inject({
      method: 'POST',
      url: `/api/bookings/${f.bid}/billing`,
      headers: { authorization: authToken(token), 'content-type': 'text/plain' },
      payload: 'fee 10',
    });
    envelope(text, 400);
    const longKey = await bill(f.bid, [{ value: 1, type: 'TOLL_FEE' }], { key: 'k'.repeat(201) });
    expect(envelope(longKey, 400).errors[0]).toMatchObject({ field: 'Idempotency-Key' });
    expect(await paymentRows(f.bookingId)).toHaveLength(1);
  });
});

describe('idempotency', () => {
  it('applies a double-submitted credit with one key once (sequentially); another key applies again', async () => {
    const f = await fixture(fx.cardUserId, 'CREDITCARD', 'PAID');
    const payload = [{ value: -40, type: 'CREDITING' }];
    const first = await bill(f.bid, payload, { key: 'credit-1' });
    const second = await bill(f.bid, payload, { key: 'credit-1' });
    expect(booking(first).payment!.totalPrice).toBe(450);
    expect(booking(second)).toEqual(booking(first));
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(await linesOf(f.bok!.id)).toHaveLength(1);
    expect(calls.refund).toHaveLength(1);
    expect(await paymentActions(f.bid)).toHaveLength(1);

    expect(booking(await bill(f.bid, payload, { key: 'credit-2' })).payment!.totalPrice).toBe(400);
    expect(await linesOf(f.bok!.id)).toHaveLength(2);
  });

  it('applies a double-submitted credit with one key once (concurrently)', async () => {
    const f = await fixture(fx.cardUserId, 'CREDITCARD', 'PAID');
    const payload = [{ value: -40, type: 'CREDITING' }];
    const [a, b] = await Promise.all([bill(f.bid, payload, { key: 'same' }), bill(f.bid, payload, { key: 'same' })]);
    expect(booking(a).payment!.totalPrice).toBe(450);
    expect(booking(b).payment!.totalPrice).toBe(450);
    const [bok] = await paymentRows(f.bookingId);
    expect(bok).toMatchObject({ totalPriceWithoutVat: 360, totalPrice: 450, refundedAmount: 50 });
    expect(await linesOf(bok!.id)).toHaveLength(1);
    expect(calls.refund).toHaveLength(1);
  });

  it('keys are per booking, and a refused request does not use up its key', async () => {
    const f = await fixture(fx.cardUserId, 'CREDITCARD', 'PAID');
    const g = await fixture(fx.cardUserId, 'CREDITCARD', 'PAID');
    expect(envelope(await bill(f.bid, [{ value: -999, type: 'CREDITING' }], { key: 'k1' }), 409).message).toBe(MESSAGES.creditExceedsTotal);
    expect(booking(await bill(f.bid, [{ value: -10, type: 'CREDITING' }], { key: 'k1' })).payment!.totalPriceWithoutVat).toBe(390);
    expect(booking(await bill(g.bid, [{ value: -10, type: 'CREDITING' }], { key: 'k1' })).payment!.totalPriceWithoutVat).toBe(390);
  });

  it('charges a double-submitted fee once', async () => {
    const f = await fixture(fx.cardUserId, 'CREDITCARD', 'PAID');
    const payload = [{ value: 20, type: 'PARKING_TICKET' }];
    await Promise.all([bill(f.bid, payload, { key: 'fee' }), bill(f.bid, payload, { key: 'fee' })]);
    await bill(f.bid, payload, { key: 'fee' });
    expect((await paymentRows(f.bookingId)).filter((p) => p.target === 'EVENT')).toHaveLength(1);
    expect(calls.charge).toHaveLength(1);
  });
});

describe('404', () => {
  it("answers 404 for another operator's booking, an unknown bid and a malformed bid", async () => {
    const f = await fixture(fx.cardUserId, 'CREDITCARD', 'PAID');
    for (const [bid, auth] of [
      [f.bid, otherToken],
      ['BID0000000000', token],
      ['not-a-bid', token],
    ] as const) {
      const e = envelope(await bill(bid, [{ value: -10, type: 'CREDITING' }], { auth }), 404);
      expect(e).toMatchObject({ messageId: MESSAGE_IDS.bookingNotFound, message: MESSAGES.bookingNotFound });
    }
    expect(await linesOf(f.bok!.id)).toEqual([]);
    const [row] = await t.database.db.select().from(bookings).where(eq(bookings.id, f.bookingId));
    expect(row!.fleetId).toBe('fjord');
  });

  it('needs a session (401)', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/bookings/BID0000000000/billing', payload: [{ value: 1, type: 'TOLL_FEE' }] });
    envelope(res, 401);
  });
});
