import { MESSAGE_IDS, ZErrorEnvelope, ZUsablePoolsResponse, ZUserContractsResponse, ZUserSearchResponse, type UserStatus } from '@fleetdesk/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client.ts';
import { pools, users } from '../src/db/schema.ts';
import { userSearchTuning } from '../src/modules/users/service.ts';
import {
  addPoolContract,
  addUserContract,
  createCompany,
  createContract,
  createFleet,
  createPool,
  createPoolGroup,
  createStaff,
  createUser,
} from './support/factories.ts';
import { authToken, createTestApp, login, type TestApp } from './support/test-app.ts';

let t: TestApp;
let db: Db;
let token: string;
/** The contracts of the fixture, by name. */
const contract = { privat: 0, nordlys: 0, havbris: 0 };
const FAMILY = 'Qvistgaard';
const STATUSES: UserStatus[] = ['ACTIVE', 'BLOCKED', 'ACTIVE', 'PENDING', 'ACTIVE', 'AWAITING_APPROVAL', 'ACTIVE'];

beforeAll(async () => {
  t = await createTestApp();
  db = t.database.db;
  await createFleet(db, 'fjord', { name: 'Fjord Mobility' });
  await createFleet(db, 'malar', { name: 'Mälar Mobility', country: 'SE', currency: 'SEK', defaultLanguage: 'sv', timeZone: 'Europe/Stockholm' });
  await createStaff(db, 'fjord', 'support', 'support-demo');
  token = await login(t.app, 'support', 'support-demo');

  // Pools: one in a group, one disabled, one in Bergen and one in Trondheim; and one of the other operator.
  const oslo = await createPoolGroup(db, 'fjord', 'Oslo sentrum');
  const grunerlokka = await createPool(db, 'fjord', { name: 'Grünerløkka', city: 'Oslo', poolGroupId: oslo.id });
  const skoyen = await createPool(db, 'fjord', { name: 'Skøyen stasjon', city: 'Oslo', disabled: true });
  const bryggen = await createPool(db, 'fjord', { name: 'Bryggen', city: 'Bergen' });
  const solsiden = await createPool(db, 'fjord', { name: 'Solsiden', city: 'Trondheim' });
  await createPool(db, 'malar', { name: 'Södermalm', city: 'Stockholm' });

  // Contracts: a private one (Oslo and Bergen), a company one with the full §3 detail, the architects' (Oslo, Trondheim).
  const company = await createCompany(db, 'fjord', { name: 'Nordlys Oslo Dev team' });
  const privat = await createContract(db, 'fjord', { name: 'Fjord Privat', contractType: 'PRIVATE' });
  const nordlys = await createContract(db, 'fjord', {
    name: 'Nordlys Consulting – bedriftsavtale',
    contractType: 'COMPANY',
    companyId: company.id,
    currency: 'NOK',
    oneWayAllowed: true,
    minBookingDuration: 'PT30M',
    maxBookingDuration: 'P7D',
    taxiFromPools: [grunerlokka.id, solsiden.id],
    priceList: [
      { name: 'ADMIN_BOOKING_FEE', cost: 59 },
      { name: 'VAT', cost: 0.25 },
      { name: 'PER_HOUR', cost: 89 },
    ],
    metadataSpec: (['project', 'costCentre', 'purpose'] as const).map((key) => ({
      key,
      label: key,
      description: null,
      type: 'TEXT' as const,
      choices: null,
      placeholder: null,
      required: key === 'project',
    })),
    bookableRules: [{ minDuration: 'PT30M', maxDuration: 'P7D', appliedDuring: 'ALWAYS', appliesDuring: null }],
  });
  const havbris = await createContract(db, 'fjord', { name: 'Havbris Arkitekter – bedriftsavtale', contractType: 'COMPANY' });
  Object.assign(contract, { privat: privat.id, nordlys: nordlys.id, havbris: havbris.id });
  for (const pool of [grunerlokka, skoyen, bryggen]) await addPoolContract(db, pool.id, privat.id);
  for (const pool of [grunerlokka, solsiden]) await addPoolContract(db, pool.id, havbris.id);

  const kari = await createUser(db, 'fjord', {
    username: 'demo.active',
    givenName: 'Kari',
    familyName: 'Nordmann',
    emailAddress: 'kari.nordmann@example.no',
    mobilePhone: '+4798765432',
    customerNumber: '100001',
    companyId: company.id,
    premiumAccess: true,
    verifiedDriversLicense: true,
    licenseState: 'VERIFIED',
  });
  await addUserContract(db, kari.id, privat.id);
  await addUserContract(db, kari.id, nordlys.id);
  // A customer flagged as a duplicate registration, with the architects' contract only.
  const nils = await createUser(db, 'fjord', { username: 'nils.dahl', givenName: 'Nils', familyName: 'Dahl', duplicatePhone: true });
  await addUserContract(db, nils.id, havbris.id);
  await createUser(db, 'malar', { username: 'demo.se.active', givenName: 'Kari', familyName: 'Nordmann' });

  // Seven customers of one family name (given names A…G), one in the other operator and one staff member.
  for (const [i, status] of STATUSES.entries())
    await createUser(db, 'fjord', { familyName: FAMILY, givenName: `${String.fromCharCode(65 + i)}nne`, status });
  await createUser(db, 'malar', { familyName: FAMILY, givenName: 'Malin' });
  await createUser(db, 'fjord', { familyName: FAMILY, givenName: 'Staff', role: 'SUPPORT' });
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { authorization: authToken(token) } });
const search = async (qs: string) => {
  const res = await get(`/api/users?${qs}`);
  expect(res.statusCode, res.body).toBe(200);
  return ZUserSearchResponse.parse(res.json());
};

