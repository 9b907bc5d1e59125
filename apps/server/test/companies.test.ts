import {
  MESSAGE_IDS,
  ZCompanyDetail,
  ZCompanyTreeResponse,
  ZCompanyUsersResponse,
  ZErrorEnvelope,
  ZFleetByUsernameResponse,
  ZTopLevelCompaniesResponse,
  type CompanyNode,
  type ErrorEnvelope,
} from '@fleetdesk/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client.ts';
import { events } from '../src/db/schema.ts';
import { createCompany, createFleet, createStaff, createUser } from './support/factories.ts';
import { authToken, createTestApp, login, type TestApp } from './support/test-app.ts';

let t: TestApp;
let db: Db;
let support: string;
let admin: string;
let malarSupport: string;
const ids: Record<string, number> = {};

/** A company of our own with a child, and users with known apply dates, for paging and sorting. */
let sortCo: number;
let sortChild: number;
const HOUR = 3_600_000;
const BASE = Date.UTC(2025, 0, 1);

beforeAll(async () => {
  t = await createTestApp();
  db = t.database.db;
  await createFleet(db, 'fjord', { name: 'Fjord Mobility' });
  await createFleet(db, 'malar', { name: 'Mälar Mobility', country: 'SE', currency: 'SEK', defaultLanguage: 'sv', timeZone: 'Europe/Stockholm' });
  await createStaff(db, 'fjord', 'support', 'support-demo');
  await createStaff(db, 'fjord', 'admin', 'admin-demo', 'ADMIN');
  await createStaff(db, 'malar', 'support.se', 'support-demo');
  [support, admin, malarSupport] = await Promise.all([
    login(t.app, 'support', 'support-demo'),
    login(t.app, 'admin', 'admin-demo'),
    login(t.app, 'support.se', 'support-demo'),
  ]);
  // Each operator's company tree: Nordlys three levels deep, a housing association with three divisions.
  const company = async (fleetId: string, name: string, over: Parameters<typeof createCompany>[2] = {}) => {
    const row = await createCompany(db, fleetId, { name, ...over });
    ids[`${fleetId}:${name}`] = row.id;
    return row.id;
  };
  await company('fjord', 'Fjord Mobility Internal', { type: 'INTERNAL' });
  const nordlys = await company('fjord', 'Nordlys Consulting AS', {
    type: 'CORPORATE',
    marketSegment: 'Enterprise',
    microSegment: 'IT consulting',
    emailDomains: ['nordlys.example'],
    contactFirstName: 'Mona',
    contactLastName: 'Nilsen',
    contactEmail: 'mona.nilsen@nordlys.example',
    contactPhone: '+4791234567',
  });
  // Created out of name order: the tree sorts them.
  const nordlysOslo = await company('fjord', 'Nordlys Oslo', { parentId: nordlys });
  await company('fjord', 'Nordlys Bergen', { parentId: nordlys });
  const devTeam = await company('fjord', 'Nordlys Oslo Dev team', { parentId: nordlysOslo });
  await company('fjord', 'Havbris Arkitekter AS', { type: 'CORPORATE', emailDomains: ['havbris.example'] });
  await company('fjord', 'Privatkunder', { type: 'CONSUMER', marketSegment: 'Consumer', microSegment: 'B2C' });
  const fjordbo = await company('fjord', 'Fjordbo Boligbyggelag', { type: 'RESIDENTIAL' });
  for (const [name, code] of [
    ['Grünerløkka Hage borettslag', 'FJB-1001'],
    ['Sagene Park borettslag', 'FJB-1002'],
    ['Torshov Gård borettslag', 'FJB-1003'],
  ] as const)
    await company('fjord', name, { type: 'RESIDENTIAL', parentId: fjordbo, companyCode: code, requiresMembershipConfirmation: true });
  await createUser(db, 'fjord', { username: 'demo.active', companyId: devTeam });
  await createUser(db, 'fjord', { companyId: nordlys });
  await company('malar', 'Norrsken Konsult AB', { type: 'CORPORATE', emailDomains: ['norrsken.example'] });
  await company('malar', 'Mälar Mobility Intern', { type: 'INTERNAL' });
  await company('malar', 'Aros Ingenjörer AB', { type: 'CORPORATE' });
  await createUser(db, 'malar', { username: 'demo.se.active' });

  sortCo = (await createCompany(t.database.db, 'fjord', { name: 'Sorteringsbolaget AS' })).id;
  sortChild = (await createCompany(t.database.db, 'fjord', { name: 'Sorteringsbolaget Avd', parentId: sortCo })).id;
  // Twelve customers: u01…u12, applyDate one hour apart (u12 newest), family names in reverse order; u03 and u07 in the
  // child, u05 BLOCKED, u06 without applyDate, plus a staff member who must not be listed.
  for (let i = 1; i <= 12; i++) {
    const n = String(i).padStart(2, '0');
    await createUser(db, 'fjord', {
      username: `sort.u${n}`,
      givenName: 'Sigrid',
      familyName: `Fam${String(13 - i).padStart(2, '0')}`,
      companyId: i === 3 || i === 7 ? sortChild : sortCo,
      status: i === 5 ? 'BLOCKED' : 'ACTIVE',
      applyDate: i === 6 ? null : new Date(BASE + i * HOUR),
      password: null,
    });
  }
  await createUser(db, 'fjord', {
    username: 'sort.staff',
    companyId: sortCo,
    role: 'SUPPORT',
    applyDate: new Date(BASE + 99 * HOUR),
    password: null,
  });
}, 120_000);
afterAll(() => t.close());

