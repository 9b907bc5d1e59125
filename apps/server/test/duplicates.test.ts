import { MESSAGE_IDS, ZErrorEnvelope, ZSuspiciousUsersResponse, ZUserDuplicatesResponse } from '@fleetdesk/contract';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client.ts';
import { users } from '../src/db/schema.ts';
import { refreshAllDuplicateFlags, refreshDuplicateFlags } from '../src/modules/users/index.ts';
import { createFleet, createStaff, createUser } from './support/factories.ts';
import { authToken, createTestApp, login, type TestApp } from './support/test-app.ts';

let t: TestApp;
let db: Db;
let tokenA: string;
let tokenB: string;
const PW = 'correct-horse-battery';

beforeAll(async () => {
  t = await createTestApp();
  db = t.database.db;
  await createFleet(db, 'dua', { name: 'Dua Mobility' });
  await createFleet(db, 'dub', { name: 'Dub Mobility' });
  await createStaff(db, 'dua', 'staff.dua', PW);
  await createStaff(db, 'dub', 'staff.dub', PW);
  tokenA = await login(t.app, 'staff.dua', PW);
  tokenB = await login(t.app, 'staff.dub', PW);
  const made = [
    await createUser(db, 'dua', {
      username: 'a.one',
      emailAddress: 'twin@dup.test',
      mobilePhone: '+4711100001',
      applyDate: new Date('2025-01-01T00:00:00Z'),
    }),
    await createUser(db, 'dua', {
      username: 'a.two',
      emailAddress: 'TWIN@dup.test',
      mobilePhone: '+4711100002',
      applyDate: new Date('2025-02-01T00:00:00Z'),
    }),
    await createUser(db, 'dua', { username: 'a.three', emailAddress: 'alone@dup.test', mobilePhone: '+4711100003' }),
    await createUser(db, 'dub', {
      username: 'b.secret',
      givenName: 'Bodil',
      familyName: 'Hemmelig',
      emailAddress: 'b.secret@dup.test',
      mobilePhone: '+4711100001',
    }),
    await createUser(db, 'dub', { username: 'b.two', emailAddress: 'b.two@dup.test', mobilePhone: '+4711100005' }),
    // A staff account sharing a customer's e-mail is not a suspicious registration.
    await createUser(db, 'dua', { username: 'staff.same', role: 'SUPPORT', emailAddress: 'alone@dup.test', mobilePhone: '+4711100009' }),
  ];
  await db.transaction((tx) =>
    refreshDuplicateFlags(
      tx,
      made.map((u) => u.id),
    ),
  );
});
afterAll(() => t.close());

const get = (url: string, token = tokenA) => t.app.inject({ method: 'GET', url, headers: { authorization: authToken(token) } });
const flags = async (username: string) => {
  const [r] = await db
    .select({ e: users.duplicateEmail, p: users.duplicatePhone, i: users.duplicateIdentityNumber })
    .from(users)
    .where(eq(users.username, username));
  return r;
};

