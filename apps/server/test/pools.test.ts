import {
  MESSAGE_IDS,
  MESSAGES,
  ZErrorEnvelope,
  ZEventSearchResponse,
  ZPool,
  ZPoolBookingsResponse,
  ZPoolContractOptionsResponse,
  ZPoolGroupsResponse,
  ZPoolListResponse,
  ZPoolVehiclesResponse,
  mergePoolBookings,
  poolTimelinePlacement,
  type PoolBookingRow,
} from '@fleetdesk/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events, payments, poolContracts, poolGroups, pools, vehicleModels } from '../src/db/schema.ts';
import { defaultPoolBookingsWindow } from '../src/modules/pools/service.ts';
import { createBooking, createContract, createFleet, createPool, createStaff, createUser, createVehicle } from './support/factories.ts';
import { authToken, createTestApp, login, type TestApp } from './support/test-app.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

let t: TestApp;
let token: string;
let seToken: string;
let poolId: number;
let otherPoolId: number;
let theirPoolId: number;
let groupId: number;
let theirGroupId: number;
let contractId: number;
let theirContractId: number;
const bids: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  await createFleet(db, 'fjord');
  await createFleet(db, 'malar', { country: 'SE', currency: 'SEK', defaultLanguage: 'sv', timeZone: 'Europe/Stockholm' });
  await createStaff(db, 'fjord', 'support', 'support-demo');
  await createStaff(db, 'malar', 'support.se', 'support-demo');
  const [group] = await db.insert(poolGroups).values({ fleetId: 'fjord', name: 'Oslo sentrum' }).returning();
  const [theirGroup] = await db.insert(poolGroups).values({ fleetId: 'malar', name: 'Stockholm innerstad' }).returning();
  groupId = group!.id;
  theirGroupId = theirGroup!.id;
  const pool = await createPool(db, 'fjord', { name: 'Grünerløkka', city: 'Oslo', poolGroupId: groupId, fee: 25, lat: 59.92, lon: 10.76 });
  const other = await createPool(db, 'fjord', { name: 'Bryggen', city: 'Bergen' });
  await createPool(db, 'fjord', { name: 'Skøyen stasjon', city: 'Oslo', disabled: true, movedTo: pool.id });
  const theirs = await createPool(db, 'malar', { name: 'Slussen', city: 'Stockholm' });
  poolId = pool.id;
  otherPoolId = other.id;
  theirPoolId = theirs.id;
  const contract = await createContract(db, 'fjord');
  const theirContract = await createContract(db, 'malar', { currency: 'SEK' });
  contractId = contract.id;
  theirContractId = theirContract.id;
  await db.insert(poolContracts).values({ poolId, contractId });
  const kari = await createUser(db, 'fjord', { username: 'kari', givenName: 'Kari', familyName: 'Nordmann' });
  const car = await createVehicle(db, 'fjord', { poolId });
  const van = await createVehicle(db, 'fjord', { poolId, hidden: true, registrationNumber: 'AA 00001' });
  const [model] = await db
    .insert(vehicleModels)
    .values({ fleetId: 'fjord', modelName: 'Tesla Model Y', priceClass: 'C', vehicleCategory: 'CAR', primaryFuelType: 'BATTERY' })
    .returning();

  const now = Date.now();
  const { start: today, end: endOfTomorrow } = defaultPoolBookingsWindow(new Date(now), 'Europe/Oslo');
  const refs = { userId: kari.id, contractId, poolId };
  const mk = async (name: string, over: Parameters<typeof createBooking>[3], vehicleId?: number) => {
    bids[name] = (await createBooking(t.database.db, 'fjord', { ...refs, ...(vehicleId ? { vehicleId } : {}) }, over)).bid;
  };
  // In the default window (start of today to end of tomorrow):
  await mk(
    'finishedToday',
    {
      state: 'FINISHED',
      startTime: new Date(today.getTime() + 5 * 60_000),
      endTime: new Date(today.getTime() + 30 * 60_000),
      usageStart: new Date(today.getTime() + 5 * 60_000),
      usageEnd: new Date(today.getTime() + 40 * 60_000),
    },
    car.id,
  );
  await mk('finishedUnallocated', {
    state: 'FINISHED',
    startTime: new Date(today.getTime() + 6 * 60_000),
    endTime: new Date(today.getTime() + 20 * 60_000),
    allocationState: 'NOT_ALLOCATED',
  });
  await mk('overdue', { state: 'ACTIVE', startTime: new Date(now - 3 * DAY), endTime: new Date(now - 2 * DAY) }, car.id);
  await mk('tomorrowModel', {
    state: 'INACTIVE',
    startTime: new Date(endOfTomorrow.getTime() - 3 * HOUR),
    endTime: new Date(endOfTomorrow.getTime() - 2 * HOUR),
    specType: 'MODEL',
    specModelId: model!.id,
    specClassName: null,
  });
  await mk('cancelledTomorrow', {
    state: 'CANCELLED',
    startTime: new Date(endOfTomorrow.getTime() - 5 * HOUR),
    endTime: new Date(endOfTomorrow.getTime() - 4 * HOUR),
  });
  // Outside the default window:
  await mk(
    'yesterday',
    { state: 'FINISHED', startTime: new Date(today.getTime() - 5 * HOUR), endTime: new Date(today.getTime() - 4 * HOUR) },
    car.id,
  );
  await mk('inFiveDays', { state: 'INACTIVE', startTime: new Date(now + 5 * DAY), endTime: new Date(now + 5 * DAY + HOUR) }, van.id);
  // In another pool of the same operator:
  bids.otherPool = (
    await createBooking(db, 'fjord', { ...refs, poolId: otherPoolId }, { startTime: new Date(now + HOUR), endTime: new Date(now + 2 * HOUR) })
  ).bid;
  // A future booking waiting for the customer's card authorisation.
  const auth = await createBooking(
    db,
    'fjord',
    { ...refs, vehicleId: car.id },
    { startTime: new Date(now + 2 * HOUR), endTime: new Date(now + 3 * HOUR) },
  );
  bids.needsAuth = auth.bid;
  await db.insert(payments).values({
    orderId: 'BOK9900001',
    fleetId: 'fjord',
    bookingId: auth.id,
    userId: kari.id,
    type: 'CREDITCARD',
    status: 'NEEDS_AUTHORIZATION',
    target: 'BOOKING',
    currency: 'NOK',
  });

  token = await login(t.app, 'support', 'support-demo');
  seToken = await login(t.app, 'support.se', 'support-demo');
});
afterAll(() => t.close());

