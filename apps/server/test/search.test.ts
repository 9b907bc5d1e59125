import {
  MESSAGE_IDS,
  ZErrorEnvelope,
  ZSearchBookingsPage,
  ZSearchUsersPage,
  ZSearchVehiclesPage,
  ZSupportSearchResponse,
  type BookingGroup,
  type SupportSearchResponse,
} from '@fleetdesk/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client.ts';
import { fleets, users } from '../src/db/schema.ts';
import { searchTuning } from '../src/modules/search/service.ts';
import {
  createBooking,
  createCompany,
  createContract,
  createFleet,
  createPool,
  createStaff,
  createUser,
  createVehicle,
} from './support/factories.ts';
import { authToken, createTestApp, login, type TestApp } from './support/test-app.ts';

let t: TestApp;
let db: Db;
let token: string;

/** Fixtures for paging: 23 customers of one family, 12 vehicles in one pool, one customer with many bookings. */
const FAMILY = 'Qzwrenski';
const POOL_CITY = 'Vikhammerøy';
const BUSY = 'busy.bookingsen';
const HOUR = 3_600_000;

beforeAll(async () => {
  t = await createTestApp();
  db = t.database.db;
  await createFleet(db, 'fjord', { name: 'Fjord Mobility' });
  await createFleet(db, 'malar', { name: 'Mälar Mobility', country: 'SE', currency: 'SEK', defaultLanguage: 'sv', timeZone: 'Europe/Stockholm' });
  await createStaff(db, 'fjord', 'support', 'support-demo');
  await createStaff(db, 'malar', 'support.se', 'support-demo');
  token = await login(t.app, 'support', 'support-demo');
  const now = Date.now();
  const contract = await createContract(db, 'fjord');

  // demo.active with EL 12345 in a running booking, BID1000000001, and four more bookings BID1000000002…5.
  const devTeam = await createCompany(db, 'fjord', { name: 'Nordlys Oslo Dev team' });
  const kari = await createUser(db, 'fjord', {
    username: 'demo.active',
    givenName: 'Kari',
    familyName: 'Nordmann',
    emailAddress: 'kari.nordmann@example.no',
    mobilePhone: '+4798765432',
    customerNumber: '100001',
    companyId: devTeam.id,
  });
  const grunerlokka = await createPool(db, 'fjord', { name: 'Grünerløkka', city: 'Oslo' });
  const majorstuen = await createPool(db, 'fjord', { name: 'Majorstuen', city: 'Oslo' });
  const solsiden = await createPool(db, 'fjord', { name: 'Solsiden', city: 'Trondheim' });
  const el = await createVehicle(db, 'fjord', {
    vin: 'WVWZZZE1ZPP012345',
    registrationNumber: 'EL 12345',
    longPresentation: 'Volkswagen ID.3 Pro (EL 12345)',
    poolId: grunerlokka.id,
  });
  for (const [reg, model, poolId] of [
    ['TS 10001', 'Tesla Model Y', grunerlokka.id],
    ['TS 10002', 'Tesla Model Y', majorstuen.id],
    ['TS 10003', 'Tesla Model 3', solsiden.id],
    ['EV 20001', 'Polestar 2', solsiden.id],
  ] as const)
    await createVehicle(db, 'fjord', { registrationNumber: reg, longPresentation: `${model} (${reg})`, modelName: model, poolId });
  const kariRefs = { userId: kari.id, contractId: contract.id, poolId: grunerlokka.id };
  await createBooking(
    db,
    'fjord',
    { ...kariRefs, vehicleId: el.id },
    {
      bid: 'BID1000000001',
      state: 'ACTIVE',
      startTime: new Date(now - HOUR),
      endTime: new Date(now + 3 * HOUR),
    },
  );
  for (let i = 2; i <= 5; i++) {
    const start = new Date(now - i * 24 * HOUR);
    await createBooking(db, 'fjord', kariRefs, {
      bid: `BID100000000${i}`,
      state: 'FINISHED',
      startTime: start,
      endTime: new Date(start.getTime() + HOUR),
    });
  }

  // The other operator: a customer, a vehicle and a booking.
  const mikael = await createUser(db, 'malar', { username: 'mikael.holm', givenName: 'Mikael', familyName: 'Holm' });
  const sePool = await createPool(db, 'malar', { name: 'Södermalm', city: 'Stockholm' });
  const seContract = await createContract(db, 'malar', { currency: 'SEK' });
  const abc = await createVehicle(db, 'malar', { vin: 'WVWZZZE1ZRP123456', registrationNumber: 'ABC 123', poolId: sePool.id });
  await createBooking(
    db,
    'malar',
    { userId: mikael.id, contractId: seContract.id, poolId: sePool.id, vehicleId: abc.id },
    {
      bid: 'BID2000000001',
      state: 'ACTIVE',
      startTime: new Date(now - HOUR),
      endTime: new Date(now + HOUR),
    },
  );

  for (let i = 0; i < 23; i++) {
    await createUser(db, 'fjord', { familyName: FAMILY, givenName: `G${String(i % 7).padStart(2, '0')}`, username: `qzw.${i}` });
  }
  await createUser(db, 'malar', { familyName: FAMILY, givenName: 'Malin', username: 'qzw.malar' });
  await createStaff(db, 'fjord', 'qzw.staff', 'staff-password-1');
  await db.update(users).set({ familyName: FAMILY }).where(eq(users.username, 'qzw.staff'));

  const company = await createCompany(db, 'fjord', { name: 'Xylofon Logistikk AS' });
  await createUser(db, 'fjord', {
    username: 'company.member',
    givenName: 'Per',
    familyName: 'Firma',
    companyId: company.id,
    customerNumber: 'CN-777123',
  });

  const pool = await createPool(db, 'fjord', { name: 'Vikhammer brygge', city: POOL_CITY });
  for (let i = 0; i < 12; i++)
    await createVehicle(db, 'fjord', { poolId: pool.id, registrationNumber: `VK ${String(70000 + i)}`, vin: `VKVKVK${String(i).padStart(11, '0')}` });

  const busy = await createUser(db, 'fjord', { username: BUSY, givenName: 'Busy', familyName: 'Bookingsen' });
  const refs = { userId: busy.id, contractId: contract.id, poolId: pool.id };
  // 12 historic (8 finished, 4 cancelled), 7 future, 1 active.
  for (let i = 0; i < 12; i++) {
    const start = new Date(now - (i + 2) * 24 * HOUR);
    await createBooking(db, 'fjord', refs, {
      state: i % 3 === 2 ? 'CANCELLED' : 'FINISHED',
      startTime: start,
      endTime: new Date(start.getTime() + HOUR),
    });
  }
  for (let i = 0; i < 7; i++) {
    const start = new Date(now + (7 - i) * 24 * HOUR);
    await createBooking(db, 'fjord', refs, { state: 'INACTIVE', startTime: start, endTime: new Date(start.getTime() + HOUR) });
  }
  await createBooking(db, 'fjord', refs, { state: 'ACTIVE', startTime: new Date(now - HOUR), endTime: new Date(now + HOUR) });
});
afterAll(() => t.close());

