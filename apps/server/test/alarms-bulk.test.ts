import {
  ALARM_BULK_MAX,
  ZAlarmBulkResponse,
  ZAlarmComment,
  ZAlarmCommentListResponse,
  ZErrorEnvelope,
  ZEventSearchResponse,
} from '@fleetdesk/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alarms } from '../src/db/schema.ts';
import { createAlarm, createFleet, createStaff, createVehicle } from './support/factories.ts';
import { authToken, createTestApp, login, type TestApp } from './support/test-app.ts';

/** Bulk acknowledge and assign (issue 19 point 4): the plan, the per-alarm report, one event per alarm, operator scope. */

let t: TestApp;
let token: string;
let seToken: string;
const ids = { triggered: [] as number[], handled: 0, theirs: 0 };
const VIN = 'VNKKAH3A3PA012345';

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  await createFleet(db, 'fjord');
  await createFleet(db, 'malar', { country: 'SE', currency: 'SEK', defaultLanguage: 'sv', timeZone: 'Europe/Stockholm' });
  await createStaff(db, 'fjord', 'support', 'support-demo');
  await createStaff(db, 'fjord', 'kari.staff', 'support-demo');
  await createStaff(db, 'malar', 'support.se', 'support-demo');
  const car = await createVehicle(db, 'fjord', { vin: VIN, registrationNumber: 'AB 12345' });
  const theirCar = await createVehicle(db, 'malar', { vin: 'YV1BW84DAN1048200', registrationNumber: 'KTR 482' });
  const at = new Date('2026-11-01T10:00:00Z');
  for (const name of ['FUEL', 'EXTERNAL_BATTERY', 'KEY_HOLDER', 'FUEL'] as const)
    ids.triggered.push((await createAlarm(db, 'fjord', { name, vehicleId: car.id, primaryObject: 'AB 12345', alarmTimestamp: at })).id);
  ids.handled = (
    await createAlarm(db, 'fjord', {
      name: 'FUEL',
      vehicleId: car.id,
      primaryObject: 'AB 12345',
      state: 'HANDLED',
      handledBy: 'support',
      handledAt: at,
    })
  ).id;
  ids.theirs = (await createAlarm(db, 'malar', { name: 'FUEL', vehicleId: theirCar.id, primaryObject: 'KTR 482' })).id;
  token = await login(t.app, 'support', 'support-demo');
  seToken = await login(t.app, 'support.se', 'support-demo');
});
afterAll(() => t.close());

const bulk = (payload: unknown, as = token) =>
  t.app.inject({ method: 'POST', url: '/api/alarms/bulk', headers: { authorization: authToken(as) }, payload: payload as object });
const row = async (id: number) => (await t.database.db.select().from(alarms).where(eq(alarms.id, id)))[0]!;
async function alarmEvents(): Promise<string[]> {
  const res = await t.app.inject({ method: 'GET', url: `/api/events?vin=${VIN}&pageSize=100`, headers: { authorization: authToken(token) } });
  expect(res.statusCode).toBe(200);
  return ZEventSearchResponse.parse(res.json()).results.map((e) => e.displayText);
}