const get = (url: string, as = token) => t.app.inject({ method: 'GET', url, headers: { authorization: authToken(as) } });
const put = (url: string, body: unknown, as = token) =>
  t.app.inject({
    method: 'PUT',
    url,
    headers: { authorization: authToken(as), 'content-type': 'application/json' },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });
async function poolBookings(query = '', id = poolId) {
  const res = await get(`/api/pools/${id}/bookings${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return ZPoolBookingsResponse.parse(res.json());
}
const bidsOf = (rows: PoolBookingRow[]) => rows.map((r) => r.bid);

describe('GET /api/pools and /api/pools/groups', () => {
  it("lists the operator's pools by city and name, disabled ones included, with group and allowed contracts", async () => {
    const res = await get('/api/pools');
    expect(res.statusCode).toBe(200);
    const list = ZPoolListResponse.parse(res.json());
    expect(list.map((p) => `${p.city}/${p.pool}`)).toEqual(['Bergen/Bryggen', 'Oslo/Grünerløkka', 'Oslo/Skøyen stasjon']);
    expect(list.find((p) => p.poolId === poolId)).toMatchObject({
      poolGroupId: groupId,
      poolGroupName: 'Oslo sentrum',
      fee: 25,
      allowedContracts: [contractId],
      disabled: false,
    });
    expect(list.find((p) => p.pool === 'Skøyen stasjon')).toMatchObject({ disabled: true, movedTo: poolId });
    const theirs = ZPoolListResponse.parse((await get('/api/pools', seToken)).json());
    expect(theirs.map((p) => p.pool)).toEqual(['Slussen']);
  });

  it('maps pool group ids to names, per operator', async () => {
    const groups = ZPoolGroupsResponse.parse((await get('/api/pools/groups')).json());
    expect(groups).toEqual({ [String(groupId)]: 'Oslo sentrum' });
    expect(ZPoolGroupsResponse.parse((await get('/api/pools/groups', seToken)).json())).toEqual({ [String(theirGroupId)]: 'Stockholm innerstad' });
  });

  it("lists the operator's contracts a pool can allow, by name, per operator", async () => {
    const res = await get('/api/pools/contracts');
    expect(res.statusCode, res.body).toBe(200);
    const ours = ZPoolContractOptionsResponse.parse(res.json());
    expect(ours.map((c) => c.id)).toEqual([contractId]);
    expect(ours[0]).toMatchObject({ id: contractId, name: expect.any(String), contractType: expect.any(String) });
    expect(ZPoolContractOptionsResponse.parse((await get('/api/pools/contracts', seToken)).json()).map((c) => c.id)).toEqual([theirContractId]);
  });

  it('needs a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/pools' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/pools/contracts' })).statusCode).toBe(401);
  });

  it("lists the pool's vehicles with hidden ones flagged", async () => {
    const vehicles = ZPoolVehiclesResponse.parse((await get(`/api/pools/${poolId}/vehicles`)).json());
    expect(vehicles).toHaveLength(2);
    expect(vehicles[0]).toMatchObject({ registrationNumber: 'AA 00001', hidden: true });
    expect(vehicles[1]).toMatchObject({ hidden: false, modelName: 'VW ID.3', priceClass: 'B' });
    expect((await get(`/api/pools/${theirPoolId}/vehicles`)).statusCode).toBe(404);
  });
});

describe('GET /api/pools/{id}/bookings', () => {
  it('defaults to the start of today until the end of tomorrow with ACTIVE, INACTIVE and FINISHED', async () => {
    const body = await poolBookings();
    const { start, end } = defaultPoolBookingsWindow(new Date(), 'Europe/Oslo');
    expect(body.window).toMatchObject({ start: start.toISOString(), end: end.toISOString(), states: ['ACTIVE', 'INACTIVE', 'FINISHED'] });
    const got = bidsOf(body.results);
    for (const name of ['finishedToday', 'finishedUnallocated', 'overdue', 'tomorrowModel', 'needsAuth']) expect(got, name).toContain(bids[name]);
    for (const name of ['cancelledTomorrow', 'yesterday', 'inFiveDays', 'otherPool']) expect(got, name).not.toContain(bids[name]);
    const starts = body.results.map((r) => Date.parse(r.startTime));
    expect([...starts].sort((a, b) => a - b)).toEqual(starts);
    expect(body.moreResults).toBe(false);
  });

  it('carries what the timeline needs: vehicle or booked spec, usage, overdue, user, display state', async () => {
    const rows = new Map((await poolBookings()).results.map((r) => [r.bid, r]));
    const finished = rows.get(bids.finishedToday!)!;
    expect(finished).toMatchObject({
      state: 'FINISHED',
      allocationState: 'ALLOCATED',
      overdue: false,
      user: { username: 'kari', fullNameLastFirst: 'Nordmann, Kari' },
    });
    expect(finished.vehicle?.registrationNumber).toMatch(/^EL /);
    expect(poolTimelinePlacement(finished, new Date())).toEqual({ start: finished.startTime, end: finished.usageEnd, kind: 'historic' });
    const unallocated = rows.get(bids.finishedUnallocated!)!;
    expect(unallocated).toMatchObject({
      vehicle: null,
      allocationState: 'NOT_ALLOCATED',
      specification: { type: 'CLASS', priceClass: 'B', modelName: null },
    });
    expect(poolTimelinePlacement(unallocated, new Date())).toBeNull();
    const overdue = rows.get(bids.overdue!)!;
    expect(overdue).toMatchObject({ state: 'ACTIVE', overdue: true });
    expect(poolTimelinePlacement(overdue, new Date())?.kind).toBe('overdue');
    expect(rows.get(bids.tomorrowModel!)).toMatchObject({
      vehicle: null,
      specification: { type: 'MODEL', priceClass: 'C', modelName: 'Tesla Model Y' },
      displayState: 'INACTIVE',
    });
    expect(rows.get(bids.needsAuth!)?.displayState).toBe('REQUIRES_AUTH');
  });

  it("'upcoming' starts an hour ago with ACTIVE and INACTIVE and a limit", async () => {
    const before = Date.now();
    const body = await poolBookings('?upcoming=1');
    expect(body.window.end).toBeNull();
    expect(body.window.states).toEqual(['ACTIVE', 'INACTIVE']);
    expect(body.window.limit).toBe(50);
    expect(Math.abs(Date.parse(body.window.start) - (before - HOUR))).toBeLessThan(5_000);
    const got = bidsOf(body.results);
    for (const name of ['overdue', 'tomorrowModel', 'inFiveDays', 'needsAuth']) expect(got, name).toContain(bids[name]);
    for (const name of ['finishedToday', 'cancelledTomorrow', 'yesterday']) expect(got, name).not.toContain(bids[name]);
    const limited = await poolBookings('?upcoming=1&limit=1');
    expect(limited.results).toHaveLength(1);
    expect(limited.moreResults).toBe(true);
  });

  it('merges the two calls without duplicates (by start, end and bid)', async () => {
    const first = (await poolBookings()).results;
    const second = (await poolBookings('?upcoming=1')).results;
    const overlap = bidsOf(first).filter((b) => bidsOf(second).includes(b));
    expect(overlap.length).toBeGreaterThan(0);
    const merged = mergePoolBookings(first, second);
    expect(new Set(bidsOf(merged)).size).toBe(merged.length);
    expect(merged).toHaveLength(new Set([...bidsOf(first), ...bidsOf(second)]).size);
    expect(bidsOf(merged)).toEqual(expect.arrayContaining([bids.finishedToday, bids.inFiveDays]));
  });

  it('applies any given startDate, endDate, state and limit', async () => {
    const now = Date.now();
    const body = await poolBookings(
      `?startDate=${new Date(now + 4 * DAY).toISOString()}&endDate=${new Date(now + 6 * DAY).toISOString()}&state=INACTIVE,CANCELLED`,
    );
    expect(bidsOf(body.results)).toEqual([bids.inFiveDays]);
    const cancelled = await poolBookings('?state=CANCELLED');
    expect(bidsOf(cancelled.results)).toEqual([bids.cancelledTomorrow]);
    const two = await poolBookings('?limit=2');
    expect(two.results).toHaveLength(2);
    expect(two.moreResults).toBe(true);
  });

  it("answers 404 for another operator's pool or an unknown one", async () => {
    for (const id of [theirPoolId, 99_999]) {
      const res = await get(`/api/pools/${id}/bookings`);
      expect(res.statusCode).toBe(404);
      expect(ZErrorEnvelope.parse(res.json())).toMatchObject({ httpCode: 404, message: MESSAGES.poolNotFound });
    }
    expect((await get(`/api/pools/${theirPoolId}/bookings`, seToken)).statusCode).toBe(200);
  });

  it('answers 400 for malformed input', async () => {
    const now = Date.now();
    for (const url of [
      '/api/pools/abc/bookings',
      '/api/pools/0/bookings',
      `/api/pools/${poolId}/bookings?state=OPEN`,
      `/api/pools/${poolId}/bookings?limit=0`,
      `/api/pools/${poolId}/bookings?limit=5000`,
      `/api/pools/${poolId}/bookings?startDate=yesterday`,
      `/api/pools/${poolId}/bookings?upcoming=maybe`,
      `/api/pools/${poolId}/bookings?startDate=${new Date(now).toISOString()}&endDate=${new Date(now - HOUR).toISOString()}`,
      `/api/pools/${poolId}/bookings?startDate=${new Date(now).toISOString()}&endDate=${new Date(now + 90 * DAY).toISOString()}`,
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      expect(ZErrorEnvelope.parse(res.json()).messageId, url).toBe(MESSAGE_IDS.invalidInput);
    }
  });
});

describe('PUT /api/pools/{poolId}', () => {
  it('changes the editable fields, ignores the rest, and logs who changed what', async () => {
    const [before] = ZPoolListResponse.parse((await get('/api/pools')).json()).filter((p) => p.poolId === poolId);
    const res = await put(`/api/pools/${poolId}`, {
      ...before,
      pool: 'Renamed',
      city: 'Elsewhere',
      description: '  Bak Birkelunden ',
      pickupNote: '',
      fee: 30.5,
      chargingAvailable: true,
      wattWorldStationName: 'WW-Oslo-12',
      poolGroupId: null,
      allowedContracts: [],
    });
    expect(res.statusCode, res.body).toBe(200);
    const updated = ZPool.parse(res.json());
    expect(updated).toMatchObject({
      poolId,
      pool: 'Grünerløkka',
      city: 'Oslo',
      description: 'Bak Birkelunden',
      pickupNote: null,
      fee: 30.5,
      chargingAvailable: true,
      wattWorldStationName: 'WW-Oslo-12',
      poolGroupId: null,
      poolGroupName: null,
      allowedContracts: [],
    });
    expect(await t.database.db.$count(poolContracts, eq(poolContracts.poolId, poolId))).toBe(0);
    const log = ZEventSearchResponse.parse((await get('/api/events?user=support&types=VEHICLE_ADMIN')).json()).results;
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ actingUsername: 'support', type: 'VEHICLE_ADMIN', properties: { poolId } });
    expect(Object.keys(log[0]!.properties.changes as object).sort()).toEqual(
      ['allowedContracts', 'chargingAvailable', 'description', 'fee', 'poolGroupId', 'wattWorldStationName'].sort(),
    );

    // Sending the same values again changes nothing and logs nothing.
    expect((await put(`/api/pools/${poolId}`, updated)).statusCode).toBe(200);
    expect(await t.database.db.$count(events, eq(events.type, 'VEHICLE_ADMIN'))).toBe(1);
    // Restore the group and contract for the other tests.
    const back = ZPool.parse((await put(`/api/pools/${poolId}`, { poolGroupId: groupId, allowedContracts: [contractId, contractId] })).json());
    expect(back).toMatchObject({ poolGroupId: groupId, poolGroupName: 'Oslo sentrum', allowedContracts: [contractId] });
  });

  it('answers field errors for bad references and values, changing nothing', async () => {
    const cases: [unknown, string][] = [
      [{ movedTo: poolId }, 'movedTo'],
      [{ movedTo: theirPoolId }, 'movedTo'],
      [{ poolGroupId: theirGroupId }, 'poolGroupId'],
      [{ allowedContracts: [theirContractId] }, 'allowedContracts'],
      [{ fee: -1 }, 'fee'],
      [{ disabled: 'yes' }, 'disabled'],
      [{ publicNote: 'x'.repeat(501) }, 'publicNote'],
    ];
    for (const [body, field] of cases) {
      const res = await put(`/api/pools/${poolId}`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      const env = ZErrorEnvelope.parse(res.json());
      expect(env.messageId).toBe(MESSAGE_IDS.invalidInput);
      expect(env.errors.map((e) => e.field)).toContain(field);
    }
    expect((await put(`/api/pools/${poolId}`, '{not json')).statusCode).toBe(400);
    expect((await put('/api/pools/abc', {})).statusCode).toBe(400);
    const [row] = await t.database.db.select().from(pools).where(eq(pools.id, poolId));
    expect(row).toMatchObject({ movedTo: null, poolGroupId: groupId, fee: 30.5 });
  });

  it("answers 404 for another operator's pool and leaves it alone", async () => {
    const res = await put(`/api/pools/${theirPoolId}`, { description: 'mine now' });
    expect(res.statusCode).toBe(404);
    const [row] = await t.database.db.select().from(pools).where(eq(pools.id, theirPoolId));
    expect(row?.description).toBeNull();
    expect((await put(`/api/pools/${theirPoolId}`, { description: 'ours' }, seToken)).statusCode).toBe(200);
  });
});
