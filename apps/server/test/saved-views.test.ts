import {
  MESSAGE_IDS,
  ZAlarmListResponse,
  ZErrorEnvelope,
  ZPaymentsResponse,
  ZSavedView,
  ZSavedViewCount,
  ZSavedViewListResponse,
  type SavedView,
} from '@fleetdesk/contract';
import { and, asc, eq, gte } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client.ts';
import { events } from '../src/db/schema.ts';
import { setTestNow } from './support/clock.ts';
import { createAlarm, createBooking, createPayment, createStaff, createTwoOperatorScene, createUser } from './support/factories.ts';
import { authToken, createTestApp, login, type TestApp } from './support/test-app.ts';

// Issue 19 point 3: saved views over HTTP, on fixtures of their own.
const START = setTestNow('2026-03-10T08:05:00+01:00').getTime();
const DAY = 86_400_000;

let t: TestApp;
let db: Db;
let support: string;
let admin: string;
let colleague: string;
let other: string;

type Res = { statusCode: number; body: string; json(): unknown };
const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown, as = support): Promise<Res> =>
  t.app.inject({ method, url, headers: { authorization: authToken(as) }, ...(payload === undefined ? {} : { payload: payload as object }) });

async function save(payload: Record<string, unknown>, as = support): Promise<SavedView> {
  const res = await call('POST', '/api/views', payload, as);
  expect(res.statusCode, res.body).toBe(201);
  return ZSavedView.parse(res.json());
}
async function list(as = support): Promise<SavedView[]> {
  const res = await call('GET', '/api/views', undefined, as);
  expect(res.statusCode, res.body).toBe(200);
  return ZSavedViewListResponse.parse(res.json());
}
async function countOf(id: number, as = support) {
  const res = await call('GET', `/api/views/${id}/count`, undefined, as);
  expect(res.statusCode, res.body).toBe(200);
  return ZSavedViewCount.parse(res.json());
}
function expectEnvelope(res: Res, status: number, messageId: string) {
  expect(res.statusCode, res.body).toBe(status);
  const body = ZErrorEnvelope.parse(res.json());
  expect(body.messageId).toBe(messageId);
  return body;
}

beforeAll(async () => {
  t = await createTestApp();
  db = t.database.db;
  const { customer, pool, contract, vehicle } = await createTwoOperatorScene(db, {
    customer: { username: 'kari.views' },
    otherFleetCustomer: 'lena.views',
    start: new Date(START - 5 * 3_600_000),
    end: new Date(START - 3_600_000),
  });
  await createStaff(db, 'fjord', 'admin', 'admin-demo', 'ADMIN');
  await createStaff(db, 'fjord', 'colleague', 'support-demo');
  // Payments: two unpaid invoices older than 14 days, one recent, one paid.
  const old = new Date(START - 20 * DAY);
  await createPayment(db, 'fjord', { userId: customer.id }, { type: 'INVOICE', status: 'UNPAID', timestamp: old });
  await createPayment(db, 'fjord', { userId: customer.id }, { type: 'INVOICE', status: 'UNPAID', timestamp: new Date(START - 15 * DAY) });
  await createPayment(db, 'fjord', { userId: customer.id }, { type: 'INVOICE', status: 'UNPAID', timestamp: new Date(START - 2 * DAY) });
  await createPayment(db, 'fjord', { userId: customer.id }, { type: 'INVOICE', status: 'PAID', timestamp: old });
  await createPayment(db, 'malar', { userId: null }, { type: 'INVOICE', status: 'UNPAID', timestamp: old, currency: 'SEK' });
  // Alarms: two triggered, one handled.
  await createAlarm(db, 'fjord', { name: 'EXTERNAL_BATTERY', primaryObject: vehicle.vin, vehicleId: vehicle.id });
  await createAlarm(db, 'fjord', { name: 'EXTERNAL_BATTERY', primaryObject: vehicle.vin, vehicleId: vehicle.id });
  await createAlarm(db, 'fjord', {
    name: 'FUEL',
    primaryObject: vehicle.vin,
    vehicleId: vehicle.id,
    state: 'HANDLED',
    handledAt: new Date(START - DAY),
    handledBy: 'support',
  });
  // Active bookings: the scene's one is overdue; one more runs until tomorrow.
  const rider = await createUser(db, 'fjord', { username: 'ola.views' });
  await createBooking(
    db,
    'fjord',
    { userId: rider.id, contractId: contract.id, poolId: pool.id },
    { state: 'ACTIVE', startTime: new Date(START - 3_600_000), endTime: new Date(START + DAY) },
  );
  await createUser(db, 'fjord', { username: 'waiting.views', status: 'AWAITING_APPROVAL' });
  support = await login(t.app, 'support', 'support-demo');
  admin = await login(t.app, 'admin', 'admin-demo');
  colleague = await login(t.app, 'colleague', 'support-demo');
  other = await login(t.app, 'support.se', 'support-demo');
});