const get = (url: string, auth = true) => t.app.inject({ method: 'GET', url, headers: auth ? { authorization: authToken(token) } : {} });
const qs = (params: Record<string, string>) => new URLSearchParams(params).toString();

async function search(params: Record<string, string>): Promise<SupportSearchResponse> {
  const res = await get(`/api/search?${qs(params)}`);
  expect(res.statusCode, res.body).toBe(200);
  return ZSupportSearchResponse.parse(res.json());
}
const usernames = (r: SupportSearchResponse) => r.users.results.map((u) => u.username);
const registrations = (r: SupportSearchResponse) => r.vehicles.results.map((v) => v.registrationNumber);
const allBids = (r: SupportSearchResponse) =>
  [...r.bookings.active.results, ...r.bookings.future.results, ...r.bookings.historic.results].map((b) => b.bid);

async function expect400(url: string, field: string) {
  const res = await get(url);
  expect(res.statusCode, url).toBe(400);
  const body = ZErrorEnvelope.parse(res.json());
  expect(body.messageId).toBe(MESSAGE_IDS.invalidInput);
  expect(
    body.errors.map((e) => e.field),
    url,
  ).toContain(field);
}

describe('GET /api/search: input', () => {
  it('needs a session', async () => {
    for (const url of [
      '/api/search?search=Kari',
      '/api/search/users?search=Kari',
      '/api/search/vehicles?search=EL',
      '/api/search/bookings?search=Kari&group=active',
    ]) {
      const res = await get(url, false);
      expect(res.statusCode, url).toBe(401);
      expect(ZErrorEnvelope.parse(res.json()).httpCode).toBe(401);
    }
  });

  it('answers 400 without a phrase or chip, and for a phone chip of fewer than 3 characters', async () => {
    for (const url of [
      '/api/search',
      '/api/search?search=',
      '/api/search?search=%20%20&user=%20',
      '/api/search/users',
      '/api/search/bookings?group=active',
    ]) {
      await expect400(url, 'search');
    }
    await expect400('/api/search?mobilePhone=9-8', 'mobilePhone');
    await expect400('/api/search?mobilePhone=---', 'search');
  });

  it('answers 400 for a cursor that is not one of its list', async () => {
    const first = await search({ search: FAMILY });
    const userCursor = first.users.nextCursor!;
    expect(userCursor).toEqual(expect.any(String));
    await expect400(`/api/search/users?search=${FAMILY}&cursor=not-a-cursor`, 'cursor');
    await expect400(`/api/search/users?search=${FAMILY}&cursor=${Buffer.from('{"k":"u","f":1}').toString('base64url')}`, 'cursor');
    await expect400(`/api/search/vehicles?search=${FAMILY}&cursor=${userCursor}`, 'cursor');
    await expect400(`/api/search/bookings?search=${FAMILY}&group=future&cursor=${userCursor}`, 'cursor');
    const busy = await search({ search: BUSY });
    await expect400(`/api/search/bookings?search=${BUSY}&group=future&cursor=${busy.bookings.historic.nextCursor!}`, 'cursor');
    await expect400(`/api/search/bookings?search=${BUSY}&group=past`, 'group');
  });
});

