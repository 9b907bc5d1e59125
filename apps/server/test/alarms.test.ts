import {
  MESSAGE_IDS,
  MESSAGES,
  ZAlarm,
  ZAlarmListResponse,
  ZErrorEnvelope,
  ZEventSearchResponse,
  ZVehicleStatus,
  type Alarm,
} from '@fleetdesk/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alarms } from '../src/db/schema.ts';
import {
  createAlarm,
  createBooking,
  createContract,
  createFleet,
  createPool,
  createStaff,
  createUser,
  createVehicle,
  createVehicleStatus,
} from './support/factories.ts';
import { authToken, createTestApp, login, type TestApp } from './support/test-app.ts';

const AB = { reg: 'AB 12345', vin: 'VNKKAH3A3PA012345' };
const KH = { reg: 'KH 77001', vin: 'WF0YXXTTGRK077001' };
const EV = { reg: 'EV 33003', vin: 'KNACC81GXSN033003' };
const MALAR_KTR = { reg: 'KTR 482', vin: 'YV1BW84DAN1048200' };

const HOUR = 3_600_000;

let t: TestApp;
let token: string;
let seToken: string;
/** The bids of ola.nordmann's booking on KH and of the other operator's booking. */
let olaBid: string;
let theirBid: string;
/** The fixture's alarms of this operator, by state. */
const fjordAlarms = { triggered: [] as number[], handled: [] as number[] };

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const now = Date.now();
  const ago = (hours: number) => new Date(now - hours * HOUR);
  await createFleet(db, 'fjord');
  await createFleet(db, 'malar', { country: 'SE', currency: 'SEK', defaultLanguage: 'sv', timeZone: 'Europe/Stockholm' });
  await createStaff(db, 'fjord', 'support', 'support-demo');
  await createStaff(db, 'malar', 'support.se', 'support-demo');
  const ab = await createVehicle(db, 'fjord', { vin: AB.vin, registrationNumber: AB.reg });
  await createVehicleStatus(db, ab.id);
  const kh = await createVehicle(db, 'fjord', { vin: KH.vin, registrationNumber: KH.reg });
  const ev = await createVehicle(db, 'fjord', { vin: EV.vin, registrationNumber: EV.reg });
  const ktr = await createVehicle(db, 'malar', { vin: MALAR_KTR.vin, registrationNumber: MALAR_KTR.reg });
  const ola = await createUser(db, 'fjord', { username: 'ola.nordmann' });
  const pool = await createPool(db, 'fjord');
  const contract = await createContract(db, 'fjord');
  olaBid = (await createBooking(db, 'fjord', { userId: ola.id, contractId: contract.id, poolId: pool.id, vehicleId: kh.id }, { state: 'ACTIVE' }))
    .bid;
  const sePool = await createPool(db, 'malar');
  const seContract = await createContract(db, 'malar', { currency: 'SEK' });
  const seUser = await createUser(db, 'malar');
  theirBid = (await createBooking(db, 'malar', { userId: seUser.id, contractId: seContract.id, poolId: sePool.id, vehicleId: ktr.id })).bid;

  const alarm = async (
    vehicle: typeof ab,
    name: 'EXTERNAL_BATTERY' | 'FUEL' | 'KEY_HOLDER',
    hoursAgo: number,
    over: Partial<Parameters<typeof createAlarm>[2]> = {},
  ) => {
    const row = await createAlarm(db, vehicle.fleetId, {
      name,
      vehicleId: vehicle.id,
      primaryObject: vehicle.registrationNumber,
      alarmTimestamp: ago(hoursAgo),
      ...over,
    });
    if (row.fleetId === 'fjord') fjordAlarms[row.state === 'TRIGGERED' ? 'triggered' : 'handled'].push(row.id);
    return row;
  };
  const handled = (hoursAgo: number) => ({ state: 'HANDLED' as const, handledAt: ago(hoursAgo), handledBy: 'support' });
  await alarm(ab, 'EXTERNAL_BATTERY', 1);
  await alarm(ab, 'EXTERNAL_BATTERY', 5);
  await alarm(ab, 'FUEL', 30, handled(29));
  await alarm(ev, 'FUEL', 2);
  await alarm(ev, 'EXTERNAL_BATTERY', 50, handled(48));
  await alarm(ev, 'FUEL', 240);
  // Two alarms at the same instant: the cursor orders them by id.
  await alarm(kh, 'KEY_HOLDER', 3, { bid: olaBid, username: 'ola.nordmann', alarmTypes: ['KEY_NOT_RETURNED'] });
  await alarm(kh, 'FUEL', 3, handled(2));
  await alarm(kh, 'EXTERNAL_BATTERY', 3, { category: 'BOOKING' });
  await alarm(ktr, 'FUEL', 4, { bid: theirBid });
  await alarm(ktr, 'EXTERNAL_BATTERY', 6, handled(5));

  token = await login(t.app, 'support', 'support-demo');
  seToken = await login(t.app, 'support.se', 'support-demo');
});
afterAll(() => t.close());