afterAll(async () => {
  await t?.close();
});

describe('saved views', () => {
  it('lists the built-in views for every operator, each counting with its screen', async () => {
    const views = await list();
    const builtIn = views.filter((v) => v.builtIn);
    expect(builtIn.map((v) => v.builtInKey).sort()).toEqual([
      'awaiting-approval',
      'failed-commands-24h',
      'overdue-bookings',
      'suspicious-registrations',
      'unhandled-alarms',
      'unpaid-invoices-14d',
    ]);
    expect(builtIn.every((v) => v.shared && !v.editable && v.owner === null)).toBe(true);
    const byKey = Object.fromEntries(builtIn.map((v) => [v.builtInKey, v]));
    expect((await countOf(byKey['unpaid-invoices-14d']!.id)).count).toBe(2);
    expect((await countOf(byKey['unhandled-alarms']!.id)).count).toBe(2);
    expect((await countOf(byKey['overdue-bookings']!.id)).count).toBe(1);
    expect((await countOf(byKey['awaiting-approval']!.id)).count).toBe(1);
    // No command of this scene failed (failed-commands.test.ts counts those that did).
    expect((await countOf(byKey['failed-commands-24h']!.id)).count).toBe(0);
    // Another operator has its own built-in views, with its own counts.
    const seViews = (await list(other)).filter((v) => v.builtIn);
    expect(seViews).toHaveLength(6);
    expect(seViews.some((v) => builtIn.some((b) => b.id === v.id))).toBe(false);
    const seInvoices = seViews.find((v) => v.builtInKey === 'unpaid-invoices-14d')!;
    expect((await countOf(seInvoices.id, other)).count).toBe(1);
    // Built-in views are nobody's to change.
    expectEnvelope(await call('DELETE', `/api/views/${byKey['unhandled-alarms']!.id}`, undefined, admin), 403, MESSAGE_IDS.forbidden);
  });

  it('counts what the screen search finds', async () => {
    const view = await save({
      name: 'Unpaid invoices',
      screen: 'payments',
      params: { status: 'UNPAID', type: 'INVOICE', from: '2026-01-01', to: '2026-03-10' },
    });
    const res = await call('GET', '/api/payments?status=UNPAID&type=INVOICE&from=2026-01-01T00:00:00.000Z&to=2026-03-10T23:59:59.999Z&pageSize=100');
    const screen = ZPaymentsResponse.parse(res.json());
    expect((await countOf(view.id)).count).toBe(screen.results.length);
    expect(screen.results.length).toBe(3);
    const alarmsView = await save({ name: 'Triggered', screen: 'alarms', params: { state: 'TRIGGERED' } });
    const alarmsRes = await call('GET', '/api/alarms?state=TRIGGERED&pageSize=200');
    expect(alarmsRes.statusCode, alarmsRes.body).toBe(200);
    const alarms = ZAlarmListResponse.parse(alarmsRes.json());
    expect((await countOf(alarmsView.id)).count).toBe(alarms.results.length);
  });

  it('keeps a private view to its owner and shows a shared one to the operator, never to another operator', async () => {
    const mine = await save({ name: 'My payments', screen: 'payments', params: { status: 'PAID' } });
    const shared = await save({ name: 'Team payments', screen: 'payments', params: { status: 'UNPAID' }, shared: true });
    expect(mine).toMatchObject({ shared: false, owner: 'support', editable: true, builtIn: false });

    const colleagueViews = await list(colleague);
    expect(colleagueViews.map((v) => v.id)).toContain(shared.id);
    expect(colleagueViews.map((v) => v.id)).not.toContain(mine.id);
    expect(colleagueViews.find((v) => v.id === shared.id)?.editable).toBe(false);
    expectEnvelope(await call('GET', `/api/views/${mine.id}/count`, undefined, colleague), 404, MESSAGE_IDS.savedViewNotFound);
    expectEnvelope(await call('PATCH', `/api/views/${shared.id}`, { name: 'Mine now' }, colleague), 403, MESSAGE_IDS.forbidden);
    expectEnvelope(await call('DELETE', `/api/views/${shared.id}`, undefined, colleague), 403, MESSAGE_IDS.forbidden);

    // Another operator: 404 for every path, and not in its list.
    expect((await list(other)).map((v) => v.id)).not.toContain(shared.id);
    expectEnvelope(await call('GET', `/api/views/${shared.id}/count`, undefined, other), 404, MESSAGE_IDS.savedViewNotFound);
    expectEnvelope(await call('PATCH', `/api/views/${shared.id}`, { name: 'x' }, other), 404, MESSAGE_IDS.savedViewNotFound);
    expectEnvelope(await call('DELETE', `/api/views/${shared.id}`, undefined, other), 404, MESSAGE_IDS.savedViewNotFound);

    // An admin of the operator curates the shared queues.
    const renamed = await call('PATCH', `/api/views/${shared.id}`, { name: 'Unpaid (team)' }, admin);
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(ZSavedView.parse(renamed.json())).toMatchObject({ name: 'Unpaid (team)', owner: 'support' });
    expectEnvelope(await call('PATCH', `/api/views/${mine.id}`, { name: 'x' }, admin), 404, MESSAGE_IDS.savedViewNotFound);
  });

  it('refuses bad input with field errors in the envelope', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '  ', screen: 'alarms', params: {} }, 'name'],
      [{ name: 'x'.repeat(81), screen: 'alarms', params: {} }, 'name'],
      [{ name: 'Bad', screen: 'garage', params: {} }, 'screen'],
      [{ name: 'Bad', screen: 'alarms', params: { state: 'LOST' } }, 'params.state'],
      [{ name: 'Bad', screen: 'payments', params: { status: 'PAID,NOPE' } }, 'params.status'],
      [{ name: 'Bad', screen: 'payments', params: { olderThanDays: 0 } }, 'params.olderThanDays'],
      [{ name: 'Bad', screen: 'eventLog', params: { groups: 'BOOKING' } }, 'params.vin'],
      [{ name: 'Bad', screen: 'alarms', params: 'state=TRIGGERED' }, 'params'],
    ];
    for (const [payload, field] of cases) {
      const body = expectEnvelope(await call('POST', '/api/views', payload), 400, MESSAGE_IDS.invalidInput);
      expect(
        body.errors.map((e) => e.field),
        JSON.stringify(payload),
      ).toContain(field);
    }
    const view = await save({ name: 'Fine', screen: 'alarms', params: { state: 'HANDLED' } });
    const bad = expectEnvelope(await call('PATCH', `/api/views/${view.id}`, { params: { category: 'NOPE' } }), 400, MESSAGE_IDS.invalidInput);
    expect(bad.errors.map((e) => e.field)).toContain('params.category');
    expectEnvelope(await call('GET', '/api/views/abc/count'), 400, MESSAGE_IDS.invalidInput);
    expectEnvelope(await call('GET', '/api/views/99999999999/count'), 400, MESSAGE_IDS.invalidInput);
    expectEnvelope(await call('GET', '/api/views/2147483000/count'), 404, MESSAGE_IDS.savedViewNotFound);
  });

  it('writes an event for each create, change and delete', async () => {
    const since = new Date();
    const view = await save({ name: 'Evented', screen: 'alarms', params: { state: 'TRIGGERED' }, shared: true });
    expect((await call('PATCH', `/api/views/${view.id}`, { name: 'Evented again', shared: false })).statusCode).toBe(200);
    // The same values change nothing and write nothing.
    expect((await call('PATCH', `/api/views/${view.id}`, { name: 'Evented again' })).statusCode).toBe(200);
    expect((await call('DELETE', `/api/views/${view.id}`)).statusCode).toBe(204);
    const rows = await db
      .select()
      .from(events)
      .where(and(eq(events.fleetId, 'fjord'), gte(events.received, since), eq(events.actingUsername, 'support')))
      .orderBy(asc(events.id));
    const mine = rows.filter((r) => (r.properties as { savedViewId?: number } | null)?.savedViewId === view.id);
    expect(mine.map((r) => (r.properties as { action: string }).action)).toEqual(['SAVED_VIEW_CREATED', 'SAVED_VIEW_UPDATED', 'SAVED_VIEW_DELETED']);
    expect(mine.every((r) => r.type === 'USER_ACTION')).toBe(true);
    expect(mine[0]?.displayText).toBe('View saved: Evented (alarms, shared)');
    expect(mine[1]?.displayText).toBe('View changed: Evented again (alarms, private)');
    expectEnvelope(await call('GET', `/api/views/${view.id}/count`), 404, MESSAGE_IDS.savedViewNotFound);
  });
});