describe('GET /api/users', () => {
  it('needs a non-blank input or a status (a status alone lists its users: the saved views "awaiting approval")', async () => {
    for (const qs of ['', 'query=', 'query=%20%20']) {
      const res = await get(`/api/users?${qs}`);
      expect(res.statusCode, qs).toBe(400);
      expect(ZErrorEnvelope.parse(res.json()).messageId).toBe(MESSAGE_IDS.invalidInput);
    }
    expect((await get('/api/users?status=ACTIVE')).statusCode).toBe(200);
  });

  it('finds by given and family name in either order, user name, e-mail, phone and customer number', async () => {
    for (const q of ['Kari Nordmann', 'nordmann kari', 'demo.active', 'kari.nordmann@example.no', '98765432', '+47 987 65 432', '100001']) {
      const r = await search(`query=${encodeURIComponent(q)}`);
      expect(
        r.results.map((u) => u.username),
        q,
      ).toContain('demo.active');
    }
    const r = await search('query=Kari%20Nordmann');
    expect(r.results.find((u) => u.username === 'demo.active')).toMatchObject({
      givenName: 'Kari',
      familyName: 'Nordmann',
      status: 'ACTIVE',
      mobilePhone: '+4798765432',
      companyName: 'Nordlys Oslo Dev team',
    });
    const withNumber = (await search('query=1000')).results.find((u) => u.customerNumber?.includes('1000'));
    expect(withNumber?.username).toBe('demo.active');
    expect((await search('mobilePhone=%2B4798765432')).results.map((u) => u.username)).toEqual(['demo.active']);
    expect((await search('username=DEMO.ACTIVE')).results.map((u) => u.username)).toEqual(['demo.active']);
  });

  it('is scoped to the operator and to customers', async () => {
    const r = await search(`query=${FAMILY}&pageSize=25`);
    expect(r.results).toHaveLength(7);
    expect(r.results.map((u) => u.givenName)).not.toContain('Malin');
    expect(r.results.map((u) => u.givenName)).not.toContain('Staff');
    expect((await search('query=demo.se.active')).results).toEqual([]);
  });

  it('filters by status and pages with moreResults', async () => {
    const page0 = await search(`query=${FAMILY}&pageSize=5&page=0`);
    expect(page0).toMatchObject({ moreResults: true, currentPage: 0 });
    expect(page0.results.map((u) => u.givenName)).toEqual(['Anne', 'Bnne', 'Cnne', 'Dnne', 'Enne']);
    const page1 = await search(`query=${FAMILY}&pageSize=5&page=1`);
    expect(page1).toMatchObject({ moreResults: false, currentPage: 1 });
    expect(page1.results.map((u) => u.givenName)).toEqual(['Fnne', 'Gnne']);

    const active = await search(`query=${FAMILY}&status=ACTIVE&pageSize=25`);
    expect(active.results.map((u) => u.givenName)).toEqual(['Anne', 'Cnne', 'Enne', 'Gnne']);
    expect(active.results.every((u) => u.status === 'ACTIVE')).toBe(true);
    const two = await search(`query=${FAMILY}&status=ACTIVE,BLOCKED&pageSize=5`);
    expect(two.results.map((u) => u.givenName)).toEqual(['Anne', 'Bnne', 'Cnne', 'Enne', 'Gnne']);
    expect(two.moreResults).toBe(false);
    const exact = await search(`query=${FAMILY}&status=ACTIVE&pageSize=4`);
    expect(exact.moreResults).toBe(false);
  });

  it('refuses deep pages (past the displayed 10000+ cap)', async () => {
    expect((await get(`/api/users?query=${FAMILY}&pageSize=25&page=400`)).statusCode).toBe(400);
    expect((await search(`query=${FAMILY}&pageSize=25&page=399`)).results).toEqual([]);
  });

  it('matches LIKE wildcards literally', async () => {
    expect((await search('query=%25')).results).toEqual([]);
    expect((await search('query=_')).results).toEqual([]);
  });
});

