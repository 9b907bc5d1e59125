import { MESSAGE_IDS, ZEventSearchResponse, type EventType } from '@fleetdesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events } from '../src/db/schema.ts';
import { EVENT_TYPE_GROUP } from '@fleetdesk/contract';
import { defaultEventPeriod } from '../src/modules/events/service.ts';
import { createBooking, createContract, createFleet, createPool, createStaff, createUser, createVehicle } from './support/factories.ts';
import { authToken, createTestApp, login, type TestApp } from './support/test-app.ts';

let t: TestApp;
let token: string;
let bid: string;
let otherBid: string;
let vin: string;
const HOUR = 3_600_000;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  await createFleet(db, 'fjord');
  await createFleet(db, 'malar', { country: 'SE', currency: 'SEK', defaultLanguage: 'sv' });
  await createStaff(db, 'fjord', 'support', 'support-demo');
  await createStaff(db, 'malar', 'support.se', 'support-demo');
  const kari = await createUser(db, 'fjord', { username: 'kari' });
  const sven = await createUser(db, 'malar', { username: 'sven' });
  const pool = await createPool(db, 'fjord');
  const contract = await createContract(db, 'fjord');
  const vehicle = await createVehicle(db, 'fjord');
  vin = vehicle.vin;
  bid = (await createBooking(db, 'fjord', { userId: kari.id, contractId: contract.id, poolId: pool.id, vehicleId: vehicle.id })).bid;
  const mPool = await createPool(db, 'malar', { city: 'Stockholm' });
  const mContract = await createContract(db, 'malar', { currency: 'SEK' });
  otherBid = (await createBooking(db, 'malar', { userId: sven.id, contractId: mContract.id, poolId: mPool.id })).bid;

  const now = Date.now();
  const types: EventType[] = [
    'BOOKING_EVENT',
    'REMOTE_COMMAND',
    'VEHICLE_STATUS',
    'PAYMENT_ACTION',
    'HEARTBEAT',
    'BLUETOOTH_EVENT',
    'USER_ACTION',
    'EXTERNAL_COST',
  ];
  // 25 events on the booking over the last 20 hours; events acted by support affecting kari.
  await db.insert(events).values(
    Array.from({ length: 25 }, (_, i) => {
      const type = types[i % types.length]!;
      return {
        fleetId: 'fjord',
        occurred: new Date(now - (i + 1) * 45 * 60_000),
        bid,
        vin,
        actingUsername: i % 2 ? 'support' : 'kari',
        affectedUsername: 'kari',
        type,
        typeGroup: EVENT_TYPE_GROUP[type],
        displayText: `event ${i}`,
      };
    }),
  );
  // Old event (10 days ago) outside the default period, and one in the other fleet.
  await db.insert(events).values([
    { fleetId: 'fjord', occurred: new Date(now - 10 * 24 * HOUR), bid, type: 'BOOKING_EVENT', typeGroup: 'BOOKING', displayText: 'old' },
    { fleetId: 'malar', occurred: new Date(now - HOUR), bid: otherBid, type: 'BOOKING_EVENT', typeGroup: 'BOOKING', displayText: 'theirs' },
  ]);
  token = await login(t.app, 'support', 'support-demo');
});
afterAll(() => t.close());

const search = (qs: string) => t.app.inject({ method: 'GET', url: `/api/events?${qs}`, headers: { authorization: authToken(token) } });

