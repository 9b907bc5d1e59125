import {
  MESSAGE_IDS,
  ZErrorEnvelope,
  ZEventSearchResponse,
  ZSavedView,
  ZSavedViewCount,
  ZSavedViewListResponse,
  eventText,
  eventValue,
  type CommandState,
  type EventSearchResponse,
  type RemoteCommand,
} from '@fleetdesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client.ts';
import { vehicleCommands } from '../src/db/schema.ts';
import { recordCommandAnswer } from '../src/modules/vehicle-commands/service.ts';
import { sweepTimedOutCommands } from '../src/modules/vehicle-commands/sweeper.ts';
import { advanceTestClock, setTestNow } from './support/clock.ts';
import { createEvent, createFleet, createStaff, createVehicle } from './support/factories.ts';
import { authToken, createTestApp, login, type TestApp } from './support/test-app.ts';

// Issue 19 point 3's sixth queue: the event log's failed-commands search with a relative period, and the built-in
// view "failed commands in the last 24 h" that counts it (docs/decisions/0071-saved-views.md).
const NOW = setTestNow('2026-03-10T12:00:00+01:00').getTime();
const HOUR = 3_600_000;

let t: TestApp;
let db: Db;
let support: string;
let other: string;
let vehicleA: { id: number; vin: string };
let vinA: string;
let vinB: string;
/** The failed commands of fjord the 24 h search finds, newest first: by their command id. */
const expected: number[] = [];

type Res = { statusCode: number; body: string; json(): unknown };
const get = (url: string, as = support): Promise<Res> => t.app.inject({ method: 'GET', url, headers: { authorization: authToken(as) } });
async function search(qs: string, as = support): Promise<EventSearchResponse> {
  const res = await get(`/api/events?${qs}`, as);
  expect(res.statusCode, res.body).toBe(200);
  return ZEventSearchResponse.parse(res.json());
}
function refused(res: Res, field: string) {
  expect(res.statusCode, res.body).toBe(400);
  const body = ZErrorEnvelope.parse(res.json());
  expect(body.messageId).toBe(MESSAGE_IDS.invalidInput);
  expect(body.errors.map((e) => e.field)).toContain(field);
}
const commandIds = (answer: EventSearchResponse) => answer.results.map((e) => e.properties.commandId);

/** A command sent by `support` and answered `ago` ms before now, recorded as the vehicle-commands module records it. */
async function answeredCommand(
  fleet: string,
  vehicle: { id: number; vin: string },
  command: RemoteCommand,
  state: Exclude<CommandState, 'PENDING'>,
  ago: number,
  message: string | null = null,
): Promise<number> {
  const at = new Date(Date.now() - ago);
  const [row] = await db
    .insert(vehicleCommands)
    .values({
      fleetId: fleet,
      vehicleId: vehicle.id,
      command,
      state,
      message,
      requestedBy: fleet === 'fjord' ? 'support' : 'support.se',
      requestedAt: new Date(at.getTime() - 5_000),
      completedAt: at,
    })
    .returning();
  await recordCommandAnswer(db, row!, vehicle.vin, at);
  return row!.id;
}

