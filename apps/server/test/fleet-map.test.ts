import { MESSAGE_IDS, ZErrorEnvelope, ZFleetMapResponse, type FleetMapResponse, type FleetMapStatus } from '@fleetdesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alarms, vehicleStatus } from '../src/db/schema.ts';
import { setTestNow } from './support/clock.ts';
import { createBooking, createContract, createFleet, createPool, createStaff, createUser, createVehicle } from './support/factories.ts';
import { authToken, createTestApp, login, type TestApp } from './support/test-app.ts';

const HOUR = 3_600_000;
// A fixed test clock (docs/decisions/0047-test-clock.md); the map does not depend on the hour, the fixture's times do.
const NOW = setTestNow('2026-03-10T23:59:00+01:00').getTime();
const REPORTED = new Date(NOW - 10 * 60_000);

let t: TestApp;
let token: string;
let seToken: string;
/** VINs of the fixture, by what each shows. */
const vin = { booked: '', charging: '', alarmLow: '', alarmOnly: '', low: '', available: '', noStatus: '', hidden: '', theirs: '' };
let bookedBid = '';

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  await createFleet(db, 'fjord');
  await createFleet(db, 'malar', { country: 'SE', currency: 'SEK', defaultLanguage: 'sv', timeZone: 'Europe/Stockholm' });
  await createStaff(db, 'fjord', 'support', 'support-demo');
  await createStaff(db, 'malar', 'support.se', 'support-demo');
  const pool = await createPool(db, 'fjord', { name: 'Grünerløkka', lat: 59.92345678, lon: 10.7591 });
  const contract = await createContract(db, 'fjord');
  const user = await createUser(db, 'fjord');

  const vehicle = async (key: keyof typeof vin, over: Parameters<typeof createVehicle>[2], status?: Partial<typeof vehicleStatus.$inferInsert>) => {
    const v = await createVehicle(db, key === 'theirs' ? 'malar' : 'fjord', { poolId: key === 'theirs' ? null : pool.id, ...over });
    if (status) await db.insert(vehicleStatus).values({ vehicleId: v.id, lat: 59.9 + v.id / 1000, lon: 10.7, updatedAt: REPORTED, ...status });
    vin[key] = v.vin;
    return v;
  };
  const booked = await vehicle('booked', {}, { fuelLevel: 80 });
  await vehicle('charging', {}, { fuelLevel: 12, isRefueling: true });
  const alarmLow = await vehicle('alarmLow', {}, { fuelLevel: 9, isRefueling: false });
  const alarmOnly = await vehicle('alarmOnly', { primaryFuelType: 'PETROL' }, { fuelLevel: 5 });
  await vehicle('low', {}, { fuelLevel: 30, isRefueling: false });
  await vehicle('available', {}, { fuelLevel: 31 });
  await vehicle('noStatus', {});
  await vehicle('hidden', { hidden: true }, { fuelLevel: 60 });
  await vehicle('theirs', {}, { fuelLevel: 70 });

  bookedBid = (
    await createBooking(
      db,
      'fjord',
      { userId: user.id, contractId: contract.id, poolId: pool.id, vehicleId: booked.id },
      {
        state: 'ACTIVE',
        startTime: new Date(NOW - HOUR),
        endTime: new Date(NOW + HOUR),
      },
    )
  ).bid;
  // An INACTIVE booking of another car does not make it BOOKED.
  await createBooking(db, 'fjord', { userId: user.id, contractId: contract.id, poolId: pool.id, vehicleId: alarmOnly.id });
  await db.insert(alarms).values([
    { fleetId: 'fjord', name: 'FUEL', state: 'TRIGGERED', vehicleId: alarmLow.id, primaryObject: alarmLow.vin, alarmTimestamp: REPORTED },
    { fleetId: 'fjord', name: 'EXTERNAL_BATTERY', state: 'TRIGGERED', vehicleId: alarmLow.id, primaryObject: alarmLow.vin, alarmTimestamp: REPORTED },
    {
      fleetId: 'fjord',
      name: 'EXTERNAL_BATTERY',
      state: 'TRIGGERED',
      vehicleId: alarmOnly.id,
      primaryObject: alarmOnly.vin,
      alarmTimestamp: REPORTED,
    },
    // A handled alarm no longer counts.
    { fleetId: 'fjord', name: 'KEY_HOLDER', state: 'HANDLED', vehicleId: booked.id, primaryObject: booked.vin, alarmTimestamp: REPORTED },
  ]);
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
const byVin = (map: FleetMapResponse, v: string) => map.vehicles.find((x) => x.vin === v);
const statuses = (map: FleetMapResponse) => Object.fromEntries(map.vehicles.map((v) => [v.vin, v.status]));

