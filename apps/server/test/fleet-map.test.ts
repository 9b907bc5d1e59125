import { MESSAGE_IDS, ZErrorEnvelope, ZFleetMapResponse, type FleetMapResponse } from '@fleetdesk/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alarms, bookings, vehicleStatus, vehicles } from '../src/db/schema.ts';
import { seedDemo } from '../src/seed/demo.ts';
import { authToken, createTestApp, login, type TestApp } from './support/test-app.ts';

const EL = 'WVWZZZE1ZPP012345'; // EL 12345, demo.active's active booking BID1000000001
const EK = 'XP7YGCEK1RB054321'; // EK 54321, charging
const EV = 'KNACC81GXSN033003'; // EV 33003, Kia e-Niro at 9 %: FUEL alarm
const AB = 'VNKKAH3A3PA012345'; // AB 12345, EXTERNAL_BATTERY alarm
const MALAR_ABC = 'WVWZZZE1ZRP123456';

let t: TestApp;
let token: string;
let seToken: string;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.database.db);
  token = await login(t.app, 'support', 'support-demo');
  seToken = await login(t.app, 'support.se', 'support-demo');
});
afterAll(() => t.close());

const get = (url: string, as = token) => t.app.inject({ method: 'GET', url, headers: { authorization: authToken(as) } });
async function fleetMap(query = '', as = token): Promise<FleetMapResponse> {
  const res = await get(`/api/fleetmap${query}`, as);
  expect(res.statusCode, res.body).toBe(200);
  return ZFleetMapResponse.parse(res.json());
}
const byVin = (map: FleetMapResponse, vin: string) => map.vehicles.find((v) => v.vin === vin);

describe('GET /api/fleetmap', () => {
  it('lists every visible vehicle of the operator with a position, category and counts', async () => {
    const map = await fleetMap();
    const visible = await t.database.db.$count(vehicles, and(eq(vehicles.fleetId, 'fjord'), eq(vehicles.hidden, false)));
    expect(map.vehicles).toHaveLength(visible);
    expect(byVin(map, MALAR_ABC)).toBeUndefined();
    const total = Object.values(map.counts).reduce((a, b) => a + b, 0);
    expect(total).toBe(map.vehicles.length);
    for (const status of ['ALARM', 'BOOKED', 'AVAILABLE'] as const) expect(map.counts[status], status).toBeGreaterThan(0);
    // Every vehicle with a status report is drawn at its own position.
    const withPosition = map.vehicles.filter((v) => v.lat !== null && v.lon !== null);
    expect(withPosition.length).toBeGreaterThan(visible * 0.8);
    expect(byVin(map, EL)).toMatchObject({ vehicleCategory: 'CAR', positionFromPool: false, bid: 'BID1000000001' });

    const all = await fleetMap('?hidden=1');
    expect(all.vehicles.length).toBe(await t.database.db.$count(vehicles, eq(vehicles.fleetId, 'fjord')));
    expect(all.vehicles.length).toBeGreaterThan(visible);
    expect(byVin(await fleetMap('', seToken), MALAR_ABC)).toBeDefined();
  });

  it('marks alarms, low battery, booked and available by the rule', async () => {
    const map = await fleetMap();
    expect(byVin(map, EV)?.status).toBe('ALARM');
    expect(byVin(map, AB)?.status).toBe('ALARM');
    expect(byVin(map, EK)?.status).not.toBe('LOW_BATTERY'); // charging
    const db = t.database.db;
    const triggered = new Set((await db.select({ id: alarms.vehicleId }).from(alarms).where(and(eq(alarms.fleetId, 'fjord'), eq(alarms.state, 'TRIGGERED')))).map((a) => a.id));
    const held = new Set((await db.select({ id: bookings.allocatedVehicleId }).from(bookings).where(and(eq(bookings.fleetId, 'fjord'), eq(bookings.state, 'ACTIVE')))).map((b) => b.id));
    const rows = await db
      .select({ id: vehicles.id, vin: vehicles.vin, fuel: vehicles.primaryFuelType, level: vehicleStatus.fuelLevel, charging: vehicleStatus.isRefueling })
      .from(vehicles)
      .leftJoin(vehicleStatus, eq(vehicleStatus.vehicleId, vehicles.id))
      .where(and(eq(vehicles.fleetId, 'fjord'), eq(vehicles.hidden, false)));
    for (const r of rows) {
      const low = r.fuel === 'BATTERY' && r.level !== null && r.level <= 30 && !r.charging;
      const expected = triggered.has(r.id) ? 'ALARM' : low ? 'LOW_BATTERY' : held.has(r.id) ? 'BOOKED' : 'AVAILABLE';
      expect(byVin(map, r.vin)?.status, r.vin).toBe(expected);
    }
  });

  it('follows alarm state changes: acknowledging the last alarm of a 9 % car shows low battery', async () => {
    const open = await t.database.db
      .select({ id: alarms.id })
      .from(alarms)
      .innerJoin(vehicles, eq(vehicles.id, alarms.vehicleId))
      .where(and(eq(vehicles.vin, EV), eq(alarms.state, 'TRIGGERED')));
    expect(open.length).toBeGreaterThan(0);
    for (const a of open) {
      const res = await t.app.inject({ method: 'PUT', url: `/api/alarms/${a.id}/acknowledge`, headers: { authorization: authToken(token) } });
      expect(res.statusCode).toBe(200);
    }
    const map = await fleetMap();
    expect(byVin(map, EV)).toMatchObject({ status: 'LOW_BATTERY', fuelLevel: 9, electric: true });
    expect(map.counts.LOW_BATTERY).toBeGreaterThan(0);
  });

  it('falls back to the pool position without a status report', async () => {
    const [el] = await t.database.db.select({ id: vehicles.id }).from(vehicles).where(eq(vehicles.vin, EL));
    await t.database.db.update(vehicleStatus).set({ lat: null, lon: null }).where(eq(vehicleStatus.vehicleId, el!.id));
    const v = byVin(await fleetMap(), EL);
    expect(v).toMatchObject({ positionFromPool: true, positionUpdated: null });
    expect(v?.lat).not.toBeNull();
  });

  it('answers 400 for a malformed flag and 401 without a session', async () => {
    const res = await get('/api/fleetmap?hidden=perhaps');
    expect(res.statusCode).toBe(400);
    expect(ZErrorEnvelope.parse(res.json()).messageId).toBe(MESSAGE_IDS.invalidInput);
    expect((await t.app.inject({ method: 'GET', url: '/api/fleetmap' })).statusCode).toBe(401);
  });
});
