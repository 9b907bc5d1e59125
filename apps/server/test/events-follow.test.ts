import { EVENT_TYPE_GROUP, MESSAGE_IDS, ZErrorEnvelope, ZEventSearchResponse, type EventSearchResponse, type EventType } from '@fleetdesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events } from '../src/db/schema.ts';
import { createBooking, createContract, createFleet, createPool, createStaff, createUser, createVehicle } from './support/factories.ts';
import { authToken, createTestApp, login, type TestApp } from './support/test-app.ts';

const HOUR = 3_600_000;
let t: TestApp;
let token: string;
let bid: string;
let otherBid: string;
let vin: string;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  await createFleet(db, 'fjord');
  await createFleet(db, 'malar', { country: 'SE', currency: 'SEK', defaultLanguage: 'sv' });
  await createStaff(db, 'fjord', 'support', 'support-demo');
  const kari = await createUser(db, 'fjord', { username: 'kari' });
  const pool = await createPool(db, 'fjord');
  const contract = await createContract(db, 'fjord');
  const vehicle = await createVehicle(db, 'fjord');
  vin = vehicle.vin;
  bid = (await createBooking(db, 'fjord', { userId: kari.id, contractId: contract.id, poolId: pool.id, vehicleId: vehicle.id })).bid;
  otherBid = (await createBooking(db, 'fjord', { userId: kari.id, contractId: contract.id, poolId: pool.id })).bid;
  await append([{ bid, type: 'BOOKING_EVENT', displayText: 'created', occurred: new Date(Date.now() - 2 * HOUR) }]);
  token = await login(t.app, 'support', 'support-demo');
});
afterAll(() => t.close());

async function append(
  rows: { bid?: string; vin?: string; type: EventType; displayText: string; occurred?: Date; fleetId?: string; affectedUsername?: string }[],
) {
  await t.database.db.insert(events).values(
    rows.map((r) => ({
      fleetId: r.fleetId ?? 'fjord',
      occurred: r.occurred ?? new Date(),
      bid: r.bid ?? null,
      vin: r.vin ?? null,
      actingUsername: 'support',
      affectedUsername: r.affectedUsername ?? null,
      type: r.type,
      typeGroup: EVENT_TYPE_GROUP[r.type],
      displayText: r.displayText,
    })),
  );
}
async function search(qs: string): Promise<EventSearchResponse> {
  const res = await t.app.inject({ method: 'GET', url: `/api/events?${qs}`, headers: { authorization: authToken(token) } });
  expect(res.statusCode, res.body).toBe(200);
  return ZEventSearchResponse.parse(res.json());
}

describe('GET /api/events follow mode (after)', () => {
  it('gives a follow cursor with every search, and only the events appended since when polled', async () => {
    const first = await search(`bid=${bid}`);
    expect(first.results.map((e) => e.displayText)).toEqual(['created']);
    expect(first.followCursor).toBeTruthy();
    // Nothing new yet.
    const idle = await search(`bid=${bid}&after=${first.followCursor}`);
    expect(idle.results).toEqual([]);
    expect(idle.followCursor).toBe(first.followCursor);

    await append([
      { bid, type: 'BOOKING_EVENT', displayText: 'activated' },
      { bid: otherBid, type: 'BOOKING_EVENT', displayText: 'someone else' },
      // Received now but occurred long ago (a late telematics report): still new to the follower.
      { bid, vin, type: 'VEHICLE_STATUS', displayText: 'late report', occurred: new Date(Date.now() - 40 * 24 * HOUR) },
      { bid, type: 'HEARTBEAT', displayText: 'heartbeat' },
      { bid, type: 'BOOKING_EVENT', displayText: 'not ours', fleetId: 'malar' },
    ]);
    const polled = await search(`bid=${bid}&after=${first.followCursor}&groups=BOOKING,VEHICLE`);
    expect(polled.results.map((e) => e.displayText)).toEqual(['activated', 'late report']);
    expect(polled.moreResults).toBe(false);
    expect(polled.followCursor).not.toBe(first.followCursor);
    expect((await search(`bid=${bid}&after=${polled.followCursor}&groups=BOOKING,VEHICLE`)).results).toEqual([]);
  });

  it('pages new events oldest first with pageSize', async () => {
    const start = (await search(`vin=${vin}`)).followCursor!;
    await append(Array.from({ length: 5 }, (_, i) => ({ vin, type: 'VEHICLE_STATUS' as const, displayText: `status ${i}` })));
    const page1 = await search(`vin=${vin}&after=${start}&pageSize=3`);
    expect(page1.results.map((e) => e.displayText)).toEqual(['status 0', 'status 1', 'status 2']);
    expect(page1.moreResults).toBe(true);
    const page2 = await search(`vin=${vin}&after=${page1.followCursor}&pageSize=3`);
    expect(page2.results.map((e) => e.displayText)).toEqual(['status 3', 'status 4']);
    expect(page2.moreResults).toBe(false);
  });

  it('refuses a malformed follow cursor and still needs a vin, bid or user', async () => {
    for (const qs of [
      `bid=${bid}&after=garbage`,
      `bid=${bid}&after=${Buffer.from('{"f":-1}').toString('base64url')}`,
      `after=${Buffer.from('{"f":1}').toString('base64url')}`,
    ]) {
      const res = await t.app.inject({ method: 'GET', url: `/api/events?${qs}`, headers: { authorization: authToken(token) } });
      expect(res.statusCode, qs).toBe(400);
      expect(ZErrorEnvelope.parse(res.json()).messageId).toBe(MESSAGE_IDS.invalidInput);
    }
  });
});

describe('GET /api/events §5 rules', () => {
  it('ignores the actor role without a user, and applies it with one', async () => {
    await append([{ bid, type: 'USER_ACTION', displayText: 'kari acted', affectedUsername: 'kari', occurred: new Date(Date.now() - HOUR) }]);
    const withoutUser = await search(`bid=${bid}&role=AFFECTED&pageSize=200`);
    const plain = await search(`bid=${bid}&pageSize=200`);
    expect(withoutUser.results.map((e) => e.id)).toEqual(plain.results.map((e) => e.id));
    const affected = await search('user=kari&role=AFFECTED');
    expect(affected.results.map((e) => e.displayText)).toEqual(['kari acted']);
    expect((await search('user=kari&role=ACTING')).results).toEqual([]);
  });
});
