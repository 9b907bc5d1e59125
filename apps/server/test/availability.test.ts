import { MESSAGE_IDS, ZAvailabilityResponse, ZErrorEnvelope, type AvailabilityResponse } from '@fleetdesk/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client.ts';
import { contracts, pools, vehicles } from '../src/db/schema.ts';
import { priceBooking } from '../src/modules/bookings/pricing.ts';
import { seedDemo } from '../src/seed/demo.ts';
import { createBooking, createPool, createUser, createVehicle } from './support/factories.ts';
import { authToken, createTestApp, login, type TestApp } from './support/test-app.ts';

let t: TestApp;
let db: Db;
let token: string;
const HOUR = 3_600_000;
const T = Math.floor(Date.now() / HOUR) * HOUR + 10 * 24 * HOUR;
const iso = (ms: number) => new Date(ms).toISOString();

let privat: typeof contracts.$inferSelect | undefined;
let poolId: number;
let car1: typeof vehicles.$inferSelect;
let car2: typeof vehicles.$inferSelect;
let bike: typeof vehicles.$inferSelect;
let car1BookingBid: string;

beforeAll(async () => {
  t = await createTestApp();
  db = t.database.db;
  await seedDemo(db);
  token = await login(t.app, 'support', 'support-demo');
  [privat] = await db.select().from(contracts).where(eq(contracts.name, 'Fjord Privat'));
  const pool = await createPool(db, 'fjord', { city: 'Oslo' });
  poolId = pool.id;
  car1 = await createVehicle(db, 'fjord', { poolId });
  car2 = await createVehicle(db, 'fjord', { poolId });
  bike = await createVehicle(db, 'fjord', { poolId, category: 'BIKE' });
  await createVehicle(db, 'fjord', { poolId, hidden: true });
  const user = await createUser(db, 'fjord');
  const refs = { userId: user.id, contractId: privat!.id, poolId };
  car1BookingBid = (await createBooking(db, 'fjord', { ...refs, vehicleId: car1.id }, { startTime: new Date(T), endTime: new Date(T + 2 * HOUR) })).bid;
  // A cancelled and a finished booking on car2 occupy nothing.
  await createBooking(db, 'fjord', { ...refs, vehicleId: car2.id }, { state: 'CANCELLED', startTime: new Date(T), endTime: new Date(T + 2 * HOUR) });
  await createBooking(db, 'fjord', { ...refs, vehicleId: car2.id }, { state: 'FINISHED', startTime: new Date(T - HOUR), endTime: new Date(T + 3 * HOUR) });
  // An overdue ACTIVE booking on the bike: ended an hour ago, still out.
  await createBooking(db, 'fjord', { ...refs, vehicleId: bike.id }, { state: 'ACTIVE', startTime: new Date(Date.now() - 5 * HOUR), endTime: new Date(Date.now() - HOUR) });
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
    expect(a.classes).toEqual(expect.arrayContaining([
      { className: 'B', vehicleCategory: 'CAR', available: 1 },
      { className: 'B', vehicleCategory: 'BIKE', available: 1 },
    ]));
    expect(a.classes).toHaveLength(2);
    expect(a.models.find((m) => m.modelId === car1.modelId)).toMatchObject({ available: 0, priceClass: 'B', modelName: 'VW ID.3' });
    expect(a.models.find((m) => m.modelId === car2.modelId)?.available).toBe(1);
    expect(a.vehicles.every((v) => v.estimatedPrice === null)).toBe(true);
    expect(a.vehicles.find((v) => v.vin === car2.vin)).toMatchObject({ electric: true, vehicleCategory: 'CAR', registrationNumber: car2.registrationNumber });
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
      start: new Date(T + HOUR), end: new Date(T + 3 * HOUR), distanceKm: 25, priceList: privat!.priceList, currency: 'NOK', timeZone: 'Europe/Oslo',
    });
    expect(a.vehicles.length).toBeGreaterThan(0);
    for (const v of a.vehicles) expect(v.estimatedPrice).toEqual({ totalPriceWithVat: expected.totalPriceWithVat, totalVat: expected.totalVat, currency: 'NOK' });
  });

  it('works on a demo pool: the vehicle of the active persona booking is not free now', async () => {
    const [grunerlokka] = await db.select().from(pools).where(and(eq(pools.name, 'Grünerløkka'), eq(pools.fleetId, 'fjord')));
    const a = await ok({ fromPoolId: grunerlokka!.id, from: iso(Date.now()), to: iso(Date.now() + HOUR) });
    expect(a.vehiclesInPool).toBeGreaterThan(0);
    expect(a.vehicles.map((v) => v.vin)).not.toContain('WVWZZZE1ZPP012345');
  });

  it("answers 404 for another operator's pool or contract, 400 for a bad window", async () => {
    const [malarPool] = await db.select().from(pools).where(eq(pools.fleetId, 'malar')).limit(1);
    const [malarContract] = await db.select().from(contracts).where(eq(contracts.fleetId, 'malar')).limit(1);
    const window = { from: iso(T), to: iso(T + HOUR) };
    expect((await availability({ fromPoolId: malarPool!.id, ...window })).status).toBe(404);
    expect((await availability({ fromPoolId: poolId, contractId: malarContract!.id, ...window })).status).toBe(404);
    const bad = await availability({ fromPoolId: poolId, from: iso(T + HOUR), to: iso(T) });
    expect(bad.status).toBe(400);
    expect(ZErrorEnvelope.parse(bad.body)).toMatchObject({ messageId: MESSAGE_IDS.invalidInput, errors: [{ field: 'to' }] });
    expect((await availability({ fromPoolId: poolId, from: 'tomorrow', to: iso(T) })).status).toBe(400);
  });
});