describe('GET /api/users: list fields, filters and large result sets', () => {
  it('carries status, suspicious registration, premium and licence per user', async () => {
    const r = await search('query=demo.active');
    expect(r.results.find((u) => u.username === 'demo.active')).toMatchObject({
      premiumAccess: true,
      verifiedDriversLicense: true,
      licenseState: 'VERIFIED',
      vehicleAccess: 'PREMIUM',
      suspiciousRegistration: false,
    });
    const dup = await search('username=nils.dahl');
    expect(dup.results[0]).toMatchObject({ username: 'nils.dahl', suspiciousRegistration: true });
    expect(r).toMatchObject({ totalCapped: false, orderedBy: 'name' });
    expect((await search(`query=${FAMILY}&pageSize=5`)).total).toBe(7);
  });

  it('lists an exact user name first, matches short user names from their start, and needs 3 phone characters', async () => {
    const exact = await createUser(db, 'fjord', { username: 'zed.exact', familyName: 'Aaaa' });
    await createUser(db, 'fjord', { username: 'aa.zed.exact.more', familyName: 'Aaaa' });
    expect((await search('username=zed.exact')).results.map((u) => u.username)).toEqual([exact.username, 'aa.zed.exact.more']);
    expect((await search('username=ze')).results.map((u) => u.username)).toContain('zed.exact');
    expect((await search('username=ze')).results.map((u) => u.username)).not.toContain('aa.zed.exact.more');
    const short = await get('/api/users?mobilePhone=98');
    expect(short.statusCode).toBe(400);
    expect(ZErrorEnvelope.parse(short.json()).errors[0]?.field).toBe('mobilePhone');
  });

  it('finds users by company name', async () => {
    const r = await search('query=Nordlys%20Kari&pageSize=25');
    expect(r.results.map((u) => u.username)).toContain('demo.active');
  });

  it('past the match cap lists by user name, still scoped and paged', async () => {
    const before = userSearchTuning.matchCap;
    userSearchTuning.matchCap = 3;
    try {
      const page0 = await search(`query=${FAMILY}&pageSize=5`);
      expect(page0).toMatchObject({ orderedBy: 'username', totalCapped: true, total: 3, moreResults: true });
      const page1 = await search(`query=${FAMILY}&pageSize=5&page=1`);
      expect(page1.moreResults).toBe(false);
      const names = [...page0.results, ...page1.results].map((u) => u.username);
      expect(names).toHaveLength(7);
      expect(names).toEqual([...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
      const [malin] = await db.select().from(users).where(eq(users.givenName, 'Malin'));
      expect(names).not.toContain(malin!.username);
    } finally {
      userSearchTuning.matchCap = before;
    }
  });
});

describe('GET /api/users/{username}/contracts and /usable-pools', () => {
  it("returns the user's contracts in the full Contract shape", async () => {
    const res = await get('/api/users/Demo.Active/contracts');
    expect(res.statusCode).toBe(200);
    const list = ZUserContractsResponse.parse(res.json());
    expect(list.map((c) => c.name)).toEqual(['Fjord Privat', 'Nordlys Consulting – bedriftsavtale']);
    const nordlys = list[1]!;
    expect(nordlys).toMatchObject({ contractType: 'COMPANY', adminFee: 59, currency: 'NOK', oneWayAllowed: true, minBookingDuration: 'PT30M' });
    expect(nordlys.metaDataSpec.map((m) => m.key)).toEqual(['project', 'costCentre', 'purpose']);
    expect(nordlys.id).toBe(contract.nordlys);
    expect(nordlys.taxiFromPools).toHaveLength(2);
    expect(nordlys.priceList.find((p) => p.name === 'VAT')?.cost).toBe(0.25);
    expect(nordlys.bookableRules).toEqual([{ minDuration: 'PT30M', maxDuration: 'P7D', appliedDuring: 'ALWAYS', appliesDuring: null }]);
  });

  it("lists the enabled pools with directAccess through the user's contracts", async () => {
    const own = await createPool(db, 'fjord', { name: 'Aaa ingen avtale', city: 'Oslo' });
    const res = await get('/api/users/demo.active/usable-pools');
    expect(res.statusCode).toBe(200);
    const list = ZUsablePoolsResponse.parse(res.json());
    const byName = new Map(list.map((p) => [p.pool, p]));
    expect(byName.has('Skøyen stasjon')).toBe(false); // disabled
    expect(list.every((p) => !p.disabled)).toBe(true);
    expect(byName.get('Grünerløkka')).toMatchObject({ directAccess: true, poolGroupName: 'Oslo sentrum', city: 'Oslo' });
    expect(byName.get('Grünerløkka')?.allowedContracts).toEqual([contract.privat, contract.havbris].sort((a, b) => a - b));
    expect(byName.get('Aaa ingen avtale')).toMatchObject({ poolId: own.id, directAccess: false, allowedContracts: [] });
    const [malarPool] = await db.select().from(pools).where(eq(pools.fleetId, 'malar')).limit(1);
    expect(list.map((p) => p.poolId)).not.toContain(malarPool!.id);

    // nils.dahl has only the architects' contract (Oslo and Trondheim): Bergen pools need the override.
    const nils = ZUsablePoolsResponse.parse((await get('/api/users/nils.dahl/usable-pools')).json());
    expect(nils.find((p) => p.pool === 'Bryggen')?.directAccess).toBe(false);
    expect(nils.find((p) => p.pool === 'Solsiden')?.directAccess).toBe(true);
  });

  it("answers 404 for another operator's or an unknown user", async () => {
    for (const path of ['/api/users/demo.se.active/contracts', '/api/users/demo.se.active/usable-pools', '/api/users/nobody/contracts']) {
      const res = await get(path);
      expect(res.statusCode, path).toBe(404);
      expect(ZErrorEnvelope.parse(res.json()).messageId).toBe(MESSAGE_IDS.userNotFound);
    }
  });
});