describe('POST /api/alarms/bulk', () => {
  it('plans without changing anything, then applies exactly the plan with one event per alarm', async () => {
    const [a, b, c] = ids.triggered;
    const wanted = [a!, b!, c!, ids.handled, ids.theirs, 999_999];
    const eventsBefore = (await alarmEvents()).length;

    const planRes = await bulk({ action: 'ACKNOWLEDGE', ids: wanted, dryRun: true });
    expect(planRes.statusCode).toBe(200);
    const plan = ZAlarmBulkResponse.parse(planRes.json());
    expect(plan.dryRun).toBe(true);
    expect(plan.results.map((r) => [r.alarmId, r.outcome, r.reason])).toEqual([
      [a, 'PLANNED', null],
      [b, 'PLANNED', null],
      [c, 'PLANNED', null],
      [ids.handled, 'SKIPPED', 'ALREADY_HANDLED'],
      [ids.theirs, 'SKIPPED', 'NOT_FOUND'],
      [999_999, 'SKIPPED', 'NOT_FOUND'],
    ]);
    expect(plan.counts).toEqual({ planned: 3, done: 0, skipped: 3, failed: 0 });
    expect(plan.results[0]!.target).toBe(VIN);
    expect((await row(a!)).state).toBe('TRIGGERED');
    expect(await alarmEvents()).toHaveLength(eventsBefore);

    const runRes = await bulk({ action: 'ACKNOWLEDGE', ids: wanted });
    expect(runRes.statusCode).toBe(200);
    const run = ZAlarmBulkResponse.parse(runRes.json());
    expect(run.results.map((r) => r.outcome)).toEqual(plan.results.map((r) => (r.outcome === 'PLANNED' ? 'DONE' : r.outcome)));
    for (const id of [a!, b!, c!]) expect(await row(id)).toMatchObject({ state: 'HANDLED', handledBy: 'support' });
    // The other operator's alarm is untouched.
    expect((await row(ids.theirs)).state).toBe('TRIGGERED');
    const events = await alarmEvents();
    expect(events).toHaveLength(eventsBefore + 3);
    expect(events.filter((text) => text.endsWith('acknowledged'))).toHaveLength(3);

    // Again: nothing left to do.
    const again = ZAlarmBulkResponse.parse((await bulk({ action: 'ACKNOWLEDGE', ids: [a!] })).json());
    expect(again.results[0]).toMatchObject({ outcome: 'SKIPPED', reason: 'ALREADY_HANDLED' });
  });

  it('assigns to a staff member of the operator (any case), skips the already assigned, and unassigns with null', async () => {
    const d = ids.triggered[3]!;
    const run = ZAlarmBulkResponse.parse((await bulk({ action: 'ASSIGN', ids: [d], assignee: 'KARI.STAFF' })).json());
    expect(run.assignee).toBe('kari.staff');
    expect(run.results[0]).toMatchObject({ outcome: 'DONE', reason: null });
    expect((await row(d)).assignedTo).toBe('kari.staff');
    expect(await alarmEvents()).toContain('Alarm FUEL assigned to kari.staff');

    const same = ZAlarmBulkResponse.parse((await bulk({ action: 'ASSIGN', ids: [d], assignee: 'kari.staff', dryRun: true })).json());
    expect(same.results[0]).toMatchObject({ outcome: 'SKIPPED', reason: 'ALREADY_ASSIGNED' });

    const off = ZAlarmBulkResponse.parse((await bulk({ action: 'ASSIGN', ids: [d], assignee: null })).json());
    expect(off.results[0]!.outcome).toBe('DONE');
    expect((await row(d)).assignedTo).toBeNull();
  });

  it('refuses an assignee who is not staff of the operator, and malformed or oversized requests, with 400', async () => {
    const d = ids.triggered[3]!;
    for (const payload of [
      { action: 'ASSIGN', ids: [d], assignee: 'support.se' },
      { action: 'ASSIGN', ids: [d] },
      { action: 'DELETE', ids: [d] },
      { action: 'ACKNOWLEDGE', ids: [] },
      { action: 'ACKNOWLEDGE', ids: ['x'] },
      { action: 'ACKNOWLEDGE', ids: [0] },
      { action: 'ACKNOWLEDGE', ids: [2_147_483_648] },
      { action: 'ACKNOWLEDGE', ids: Array.from({ length: ALARM_BULK_MAX + 1 }, (_, i) => i + 1) },
    ]) {
      const res = await bulk(payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      ZErrorEnvelope.parse(res.json());
    }
    expect((await row(d)).assignedTo).toBeNull();
  });

  it('acts only on the own operator: the other operator sees our alarms as not found', async () => {
    const d = ids.triggered[3]!;
    const res = ZAlarmBulkResponse.parse((await bulk({ action: 'ACKNOWLEDGE', ids: [d, ids.theirs], dryRun: true }, seToken)).json());
    expect(res.results.map((r) => r.outcome)).toEqual(['SKIPPED', 'PLANNED']);
    expect(res.results[0]).toMatchObject({ reason: 'NOT_FOUND', name: null, target: null });
  });
});

describe('alarm comments', () => {
  const url = (id: number | string) => `/api/alarms/${id}/comments`;
  it('adds and lists comments oldest first, scoped to the operator, text at most 2000 characters', async () => {
    const d = ids.triggered[3]!;
    const post = (text: unknown, as = token, id: number | string = d) =>
      t.app.inject({ method: 'POST', url: url(id), headers: { authorization: authToken(as) }, payload: { text } });
    const first = await post('  Called the customer  ');
    expect(first.statusCode).toBe(201);
    expect(ZAlarmComment.parse(first.json())).toMatchObject({ alarmId: d, author: 'support', text: 'Called the customer' });
    expect((await post('Battery replaced')).statusCode).toBe(201);
    const list = await t.app.inject({ method: 'GET', url: url(d), headers: { authorization: authToken(token) } });
    expect(ZAlarmCommentListResponse.parse(list.json()).results.map((c) => c.text)).toEqual(['Called the customer', 'Battery replaced']);

    expect((await post('x'.repeat(2001))).statusCode).toBe(400);
    expect((await post('   ')).statusCode).toBe(400);
    expect((await post('hi', seToken)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: url(d), headers: { authorization: authToken(seToken) } })).statusCode).toBe(404);
    expect((await post('hi', token, 'abc')).statusCode).toBe(400);
  });
});
