import {
  MESSAGE_IDS,
  startOfLocalDay,
  USER_BOOKINGS_MAX_RESULTS,
  USER_BOOKINGS_TOTAL_HEADER,
  ZErrorEnvelope,
  ZUserBookingsResponse,
  type Booking,
  type UserBookingsListItem,
} from '@fleetdesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings } from '../src/db/schema.ts';
import { defaultUserBookingsPeriod } from '../src/modules/bookings/user-bookings.ts';
import { createBooking, createContract, createFleet, createPool, createStaff, createUser } from './support/factories.ts';
import { authToken, createTestApp, login, type TestApp } from './support/test-app.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const ZONE = 'Europe/Oslo';

let t: TestApp;
let token: string;
let username: string;
/** Fixture bookings of `username` by role. */
const bid: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  await createFleet(db, 'fjord');
  await createFleet(db, 'malar', { country: 'SE', currency: 'SEK', defaultLanguage: 'sv', timeZone: 'Europe/Stockholm' });
  await createStaff(db, 'fjord', 'support', 'support-demo');
  await createStaff(db, 'malar', 'support.se', 'support-demo');
  token = await login(t.app, 'support', 'support-demo');
  await createUser(db, 'malar', { username: 'demo.se.active' });
  const pool = await createPool(db, 'fjord');
  const contract = await createContract(db, 'fjord');
  const user = await createUser(db, 'fjord');
  const other = await createUser(db, 'fjord');
  username = user.username;
  const now = Date.now();
  const yesterday = startOfLocalDay(new Date(now), ZONE, -1).getTime();
  const dayAfterTomorrow = startOfLocalDay(new Date(now), ZONE, 2).getTime();
  const make = async (key: string, start: number, end: number, state: typeof bookings.$inferInsert.state, userId = user.id) => {
    const row = await createBooking(
      db,
      'fjord',
      { userId, contractId: contract.id, poolId: pool.id },
      { state, startTime: new Date(start), endTime: new Date(end) },
    );
    bid[key] = row.bid;
  };
  await make('future', now + 3 * HOUR, now + 5 * HOUR, 'INACTIVE');
  await make('finishedYesterday', yesterday + HOUR, yesterday + 3 * HOUR, 'FINISHED');
  await make('active', now - HOUR, now + HOUR, 'ACTIVE');
  await make('overdue', now - 5 * DAY, now - 4 * DAY, 'ACTIVE');
  await make('cancelled', now + 2 * HOUR, now + 4 * HOUR, 'CANCELLED');
  await make('dayAfterTomorrow', dayAfterTomorrow + HOUR, dayAfterTomorrow + 2 * HOUR, 'INACTIVE');
  await make('endsAtWindowStart', yesterday - 2 * HOUR, yesterday, 'FINISHED');
  await make('threeDaysAgo', now - 3 * DAY - 2 * HOUR, now - 3 * DAY, 'FINISHED');
  await make('otherUser', now + HOUR, now + 2 * HOUR, 'INACTIVE', other.id);
  // A second customer with a running booking, a later one and a cancelled one.
  const kari = await createUser(db, 'fjord', { username: 'demo.active' });
  await make('kariFuture', now + 2 * HOUR, now + 3 * HOUR, 'INACTIVE', kari.id);
  await make('kariCancelled', now - 2 * HOUR, now - HOUR, 'CANCELLED', kari.id);
  await make('kariActive', now - 2 * HOUR, now + HOUR, 'ACTIVE', kari.id);
});
afterAll(() => t.close());