beforeAll(async () => {
  t = await createTestApp();
  db = t.database.db;
  await createFleet(db, 'fjord');
  await createFleet(db, 'malar', { country: 'SE', currency: 'SEK', defaultLanguage: 'sv', timeZone: 'Europe/Stockholm' });
  await createStaff(db, 'fjord', 'support', 'support-demo');
  await createStaff(db, 'malar', 'support.se', 'support-demo');
  const a = await createVehicle(db, 'fjord');
  const b = await createVehicle(db, 'fjord');
  const m = await createVehicle(db, 'malar');
  vehicleA = a;
  vinA = a.vin;
  vinB = b.vin;

  // Within the last 24 h: a command the vehicle refused (3 h ago) and one 23 h ago, on two vehicles.
  const refusedLock = await answeredCommand('fjord', a, 'LOCK', 'FAILED', 3 * HOUR, 'Door open');
  const oldUnlock = await answeredCommand('fjord', b, 'UNLOCK', 'FAILED', 23 * HOUR, 'Agent busy');
  // A command the vehicle never answered, timed out by the sweeper (now).
  const [pending] = await db
    .insert(vehicleCommands)
    .values({
      fleetId: 'fjord',
      vehicleId: b.id,
      command: 'IMMOBILIZE',
      state: 'PENDING',
      requestedBy: 'support',
      requestedAt: new Date(Date.now() - HOUR),
    })
    .returning();
  await sweepTimedOutCommands(db, 30);
  expected.push(pending!.id, refusedLock, oldUnlock);

  // Not failed commands of fjord in the last 24 h:
  await answeredCommand('fjord', a, 'UNLOCK', 'SUCCEEDED', 2 * HOUR); // succeeded
  await answeredCommand('fjord', a, 'MOBILIZE', 'FAILED', 25 * HOUR, 'No signal'); // older than 24 h
  await answeredCommand('malar', m, 'LOCK', 'FAILED', HOUR, 'Door open'); // another operator's
  // A command sent (PENDING, no answer yet) and a payment that failed: a result, but not a command's failure.
  await createEvent(db, 'fjord', 'REMOTE_COMMAND', eventText('commandSent', { command: eventValue('command', 'LOCK') }), {
    vin: vinA,
    occurred: new Date(Date.now() - HOUR),
    properties: { commandId: 999_999, command: 'LOCK', result: 'PENDING' },
  });
  await createEvent(db, 'fjord', 'PAYMENT_ACTION', eventText('paymentRetriedRefused', { orderId: 'O-1', code: 'card_declined' }), {
    occurred: new Date(Date.now() - HOUR),
    properties: { result: 'FAILED' },
  });

  support = await login(t.app, 'support', 'support-demo');
  other = await login(t.app, 'support.se', 'support-demo');
});

afterAll(async () => {
  await t?.close();
});

describe('GET /api/events?failedCommands=true', () => {
  it("finds the operator's failed and timed-out commands of the last 24 h, on every vehicle, without a subject", async () => {
    const answer = await search('failedCommands=true&lastHours=24');
    expect(commandIds(answer)).toEqual(expected);
    expect(answer.results.every((e) => e.type === 'REMOTE_COMMAND' && e.properties.result === 'FAILED')).toBe(true);
    expect(new Set(answer.results.map((e) => e.vin))).toEqual(new Set([vinA, vinB]));
    // The refusal and the timeout are both worded as what happened.
    expect(answer.results.find((e) => e.properties.commandId === expected[1])?.displayText).toContain('Door open');
    expect(answer.results.find((e) => e.properties.commandId === expected[0])?.properties.message).toBeTruthy();

    // The other operator sees its own failure only.
    expect((await search('failedCommands=true&lastHours=24', other)).results.map((e) => e.vin)).toHaveLength(1);
    // With a subject it narrows to that vehicle; with dates it covers them (the 25 h old one too).
    expect(commandIds(await search(`failedCommands=true&lastHours=24&vin=${vinB}`))).toEqual([expected[0], expected[2]]);
    const since = new Date(NOW - 48 * HOUR).toISOString();
    expect((await search(`failedCommands=true&startDate=${since}`)).results).toHaveLength(4);
  });

  it('keeps the §5 rules for every other search, and bounds a search without a subject', async () => {
    refused(await get('/api/events?lastHours=24'), 'vin');
    refused(await get('/api/events?failedCommands=false&lastHours=24'), 'vin');
    refused(await get('/api/events?failedCommands=yes'), 'failedCommands');
    refused(await get(`/api/events?failedCommands=true&lastHours=24&startDate=${new Date(NOW - HOUR).toISOString()}`), 'lastHours');
    refused(await get('/api/events?failedCommands=true&lastHours=0'), 'lastHours');
    refused(await get('/api/events?failedCommands=true&lastHours=841'), 'lastHours');
    // Five weeks at most without a subject; with one, any period.
    const long = `startDate=${new Date(NOW - 36 * 24 * HOUR).toISOString()}&endDate=${new Date(NOW).toISOString()}`;
    refused(await get(`/api/events?failedCommands=true&${long}`), 'startDate');
    expect((await search(`failedCommands=true&vin=${vinA}&${long}`)).results).toHaveLength(2);
    expect((await search('failedCommands=true&lastHours=840')).results).toHaveLength(4);
    // Another operator's vehicle is still 404.
    expect((await get(`/api/events?failedCommands=true&vin=${vinA}`, other)).statusCode).toBe(404);
  });

  it('follows new failures only', async () => {
    const head = await search('failedCommands=true&lastHours=24');
    await answeredCommand('fjord', vehicleA, 'LOCK', 'SUCCEEDED', 0);
    const fresh = await answeredCommand('fjord', vehicleA, 'LOCK', 'FAILED', 0, 'Door open');
    const followed = await search(`failedCommands=true&after=${head.followCursor}`);
    expect(commandIds(followed)).toEqual([fresh]);
    expected.unshift(fresh);
  });
});

