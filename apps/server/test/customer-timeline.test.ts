import {
  CUSTOMER_TIMELINE_KINDS,
  CUSTOMER_TIMELINE_RULES,
  customerTimelineKindOf,
  eventMoney,
  eventText,
  eventValue,
  MESSAGE_IDS,
  ZCustomerTimelineResponse,
  ZErrorEnvelope,
  ZEventType,
  type CustomerTimelineEntry,
  type CustomerTimelineResponse,
  type EventTextId,
  type EventType,
} from '@fleetdesk/contract';
import fc from 'fast-check';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client.ts';
import { events } from '../src/db/schema.ts';
import { timelineKindSql } from '../src/modules/events/index.ts';
import { setTestNow } from './support/clock.ts';
import { createEvent, createTwoOperatorScene, createUser } from './support/factories.ts';
import { authToken, createTestApp, login, type TestApp } from './support/test-app.ts';

// Issue 18 point 1: GET /api/users/{username}/timeline over HTTP, on fixtures of its own and a test clock.
const NOW = setTestNow('2026-03-10T08:05:00+01:00').getTime();
const MIN = 60_000;
const at = (minutesAgo: number) => new Date(NOW - minutesAgo * MIN);

let t: TestApp;
let db: Db;
let token: string;
let otherToken: string;
const fx = { username: 'kari.timeline', other: 'ola.timeline', otherFleet: 'lena.timeline', bid: '', vin: '', registration: '' };

type Res = { statusCode: number; body: string; json(): unknown };
const call = (url: string, as = token): Promise<Res> => t.app.inject({ method: 'GET', url, headers: { authorization: authToken(as) } });
async function timeline(query = '', username = fx.username): Promise<CustomerTimelineResponse> {
  const res = await call(`/api/users/${encodeURIComponent(username)}/timeline${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return ZCustomerTimelineResponse.parse(res.json());
}
/** Every entry, following the cursor page by page. */
async function allPages(query: string, limit: number): Promise<{ entries: CustomerTimelineEntry[]; pages: number }> {
  const entries: CustomerTimelineEntry[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const sep = query ? '&' : '?';
    const page = await timeline(`${query}${sep}limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    expect(page.results.length).toBeLessThanOrEqual(limit);
    entries.push(...page.results);
    cursor = page.nextCursor;
    pages++;
  } while (cursor && pages < 50);
  return { entries, pages };
}

