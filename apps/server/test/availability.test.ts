import { MESSAGE_IDS, ZAvailabilityResponse, ZErrorEnvelope, type AvailabilityResponse } from '@fleetdesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client.ts';
import type { contracts, vehicles } from '../src/db/schema.ts';
import { priceBooking } from '../src/modules/bookings/pricing.ts';
import { setTestNow } from './support/clock.ts';
import { createBooking, createContract, createFleet, createPool, createStaff, createUser, createVehicle } from './support/factories.ts';
import { authToken, createTestApp, login, type TestApp } from './support/test-app.ts';

let t: TestApp;
let db: Db;
let token: string;
const HOUR = 3_600_000;
// A fixed test clock (docs/decisions/0047-test-clock.md); T is ten days later, on the hour.
const NOW = setTestNow('2026-03-10T08:05:00+01:00').getTime();
const T = Math.floor(NOW / HOUR) * HOUR + 10 * 24 * HOUR;
const PRICES = [
  { name: 'VAT', cost: 0.25 },
  { name: 'PER_HOUR', cost: 100 },
  { name: 'PER_KM', cost: 3 },
];
const iso = (ms: number) => new Date(ms).toISOString();

let privat: typeof contracts.$inferSelect | undefined;
let malar: { poolId: number; contractId: number };
let poolId: number;
let busyPoolId: number;
let busyCar: typeof vehicles.$inferSelect;
let car1: typeof vehicles.$inferSelect;
let car2: typeof vehicles.$inferSelect;
let bike: typeof vehicles.$inferSelect;
let car1BookingBid: string;

beforeAll(async () => {
  t = await createTestApp();
  db = t.database.db;
  await createFleet(db, 'fjord');
  await createFleet(db, 'malar', { country: 'SE', currency: 'SEK', defaultLanguage: 'sv', timeZone: 'Europe/Stockholm' });
  await createStaff(db, 'fjord', 'support', 'support-demo');
  token = await login(t.app, 'support', 'support-demo');
  privat = await createContract(db, 'fjord', { name: 'Fjord Privat', priceList: PRICES });
  malar = { poolId: (await createPool(db, 'malar')).id, contractId: (await createContract(db, 'malar', { currency: 'SEK' })).id };
  const pool = await createPool(db, 'fjord', { city: 'Oslo' });
  poolId = pool.id;
  car1 = await createVehicle(db, 'fjord', { poolId });
  car2 = await createVehicle(db, 'fjord', { poolId });
  bike = await createVehicle(db, 'fjord', { poolId, category: 'BIKE' });
  await createVehicle(db, 'fjord', { poolId, hidden: true });
  const user = await createUser(db, 'fjord');
  const refs = { userId: user.id, contractId: privat!.id, poolId };
  car1BookingBid = (await createBooking(db, 'fjord', { ...refs, vehicleId: car1.id }, { startTime: new Date(T), endTime: new Date(T + 2 * HOUR) }))
    .bid;
  // A cancelled and a finished booking on car2 occupy nothing.
  await createBooking(db, 'fjord', { ...refs, vehicleId: car2.id }, { state: 'CANCELLED', startTime: new Date(T), endTime: new Date(T + 2 * HOUR) });
  await createBooking(
    db,
    'fjord',
    { ...refs, vehicleId: car2.id },
    { state: 'FINISHED', startTime: new Date(T - HOUR), endTime: new Date(T + 3 * HOUR) },
  );
  // An overdue ACTIVE booking on the bike: ended an hour ago, still out.
  await createBooking(
    db,
    'fjord',
    { ...refs, vehicleId: bike.id },
    { state: 'ACTIVE', startTime: new Date(NOW - 5 * HOUR), endTime: new Date(NOW - HOUR) },
  );
  // Another pool whose only car is out on a running booking until two hours from now.
  busyPoolId = (await createPool(db, 'fjord', { name: 'Grünerløkka' })).id;
  busyCar = await createVehicle(db, 'fjord', { poolId: busyPoolId });
  await createBooking(
    db,
    'fjord',
    { ...refs, poolId: busyPoolId, vehicleId: busyCar.id },
    { state: 'ACTIVE', startTime: new Date(NOW - HOUR), endTime: new Date(NOW + 2 * HOUR) },
  );
});
afterAll(() => t.close());

async function availability(params: Record<string, string | number>): Promise<{ status: number; body: unknown }> {
  const qs = new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, String(v)])).toString();
  const res = await t.app.inject({ method: 'GET', url: `/api/availability?${qs}`, headers: { authorization: authToken(token) } });
  return { status: res.statusCode, body: res.json() };
}
const ok = async (params: Record<string, string | number>): Promise<AvailabilityResponse> => {
  const r = await availability(params);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return ZAvailabilityResponse.parse(r.body);
};

