import { MESSAGE_IDS, MESSAGES, ZBooking, ZErrorEnvelope } from '@fleetdesk/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings } from '../src/db/schema.ts';
import { seedDemo } from '../src/seed/demo.ts';
import { authToken, createTestApp, login, type TestApp } from './support/test-app.ts';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.database.db);
  token = await login(t.app, 'support', 'support-demo');
});
afterAll(() => t.close());

const get = (bid: string) =>
  t.app.inject({ method: 'GET', url: `/api/bookings/${encodeURIComponent(bid)}`, headers: { authorization: authToken(token) } });

describe('GET /api/bookings/{bid}', () => {
  it('returns a demo booking, matching the bid upper-cased', async () => {
    const res = await get('bid1000000001');
    expect(res.statusCode).toBe(200);
    const booking = ZBooking.parse(res.json());
    expect(booking).toMatchObject({ bid: 'BID1000000001', state: 'ACTIVE', user: { username: 'demo.active' } });
    expect(booking.vehicleAllocation.vehicle?.registrationNumber).toBe('EL 12345');
    expect(booking.actions).toContain('DEACTIVATE_UNCHECKED');
    // The contract summary: demo.active's private contract has a 59 NOK admin booking fee.
    expect(booking.contract).toMatchObject({ id: booking.contractId, contractType: 'PRIVATE', currency: 'NOK', adminFee: 59 });
  });

  it('serves every booking of the operator in the §3 shape, with consistent display states', async () => {
    const rows = await t.database.db.select({ bid: bookings.bid }).from(bookings).where(eq(bookings.fleetId, 'fjord'));
    expect(rows.length).toBeGreaterThan(100);
    const states = new Set<string>();
    for (const { bid } of rows) {
      const res = await get(bid);
      expect(res.statusCode, bid).toBe(200);
      const b = ZBooking.parse(res.json());
      states.add(b.displayState);
      if (b.user === null) expect(b.displayState).toBe('ARCHIVED');
      if (b.displayState === 'READY') expect(b.actions).toContain('ACTIVATE');
      if (b.state === 'FINISHED' || b.state === 'CANCELLED') expect(b.actions).toEqual([]);
      if (b.payment) {
        const sum = Math.round(b.payment.events.reduce((s, e) => s + e.totalPrice, 0) * 100) / 100;
        if (b.payment.events.length) expect(sum, b.bid).toBeCloseTo(b.payment.totalPrice, 2);
      }
    }
    for (const s of ['ACTIVE', 'FINISHED', 'CANCELLED', 'ARCHIVED', 'REQUIRES_AUTH']) expect(states, s).toContain(s);
  });

  it('shows an archived booking without a user and a payment waiting for authorisation', async () => {
    expect(ZBooking.parse((await get('BID1000000019')).json())).toMatchObject({ user: null, displayState: 'ARCHIVED' });
    const auth = ZBooking.parse((await get('BID1000000017')).json());
    expect(auth.displayState).toBe('REQUIRES_AUTH');
    expect(auth.paymentsRequiringAuthorization.length).toBeGreaterThan(0);
    expect(auth.actions).not.toContain('ACTIVATE');
  });

  it("answers 404 'Booking not found.' for another operator's, unknown and malformed bids", async () => {
    for (const bid of ['BID2000000001', 'BID1999999999', 'not-a-bid', 'BID12']) {
      const res = await get(bid);
      expect(res.statusCode, bid).toBe(404);
      expect(ZErrorEnvelope.parse(res.json())).toMatchObject({ messageId: MESSAGE_IDS.bookingNotFound, message: MESSAGES.bookingNotFound });
    }
  });

  it('needs a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/bookings/BID1000000001' });
    expect(res.statusCode).toBe(401);
  });
});