describe('GET /api/events', () => {
  it('needs one of vin, bid or user, and drops empty values', async () => {
    const res = await search('startDate=&groups=');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ httpCode: 400, messageId: MESSAGE_IDS.invalidInput });
    expect((await search(`bid=${bid}&vin=&user=&groups=`)).statusCode).toBe(200);
  });

  it('defaults to the start of yesterday until now, newest first', async () => {
    const body = ZEventSearchResponse.parse((await search(`bid=${bid}&pageSize=200`)).json());
    const { start } = defaultEventPeriod(new Date(), 'Europe/Oslo');
    expect(body.results.every((e) => Date.parse(e.occurred) >= start.getTime())).toBe(true);
    expect(body.results.some((e) => e.displayText === 'old')).toBe(false);
    const times = body.results.map((e) => Date.parse(e.occurred));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    const all = ZEventSearchResponse.parse(
      (await search(`bid=${bid}&pageSize=200&startDate=${new Date(Date.now() - 30 * 24 * HOUR).toISOString()}`)).json(),
    );
    expect(all.results.some((e) => e.displayText === 'old')).toBe(true);
  });

  it('upper-cases the bid', async () => {
    const body = ZEventSearchResponse.parse((await search(`bid=${bid.toLowerCase()}&pageSize=5`)).json());
    expect(body.results).toHaveLength(5);
  });

  it('pages through with keyset cursors without gaps or repeats', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    let page = 0;
    do {
      const res = await search(`bid=${bid}&pageSize=10&page=${page}${cursor ? `&cursor=${cursor}` : ''}`);
      const body = ZEventSearchResponse.parse(res.json());
      expect(body.currentPage).toBe(page);
      seen.push(...body.results.map((e) => e.id));
      expect(body.moreResults).toBe(body.nextCursor !== null);
      cursor = body.nextCursor;
      page++;
    } while (cursor);
    expect(page).toBe(3);
    expect(new Set(seen).size).toBe(seen.length);
    const everything = ZEventSearchResponse.parse((await search(`bid=${bid}&pageSize=200`)).json());
    expect(seen).toEqual(everything.results.map((e) => e.id));
  });

  it('filters by type group', async () => {
    const body = ZEventSearchResponse.parse((await search(`bid=${bid}&pageSize=200&groups=BOOKING,PAYMENT`)).json());
    expect(body.results.length).toBeGreaterThan(0);
    expect(new Set(body.results.map((e) => e.typeGroup))).toEqual(new Set(['BOOKING', 'PAYMENT']));
  });

  it('applies the role filter to the user', async () => {
    const acting = ZEventSearchResponse.parse((await search('user=kari&role=ACTING&pageSize=200')).json());
    expect(acting.results.length).toBeGreaterThan(0);
    expect(acting.results.every((e) => e.actingUsername === 'kari')).toBe(true);
    const affected = ZEventSearchResponse.parse((await search('user=kari&role=AFFECTED&pageSize=200')).json());
    expect(affected.results.every((e) => e.affectedUsername === 'kari')).toBe(true);
    expect(affected.results.length).toBeGreaterThan(acting.results.length);
    const both = ZEventSearchResponse.parse((await search('user=KARI&pageSize=200')).json());
    expect(both.results.length).toBe(affected.results.length);
  });

  it('filters by vin', async () => {
    const body = ZEventSearchResponse.parse((await search(`vin=${vin}&pageSize=200`)).json());
    expect(body.results.length).toBe(25);
  });

  it("answers 404 for another operator's booking, vehicle or user", async () => {
    const bidRes = await search(`bid=${otherBid}`);
    expect(bidRes.statusCode).toBe(404);
    expect(bidRes.json()).toMatchObject({ messageId: MESSAGE_IDS.bookingNotFound });
    expect((await search('user=sven')).statusCode).toBe(404);
    expect((await search('vin=NOPE')).statusCode).toBe(404);
  });

  it('rejects a bad period, a bad cursor and a bad group with 400', async () => {
    expect((await search(`bid=${bid}&startDate=${new Date().toISOString()}&endDate=${new Date(Date.now() - HOUR).toISOString()}`)).statusCode).toBe(
      400,
    );
    expect((await search(`bid=${bid}&cursor=garbage`)).statusCode).toBe(400);
    expect((await search(`bid=${bid}&groups=NOPE`)).statusCode).toBe(400);
    expect((await search(`bid=${bid}&startDate=yesterday`)).statusCode).toBe(400);
  });
});