describe('GET /api/availability', () => {
  it('leaves out vehicles booked in the window and counts the rest per class and model', async () => {
    const a = await ok({ fromPoolId: poolId, from: iso(T + HOUR), to: iso(T + 3 * HOUR) });
    expect(a.vehiclesInPool).toBe(3); // the hidden one does not count
    expect(a.vehicles.map((v) => v.vin).sort()).toEqual([car2.vin, bike.vin].sort());
    expect(a.classes).toEqual(
      expect.arrayContaining([
        { className: 'B', vehicleCategory: 'CAR', available: 1 },
        { className: 'B', vehicleCategory: 'BIKE', available: 1 },
      ]),
    );
    expect(a.classes).toHaveLength(2);
    expect(a.models.find((m) => m.modelId === car1.modelId)).toMatchObject({ available: 0, priceClass: 'B', modelName: 'VW ID.3' });
    expect(a.models.find((m) => m.modelId === car2.modelId)?.available).toBe(1);
    expect(a.vehicles.every((v) => v.estimatedPrice === null)).toBe(true);
    expect(a.vehicles.find((v) => v.vin === car2.vin)).toMatchObject({
      electric: true,
      vehicleCategory: 'CAR',
      registrationNumber: car2.registrationNumber,
    });
  });

  it('treats the interval as half-open: back-to-back is free', async () => {
    const a = await ok({ fromPoolId: poolId, from: iso(T + 2 * HOUR), to: iso(T + 4 * HOUR) });
    expect(a.vehicles.map((v) => v.vin)).toContain(car1.vin);
    const b = await ok({ fromPoolId: poolId, from: iso(T - 2 * HOUR), to: iso(T) });
    expect(b.vehicles.map((v) => v.vin)).toContain(car1.vin);
  });

  it('an overdue active booking occupies its vehicle until now', async () => {
    const now = Date.now();
    const a = await ok({ fromPoolId: poolId, from: iso(now - 30 * 60_000), to: iso(now + HOUR) });
    expect(a.vehicles.map((v) => v.vin)).not.toContain(bike.vin);
    const later = await ok({ fromPoolId: poolId, from: iso(now + 5 * 60_000), to: iso(now + HOUR) });
    expect(later.vehicles.map((v) => v.vin)).toContain(bike.vin);
  });

  it("does not count the updated booking's own allocation (excludeBid)", async () => {
    const a = await ok({ fromPoolId: poolId, from: iso(T), to: iso(T + HOUR), excludeBid: car1BookingBid.toLowerCase() });
    expect(a.vehicles.map((v) => v.vin)).toContain(car1.vin);
  });

  it('prices every free vehicle under the contract', async () => {
    const a = await ok({ fromPoolId: poolId, from: iso(T + HOUR), to: iso(T + 3 * HOUR), contractId: privat!.id, vehicleSpecType: 'CLASS' });
    const expected = priceBooking({
      start: new Date(T + HOUR),
      end: new Date(T + 3 * HOUR),
      distanceKm: 25,
      priceList: privat!.priceList,
      currency: 'NOK',
      timeZone: 'Europe/Oslo',
    });
    // Two hours at 100 and the default 25 km at 3, plus 25 % VAT.
    expect(expected).toMatchObject({ totalPriceWithVat: 343.75, totalVat: 68.75 });
    expect(a.vehicles.length).toBe(2);
    for (const v of a.vehicles)
      expect(v.estimatedPrice).toEqual({ totalPriceWithVat: expected.totalPriceWithVat, totalVat: expected.totalVat, currency: 'NOK' });
  });

  it('a running active booking keeps its vehicle until its end', async () => {
    const now = await ok({ fromPoolId: busyPoolId, from: iso(Date.now()), to: iso(Date.now() + HOUR) });
    expect(now).toMatchObject({ vehiclesInPool: 1, vehicles: [] });
    expect(now.classes.every((c) => c.available === 0)).toBe(true);
    const afterwards = await ok({ fromPoolId: busyPoolId, from: iso(NOW + 2 * HOUR), to: iso(NOW + 3 * HOUR) });
    expect(afterwards.vehicles.map((v) => v.vin)).toEqual([busyCar.vin]);
  });

  it("answers 404 for another operator's pool or contract, 400 for a bad window", async () => {
    const window = { from: iso(T), to: iso(T + HOUR) };
    expect((await availability({ fromPoolId: malar.poolId, ...window })).status).toBe(404);
    expect((await availability({ fromPoolId: poolId, contractId: malar.contractId, ...window })).status).toBe(404);
    const bad = await availability({ fromPoolId: poolId, from: iso(T + HOUR), to: iso(T) });
    expect(bad.status).toBe(400);
    expect(ZErrorEnvelope.parse(bad.body)).toMatchObject({ messageId: MESSAGE_IDS.invalidInput, errors: [{ field: 'to' }] });
    expect((await availability({ fromPoolId: poolId, from: 'tomorrow', to: iso(T) })).status).toBe(400);
  });
});