const get = (url: string, auth = token) => t.app.inject({ method: 'GET', url, headers: { authorization: authToken(auth) } });
const list = async (query = '', user = username): Promise<UserBookingsListItem[]> => {
  const res = await get(`/api/users/${user}/bookings${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return ZUserBookingsResponse.parse(res.json());
};
const bids = (rows: readonly Booking[]) => rows.map((b) => b.bid);
const envelope = (res: { statusCode: number; body: string; json(): unknown }, status: number) => {
  expect(res.statusCode, res.body).toBe(status);
  return ZErrorEnvelope.parse(res.json());
};

describe('GET /api/users/{username}/bookings', () => {
  it('defaults to start of yesterday to end of tomorrow (operator time zone), INACTIVE, FINISHED and ACTIVE; §4 order', async () => {
    // Active first (by start), then future by start ascending, then historic newest first.
    expect(bids(await list())).toEqual([bid.overdue, bid.active, bid.future, bid.finishedYesterday]);
  });

  it('orders historic bookings newest first and marks §4 current, next and previous across the whole list', async () => {
    const rows = await list('?state=INACTIVE,FINISHED,ACTIVE,CANCELLED&startDate=2000-01-01T00:00:00Z&endDate=2100-01-01T00:00:00Z');
    expect(bids(rows)).toEqual([
      bid.overdue,
      bid.active,
      bid.future,
      bid.dayAfterTomorrow,
      bid.cancelled,
      bid.finishedYesterday,
      bid.endsAtWindowStart,
      bid.threeDaysAgo,
    ]);
    const marks = Object.fromEntries(rows.filter((b) => b.listHighlight).map((b) => [b.bid, b.listHighlight]));
    expect(marks).toEqual({ [bid.overdue!]: 'CURRENT', [bid.future!]: 'NEXT', [bid.finishedYesterday!]: 'PREVIOUS' });
    // A page of the list carries the marks of the whole list.
    const secondPage = await list(
      '?state=INACTIVE,FINISHED,ACTIVE,CANCELLED&startDate=2000-01-01T00:00:00Z&endDate=2100-01-01T00:00:00Z&offset=5&limit=3',
    );
    expect(secondPage.map((b) => [b.bid, b.listHighlight])).toEqual([
      [bid.finishedYesterday, 'PREVIOUS'],
      [bid.endsAtWindowStart, null],
      [bid.threeDaysAgo, null],
    ]);
  });

  it('computes the default period in the operator time zone', () => {
    const now = new Date('2025-03-30T12:00:00Z'); // the spring daylight-saving day in Oslo: yesterday starts at +01:00, the day after tomorrow at +02:00
    expect(defaultUserBookingsPeriod(now, ZONE)).toEqual({ start: new Date('2025-03-28T23:00:00Z'), end: new Date('2025-03-31T22:00:00Z') });
  });

  it('filters by state: repeated or comma separated', async () => {
    expect(bids(await list('?state=CANCELLED'))).toEqual([bid.cancelled]);
    // Future before historic (§4), whatever their starts.
    expect(bids(await list('?state=INACTIVE,CANCELLED'))).toEqual([bid.future, bid.cancelled]);
    expect(bids(await list('?state=INACTIVE&state=CANCELLED'))).toEqual([bid.future, bid.cancelled]);
    expect(bids(await list('?state=ACTIVE'))).toEqual([bid.overdue, bid.active]);
  });

  it('takes an explicit period (bookings overlapping it)', async () => {
    const now = Date.now();
    const from = new Date(now - 4 * DAY).toISOString();
    const to = new Date(now - 60 * HOUR).toISOString(); // before the start of yesterday, whatever the hour
    expect(bids(await list(`?startDate=${from}&endDate=${to}`))).toEqual([bid.overdue, bid.threeDaysAgo]);
    const later = new Date(now + 3 * DAY).toISOString();
    expect(bids(await list(`?startDate=${encodeURIComponent(new Date(now).toISOString())}&endDate=${later}&state=INACTIVE`))).toEqual([
      bid.future,
      bid.dayAfterTomorrow,
    ]);
    // Only one end given: the other comes from the default period.
    expect(bids(await list(`?endDate=${later}&state=INACTIVE`))).toEqual([bid.future, bid.dayAfterTomorrow]);
  });

  it('finds the user case-insensitively and shows a customer with the active booking first', async () => {
    expect(bids(await list('', username.toUpperCase()))).toEqual([bid.overdue, bid.active, bid.future, bid.finishedYesterday]);
    const kari = await list('', 'Demo.Active');
    expect(kari[0]).toMatchObject({ bid: bid.kariActive, state: 'ACTIVE', user: { username: 'demo.active' } });
    expect(bids(kari)).toEqual([bid.kariActive, bid.kariFuture]);
    expect(kari.every((b) => b.user?.username === 'demo.active' && b.state !== 'CANCELLED')).toBe(true);
  });

  it("answers 404 for an unknown user and another operator's user", async () => {
    expect(envelope(await get('/api/users/no.such.user/bookings'), 404).messageId).toBe(MESSAGE_IDS.userNotFound);
    expect(envelope(await get('/api/users/demo.se.active/bookings'), 404).messageId).toBe(MESSAGE_IDS.userNotFound);
    const se = await login(t.app, 'support.se', 'support-demo');
    expect((await get('/api/users/demo.se.active/bookings', se)).statusCode).toBe(200);
    envelope(await get(`/api/users/${username}/bookings`, se), 404);
  });

  it('validates the query (400) and needs a session (401)', async () => {
    expect(envelope(await get(`/api/users/${username}/bookings?state=BOGUS`), 400).messageId).toBe(MESSAGE_IDS.invalidInput);
    envelope(await get(`/api/users/${username}/bookings?startDate=yesterday`), 400);
    const e = envelope(await get(`/api/users/${username}/bookings?startDate=2025-01-02T00:00:00Z&endDate=2025-01-01T00:00:00Z`), 400);
    expect(e.errors[0]?.field).toBe('endDate');
    envelope(await t.app.inject({ method: 'GET', url: `/api/users/${username}/bookings` }), 401);
  });

  it(`answers at most ${USER_BOOKINGS_MAX_RESULTS} bookings`, async () => {
    const db = t.database.db;
    const pool = await createPool(db, 'fjord');
    const contract = await createContract(db, 'fjord');
    const busy = await createUser(db, 'fjord');
    const start = Date.now() + HOUR;
    for (let i = 0; i < USER_BOOKINGS_MAX_RESULTS + 3; i++) {
      await createBooking(
        db,
        'fjord',
        { userId: busy.id, contractId: contract.id, poolId: pool.id },
        {
          startTime: new Date(start + i * 60_000),
          endTime: new Date(start + i * 60_000 + HOUR),
        },
      );
    }
    const rows = await list('', busy.username);
    expect(rows).toHaveLength(USER_BOOKINGS_MAX_RESULTS);
    const starts = rows.map((b) => Date.parse(b.startTime));
    expect(starts).toEqual([...starts].sort((a, b) => a - b));

    // The rest is reachable by paging, and the header counts every match.
    const all = await get(`/api/users/${busy.username}/bookings`);
    expect(all.headers[USER_BOOKINGS_TOTAL_HEADER]).toBe(String(USER_BOOKINGS_MAX_RESULTS + 3));
    const rest = await list(`?offset=${USER_BOOKINGS_MAX_RESULTS}`, busy.username);
    expect(rest).toHaveLength(3);
    expect(bids(rest).some((b) => bids(rows).includes(b))).toBe(false);
  });

  it('pages with offset and limit in the same order, the total in X-Total-Count', async () => {
    const whole = bids(await list());
    const pages: string[] = [];
    for (let offset = 0; offset < whole.length; offset += 3) {
      const res = await get(`/api/users/${username}/bookings?offset=${offset}&limit=3`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers[USER_BOOKINGS_TOTAL_HEADER]).toBe(String(whole.length));
      const page = bids(ZUserBookingsResponse.parse(res.json()));
      expect(page.length).toBeLessThanOrEqual(3);
      pages.push(...page);
    }
    expect(pages).toEqual(whole);
    expect(await list(`?offset=${whole.length}&limit=3`)).toEqual([]);
    for (const bad of ['limit=0', `limit=${USER_BOOKINGS_MAX_RESULTS + 1}`, 'offset=-1', 'offset=x', 'limit=2.5']) {
      expect(envelope(await get(`/api/users/${username}/bookings?${bad}`), 400).messageId).toBe(MESSAGE_IDS.invalidInput);
    }
  });
});
