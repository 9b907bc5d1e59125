import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setTestNow } from './support/clock.ts';
import { eventText } from '@fleetdesk/contract';
import type { Db } from '../src/db/client.ts';
import { createEvent, createTwoOperatorScene } from './support/factories.ts';
import { Stream } from './support/live-stream-client.ts';
import { authToken, createSecondCopy, createTestApp, login, type TestApp } from './support/test-app.ts';

// Issue 20 point 4: two server copies on one PostgreSQL database behave as one console. A session made through one
// works on the other (and its logout ends it on both), and a change made through one reaches a stream held open on
// the other (LISTEN/NOTIFY, docs/decisions/0070-live-stream.md). Runs with TEST_DATABASE_URL only (vitest.config.ts).
setTestNow('2026-03-10T08:05:00+01:00');

let first: TestApp;
let second: TestApp;
let secondBase: string;
const customer = 'kari.copies';

const fleet = (copy: TestApp, token: string) =>
  copy.app.inject({ method: 'GET', url: '/api/fleets/fjord', headers: { authorization: authToken(token) } });

beforeAll(async () => {
  first = await createTestApp();
  await createTwoOperatorScene(first.database.db, {
    customer: { username: customer },
    otherFleetCustomer: 'lena.copies',
    start: new Date(Date.now() - 3_600_000),
    end: new Date(Date.now() + 3_600_000),
  });
  second = await createSecondCopy(first);
  secondBase = await second.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await second?.close();
  await first?.close();
});

describe('two server copies on one database', () => {
  it('take each other’s sessions, and a logout through one ends the session on both', async () => {
    const token = await login(first.app, 'support', 'support-demo');
    expect((await fleet(second, token)).statusCode).toBe(200);
    expect((await fleet(first, token)).statusCode).toBe(200);

    const logout = await second.app.inject({ method: 'DELETE', url: '/api/auth', headers: { authorization: authToken(token) } });
    expect(logout.statusCode).toBe(204);
    expect((await fleet(first, token)).statusCode).toBe(401);
    expect((await fleet(second, token)).statusCode).toBe(401);
  });

  it('push a change made through one copy to a stream open on the other', async () => {
    const token = await login(first.app, 'support', 'support-demo');
    const stream = await Stream.open(secondBase, token);
    try {
      expect((await stream.next()).event).toBe('ready');
      const note = await first.app.inject({
        method: 'POST',
        url: '/api/notes',
        headers: { authorization: authToken(token) },
        payload: { subjectType: 'USER', subjectId: customer, text: 'Written through the first copy' },
      });
      expect(note.statusCode, note.body).toBe(201);
      const [change] = await stream.changes(1);
      expect(change).toMatchObject({ typeGroup: 'USER_ACTION', affectedUsername: customer, actingUsername: 'support' });
      expect(await stream.drain(300)).toEqual([]);
    } finally {
      stream.close();
    }
  });

  it('resume a stream in commit order: an event with a lower id committed after a higher one was sent is not lost', async () => {
    const token = await login(first.app, 'support', 'support-demo');
    const stream = await Stream.open(secondBase, token);
    expect((await stream.next()).event).toBe('ready');

    // A transaction takes an event id and stays open, as a slow writer (a bulk action, a telematics batch) does.
    let commit!: () => void;
    const held = new Promise<void>((resolve) => (commit = resolve));
    let tookId!: (id: number) => void;
    const slowId = new Promise<number>((resolve) => (tookId = resolve));
    const slow = first.database.db.transaction(async (tx) => {
      const row = await createEvent(tx as unknown as Db, 'fjord', 'VEHICLE_STATUS', eventText('userRegistered'), { vin: 'WVWZZZSLOW0000001' });
      tookId(row.id);
      await held;
    });
    const lowerId = await slowId;

    // Meanwhile a higher id is committed and reaches the stream; the client keeps its position and drops.
    const note = await first.app.inject({
      method: 'POST',
      url: '/api/notes',
      headers: { authorization: authToken(token) },
      payload: { subjectType: 'USER', subjectId: customer, text: 'Committed first' },
    });
    expect(note.statusCode, note.body).toBe(201);
    const noteMessage = await stream.nextChange();
    expect(noteMessage.change.id).toBeGreaterThan(lowerId);
    stream.close();

    // The slow transaction commits while the client is away; resuming from its position brings it.
    commit();
    await slow;
    const again = await Stream.open(secondBase, token, noteMessage.id);
    try {
      expect((await again.next()).event).toBe('ready');
      const replayed = (await again.drain(500)).filter((m) => m.event === 'change').map((m) => (m.data as { id: number }).id);
      expect(replayed).toContain(lowerId);
    } finally {
      again.close();
    }
  });
});