describe('GET /api/fleetmap', () => {
  it('lists every visible vehicle of the operator with a position, category and counts', async () => {
    const map = await fleetMap();
    const visible = [vin.booked, vin.charging, vin.alarmLow, vin.alarmOnly, vin.low, vin.available, vin.noStatus];
    expect(map.vehicles.map((v) => v.vin).sort()).toEqual([...visible].sort());
    expect(map.counts).toEqual({ ALARM: 2, LOW_BATTERY: 1, BOOKED: 1, AVAILABLE: 3 } satisfies Record<FleetMapStatus, number>);
    expect(byVin(map, vin.booked)).toMatchObject({
      vehicleCategory: 'CAR',
      positionFromPool: false,
      positionUpdated: REPORTED.toISOString(),
      bid: bookedBid,
      fuelLevel: 80,
      electric: true,
    });
    expect(Date.parse(map.generatedAt)).toBeGreaterThanOrEqual(NOW);

    const all = await fleetMap('?hidden=1');
    expect(all.vehicles.map((v) => v.vin).sort()).toEqual([...visible, vin.hidden].sort());
    expect((await fleetMap('', seToken)).vehicles.map((v) => v.vin)).toEqual([vin.theirs]);
  });

  it('marks alarms, low battery, booked and available by the rule', async () => {
    expect(statuses(await fleetMap())).toEqual({
      [vin.alarmLow]: 'ALARM', // an alarm wins over a 9 % battery
      [vin.alarmOnly]: 'ALARM',
      [vin.low]: 'LOW_BATTERY', // 30 % and not charging is red
      [vin.booked]: 'BOOKED',
      [vin.charging]: 'AVAILABLE', // 12 % but charging
      [vin.available]: 'AVAILABLE', // 31 % is yellow
      [vin.noStatus]: 'AVAILABLE',
    });
  });

  it('follows alarm state changes: acknowledging the last alarm of a 9 % car shows low battery', async () => {
    const open = (
      await t.database.db
        .select({ id: alarms.id, vehicleId: alarms.vehicleId, state: alarms.state, primaryObject: alarms.primaryObject })
        .from(alarms)
    ).filter((a) => a.primaryObject === vin.alarmLow && a.state === 'TRIGGERED');
    expect(open).toHaveLength(2);
    const [first, second] = open;
    expect(
      (await t.app.inject({ method: 'PUT', url: `/api/alarms/${first!.id}/acknowledge`, headers: { authorization: authToken(token) } })).statusCode,
    ).toBe(200);
    expect(byVin(await fleetMap(), vin.alarmLow)?.status).toBe('ALARM');
    expect(
      (await t.app.inject({ method: 'PUT', url: `/api/alarms/${second!.id}/acknowledge`, headers: { authorization: authToken(token) } })).statusCode,
    ).toBe(200);
    const map = await fleetMap();
    expect(byVin(map, vin.alarmLow)).toMatchObject({ status: 'LOW_BATTERY', fuelLevel: 9, electric: true });
    expect(map.counts).toMatchObject({ ALARM: 1, LOW_BATTERY: 2 });
  });

  it('falls back to the pool position without a status report, rounded to five decimals', async () => {
    expect(byVin(await fleetMap(), vin.noStatus)).toMatchObject({
      positionFromPool: true,
      positionUpdated: null,
      lat: 59.92346,
      lon: 10.7591,
      fuelLevel: null,
    });
  });

  it('answers 400 for a malformed flag and 401 without a session', async () => {
    const res = await get('/api/fleetmap?hidden=perhaps');
    expect(res.statusCode).toBe(400);
    expect(ZErrorEnvelope.parse(res.json()).messageId).toBe(MESSAGE_IDS.invalidInput);
    expect((await t.app.inject({ method: 'GET', url: '/api/fleetmap' })).statusCode).toBe(401);
  });
});