describe('GET /api/search: what it finds', () => {
  it('finds a customer by each field', async () => {
    const [active] = await db.select().from(users).where(eq(users.username, 'demo.active'));
    const cases = [
      'demo.active',
      'DEMO.ACT',
      'Kari',
      'Nordmann',
      'kari.nordmann@example.no',
      '98765432',
      '+47 987 65 432',
      '987-65-432',
      active!.customerNumber!,
    ];
    for (const phrase of cases) expect(usernames(await search({ search: phrase })), phrase).toContain('demo.active');
    const hit = (await search({ search: 'demo.active' })).users.results.find((u) => u.username === 'demo.active');
    expect(hit).toMatchObject({
      givenName: 'Kari',
      familyName: 'Nordmann',
      mobilePhone: '+4798765432',
      companyName: 'Nordlys Oslo Dev team',
      status: 'ACTIVE',
    });
    expect(usernames(await search({ search: 'Xylofon' }))).toEqual(['company.member']);
    expect(usernames(await search({ search: 'CN-777123' }))).toEqual(['company.member']);
  });

  it('matches a phrase of several words when every word matches some field', async () => {
    for (const phrase of ['Kari Nordmann', 'nordmann kari', 'Kari example.no'])
      expect(usernames(await search({ search: phrase })), phrase).toContain('demo.active');
    expect(usernames(await search({ search: 'Kari Qzwrenski' }))).toEqual([]);
    const teslasInOslo = await search({ search: 'Tesla Oslo' });
    expect(registrations(teslasInOslo).sort()).toEqual(['TS 10001', 'TS 10002']);
    for (const v of teslasInOslo.vehicles.results) {
      expect(v.modelName).toMatch(/tesla/i);
      expect(v.pool?.city).toBe('Oslo');
    }
  });

  it('finds a vehicle by VIN, registration with and without its space, model, long presentation, pool and city', async () => {
    for (const phrase of ['WVWZZZE1ZPP012345', 'zpp0123', 'EL 12345', 'EL12345', 'el12345', 'Grünerløkka']) {
      expect(registrations(await search({ search: phrase })), phrase).toContain('EL 12345');
    }
    const byModel = await search({ search: 'Tesla Model Y' });
    expect(registrations(byModel).sort()).toEqual(['TS 10001', 'TS 10002']);
    expect(byModel.vehicles.results.every((v) => v.modelName.includes('Tesla Model Y'))).toBe(true);
    const [vehicle] = (await search({ search: 'EL 12345' })).vehicles.results.filter((v) => v.registrationNumber === 'EL 12345');
    const byLong = await search({ search: vehicle!.longPresentation });
    expect(registrations(byLong)).toContain('EL 12345');
    const byCity = await search({ search: 'Trondheim' });
    expect(registrations(byCity).sort()).toEqual(['EV 20001', 'TS 10003']);
    expect(byCity.vehicles.results.every((v) => v.pool?.city === 'Trondheim')).toBe(true);
    expect(vehicle).toMatchObject({ vin: 'WVWZZZE1ZPP012345', fleet: 'fjord', pool: { pool: 'Grünerløkka', city: 'Oslo' } });
  });

  it('lists the bookings of the users and vehicles found, grouped and ordered as §4 says', async () => {
    const r = await search({ search: BUSY });
    expect(usernames(r)).toEqual([BUSY]);
    const { active, future, historic } = r.bookings;
    expect(active.results.map((b) => b.state)).toEqual(['ACTIVE']);
    expect(future.results).toHaveLength(5);
    expect(future.results.every((b) => b.state === 'INACTIVE')).toBe(true);
    const futureStarts = future.results.map((b) => b.startTime);
    expect(futureStarts).toEqual([...futureStarts].sort());
    expect(historic.results).toHaveLength(5);
    expect(historic.results.every((b) => b.state === 'FINISHED' || b.state === 'CANCELLED')).toBe(true);
    expect(historic.results.some((b) => b.state === 'CANCELLED')).toBe(true);
    const historicStarts = historic.results.map((b) => b.startTime);
    expect(historicStarts).toEqual([...historicStarts].sort().reverse());
    expect([active.moreResults, future.moreResults, historic.moreResults]).toEqual([false, true, true]);
    expect(historic.results[0]).toMatchObject({ user: { username: BUSY, fullNameLastFirst: 'Bookingsen, Busy' } });

    // A vehicle's bookings: EL 12345 carries demo.active's active booking.
    expect((await search({ search: 'WVWZZZE1ZPP012345' })).bookings.active.results.map((b) => b.bid)).toEqual(['BID1000000001']);
  });

  it('treats BID + digits as a booking id (any case), and a longer BID prefix lists the matching bookings', async () => {
    for (const phrase of ['BID1000000001', 'bid1000000001', ' Bid1000000001 ']) {
      const r = await search({ search: phrase });
      expect(allBids(r), phrase).toEqual(['BID1000000001']);
      expect(r.bookings.active.results[0]).toMatchObject({ bid: 'BID1000000001', state: 'ACTIVE', user: { username: 'demo.active' } });
      expect(r.users.results).toEqual([]);
      expect(r.vehicles.results).toEqual([]);
    }
    const prefix = await search({ search: 'bid100000000' });
    const bids = allBids(prefix);
    expect([...bids].sort()).toEqual(['BID1000000001', 'BID1000000002', 'BID1000000003', 'BID1000000004', 'BID1000000005']);
    expect(allBids(await search({ search: 'BID1999999999' }))).toEqual([]);
  });

  it('filters users with the chips; chips alone find no vehicles', async () => {
    const byPhone = await search({ mobilePhone: '+47 987 65 432' });
    expect(usernames(byPhone)).toEqual(['demo.active']);
    expect(byPhone.vehicles.results).toEqual([]);
    expect(allBids(byPhone)).toContain('BID1000000001');
    expect(usernames(await search({ mobilePhone: '(987) 65-432' }))).toEqual(['demo.active']);
    expect(usernames(await search({ user: 'DEMO.ACT' }))).toEqual(['demo.active']);
    // The user-name chip matches from the start of the user name, not inside it.
    expect(usernames(await search({ user: 'o.active' }))).toEqual([]);
    expect(usernames(await search({ user: 'qz' })).length).toBe(10);
    expect(usernames(await search({ search: 'Kari', user: 'demo.active' }))).toEqual(['demo.active']);
    expect(usernames(await search({ search: 'Kari', mobilePhone: '4190' }))).toEqual([]);
    // The phrase still finds vehicles; the chip filters the users the phrase finds.
    const both = await search({ search: 'EL 12345', user: 'demo.active' });
    expect(usernames(both)).toEqual([]);
    expect(registrations(both)).toContain('EL 12345');
    expect(allBids(both)).toContain('BID1000000001');
  });

  it('matches a phrase shorter than 3 characters as a prefix of user names and registrations', async () => {
    const r = await search({ search: 'EL' });
    expect(registrations(r)).toContain('EL 12345');
    expect(r.vehicles.results.every((v) => v.registrationNumber.startsWith('EL'))).toBe(true);
    expect(usernames(await search({ search: 'de' })).every((u) => u.startsWith('de'))).toBe(true);
    expect(usernames(await search({ search: 'de' }))).toContain('demo.active');
  });

  it('lists customers only, never staff', async () => {
    expect(usernames(await search({ search: 'support' }))).not.toContain('support');
    const page = await get(`/api/search/users?${qs({ search: FAMILY, pageSize: '50' })}`);
    const all = ZSearchUsersPage.parse(page.json()).results.map((u) => u.username);
    expect(all).toHaveLength(23);
    expect(all).not.toContain('qzw.staff');
  });
});