beforeAll(async () => {
  t = await createTestApp();
  db = t.database.db;
  const { vehicle, booking } = await createTwoOperatorScene(db, {
    customer: { username: fx.username },
    otherFleetCustomer: fx.otherFleet,
    start: at(120),
    end: at(-60),
  });
  await createUser(db, 'fjord', { username: fx.other });
  fx.vin = vehicle.vin;
  fx.registration = vehicle.registrationNumber;
  fx.bid = booking.bid;
  token = await login(t.app, 'support', 'support-demo');
  otherToken = await login(t.app, 'support.se', 'support-demo');

  // One event of each kind for Kari, at known times (minutes before now), plus events that are not hers or not on a
  // timeline. Notes and contacts are written through the API, as the console does.
  const mine = { affectedUsername: fx.username };
  const onBooking = { ...mine, bid: fx.bid, vin: fx.vin };
  await createEvent(db, 'fjord', 'USER_ACTION', eventText('userRegistered'), { ...mine, occurred: at(600), actingUsername: fx.username });
  await createEvent(db, 'fjord', 'USER_ACTION', eventText('licenceVerified'), { ...mine, occurred: at(590), actingUsername: 'support' });
  await createEvent(db, 'fjord', 'BOOKING_EVENT', eventText('bookingCreated'), { ...onBooking, occurred: at(130), actingUsername: fx.username });
  await createEvent(db, 'fjord', 'REMOTE_COMMAND', eventText('commandSucceeded', { command: eventValue('command', 'UNLOCK') }), {
    ...onBooking,
    occurred: at(119),
    actingUsername: 'support',
  });
  await createEvent(db, 'fjord', 'PAYMENT_ACTION', eventText('creditAddedShort', { amount: eventMoney(250, 'NOK'), orderId: 'BOK7000001' }), {
    ...onBooking,
    occurred: at(100),
    actingUsername: 'support',
  });
  await createEvent(db, 'fjord', 'BOOKING_EVENT', eventText('receiptSent'), { ...onBooking, occurred: at(99) });
  await createEvent(db, 'fjord', 'USER_ACTION', eventText('userBlocked', { blockReason: eventValue('blockReason', 'UNPAID_BILLS') }), {
    ...mine,
    occurred: at(90),
    actingUsername: 'support',
  });
  // Two entries at the same instant: the higher id is newer.
  await createEvent(db, 'fjord', 'USER_ACTION', eventText('userUnblocked'), { ...mine, occurred: at(80), actingUsername: 'support' });
  await createEvent(db, 'fjord', 'USER_ACTION', eventText('identityVerified', { method: eventValue('identityMethod', 'MANUAL') }), {
    ...mine,
    occurred: at(80),
    actingUsername: 'support',
  });
  // Not on the timeline: a rename, a heartbeat and a vehicle status on her booking's car, and another customer's booking.
  await createEvent(db, 'fjord', 'USER_ACTION', eventText('userRenamed', { from: 'kari', to: fx.username }), { ...mine, occurred: at(70) });
  await createEvent(db, 'fjord', 'HEARTBEAT', eventText('heartbeat', { signal: -70, firmware: '1.2' }), { vin: fx.vin, occurred: at(60) });
  await createEvent(db, 'fjord', 'VEHICLE_STATUS', eventText('ignitionOn'), { ...onBooking, occurred: at(60) });
  await createEvent(db, 'fjord', 'BOOKING_EVENT', eventText('bookingCreated'), { affectedUsername: fx.other, occurred: at(50) });

  const post = async (url: string, payload: object) => {
    const res = await t.app.inject({ method: 'POST', url, headers: { authorization: authToken(token) }, payload });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: number };
  };
  setTestNow(at(40));
  await post('/api/notes', { subjectType: 'USER', subjectId: fx.username, text: 'Hard of hearing: reply by SMS.', pinned: true });
  setTestNow(at(30));
  await post('/api/notes', { subjectType: 'BOOKING', subjectId: fx.bid, text: 'Charging cable missing at pick-up.' });
  setTestNow(at(20));
  const contact = await post(`/api/users/${fx.username}/contacts`, { channel: 'PHONE', reason: 'CANT_UNLOCK', bid: fx.bid });
  setTestNow(at(10));
  const res = await t.app.inject({
    method: 'PATCH',
    url: `/api/contacts/${contact.id}`,
    headers: { authorization: authToken(token) },
    payload: { status: 'RESOLVED' },
  });
  expect(res.statusCode, res.body).toBe(200);
  setTestNow(new Date(NOW));
});
afterAll(() => t.close());

const EXPECTED: [CustomerTimelineEntry['kind'], string][] = [
  ['contact', 'contactResolved'],
  ['contact', 'contactLogged'],
  ['note', 'noteAdded'],
  ['note', 'notePinnedAdded'],
  ['identity', 'identityVerified'],
  ['status', 'userUnblocked'],
  ['status', 'userBlocked'],
  ['mail', 'receiptSent'],
  ['payment', 'creditAddedShort'],
  ['command', 'commandSucceeded'],
  ['booking', 'bookingCreated'],
  ['identity', 'licenceVerified'],
  ['status', 'userRegistered'],
];

