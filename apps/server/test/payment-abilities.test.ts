import {
  MESSAGES,
  PAYMENT_ABILITY_KEYS,
  ZErrorEnvelope,
  ZPayment,
  isAbilityShown,
  paymentSwitchTarget,
  type Payment,
  type PaymentAbilityKey,
  type PaymentStatus,
  type PaymentTarget,
  type PaymentType,
} from '@fleetdesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client.ts';
import { payments, registeredCards } from '../src/db/schema.ts';
import { paymentAbilities } from '../src/modules/bookings/payment-abilities.ts';
import { createBooking, createContract, createFleet, createPool, createStaff, createUser, createVehicle } from './support/factories.ts';
import { authToken, createTestApp, login, type TestApp } from './support/test-app.ts';

/**
 * Issue 16: the §4 payment actions are decided once on the server (bookings/payment-abilities.ts), sent with every payment,
 * and the payment endpoints refuse with the same reason. The rules as a table, then every type × status of a booking
 * payment and of an event payment against the endpoints.
 */

const FLEET = 'payabilities';
const H = 3_600_000;

const kinds = (type: PaymentType, status: PaymentStatus, o: { card?: boolean; target?: PaymentTarget } = {}) => {
  const target = o.target ?? 'BOOKING';
  const abilities = paymentAbilities({ orderId: target === 'EVENT' ? 'EVE1' : 'BOK1', type, status, target, hasValidCard: o.card ?? true });
  return PAYMENT_ABILITY_KEYS.filter((k) => isAbilityShown(abilities[k])).map((k) => (abilities[k].allowed ? k : `${k}:${abilities[k].reason}`));
};

describe('the §4 payment action rules', () => {
  it('offers the invoice steps only from the statuses they start from', () => {
    expect(kinds('USER_INVOICE', 'UNPAID')).toEqual(['markInvoiceSent', 'switchType', 'replace']);
    expect(kinds('USER_INVOICE', 'INVOICE_SENT')).toEqual(['markInvoicePaid', 'markInvoiceUnpaid', 'switchType', 'replace']);
    expect(kinds('USER_INVOICE', 'PAID')).toEqual(['switchType:paymentSettled', 'replace:paymentReplacePaid']);
  });

  it('revives or retries only an abandoned or unpaid card payment; releases only an abandoned one', () => {
    expect(kinds('CREDITCARD', 'ABANDONED')).toEqual(['retry', 'release', 'switchType', 'replace']);
    expect(kinds('CREDITCARD', 'UNPAID')).toEqual(['retry', 'release:releaseNotAllowed', 'switchType', 'replace']);
    expect(kinds('CREDITCARD', 'RESERVED')).toEqual(['release:releaseNotAllowed', 'switchType', 'replace']);
  });

  it('releases a company invoice unless it is no charge, and never turns an invoice into a card', () => {
    expect(kinds('INVOICE', 'UNPAID')).toEqual(['release', 'switchType:cantTurnInvoiceToCard', 'replace']);
    expect(kinds('INVOICE', 'NO_CHARGE')).toEqual([
      'release:paymentAlreadyReleased',
      'switchType:cantTurnInvoiceToCard',
      'replace:paymentAlreadyReleased',
    ]);
  });

  it('switches to a card only with a valid registered card; to an invoice without one', () => {
    expect(kinds('USER_INVOICE', 'UNPAID', { card: false })).toContain('switchType:paymentSwitchNoCard');
    expect(kinds('CREDITCARD', 'UNPAID', { card: false })).toContain('switchType');
    expect(kinds('CREDITCARD', 'NO_CHARGE')).toContain('switchType:paymentSettled');
    expect(paymentSwitchTarget('CREDITCARD')).toBe('USER_INVOICE');
    expect(paymentSwitchTarget('USER_INVOICE')).toBe('CREDITCARD');
  });

  it('cancels an event payment unless paid or released, and never replaces one', () => {
    expect(kinds('USER_INVOICE', 'UNPAID', { target: 'EVENT' })).toEqual(['markInvoiceSent', 'switchType', 'cancelEventPayment']);
    expect(kinds('USER_INVOICE', 'PAID', { target: 'EVENT' })).toContain('cancelEventPayment:cancelEventPaymentNotAllowed');
    expect(kinds('USER_INVOICE', 'NO_CHARGE', { target: 'EVENT' })).toContain('cancelEventPayment:paymentAlreadyReleased');
  });
});

let t: TestApp;
let db: Db;
let token: string;
let fx: { contractId: number; poolId: number };
let orders = 0;

beforeAll(async () => {
  t = await createTestApp();
  db = t.database.db;
  await createFleet(db, FLEET);
  await createStaff(db, FLEET, 'pay.admin', 'a-long-admin-password', 'ADMIN');
  fx = { contractId: (await createContract(db, FLEET)).id, poolId: (await createPool(db, FLEET)).id };
  token = await login(t.app, 'pay.admin', 'a-long-admin-password');
});
afterAll(() => t.close());