const get = (url: string, as = token) => t.app.inject({ method: 'GET', url, headers: { authorization: authToken(as) } });
const acknowledge = (id: number | string, as = token) =>
  t.app.inject({ method: 'PUT', url: `/api/alarms/${id}/acknowledge`, headers: { authorization: authToken(as) } });
async function list(query: string, as = token) {
  const res = await get(`/api/alarms${query}`, as);
  expect(res.statusCode, query).toBe(200);
  return ZAlarmListResponse.parse(res.json());
}
/** Every alarm of a filter, walking the keyset cursor with small pages. */
async function listAll(filter: string, pageSize = 3, as = token): Promise<Alarm[]> {
  const out: Alarm[] = [];
  let cursor: string | null = null;
  for (let guard = 0; guard < 500; guard++) {
    const page = await list(`?${filter}${filter ? '&' : ''}pageSize=${pageSize}${cursor ? `&cursor=${cursor}` : ''}`, as);
    expect(page.results.length).toBeLessThanOrEqual(pageSize);
    out.push(...page.results);
    if (!page.moreResults) {
      expect(page.nextCursor).toBeNull();
      return out;
    }
    cursor = page.nextCursor;
    expect(cursor).not.toBeNull();
  }
  throw new Error('paging did not end');
}
const newestFirst = (rows: Alarm[]) => {
  for (let i = 1; i < rows.length; i++) {
    const a = rows[i - 1]!;
    const b = rows[i]!;
    const ta = Date.parse(a.alarmTimestamp);
    const tb = Date.parse(b.alarmTimestamp);
    expect(ta > tb || (ta === tb && a.alarmId > b.alarmId)).toBe(true);
  }
};