const get = (url: string, as = support) => t.app.inject({ method: 'GET', url, headers: { authorization: authToken(as) } });
const put = (url: string, payload: unknown, as = admin) =>
  t.app.inject({ method: 'PUT', url, headers: { authorization: authToken(as) }, payload: payload as object });
function expectError(res: { statusCode: number; json(): unknown }, status: number): ErrorEnvelope {
  expect(res.statusCode, JSON.stringify(res.json())).toBe(status);
  const body = ZErrorEnvelope.parse(res.json());
  expect(body.httpCode).toBe(status);
  return body;
}
const names = (nodes: CompanyNode[]) => nodes.map((n) => n.name);
const find = (nodes: CompanyNode[], name: string): CompanyNode | undefined => {
  for (const n of nodes) {
    if (n.name === name) return n;
    const inner = find(n.children, name);
    if (inner) return inner;
  }
  return undefined;
};

describe('GET /api/companies (tree)', () => {
  it("answers the operator's tree with children in name order and nothing of the other operator", async () => {
    const res = await get('/api/companies');
    expect(res.statusCode, res.body).toBe(200);
    const tree = ZCompanyTreeResponse.parse(res.json());
    expect(names(tree)).toEqual([
      'Fjord Mobility Internal',
      'Fjordbo Boligbyggelag',
      'Havbris Arkitekter AS',
      'Nordlys Consulting AS',
      'Privatkunder',
      'Sorteringsbolaget AS',
    ]);
    expect(names(tree)).toEqual([...names(tree)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const nordlys = find(tree, 'Nordlys Consulting AS')!;
    expect(nordlys.parent).toBeNull();
    expect(names(nordlys.children)).toEqual(['Nordlys Bergen', 'Nordlys Oslo']);
    const oslo = nordlys.children.find((c) => c.name === 'Nordlys Oslo')!;
    expect(oslo.parent).toBe(nordlys.id);
    expect(names(oslo.children)).toEqual(['Nordlys Oslo Dev team']);
    expect(find(tree, 'Fjordbo Boligbyggelag')!.children).toHaveLength(3);
    expect(find(tree, 'Norrsken Konsult AB')).toBeUndefined();
    expect(find(tree, 'Mälar Mobility Intern')).toBeUndefined();
  });

  it('lists the top-level companies only, and refresh-cache answers the same tree', async () => {
    const top = ZTopLevelCompaniesResponse.parse((await get('/api/companies/top-level')).json());
    const tree = ZCompanyTreeResponse.parse((await get('/api/companies')).json());
    expect(top.map((c) => c.id)).toEqual(tree.map((c) => c.id));
    expect(top.map((c) => c.name)).not.toContain('Nordlys Oslo');
    const refreshed = await t.app.inject({ method: 'POST', url: '/api/companies/refresh-cache', headers: { authorization: authToken(support) } });
    expect(refreshed.statusCode).toBe(200);
    expect(ZCompanyTreeResponse.parse(refreshed.json())).toEqual(tree);
  });

  it('needs a session', async () => {
    expectError(await t.app.inject({ method: 'GET', url: '/api/companies' }), 401);
  });
});

describe('GET /api/companies/{id}', () => {
  it('answers segments, e-mail domains, contact, children and user counts of a top-level company', async () => {
    const res = await get(`/api/companies/${ids['fjord:Nordlys Consulting AS']}`);
    expect(res.statusCode, res.body).toBe(200);
    const c = ZCompanyDetail.parse(res.json());
    expect(c).toMatchObject({
      name: 'Nordlys Consulting AS',
      type: 'CORPORATE',
      parent: null,
      topLevel: true,
      parentHierarchy: [],
      marketSegment: 'Enterprise',
      microSegment: 'IT consulting',
      emailDomains: ['nordlys.example'],
      contact: { firstName: 'Mona', lastName: 'Nilsen', emailAddress: 'mona.nilsen@nordlys.example', phoneNo: '+4791234567' },
    });
    expect(c.children.map((x) => x.name)).toEqual(['Nordlys Bergen', 'Nordlys Oslo']);
    // One customer in the company itself, demo.active in the Dev team two levels below.
    expect(c).toMatchObject({ userCount: 1, subtreeUserCount: 2 });
  });

  it('answers the parent hierarchy of a nested company', async () => {
    const c = ZCompanyDetail.parse((await get(`/api/companies/${ids['fjord:Nordlys Oslo Dev team']}`)).json());
    expect(c.parentHierarchy.map((p) => p.name)).toEqual(['Nordlys Consulting AS', 'Nordlys Oslo']);
    expect(c).toMatchObject({ topLevel: false, parent: ids['fjord:Nordlys Oslo'], contact: null, children: [] });
    expect(c.userCount).toBe(1);
    const division = ZCompanyDetail.parse((await get(`/api/companies/${ids['fjord:Grünerløkka Hage borettslag']}`)).json());
    expect(division).toMatchObject({ companyCode: 'FJB-1001', requiresMembershipConfirmation: true, type: 'RESIDENTIAL' });
  });

  it("answers 404 for another operator's company and an unknown one, 400 for a malformed id", async () => {
    for (const id of [ids['malar:Norrsken Konsult AB'], 999_999]) {
      const body = expectError(await get(`/api/companies/${id}`), 404);
      expect(body.messageId).toBe(MESSAGE_IDS.notFound);
      expect(JSON.stringify(body)).not.toContain('Norrsken');
    }
    expectError(await get(`/api/companies/${ids['fjord:Privatkunder']}`, malarSupport), 404);
    expectError(await get('/api/companies/abc'), 400);
  });
});

describe('PUT /api/companies/{id}', () => {
  const valid = {
    name: 'Havbris Arkitekter AS',
    type: 'CORPORATE',
    marketSegment: 'SME',
    microSegment: 'Landscape architecture',
    emailDomains: ['havbris.example', ' Havbris-Landskap.Example '],
    contact: { firstName: 'Eirik', lastName: 'Haugland', emailAddress: 'eirik.haugland@havbris.example', phoneNo: '+47 923 45 678' },
  };

  it('is for ADMIN staff only', async () => {
    const body = expectError(await put(`/api/companies/${ids['fjord:Havbris Arkitekter AS']}`, valid, support), 403);
    expect(body.messageId).toBe(MESSAGE_IDS.forbidden);
  });

  it('updates the editable fields, normalises domains and phone, and records an event', async () => {
    const id = ids['fjord:Havbris Arkitekter AS']!;
    const res = await put(`/api/companies/${id}`, valid);
    expect(res.statusCode, res.body).toBe(200);
    expect(ZCompanyDetail.parse(res.json())).toMatchObject({
      microSegment: 'Landscape architecture',
      emailDomains: ['havbris.example', 'havbris-landskap.example'],
      contact: { phoneNo: '+4792345678' },
    });
    expect(ZCompanyDetail.parse((await get(`/api/companies/${id}`)).json()).microSegment).toBe('Landscape architecture');
    const logged = await db
      .select()
      .from(events)
      .where(and(eq(events.fleetId, 'fjord'), eq(events.actingUsername, 'admin'), eq(events.type, 'USER_ACTION')));
    const entry = logged.find((e) => e.properties.action === 'COMPANY_UPDATED' && e.properties.companyId === id);
    expect(entry?.displayText).toContain('microSegment');
    // Removing the contact and blank segments.
    const cleared = ZCompanyDetail.parse((await put(`/api/companies/${id}`, { ...valid, marketSegment: '  ', contact: null })).json());
    expect(cleared).toMatchObject({ marketSegment: null, contact: null });
  });

  it('refuses invalid fields with field errors', async () => {
    const id = ids['fjord:Havbris Arkitekter AS'];
    const res = await put(`/api/companies/${id}`, {
      ...valid,
      name: '  ',
      type: 'PUBLIC',
      emailDomains: ['not a domain', '@havbris.example'],
      contact: { firstName: null, lastName: null, emailAddress: 'nope', phoneNo: '12345' },
    });
    const body = expectError(res, 400);
    expect(body.messageId).toBe(MESSAGE_IDS.invalidInput);
    const fields = body.errors.map((e) => e.field);
    for (const f of ['name', 'type', 'emailDomains.0', 'emailDomains.1', 'contact.emailAddress', 'contact.phoneNo']) expect(fields).toContain(f);
    expect(body.errors.find((e) => e.field === 'contact.phoneNo')?.message).toBe('Invalid phone number');
    expect(expectError(await put(`/api/companies/${id}`, { ...valid, emailDomains: ['a.example', 'A.example'] }), 400).errors[0]?.field).toBe(
      'emailDomains',
    );
  });

  it("refuses a domain connected to another company (409), and another operator's company is 404", async () => {
    const body = expectError(await put(`/api/companies/${ids['fjord:Havbris Arkitekter AS']}`, { ...valid, emailDomains: ['nordlys.example'] }), 409);
    expect(body.message).toContain('Nordlys Consulting AS');
    expectError(await put(`/api/companies/${ids['malar:Aros Ingenjörer AB']}`, valid), 404);
  });
});

describe('GET /api/companies/{id}/users', () => {
  const list = async (qs = '', id = sortCo) => {
    const res = await get(`/api/companies/${id}/users${qs}`);
    expect(res.statusCode, res.body).toBe(200);
    return ZCompanyUsersResponse.parse(res.json());
  };
  const usernames = (r: { results: { username: string }[] }) => r.results.map((u) => u.username.replace('sort.', ''));

  it('pages 25 by default, newest applyDate first, users of child companies included, staff left out, no date last', async () => {
    const r = await list();
    expect(r).toMatchObject({ totalCount: 12, page: 0, pageSize: 25, sort: 'applyDate', direction: 'desc' });
    expect(usernames(r)).toEqual(['u12', 'u11', 'u10', 'u09', 'u08', 'u07', 'u05', 'u04', 'u03', 'u02', 'u01', 'u06']);
    expect(r.results.find((u) => u.username === 'sort.u03')?.company.name).toBe('Sorteringsbolaget Avd');
    expect(r.results[0]).toMatchObject({ applyDate: new Date(BASE + 12 * HOUR).toISOString(), status: 'ACTIVE' });
  });

  it('sorts ascending, by none (user name order) and by another column', async () => {
    expect(usernames(await list('?direction=asc'))).toEqual(['u01', 'u02', 'u03', 'u04', 'u05', 'u07', 'u08', 'u09', 'u10', 'u11', 'u12', 'u06']);
    const none = await list('?direction=none');
    expect(none.direction).toBe('none');
    expect(usernames(none)).toEqual(['u01', 'u02', 'u03', 'u04', 'u05', 'u06', 'u07', 'u08', 'u09', 'u10', 'u11', 'u12']);
    expect(usernames(await list('?sort=familyName&direction=asc')).slice(0, 3)).toEqual(['u12', 'u11', 'u10']);
    expect(
      usernames(await list('?sort=companyName&direction=desc'))
        .slice(0, 2)
        .sort(),
    ).toEqual(['u03', 'u07']);
  });

  it('pages with the §9 page sizes only', async () => {
    const first = await list('?pageSize=10');
    const second = await list('?pageSize=10&page=1');
    expect(first.results).toHaveLength(10);
    expect(second.results).toHaveLength(2);
    expect(second.totalCount).toBe(12);
    expect(new Set([...usernames(first), ...usernames(second)]).size).toBe(12);
    expect((await list('?pageSize=50')).results).toHaveLength(12);
    for (const qs of ['?pageSize=7', '?pageSize=100', '?page=-1', '?sort=password', '?direction=up', '?status=NOPE', '?includeChildren=maybe']) {
      expect((await get(`/api/companies/${sortCo}/users${qs}`)).statusCode, qs).toBe(400);
    }
  });

  it('filters by status, by phrase and to the company alone', async () => {
    expect(usernames(await list('?status=BLOCKED'))).toEqual(['u05']);
    expect((await list('?status=ACTIVE,BLOCKED')).totalCount).toBe(12);
    expect(usernames(await list('?query=fam02'))).toEqual(['u11']);
    const own = await list('?includeChildren=false');
    expect(own.totalCount).toBe(10);
    expect(usernames(own)).not.toContain('u03');
    expect(usernames(await list('', sortChild))).toEqual(['u07', 'u03']);
  });

  it("answers 404 for another operator's company", async () => {
    expectError(await get(`/api/companies/${ids['malar:Norrsken Konsult AB']}/users`), 404);
    expectError(await get(`/api/companies/${sortCo}/users`, malarSupport), 404);
  });
});

describe('GET /api/fleets/by-username/{username}', () => {
  it("answers the fleet id and name of the operator's user, case-insensitively, and nothing else", async () => {
    for (const name of ['demo.active', 'DEMO.Active', 'support']) {
      const res = await get(`/api/fleets/by-username/${encodeURIComponent(name)}`);
      expect(res.statusCode, name).toBe(200);
      expect(res.json()).toEqual({ fleet: 'fjord', name: 'Fjord Mobility' });
      ZFleetByUsernameResponse.parse(res.json());
    }
    expect((await get('/api/fleets/by-username/demo.se.active', malarSupport)).json()).toEqual({ fleet: 'malar', name: 'Mälar Mobility' });
  });

  it("answers 404 for an unknown user and another operator's user, 401 without a session", async () => {
    for (const name of ['no.such.user', 'demo.se.active']) {
      const body = expectError(await get(`/api/fleets/by-username/${name}`), 404);
      expect(body.messageId).toBe(MESSAGE_IDS.userNotFound);
      expect(JSON.stringify(body)).not.toContain('malar');
    }
    expectError(await t.app.inject({ method: 'GET', url: '/api/fleets/by-username/demo.active' }), 401);
  });
});