async function pageAllUsers(phrase: string): Promise<{ seen: string[]; flags: boolean[] }> {
  const first = await search({ search: phrase });
  const seen = first.users.results.map((u) => u.username);
  const flags: boolean[] = [first.users.moreResults];
  let cursor = first.users.nextCursor;
  while (cursor) {
    const res = await get(`/api/search/users?${qs({ search: phrase, cursor })}`);
    expect(res.statusCode, res.body).toBe(200);
    const page = ZSearchUsersPage.parse(res.json());
    seen.push(...page.results.map((u) => u.username));
    flags.push(page.moreResults);
    cursor = page.nextCursor;
  }
  return { seen, flags };
}

describe('GET /api/search: paging', () => {
  it('pages through the users the same way by each of its three paths (bounded walk, sorted trigram matches, full walk)', async () => {
    const before = { ...searchTuning };
    const settings = [
      { walkFirstRows: 3000, userMatchCap: 2000 }, // sorted matches; the chip's bounded walk finds its page
      { walkFirstRows: 0, userMatchCap: 2000 }, // no walk: the matches are sorted
      { walkFirstRows: 0, userMatchCap: 5 }, // 23 matches over the cap: every page but the last walks to its end
      { walkFirstRows: 3, userMatchCap: 5 }, // the chip's walk too short for its page, then the rest
    ];
    try {
      const results = [];
      for (const setting of settings) {
        Object.assign(searchTuning, setting);
        results.push(await pageAllUsers(FAMILY));
        // A phrase with fewer matches than a page still finds them, and so does the user-name chip with a word.
        expect(usernames(await search({ search: 'Firma' }))).toEqual(['company.member']);
        expect(usernames(await search({ search: FAMILY, user: 'qzw.1' }))).toEqual([
          'qzw.1',
          'qzw.10',
          'qzw.11',
          'qzw.12',
          'qzw.13',
          'qzw.14',
          'qzw.15',
          'qzw.16',
          'qzw.17',
          'qzw.18',
        ]);
      }
      expect(results[0]!.seen).toHaveLength(23);
      for (const r of results) expect(r).toEqual(results[0]);
    } finally {
      Object.assign(searchTuning, before);
    }
  });

  it('pages through the users without duplicates', async () => {
    const first = await search({ search: FAMILY });
    expect(first.users).toMatchObject({ moreResults: true });
    const seen = first.users.results.map((u) => u.username);
    let cursor = first.users.nextCursor;
    const flags: boolean[] = [first.users.moreResults];
    while (cursor) {
      const res = await get(`/api/search/users?${qs({ search: FAMILY, cursor })}`);
      expect(res.statusCode, res.body).toBe(200);
      const page = ZSearchUsersPage.parse(res.json());
      seen.push(...page.results.map((u) => u.username));
      flags.push(page.moreResults);
      expect(page.nextCursor === null).toBe(!page.moreResults);
      cursor = page.nextCursor;
    }
    expect(flags).toEqual([true, true, false]);
    expect(seen).toHaveLength(23);
    expect(new Set(seen).size).toBe(23);
    // Ordered by user name.
    const expected = Array.from({ length: 23 }, (_, i) => `qzw.${i}`).sort();
    expect(seen).toEqual(expected);
  });

  it('pages through the vehicles of a pool found by its city', async () => {
    const first = await search({ search: POOL_CITY });
    expect(first.vehicles.results).toHaveLength(10);
    expect(first.vehicles.moreResults).toBe(true);
    const res = await get(`/api/search/vehicles?${qs({ search: POOL_CITY, cursor: first.vehicles.nextCursor! })}`);
    expect(res.statusCode, res.body).toBe(200);
    const second = ZSearchVehiclesPage.parse(res.json());
    expect(second).toMatchObject({ moreResults: false, nextCursor: null });
    const regs = [...registrations(first), ...second.results.map((v) => v.registrationNumber)];
    expect(regs).toEqual(Array.from({ length: 12 }, (_, i) => `VK ${70000 + i}`));
    const small = ZSearchVehiclesPage.parse((await get(`/api/search/vehicles?${qs({ search: POOL_CITY, pageSize: '5' })}`)).json());
    expect(small.results.map((v) => v.registrationNumber)).toEqual(regs.slice(0, 5));
  });

  it('pages through each booking group', async () => {
    const first = await search({ search: BUSY });
    const expectedCounts: Record<BookingGroup, number> = { active: 1, future: 7, historic: 12 };
    for (const group of ['active', 'future', 'historic'] as const) {
      const bids = first.bookings[group].results.map((b) => b.bid);
      let cursor = first.bookings[group].nextCursor;
      let pages = 1;
      while (cursor) {
        const res = await get(`/api/search/bookings?${qs({ search: BUSY, group, cursor })}`);
        expect(res.statusCode, res.body).toBe(200);
        const page = ZSearchBookingsPage.parse(res.json());
        expect(page.results.length).toBeLessThanOrEqual(5);
        expect(page.nextCursor === null).toBe(!page.moreResults);
        bids.push(...page.results.map((b) => b.bid));
        cursor = page.nextCursor;
        pages++;
      }
      expect(bids, group).toHaveLength(expectedCounts[group]);
      expect(new Set(bids).size, group).toBe(expectedCounts[group]);
      expect(pages, group).toBe(Math.ceil(expectedCounts[group] / 5));
    }
    const firstOfGroup = ZSearchBookingsPage.parse((await get(`/api/search/bookings?${qs({ search: BUSY, group: 'future' })}`)).json());
    expect(firstOfGroup.results.map((b) => b.bid)).toEqual(first.bookings.future.results.map((b) => b.bid));
  });
});

