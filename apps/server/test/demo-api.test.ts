import { CARD_ERROR_MESSAGES, PAYMENT_EXCEPTION_PREFIX, ZErrorEnvelope, ZPayment, ZUserPaymentsResponse, type Payment } from '@fleetdesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxPaymentProvider } from '../src/integrations/payments/sandbox.ts';
import { seedDemo } from '../src/seed/demo.ts';
import { authToken, createTestApp, login, type TestApp } from './support/test-app.ts';

/**
 * Smoke tests of the demo seed through the API: the handy identifiers of docs/demo-data.md answer as documented.
 * The behaviour itself is tested on factory fixtures (docs/decisions/0047-test-clock.md); these only check that
 * the demo still shows it, at whatever time TEST_NOW chose.
 */

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp({}, { payments: sandboxPaymentProvider() });
  await seedDemo(t.database.db);
  token = await login(t.app, 'support', 'support-demo');
});
afterAll(() => t.close());

type Res = { statusCode: number; body: string; json(): unknown };
const req = (method: 'GET' | 'POST', url: string) => t.app.inject({ method, url, headers: { authorization: authToken(token) } });
const ok = (res: Res): Payment => {
  expect(res.statusCode, res.body).toBe(200);
  return ZPayment.parse(res.json());
};
const envelope = (res: Res, status: number) => {
  expect(res.statusCode, res.body).toBe(status);
  return ZErrorEnvelope.parse(res.json());
};

describe('the demo payments', () => {
  it('has the declined-card customer: retrying her unpaid card payment answers card_declined', async () => {
    const cards = (await req('GET', '/api/users/demo.declined/payments/methods')).json() as {
      registeredCards: { cardTypeAndMaskedNumber: string }[];
    };
    expect(cards.registeredCards.map((c) => c.cardTypeAndMaskedNumber)).toEqual(['VISA **** 0002']);
    const mine = ZUserPaymentsResponse.parse((await req('GET', '/api/users/demo.declined/payments')).json());
    expect(mine.payments.map((p) => [p.orderId, p.bid, p.type, p.status])).toEqual([['BOK1000114', 'BID1000000148', 'CREDITCARD', 'UNPAID']]);
    const booking = (await req('GET', '/api/bookings/BID1000000148')).json() as { state: string };
    expect(booking.state).toBe('FINISHED');
    expect(envelope(await req('POST', '/api/payments/BOK1000114/retry'), 400)).toMatchObject({
      messageId: `${PAYMENT_EXCEPTION_PREFIX}card_declined`,
      message: CARD_ERROR_MESSAGES.card_declined,
    });
    expect(mine.outstandingPayments).toEqual([{ numberOfPayments: 1, totalCost: mine.payments[0]!.totalPrice, currencyCode: 'NOK' }]);
  });

  it('has, in fjord, an unpaid user invoice, an abandoned card payment and a paid card payment of a finished booking', async () => {
    expect(ok(await req('GET', '/api/payments/BOK1000015'))).toMatchObject({ bid: 'BID1000000018', type: 'USER_INVOICE', status: 'UNPAID' });
    expect(ok(await req('GET', '/api/payments/BOK1000007'))).toMatchObject({ bid: 'BID1000000009', type: 'CREDITCARD', status: 'ABANDONED' });
    expect(ok(await req('GET', '/api/payments/BOK1000005'))).toMatchObject({ bid: 'BID1000000007', type: 'CREDITCARD', status: 'PAID' });
    expect(((await req('GET', '/api/bookings/BID1000000007')).json() as { state: string }).state).toBe('FINISHED');
  });
});