describe('the built-in view "failed commands in the last 24 h"', () => {
  const builtIn = async (as: string) => {
    const res = await get('/api/views', as);
    expect(res.statusCode, res.body).toBe(200);
    const view = ZSavedViewListResponse.parse(res.json()).find((v) => v.builtInKey === 'failed-commands-24h');
    expect(view).toBeDefined();
    return view!;
  };
  const countOf = async (id: number, as = support) => {
    const res = await get(`/api/views/${id}/count`, as);
    expect(res.statusCode, res.body).toBe(200);
    return ZSavedViewCount.parse(res.json()).count;
  };

  it('is seeded for every operator on the event log, a shared queue nobody changes', async () => {
    const view = await builtIn(support);
    expect(view).toMatchObject({
      screen: 'eventLog',
      params: { failedCommands: true, lastHours: 24 },
      shared: true,
      builtIn: true,
      editable: false,
      owner: null,
    });
    const theirs = await builtIn(other);
    expect(theirs.id).not.toBe(view.id);
    expect(await countOf(theirs.id, other)).toBe(1);
    const patch = await t.app.inject({
      method: 'PATCH',
      url: `/api/views/${view.id}`,
      headers: { authorization: authToken(support) },
      payload: { name: 'x' },
    });
    expect(patch.statusCode).toBe(403);
  });

  it('saves a failed-commands search as a view without a subject, keeping its period relative', async () => {
    const post = (params: Record<string, unknown>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/views',
        headers: { authorization: authToken(support) },
        payload: { name: 'Failed (1 h)', screen: 'eventLog', params },
      });
    const saved = await post({ failedCommands: true, lastHours: 1 });
    expect(saved.statusCode, saved.body).toBe(201);
    expect(ZSavedView.parse(saved.json()).params).toEqual({ failedCommands: true, lastHours: 1 });
    refused(await post({ lastHours: 24 }), 'params.vin');
    refused(await post({ failedCommands: true, lastHours: 24, startDate: new Date(NOW).toISOString() }), 'params.lastHours');
    refused(
      await post({ failedCommands: true, startDate: new Date(NOW - 40 * 24 * HOUR).toISOString(), endDate: new Date(NOW).toISOString() }),
      'params.startDate',
    );
  });

  it('counts what the screen finds, over the 24 h before each count (not before it was saved)', async () => {
    const view = await builtIn(support);
    const screen = await search('failedCommands=true&lastHours=24&pageSize=200');
    expect(await countOf(view.id)).toBe(screen.results.length);
    expect(commandIds(screen)).toEqual(expected);

    // Two hours later (signed in again: the session went idle) the failure of 23 h ago has left the window.
    advanceTestClock(2 * HOUR);
    support = await login(t.app, 'support', 'support-demo');
    expect(await countOf(view.id)).toBe(expected.length - 1);
    expect(commandIds(await search('failedCommands=true&lastHours=24'))).toEqual(expected.slice(0, -1));
  });
});