describe('duplicate flags across all operators', () => {
  it('flags case-insensitive e-mails and shared phones across operators, not staff accounts', async () => {
    expect(await flags('a.one')).toEqual({ e: true, p: true, i: false });
    expect(await flags('a.two')).toEqual({ e: true, p: false, i: false });
    expect(await flags('b.secret')).toEqual({ e: false, p: true, i: false });
    expect(await flags('a.three')).toEqual({ e: false, p: false, i: false });
    expect(await flags('b.two')).toEqual({ e: false, p: false, i: false });
  });

  it('follows identity numbers set through the API, and clears former twins when a number changes', async () => {
    const put = (username: string, token: string, identificationNumber: string) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/users/${username}/identity`,
        headers: { authorization: authToken(token) },
        payload: { country: 'NO', identificationNumber },
      });
    expect((await put('a.three', tokenA, '15076500565')).statusCode).toBe(200);
    expect((await put('b.two', tokenB, '15076500565')).statusCode).toBe(200);
    expect((await flags('a.three'))?.i).toBe(true);
    expect((await flags('b.two'))?.i).toBe(true);
    expect((await put('a.three', tokenA, '29029900157')).statusCode).toBe(200);
    expect((await flags('a.three'))?.i).toBe(false);
    expect((await flags('b.two'))?.i).toBe(false);
  });

  it('recomputes every flag in one statement with the same outcome', async () => {
    const names = ['a.one', 'a.two', 'a.three', 'b.secret', 'b.two'];
    const before = await Promise.all(names.map(flags));
    await db
      .update(users)
      .set({ duplicateEmail: false, duplicatePhone: false, duplicateIdentityNumber: false })
      .where(inArray(users.username, names));
    await refreshAllDuplicateFlags(db);
    expect(await Promise.all(names.map(flags))).toEqual(before);
  });
});

describe('GET /api/users/{username}/duplicate', () => {
  it("lists this operator's twins with what matched, and only counts the other operator's", async () => {
    const res = await get('/api/users/a.one/duplicate');
    expect(res.statusCode, res.body).toBe(200);
    const body = ZUserDuplicatesResponse.parse(res.json());
    expect(body.userDuplicates).toEqual([
      expect.objectContaining({ username: 'a.two', duplicateEmail: true, duplicatePhone: false, duplicateIdentityNumber: false }),
    ]);
    expect(body.ownerMap).toEqual({ 'Dua Mobility': 1, 'Dub Mobility': 1 });
    for (const secret of ['b.secret', 'Bodil', 'Hemmelig', 'b.secret@dup.test']) expect(res.body).not.toContain(secret);
  });

  it('shows the other side the same way', async () => {
    const body = ZUserDuplicatesResponse.parse((await get('/api/users/b.secret/duplicate', tokenB)).json());
    expect(body).toEqual({ userDuplicates: [], ownerMap: { 'Dua Mobility': 1 } });
  });

  it('answers an empty result for a user without twins', async () => {
    expect(ZUserDuplicatesResponse.parse((await get('/api/users/a.three/duplicate')).json())).toEqual({ userDuplicates: [], ownerMap: {} });
  });

  it("answers 404 for another operator's user, a staff account and an unknown name", async () => {
    for (const name of ['b.secret', 'staff.same', 'no.such.user']) {
      const res = await get(`/api/users/${name}/duplicate`);
      expect(res.statusCode).toBe(404);
      expect(ZErrorEnvelope.parse(res.json()).messageId).toBe(MESSAGE_IDS.userNotFound);
    }
  });
});

describe('GET /api/admin/users/suspicious', () => {
  it("pages the operator's flagged users, newest registration first", async () => {
    const first = ZSuspiciousUsersResponse.parse((await get('/api/admin/users/suspicious?pageSize=1')).json());
    expect(first).toMatchObject({ total: 2, moreResults: true, currentPage: 0 });
    expect(first.results.map((r) => r.username)).toEqual(['a.two']);
    const second = ZSuspiciousUsersResponse.parse((await get('/api/admin/users/suspicious?pageSize=1&page=1')).json());
    expect(second.results.map((r) => r.username)).toEqual(['a.one']);
    expect(second.moreResults).toBe(false);
    expect(second.results[0]).toMatchObject({ duplicateEmail: true, duplicatePhone: true });
    const other = ZSuspiciousUsersResponse.parse((await get('/api/admin/users/suspicious', tokenB)).json());
    expect(other.results.map((r) => r.username)).toEqual(['b.secret']);
  });

  it('refuses malformed paging with 400', async () => {
    for (const qs of ['page=-1', 'pageSize=0', 'pageSize=500', 'page=x'])
      expect((await get(`/api/admin/users/suspicious?${qs}`)).statusCode, qs).toBe(400);
  });
});