describe('GET /api/search: other operators', () => {
  it("never shows another fleet's records, but counts them in the hint", async () => {
    const r = await search({ search: FAMILY });
    expect(usernames(r)).not.toContain('qzw.malar');
    expect(r.otherFleets).toEqual([{ fleet: 'malar', fleetName: 'Mälar Mobility', vehicles: 0, users: 1, bookings: 0, link: null }]);

    const plate = await search({ search: 'ABC 123' });
    expect(registrations(plate)).not.toContain('ABC 123');
    expect(plate.otherFleets).toEqual([expect.objectContaining({ fleet: 'malar', vehicles: 1 })]);

    const bid = await search({ search: 'BID2000000001' });
    expect(allBids(bid)).toEqual([]);
    expect(bid.otherFleets).toEqual([expect.objectContaining({ fleet: 'malar', bookings: 1, users: 0, vehicles: 0 })]);

    const pagedElsewhere = await get(`/api/search/bookings?${qs({ search: 'BID2000000001', group: 'active' })}`);
    expect(ZSearchBookingsPage.parse(pagedElsewhere.json()).results).toEqual([]);
    expect((await search({ search: 'Kari Nordmann' })).otherFleets).toEqual([]);
  });

  it("links to the other operator's console only when its URL is known", async () => {
    expect((await search({ search: 'ABC 123' })).otherFleets[0]?.link).toBeNull();
    await db.update(fleets).set({ consoleUrl: 'https://console.malar.example/' }).where(eq(fleets.id, 'malar'));
    try {
      expect((await search({ search: 'ABC 123' })).otherFleets[0]?.link).toBe('https://console.malar.example/support?search=ABC%20123');
      expect((await search({ search: 'Holm', user: 'mikael' })).otherFleets[0]?.link).toBe(
        'https://console.malar.example/support?search=Holm&user=mikael',
      );
    } finally {
      await db
        .update(fleets)
        .set({ consoleUrl: null })
        .where(and(eq(fleets.id, 'malar')));
    }
  });

  it('is scoped by the session: the other operator sees its own records', async () => {
    const seToken = await login(t.app, 'support.se', 'support-demo');
    const res = await t.app.inject({ method: 'GET', url: `/api/search?search=${FAMILY}`, headers: { authorization: authToken(seToken) } });
    const r = ZSupportSearchResponse.parse(res.json());
    expect(usernames(r)).toEqual(['qzw.malar']);
    expect(r.otherFleets).toEqual([expect.objectContaining({ fleet: 'fjord', users: 23 })]);
  });
});
