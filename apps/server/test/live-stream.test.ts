import { EVENT_TYPE_GROUP, eventText, LIVE_REPLAY_LIMIT, LIVE_STREAM_PATH, ZErrorEnvelope } from '@fleetdesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client.ts';
import { events } from '../src/db/schema.ts';
import { setTestNow } from './support/clock.ts';
import { createEvent, createTwoOperatorScene } from './support/factories.ts';
import { Stream } from './support/live-stream-client.ts';
import { authToken, createTestApp, login, type TestApp } from './support/test-app.ts';

// Issue 20 point 1: GET /api/stream pushes the operator's changes (the event log is the change feed), resumes from
// Last-Event-ID, and never carries another operator's changes. Over a real socket: a stream never ends by itself.
setTestNow('2026-03-10T08:05:00+01:00');

let t: TestApp;
let db: Db;
let base: string;
let token: string;
let otherToken: string;
const fx = { username: 'kari.live', otherFleetUser: 'lena.live', bid: '', vin: '' };

async function addNote(username: string, text: string, as = token) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/notes',
    headers: { authorization: authToken(as) },
    payload: { subjectType: 'USER', subjectId: username, text },
  });
  expect(res.statusCode, res.body).toBe(201);
}

beforeAll(async () => {
  t = await createTestApp();
  db = t.database.db;
  const scene = await createTwoOperatorScene(db, {
    customer: { username: fx.username },
    otherFleetCustomer: fx.otherFleetUser,
    start: new Date(Date.now() - 3_600_000),
    end: new Date(Date.now() + 3_600_000),
  });
  fx.bid = scene.booking.bid;
  fx.vin = scene.vehicle.vin;
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  token = await login(t.app, 'support', 'support-demo');
  otherToken = await login(t.app, 'support.se', 'support-demo');
});
afterAll(() => t.close());

describe('GET /api/stream', () => {
  it('answers 401 without a session and 400 for a Last-Event-ID that is not an id, in the envelope', async () => {
    const anonymous = await fetch(`${base}${LIVE_STREAM_PATH}`);
    expect(anonymous.status).toBe(401);
    expect(ZErrorEnvelope.parse(await anonymous.json()).httpCode).toBe(401);
    const bad = await fetch(`${base}${LIVE_STREAM_PATH}`, { headers: { authorization: authToken(token), 'last-event-id': 'abc' } });
    expect(bad.status).toBe(400);
    expect(ZErrorEnvelope.parse(await bad.json()).messageId).toBe('errorId.apigw.invalid.input');
  });

  it('starts afresh with reset for an event id kept by a console from before stream positions, or a position from the future', async () => {
    for (const stale of ['123', 't99999999999999']) {
      const stream = await Stream.open(base, token, stale);
      expect((await stream.next()).event).toBe('reset');
      const ready = await stream.next();
      expect(ready.event).toBe('ready');
      expect(ready.id).toMatch(/^t\d+$/);
      stream.close();
    }
  });

  it("opens with the operator's position and pushes its changes as they are committed, and never another operator's", async () => {
    const stream = await Stream.open(base, token);
    const ready = await stream.next();
    expect(ready.event).toBe('ready');
    const position = (ready.data as { position: string }).position;
    expect(position).toMatch(/^t\d+$/);
    expect(ready.id).toBe(position);

    await addNote(fx.otherFleetUser, 'Malmö only', otherToken);
    await addNote(fx.username, 'Prefers SMS');
    const [change] = await stream.changes(1);
    expect(change).toMatchObject({ type: 'USER_ACTION', typeGroup: 'USER_ACTION', affectedUsername: fx.username, actingUsername: 'support' });
    expect(await stream.drain(300)).toEqual([]);

    // An event written straight into the log (as telematics and the simulator write theirs) arrives too.
    const status = await createEvent(db, 'fjord', 'VEHICLE_STATUS', eventText('userRegistered'), { vin: 'WVWZZZLIVE0000001' });
    await createEvent(db, 'malar', 'VEHICLE_STATUS', eventText('userRegistered'), { vin: 'YV1ZZZLIVE0000002' });
    expect((await stream.changes(1)).map((c) => [c.id, c.vin, c.typeGroup])).toEqual([
      [status.id, 'WVWZZZLIVE0000001', EVENT_TYPE_GROUP.VEHICLE_STATUS],
    ]);
    expect(await stream.drain(300)).toEqual([]);
    stream.close();
  });

  it("pushes a remote command's request and, when the vehicle answers, its result", async () => {
    const stream = await Stream.open(base, token);
    expect((await stream.next()).event).toBe('ready');
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/vehicles/by-vin/${fx.vin}/unlock`,
      headers: { authorization: authToken(token) },
      payload: { reason: 'Customer at the car' },
    });
    expect(res.statusCode, res.body).toBe(202);
    const changes = await stream.changes(2);
    expect(changes.map((c) => [c.type, c.vin])).toEqual([
      ['REMOTE_COMMAND', fx.vin],
      ['REMOTE_COMMAND', fx.vin],
    ]);
    stream.close();
  });

  it('replays what a reconnecting client missed after its Last-Event-ID, in order, then goes on live', async () => {
    const first = await Stream.open(base, token);
    const position = ((await first.next()).data as { position: string }).position;
    first.close();

    await addNote(fx.username, 'Missed one');
    await addNote(fx.otherFleetUser, 'Not ours', otherToken);
    await addNote(fx.username, 'Missed two');

    const again = await Stream.open(base, token, position);
    expect((await again.next()).event).toBe('ready');
    const missed = await again.changes(2);
    expect(missed.map((c) => c.affectedUsername)).toEqual([fx.username, fx.username]);
    expect(missed[0]!.id).toBeLessThan(missed[1]!.id);

    await addNote(fx.username, 'Live again');
    const [live] = await again.changes(1);
    expect(live!.id).toBeGreaterThan(missed[1]!.id);
    expect(await again.drain(300)).toEqual([]);
    again.close();
  });

  it('says reset instead of replaying a gap longer than the replay limit, and starts from the newest position', async () => {
    const first = await Stream.open(base, token);
    const position = ((await first.next()).data as { position: string }).position;
    first.close();
    const now = new Date();
    await db.insert(events).values(
      Array.from({ length: LIVE_REPLAY_LIMIT + 1 }, (_, i) => ({
        fleetId: 'fjord',
        occurred: now,
        received: now,
        vin: `WVWZZZGAP${String(i).padStart(8, '0')}`,
        type: 'HEARTBEAT' as const,
        typeGroup: EVENT_TYPE_GROUP.HEARTBEAT,
        displayText: 'Heartbeat',
      })),
    );
    const again = await Stream.open(base, token, position);
    expect((await again.next()).event).toBe('reset');
    const ready = await again.next();
    expect(ready.event).toBe('ready');
    // Not behind where the client was (a transaction still running elsewhere can hold it where it was).
    expect(BigInt(ready.id!.slice(1))).toBeGreaterThanOrEqual(BigInt(position.slice(1)));
    expect((await again.drain(300)).filter((m) => m.event === 'change')).toEqual([]);
    again.close();
  });
});