describe('GET /api/alarms', () => {
  it("lists the operator's alarms newest first, in both states", async () => {
    const body = await list('?pageSize=200');
    expect(body.moreResults).toBe(false);
    expect(body.results.map((a) => a.alarmId).sort((a, b) => a - b)).toEqual(
      [...fjordAlarms.triggered, ...fjordAlarms.handled].sort((a, b) => a - b),
    );
    newestFirst(body.results);
    expect(new Set(body.results.map((a) => a.state))).toEqual(new Set(['TRIGGERED', 'HANDLED']));
    for (const a of body.results) expect(a.handled).toBe(a.state === 'HANDLED');
    const fjordCount = await t.database.db.$count(alarms, eq(alarms.fleetId, 'fjord'));
    expect(body.results).toHaveLength(fjordCount);
    expect(body.results.map((a) => a.alarmTarget.vehicleVin)).not.toContain(MALAR_KTR.vin);
  });

  it('pages with the keyset cursor through the same alarms, without repeats', async () => {
    const all = (await list('?pageSize=200')).results;
    const walked = await listAll('', 3);
    expect(walked.map((a) => a.alarmId)).toEqual(all.map((a) => a.alarmId));
  });

  it('filters by state, category, VIN and BID', async () => {
    const triggered = await listAll('state=TRIGGERED', 4);
    expect(triggered.map((a) => a.alarmId).sort((a, b) => a - b)).toEqual([...fjordAlarms.triggered].sort((a, b) => a - b));
    for (const a of triggered) expect(a.state).toBe('TRIGGERED');
    newestFirst(triggered);

    const handled = await list('?state=HANDLED&pageSize=200');
    expect(handled.results).toHaveLength(fjordAlarms.handled.length);
    for (const a of handled.results) expect(a).toMatchObject({ state: 'HANDLED', handled: true, handledBy: 'support' });

    const vehicle = (await list('?category=VEHICLE&pageSize=200')).results;
    expect(vehicle).toHaveLength(fjordAlarms.triggered.length + fjordAlarms.handled.length - 1);
    for (const a of vehicle) expect(a.category).toBe('VEHICLE');
    expect((await list('?category=BOOKING')).results.map((a) => a.alarmTarget.vehicleVin)).toEqual([KH.vin]);
    expect((await list('?category=PAYMENT')).results).toEqual([]);

    const ev = await list(`?vin=${EV.vin.toLowerCase()}&state=TRIGGERED`);
    expect(ev.results.map((a) => a.name)).toEqual(['FUEL', 'FUEL']);
    for (const a of ev.results) expect(a.alarmTarget.vehicleVin).toBe(EV.vin);

    const two = await list(`?vin=${EV.vin},${AB.vin}&pageSize=200`);
    expect(new Set(two.results.map((a) => a.alarmTarget.vehicleVin))).toEqual(new Set([EV.vin, AB.vin]));

    const keyholder = await list(`?bid=${olaBid.toLowerCase()}`);
    expect(keyholder.results.map((a) => a.name)).toEqual(['KEY_HOLDER']);
    expect(keyholder.results[0]).toMatchObject({
      alarmTarget: { vehicleVin: KH.vin, bid: olaBid },
      user: 'ola.nordmann',
      primaryObject: KH.reg,
    });
  });

  it("finds nothing for another operator's VIN or BID", async () => {
    expect((await list(`?vin=${MALAR_KTR.vin}`)).results).toEqual([]);
    expect((await list(`?bid=${theirBid}`)).results).toEqual([]);
    expect((await list(`?vin=${MALAR_KTR.vin}`, seToken)).results).toHaveLength(2);
    expect((await list(`?bid=${theirBid}`, seToken)).results.map((a) => a.name)).toEqual(['FUEL']);
  });

  it('refuses a bad cursor, state, category or page size', async () => {
    for (const q of [
      '?cursor=not-a-cursor',
      `?cursor=${Buffer.from('{"t":"x","id":1}').toString('base64url')}`,
      '?state=OPEN',
      '?category=CAR',
      '?pageSize=0',
      '?pageSize=201',
    ]) {
      const res = await get(`/api/alarms${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(ZErrorEnvelope.parse(res.json()).messageId).toBe(MESSAGE_IDS.invalidInput);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/alarms' })).statusCode).toBe(401);
  });
});

describe('PUT /api/alarms/{alarmId}/acknowledge', () => {
  const externalBatteryFlag = async () => {
    const res = await get(`/api/vehicles/by-vin/${AB.vin}/status`);
    expect(res.statusCode).toBe(200);
    return ZVehicleStatus.parse(res.json()).alarms.find((a) => a.name === 'EXTERNAL_BATTERY')?.triggered;
  };

  it('handles the alarm by the staff member now, logs it, and clears the vehicle flag with the last one', async () => {
    const open = (await list(`?vin=${AB.vin}&state=TRIGGERED&pageSize=200`)).results.filter((a) => a.name === 'EXTERNAL_BATTERY');
    expect(open).toHaveLength(2);
    expect(await externalBatteryFlag()).toBe(true);

    for (const [i, alarm] of open.entries()) {
      const before = Date.now();
      const res = await acknowledge(alarm.alarmId);
      expect(res.statusCode).toBe(200);
      const handled = ZAlarm.parse(res.json());
      expect(handled).toMatchObject({ alarmId: alarm.alarmId, state: 'HANDLED', handled: true, handledBy: 'support', name: 'EXTERNAL_BATTERY' });
      expect(Date.parse(handled.handledAt ?? '')).toBeGreaterThanOrEqual(before - 1000);
      // The flag stays up while another triggered alarm of that name remains.
      expect(await externalBatteryFlag()).toBe(i < open.length - 1);
    }
    const [row] = await t.database.db.select().from(alarms).where(eq(alarms.id, open[0]!.alarmId));
    expect(row).toMatchObject({ state: 'HANDLED', handledBy: 'support' });

    const events = await get(`/api/events?vin=${AB.vin}&types=VEHICLE_ADMIN`);
    const logged = ZEventSearchResponse.parse(events.json()).results.filter((e) => e.displayText === 'Alarm EXTERNAL_BATTERY acknowledged');
    expect(logged).toHaveLength(open.length);
    expect(logged[0]).toMatchObject({ type: 'VEHICLE_ADMIN', vin: AB.vin, actingUsername: 'support' });
    expect(logged.map((e) => e.properties.alarmId).sort()).toEqual(open.map((a) => a.alarmId).sort());
  });

  it("logs the alarm's booking and customer", async () => {
    const [alarm] = (await list(`?bid=${olaBid}&state=TRIGGERED`)).results;
    expect(alarm).toBeDefined();
    expect((await acknowledge(alarm!.alarmId)).statusCode).toBe(200);
    const events = ZEventSearchResponse.parse((await get(`/api/events?bid=${olaBid}&types=VEHICLE_ADMIN`)).json()).results;
    expect(events.find((e) => e.displayText === 'Alarm KEY_HOLDER acknowledged')).toMatchObject({
      bid: olaBid,
      vin: KH.vin,
      affectedUsername: 'ola.nordmann',
    });
  });

  it('answers 409 for an alarm already handled, changing nothing', async () => {
    const [handled] = (await list('?state=HANDLED&pageSize=1')).results;
    expect(handled).toBeDefined();
    const res = await acknowledge(handled!.alarmId);
    expect(res.statusCode).toBe(409);
    expect(ZErrorEnvelope.parse(res.json())).toMatchObject({
      httpCode: 409,
      messageId: MESSAGE_IDS.alarmAlreadyHandled,
      message: MESSAGES.alarmAlreadyHandled,
    });
    const [row] = await t.database.db.select().from(alarms).where(eq(alarms.id, handled!.alarmId));
    expect(row?.handledAt?.toISOString()).toBe(handled!.handledAt);
  });

  it("answers 404 for an unknown alarm and another operator's, and 400 for a bad id", async () => {
    const [theirs] = await t.database.db
      .select()
      .from(alarms)
      .where(and(eq(alarms.fleetId, 'malar'), eq(alarms.state, 'TRIGGERED')))
      .limit(1);
    expect(theirs).toBeDefined();
    for (const id of [theirs!.id, 99_999_999]) {
      const res = await acknowledge(id);
      expect(res.statusCode).toBe(404);
      expect(ZErrorEnvelope.parse(res.json())).toMatchObject({ messageId: MESSAGE_IDS.alarmNotFound, message: MESSAGES.alarmNotFound });
    }
    const [still] = await t.database.db.select().from(alarms).where(eq(alarms.id, theirs!.id));
    expect(still?.state).toBe('TRIGGERED');
    // Their own staff can.
    expect((await acknowledge(theirs!.id, seToken)).statusCode).toBe(200);
    for (const id of ['abc', '0', '-1']) expect((await acknowledge(id)).statusCode).toBe(400);
  });
});
