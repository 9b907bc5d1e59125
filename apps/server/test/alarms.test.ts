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
import { seedDemo } from '../src/seed/demo.ts';
import { authToken, createTestApp, login, type TestApp } from './support/test-app.ts';

const AB = { reg: 'AB 12345', vin: 'VNKKAH3A3PA012345' };
const KH = { reg: 'KH 77001', vin: 'WF0YXXTTGRK077001' };
const EV = { reg: 'EV 33003', vin: 'KNACC81GXSN033003' };
const MALAR_KTR = { reg: 'KTR 482', vin: 'YV1BW84DAN1048200' };

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
    expect(body.results.length).toBeGreaterThan(3);
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
    expect(triggered.length).toBeGreaterThan(0);
    for (const a of triggered) expect(a.state).toBe('TRIGGERED');
    newestFirst(triggered);

    const handled = await list('?state=HANDLED&pageSize=200');
    for (const a of handled.results) expect(a).toMatchObject({ state: 'HANDLED', handled: true, handledBy: 'support' });

    expect((await list('?category=VEHICLE&pageSize=200')).results.length).toBeGreaterThan(0);
    expect((await list('?category=PAYMENT')).results).toEqual([]);

    const ev = await list(`?vin=${EV.vin.toLowerCase()}&state=TRIGGERED`);
    expect(ev.results.map((a) => a.name)).toContain('FUEL');
    for (const a of ev.results) expect(a.alarmTarget.vehicleVin).toBe(EV.vin);

    const two = await list(`?vin=${EV.vin},${AB.vin}&pageSize=200`);
    expect(new Set(two.results.map((a) => a.alarmTarget.vehicleVin))).toEqual(new Set([EV.vin, AB.vin]));

    const keyholder = await list('?bid=bid1000000016');
    expect(keyholder.results.map((a) => a.name)).toEqual(['KEY_HOLDER']);
    expect(keyholder.results[0]).toMatchObject({
      alarmTarget: { vehicleVin: KH.vin, bid: 'BID1000000016' },
      user: 'ola.nordmann',
      primaryObject: KH.reg,
    });
  });

  it("finds nothing for another operator's VIN or BID", async () => {
    expect((await list(`?vin=${MALAR_KTR.vin}`)).results).toEqual([]);
    expect((await list('?bid=BID2000000009')).results).toEqual([]);
    expect((await list(`?vin=${MALAR_KTR.vin}`, seToken)).results.length).toBeGreaterThan(0);
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
    expect(open.length).toBeGreaterThan(0);
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
    const [alarm] = (await list('?bid=BID1000000016&state=TRIGGERED')).results;
    expect(alarm).toBeDefined();
    expect((await acknowledge(alarm!.alarmId)).statusCode).toBe(200);
    const events = ZEventSearchResponse.parse((await get('/api/events?bid=BID1000000016&types=VEHICLE_ADMIN')).json()).results;
    expect(events.find((e) => e.displayText === 'Alarm KEY_HOLDER acknowledged')).toMatchObject({
      bid: 'BID1000000016',
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