/** A finished booking of a customer with a valid card, and its payment (a booking payment, or an event order under one). */
async function makePayment(type: PaymentType, status: PaymentStatus, target: PaymentTarget): Promise<{ bid: string; payment: Payment }> {
  const user = await createUser(db, FLEET);
  await db
    .insert(registeredCards)
    .values({ fleetId: FLEET, userId: user.id, cardTypeAndMaskedNumber: 'VISA **** 4242', expires: '2099-12', providerToken: 'tok_4242' });
  const vehicle = await createVehicle(db, FLEET);
  const now = Date.now();
  const booking = await createBooking(
    db,
    FLEET,
    { userId: user.id, contractId: fx.contractId, poolId: fx.poolId, vehicleId: vehicle.id },
    {
      state: 'FINISHED',
      startTime: new Date(now - 5 * H),
      endTime: new Date(now - 3 * H),
    },
  );
  const insert = async (orderType: PaymentType, orderStatus: PaymentStatus, orderTarget: PaymentTarget, parentPaymentId: number | null) => {
    orders += 1;
    const [row] = await db
      .insert(payments)
      .values({
        orderId: `${orderTarget === 'EVENT' ? 'EVE' : 'BOK'}${String(770_000_000 + orders)}`,
        fleetId: FLEET,
        bookingId: booking.id,
        userId: user.id,
        parentPaymentId,
        type: orderType,
        status: orderStatus,
        target: orderTarget,
        currency: 'NOK',
        totalPrice: 250,
        totalPriceWithoutVat: 200,
        totalVat: 50,
        paymentProvider: orderType === 'CREDITCARD' ? 'sandbox' : 'invoice',
      })
      .returning();
    return row!;
  };
  let row = await insert(type, status, target === 'EVENT' ? 'BOOKING' : target, null);
  if (target === 'EVENT') row = await insert(type, status, 'EVENT', row.id);
  const res = await t.app.inject({ method: 'GET', url: `/api/payments/${row.orderId}`, headers: { authorization: authToken(token) } });
  expect(res.statusCode, res.body).toBe(200);
  return { bid: booking.bid, payment: ZPayment.parse(res.json()) };
}

function act(key: PaymentAbilityKey, bid: string, p: Payment) {
  const headers = { authorization: authToken(token), 'content-type': 'application/json' };
  const send = (method: 'POST' | 'PUT', url: string, body: unknown) => t.app.inject({ method, url, headers, payload: JSON.stringify(body) });
  const order = `/api/payments/${p.orderId}`;
  switch (key) {
    case 'markInvoiceSent':
      return send('PUT', `${order}/status`, { status: 'INVOICE_SENT' });
    case 'markInvoicePaid':
      return send('PUT', `${order}/status`, { status: 'PAID' });
    case 'markInvoiceUnpaid':
      return send('PUT', `${order}/status`, { status: 'UNPAID' });
    case 'retry':
      return t.app.inject({ method: 'POST', url: `${order}/retry`, headers: { authorization: authToken(token) } });
    case 'release':
      return send('POST', `${order}/release`, { reason: 'Billed twice' });
    case 'cancelEventPayment':
      return send('POST', `${order}/cancel`, { reason: 'Goodwill' });
    case 'switchType': {
      const to = p.type === 'INVOICE' ? 'CREDITCARD' : paymentSwitchTarget(p.type);
      return p.target === 'BOOKING'
        ? send('PUT', `/api/bookings/${bid}/paymentType`, { paymentType: to })
        : send('PUT', `${order}/paymentType`, { paymentType: to });
    }
    case 'replace':
      return send('POST', `/api/bookings/${bid}/payment/replace`, { paymentType: p.type === 'USER_INVOICE' ? 'INVOICE' : 'USER_INVOICE' });
  }
}

const TYPES: PaymentType[] = ['CREDITCARD', 'USER_INVOICE', 'INVOICE'];
const STATUSES: PaymentStatus[] = ['UNPAID', 'INVOICE_SENT', 'PAID', 'ABANDONED', 'RESERVED', 'NO_CHARGE'];

describe('payment abilities agree with the payment endpoints (issue 16)', () => {
  for (const target of ['BOOKING', 'EVENT'] as const) {
    for (const type of TYPES) {
      it(`${target === 'BOOKING' ? 'booking payment' : 'event payment'}, ${type}, every status and action`, async () => {
        for (const status of STATUSES) {
          for (const key of PAYMENT_ABILITY_KEYS) {
            // Replace acts on the booking's payment (by bid), never on an event order: nothing to call for one.
            if (key === 'replace' && target === 'EVENT') continue;
            const { bid, payment } = await makePayment(type, status, target);
            const ability = payment.abilities[key];
            const res = await act(key, bid, payment);
            const label = `${type} ${status} ${key} ${JSON.stringify(ability)}: ${res.statusCode} ${res.body.slice(0, 200)}`;
            if (ability.allowed) {
              expect(res.statusCode, label).toBeLessThan(300);
              continue;
            }
            expect(res.statusCode, label).toBeGreaterThanOrEqual(400);
            expect(res.statusCode, label).toBeLessThan(500);
            if (ability.reason) {
              const envelope = ZErrorEnvelope.parse(res.json());
              const reason = ability.reason as keyof typeof MESSAGES;
              expect(envelope.errors.some((e) => e.messageId === reason) || envelope.message === MESSAGES[reason], label).toBe(true);
            }
          }
        }
      });
    }
  }
});