describe('GET /api/users/{username}/timeline', () => {
  it('merges every kind for the customer, newest first, and leaves out what is not hers or not on a timeline', async () => {
    const page = await timeline();
    expect(page.username).toBe(fx.username);
    expect(page.results.map((e) => [e.kind, e.textParts[0]!.id])).toEqual(EXPECTED);
    expect(new Set(page.results.map((e) => e.kind))).toEqual(new Set(CUSTOMER_TIMELINE_KINDS));
    const times = page.results.map((e) => Date.parse(e.occurred));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(page.nextCursor).toBeNull();
  });

  it('gives each entry its actor, English text and the links to booking, vehicle, payment, note and contact', async () => {
    const { results } = await timeline();
    const byId = (id: string) => results.find((e) => e.textParts[0]!.id === id)!;
    const command = byId('commandSucceeded');
    expect(command).toMatchObject({
      type: 'REMOTE_COMMAND',
      actingUsername: 'support',
      bid: fx.bid,
      vin: fx.vin,
      registrationNumber: fx.registration,
    });
    expect(command.displayText).toBe('Unlock command succeeded');
    expect(byId('creditAddedShort').orderId).toBe('BOK7000001');
    expect(byId('userRegistered')).toMatchObject({ actingUsername: fx.username, bid: null, vin: null, registrationNumber: null, orderId: null });
    const bookingNote = byId('noteAdded');
    expect(bookingNote).toMatchObject({ type: 'BOOKING_EVENT', bid: fx.bid, actingUsername: 'support' });
    expect(bookingNote.noteId).toEqual(expect.any(Number));
    const [resolved, logged] = [byId('contactResolved'), byId('contactLogged')];
    expect(resolved.contactId).toBe(logged.contactId);
    expect(logged.bid).toBe(fx.bid);
    // The entry's id is the event's: the same row in the event log.
    const [row] = await db
      .select()
      .from(events)
      .where(eq(events.id, Number(command.id)));
    expect(row!.type).toBe('REMOTE_COMMAND');
  });

  it('pages with its cursor without gaps or repeats, at any page size', async () => {
    const whole = (await timeline()).results.map((e) => e.id);
    for (const limit of [1, 2, 3, 5]) {
      const { entries, pages } = await allPages('', limit);
      expect(entries.map((e) => e.id)).toEqual(whole);
      expect(pages).toBe(Math.ceil(whole.length / limit));
    }
  });

  it('filters by kind (repeated or comma separated) and pages within the filter', async () => {
    const workspace = await timeline('?kind=note,contact');
    expect(workspace.results.map((e) => e.kind)).toEqual(['contact', 'contact', 'note', 'note']);
    const repeated = await timeline('?kind=status&kind=identity');
    expect(repeated.results.map((e) => e.textParts[0]!.id)).toEqual([
      'identityVerified',
      'userUnblocked',
      'userBlocked',
      'licenceVerified',
      'userRegistered',
    ]);
    const { entries } = await allPages('?kind=status,identity', 2);
    expect(entries.map((e) => e.id)).toEqual(repeated.results.map((e) => e.id));
    expect((await timeline('?kind=mail')).results.map((e) => e.textParts[0]!.id)).toEqual(['receiptSent']);
  });

  it('filters by period, both ends included', async () => {
    const from = at(100).toISOString();
    const to = at(80).toISOString();
    const page = await timeline(`?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`);
    expect(page.results.map((e) => e.textParts[0]!.id)).toEqual([
      'identityVerified',
      'userUnblocked',
      'userBlocked',
      'receiptSent',
      'creditAddedShort',
    ]);
    expect((await timeline(`?from=${encodeURIComponent(at(5).toISOString())}`)).results).toEqual([]);
  });

  it("filters by one of her bookings (any case): the booking card's last change is its first entry", async () => {
    const page = await timeline(`?bid=${fx.bid.toLowerCase()}`);
    expect(page.results.map((e) => e.textParts[0]!.id)).toEqual([
      'contactResolved',
      'contactLogged',
      'noteAdded',
      'receiptSent',
      'creditAddedShort',
      'commandSucceeded',
      'bookingCreated',
    ]);
    for (const entry of page.results) expect(entry.bid).toBe(fx.bid);
    const last = await timeline(`?bid=${fx.bid}&limit=1`);
    expect(last.results.map((e) => e.id)).toEqual([page.results[0]!.id]);
    expect(last.nextCursor).not.toBeNull();
    expect((await timeline('?bid=BID0000000000')).results).toEqual([]);
  });

  it('finds the customer in any case and answers her stored name', async () => {
    expect((await timeline('', fx.username.toUpperCase())).username).toBe(fx.username);
  });

  it("answers 404 for an unknown user and another operator's user, and 401 without a session", async () => {
    for (const username of ['nobody.here', fx.otherFleet]) {
      const res = await call(`/api/users/${username}/timeline`);
      expect(res.statusCode, res.body).toBe(404);
      expect(ZErrorEnvelope.parse(res.json()).messageId).toBe(MESSAGE_IDS.userNotFound);
    }
    const theirs = await call(`/api/users/${fx.otherFleet}/timeline`, otherToken);
    expect(theirs.statusCode).toBe(200);
    const mine = await call(`/api/users/${fx.username}/timeline`, otherToken);
    expect(mine.statusCode).toBe(404);
    const anonymous = await t.app.inject({ method: 'GET', url: `/api/users/${fx.username}/timeline` });
    expect(anonymous.statusCode).toBe(401);
  });

  it('answers 400 in the envelope for a bad kind, cursor, period or limit', async () => {
    const cases: [string, string][] = [
      ['?kind=HEARTBEAT', 'kind'],
      ['?cursor=not-a-cursor', 'cursor'],
      [`?cursor=${Buffer.from('{"t":"x","id":"1"}').toString('base64url')}`, 'cursor'],
      ['?from=yesterday', 'from'],
      [`?from=${encodeURIComponent(at(10).toISOString())}&to=${encodeURIComponent(at(20).toISOString())}`, 'to'],
      ['?limit=0', 'limit'],
      ['?limit=201', 'limit'],
      ['?limit=ten', 'limit'],
    ];
    for (const [query, field] of cases) {
      const res = await call(`/api/users/${fx.username}/timeline${query}`);
      expect(res.statusCode, `${query}: ${res.body}`).toBe(400);
      const body = ZErrorEnvelope.parse(res.json());
      expect(body.httpCode).toBe(400);
      expect(body.errors.map((e) => (e.field ?? '').split(/[.[]/)[0])).toContain(field);
    }
  });
});

describe('the timeline kind in SQL', () => {
  it('agrees with customerTimelineKindOf for any event type and first text id', async () => {
    const knownIds = [
      ...new Set(CUSTOMER_TIMELINE_RULES.flatMap((r) => [...(r.textIds ?? []), ...(r.textPrefix ? [r.textPrefix, `${r.textPrefix}X`] : [])])),
    ];
    const textId = fc.oneof(fc.constantFrom(...knownIds, 'bookingCreated', 'userRenamed', 'heartbeat', ''), fc.string({ maxLength: 12 }));
    const types = ZEventType.options as readonly EventType[];
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(fc.constantFrom(...types), textId), { minLength: 1, maxLength: 25 }), async (samples) => {
        const rows = await db
          .insert(events)
          .values(
            samples.map(([type, id]) => ({
              fleetId: 'fjord',
              occurred: new Date(NOW - 365 * 24 * 60 * MIN),
              type,
              typeGroup: 'USER_ACTION' as const,
              displayText: '',
              // An empty id stands for an older row without text parts.
              textParts: id === '' ? [] : [eventText(id as EventTextId)],
              affectedUsername: 'fast.check',
            })),
          )
          .returning({ id: events.id });
        const ids = rows.map((r) => r.id);
        const kinds = await db.select({ id: events.id, kind: timelineKindSql() }).from(events).where(inArray(events.id, ids)).orderBy(events.id);
        await db.delete(events).where(inArray(events.id, ids));
        expect(kinds.map((k) => k.kind)).toEqual(samples.map(([type, id]) => customerTimelineKindOf(type, id === '' ? undefined : id)));
      }),
      { numRuns: 40, seed: 18 },
    );
    const [{ n }] = (await db
      .select({ n: sql<number>`count(*)::int` })
      .from(events)
      .where(eq(events.affectedUsername, 'fast.check'))) as [{ n: number }];
    expect(n).toBe(0);
  });
});
