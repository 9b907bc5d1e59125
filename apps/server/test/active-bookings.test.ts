import { ZActiveBookingsResponse, isActiveBookingFlagged, type ActiveBookingsResponse } from '@fleetdesk/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, contracts, payments, pools, users } from '../src/db/schema.ts';
import { seedDemo } from '../src/seed/demo.ts';
import { createBooking } from './support/factories.ts';
import { authToken, createTestApp, login, type TestApp } from './support/test-app.ts';

const HOUR = 3_600_000;
let t: TestApp;
let token: string;
let seToken: string;
let unallocatedBid: string;
let authBid: string;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  await seedDemo(db);
  // Two more active bookings of fjord: one without a vehicle, one whose payment waits for the customer.
  const [user] = await db.select().from(users).where(eq(users.username, 'demo.active'));
  const [contract] = await db.select().from(contracts).where(eq(contracts.fleetId, 'fjord')).limit(1);
  const [pool] = await db.select().from(pools).where(and(eq(pools.fleetId, 'fjord'), eq(pools.name, 'Grünerløkka')));
  const refs = { userId: user!.id, contractId: contract!.id, poolId: pool!.id };
  const now = Date.now();
  unallocatedBid = (await createBooking(db, 'fjord', refs, { state: 'ACTIVE', startTime: new Date(now - HOUR), endTime: new Date(now + HOUR), note: 'bike on the spot' })).bid;
  const auth = await createBooking(db, 'fjord', refs, { state: 'ACTIVE', startTime: new Date(now - HOUR), endTime: new Date(now + HOUR), allocationState: 'ALLOCATED' });
  authBid = auth.bid;
  await db.insert(payments).values({ orderId: 'BOK9900002', fleetId: 'fjord', bookingId: auth.id, userId: user!.id, type: 'CREDITCARD', status: 'NEEDS_AUTHORIZATION', target: 'BOOKING', currency: 'NOK' });
  token = await login(t.app, 'support', 'support-demo');
  seToken = await login(t.app, 'support.se', 'support-demo');
});
afterAll(() => t.close());

async function activeBookings(as = token): Promise<ActiveBookingsResponse> {
  const res = await t.app.inject({ method: 'GET', url: '/api/activebookings', headers: { authorization: authToken(as) } });
  expect(res.statusCode, res.body).toBe(200);
  return ZActiveBookingsResponse.parse(res.json());
}

describe('GET /api/activebookings', () => {
  it("lists every ACTIVE booking of the operator, most overdue first", async () => {
    const body = await activeBookings();
    const count = await t.database.db.$count(bookings, and(eq(bookings.fleetId, 'fjord'), eq(bookings.state, 'ACTIVE')));
    expect(body.results).toHaveLength(count);
    expect(body.results.every((r) => r.bid.startsWith('BID1') || r.bid.startsWith('BID9'))).toBe(true);
    const ends = body.results.map((r) => Date.parse(r.endTime));
    expect([...ends].sort((a, b) => a - b)).toEqual(ends);
    const theirs = await activeBookings(seToken);
    expect(theirs.results.map((r) => r.bid)).toContain('BID2000000008');
    expect(theirs.results.map((r) => r.bid)).not.toContain('BID1000000001');
  });

  it('computes overdue hours and flags the overdue booking', async () => {
    const body = await activeBookings();
    const overdue = body.results.find((r) => r.bid === 'BID1000000015');
    // Ended 2 h before the base time (now rounded down to the hour): between 2 and 3 hours overdue.
    expect(overdue).toMatchObject({ bookingStatus: 'OVERDUE', driverUsername: 'ola.nordmann', registrationNumber: 'EB 40404' });
    expect(overdue!.overdueHours).toBeGreaterThanOrEqual(2);
    expect(overdue!.overdueHours).toBeLessThan(3.1);
    const expected = Math.floor((Date.parse(body.generatedAt) - Date.parse(overdue!.endTime)) / 360_000) / 10;
    expect(overdue!.overdueHours).toBe(expected);
    expect(isActiveBookingFlagged(overdue!.bookingStatus)).toBe(true);
    expect(body.results[0]!.overdueHours).toBeGreaterThanOrEqual(overdue!.overdueHours);
  });

  it('gives the §3 columns of a normal active booking', async () => {
    const row = (await activeBookings()).results.find((r) => r.bid === 'BID1000000001');
    expect(row).toMatchObject({
      bookingStatus: 'ACTIVATED', overdueHours: 0, driverUsername: 'demo.active', driverGivenName: 'Kari', driverFamilyName: 'Nordmann',
      companyName: 'Nordlys Oslo Dev team', registrationNumber: 'EL 12345', fetchAtCityName: 'Oslo', fetchAtPoolName: 'Grünerløkka',
    });
    expect(row!.usageStart).not.toBeNull();
    expect(isActiveBookingFlagged(row!.bookingStatus)).toBe(false);
    for (const r of (await activeBookings()).results) {
      if (r.bookingStatus === 'ACTIVATED') expect(r.overdueHours).toBe(0);
      if (r.overdueHours > 0 && r.bookingStatus === 'ACTIVATED') throw new Error(`${r.bid} overdue but not flagged`);
    }
  });

  it('flags bookings without a vehicle and those waiting for card authorisation', async () => {
    const rows = new Map((await activeBookings()).results.map((r) => [r.bid, r]));
    expect(rows.get(unallocatedBid)).toMatchObject({ bookingStatus: 'NOT_ALLOCATED', registrationNumber: null, note: 'bike on the spot' });
    expect(rows.get(authBid)?.bookingStatus).toBe('REQUIRES_AUTH');
  });

  it('needs a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/activebookings' })).statusCode).toBe(401);
  });
});
