import { ZActiveBookingsResponse, isActiveBookingFlagged, type ActiveBookingsResponse } from '@fleetdesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments } from '../src/db/schema.ts';
import { setTestNow } from './support/clock.ts';
import {
  createBooking,
  createCompany,
  createContract,
  createFleet,
  createPool,
  createStaff,
  createUser,
  createVehicle,
} from './support/factories.ts';
import { authToken, createTestApp, login, type TestApp } from './support/test-app.ts';

const HOUR = 3_600_000;
// A fixed test clock (docs/decisions/0047-test-clock.md): every end time below is an offset from it.
const NOW = setTestNow('2026-03-10T08:05:00+01:00').getTime();

let t: TestApp;
let token: string;
let seToken: string;
const bid = { normal: '', overdue: '', longOverdue: '', unallocated: '', awaitingAuth: '', inactive: '', finished: '', theirs: '' };

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  await createFleet(db, 'fjord');
  await createFleet(db, 'malar', { country: 'SE', currency: 'SEK', defaultLanguage: 'sv', timeZone: 'Europe/Stockholm' });
  await createStaff(db, 'fjord', 'support', 'support-demo');
  await createStaff(db, 'malar', 'support.se', 'support-demo');

  const company = await createCompany(db, 'fjord', { name: 'Nordlys Oslo Dev team' });
  const kari = await createUser(db, 'fjord', { username: 'demo.active', givenName: 'Kari', familyName: 'Nordmann', companyId: company.id });
  const ola = await createUser(db, 'fjord', { username: 'ola.nordmann', givenName: 'Ola', familyName: 'Nordmann' });
  const pool = await createPool(db, 'fjord', { name: 'Grünerløkka', city: 'Oslo' });
  const contract = await createContract(db, 'fjord');
  const car = await createVehicle(db, 'fjord', { registrationNumber: 'EL 12345' });
  const bike = await createVehicle(db, 'fjord', { registrationNumber: 'EB 40404', category: 'BIKE' });
  const van = await createVehicle(db, 'fjord', { registrationNumber: 'EL 77777' });
  const spare = await createVehicle(db, 'fjord', { registrationNumber: 'EL 55555' });
  const booking = (userId: number, vehicleId: number | undefined, over: Parameters<typeof createBooking>[3]) =>
    createBooking(db, 'fjord', { userId, contractId: contract.id, poolId: pool.id, ...(vehicleId ? { vehicleId } : {}) }, over);
  const active = (startH: number, endH: number) => ({
    state: 'ACTIVE' as const,
    startTime: new Date(NOW + startH * HOUR),
    endTime: new Date(NOW + endH * HOUR),
  });

  bid.normal = (await booking(kari.id, car.id, { ...active(-1, 3), usageStart: new Date(NOW - HOUR) })).bid;
  bid.overdue = (await booking(ola.id, bike.id, active(-5, -2.5))).bid;
  bid.longOverdue = (await booking(ola.id, van.id, active(-30, -26))).bid;
  bid.unallocated = (await booking(kari.id, undefined, { ...active(-1, 1), note: 'bike on the spot' })).bid;
  const auth = await booking(kari.id, spare.id, active(-1, 1));
  bid.awaitingAuth = auth.bid;
  await db.insert(payments).values({
    orderId: 'BOK9900002',
    fleetId: 'fjord',
    bookingId: auth.id,
    userId: kari.id,
    type: 'CREDITCARD',
    status: 'NEEDS_AUTHORIZATION',
    target: 'BOOKING',
    currency: 'NOK',
  });
  // Not ACTIVE: never listed, however their times compare with now.
  bid.inactive = (await booking(kari.id, undefined, { state: 'INACTIVE', startTime: new Date(NOW - 2 * HOUR), endTime: new Date(NOW - HOUR) })).bid;
  bid.finished = (
    await booking(ola.id, undefined, { state: 'FINISHED', startTime: new Date(NOW - 9 * HOUR), endTime: new Date(NOW - 8 * HOUR) })
  ).bid;

  // Another operator's active booking: only its own staff see it.
  const sePool = await createPool(db, 'malar', { name: 'Södermalm', city: 'Stockholm' });
  const seContract = await createContract(db, 'malar', { currency: 'SEK' });
  const seUser = await createUser(db, 'malar');
  bid.theirs = (await createBooking(db, 'malar', { userId: seUser.id, contractId: seContract.id, poolId: sePool.id }, active(-1, 2))).bid;

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
  it('lists every ACTIVE booking of the operator, most overdue first (equal ends by BID)', async () => {
    const body = await activeBookings();
    const [sameEndFirst, sameEndSecond] = [bid.unallocated, bid.awaitingAuth].sort();
    expect(body.results.map((r) => r.bid)).toEqual([bid.longOverdue, bid.overdue, sameEndFirst, sameEndSecond, bid.normal]);
    expect((await activeBookings(seToken)).results.map((r) => r.bid)).toEqual([bid.theirs]);
  });

  it('computes overdue hours (tenths, rounded down) from the server clock and flags overdue bookings', async () => {
    const body = await activeBookings();
    // The clock runs on from NOW during the test: a few seconds, well inside the tenth of an hour.
    expect(Date.parse(body.generatedAt) - NOW).toBeGreaterThanOrEqual(0);
    expect(Date.parse(body.generatedAt) - NOW).toBeLessThan(6 * 60_000);
    const rows = new Map(body.results.map((r) => [r.bid, r]));
    expect(rows.get(bid.overdue)).toMatchObject({
      bookingStatus: 'OVERDUE',
      overdueHours: 2.5,
      driverUsername: 'ola.nordmann',
      registrationNumber: 'EB 40404',
    });
    expect(rows.get(bid.longOverdue)).toMatchObject({ bookingStatus: 'OVERDUE', overdueHours: 26 });
    expect(isActiveBookingFlagged('OVERDUE')).toBe(true);
  });

  it('gives the §3 columns of a normal active booking', async () => {
    const row = (await activeBookings()).results.find((r) => r.bid === bid.normal);
    expect(row).toEqual({
      bid: bid.normal,
      bookingStatus: 'ACTIVATED',
      overdueHours: 0,
      startTime: new Date(NOW - HOUR).toISOString(),
      endTime: new Date(NOW + 3 * HOUR).toISOString(),
      usageStart: new Date(NOW - HOUR).toISOString(),
      tripType: row!.tripType,
      driverUsername: 'demo.active',
      driverGivenName: 'Kari',
      driverFamilyName: 'Nordmann',
      note: null,
      companyName: 'Nordlys Oslo Dev team',
      registrationNumber: 'EL 12345',
      fetchAtCityName: 'Oslo',
      fetchAtPoolName: 'Grünerløkka',
    });
    expect(isActiveBookingFlagged(row!.bookingStatus)).toBe(false);
  });

  it('flags bookings without a vehicle and those waiting for card authorisation', async () => {
    const rows = new Map((await activeBookings()).results.map((r) => [r.bid, r]));
    expect(rows.get(bid.unallocated)).toMatchObject({
      bookingStatus: 'NOT_ALLOCATED',
      registrationNumber: null,
      note: 'bike on the spot',
      overdueHours: 0,
    });
    expect(rows.get(bid.awaitingAuth)).toMatchObject({ bookingStatus: 'REQUIRES_AUTH', registrationNumber: 'EL 55555' });
    expect(isActiveBookingFlagged('NOT_ALLOCATED')).toBe(true);
    expect(isActiveBookingFlagged('REQUIRES_AUTH')).toBe(true);
  });

  it('needs a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/activebookings' })).statusCode).toBe(401);
  });
});
