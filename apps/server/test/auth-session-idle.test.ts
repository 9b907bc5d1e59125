import { ZAuthResponse } from '@fleetdesk/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client.ts';
import { sessions, users } from '../src/db/schema.ts';
import { purgeExpiredAuthData } from '../src/modules/auth/housekeeping.ts';
import { hashToken } from '../src/modules/auth/service.ts';
import { createFleet, createStaff, sessionOf, setSessionLastUsed } from './support/factories.ts';
import { authToken, createTestApp, login, type TestApp } from './support/test-app.ts';

/**
 * The idle timeout (SESSION_IDLE_MINUTES, here the default 60) besides the absolute lifetime: a session unused for
 * longer ends; use is written at most once a minute; X-Fleetdesk-Background requests are no use; a refresh carries
 * the last use over. Times are set explicitly in the database, relative to now.
 */
let t: TestApp;
let db: Db;
const MIN = 60_000;
const PASSWORD = 'idle-password-1';

beforeAll(async () => {
  t = await createTestApp();
  db = t.database.db;
  await createFleet(db, 'fjord');
  await createStaff(db, 'fjord', 'idler', PASSWORD);
});
afterAll(() => t.close());

const get = (token: string, background = false) =>
  t.app.inject({
    method: 'GET',
    url: '/api/fleets/fjord',
    headers: { authorization: authToken(token), ...(background ? { 'x-fleetdesk-background': '1' } : {}) },
  });
const refresh = (token: string, background = false) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth',
    headers: { authorization: authToken(token), ...(background ? { 'x-fleetdesk-background': '1' } : {}) },
  });
const ago = (ms: number) => new Date(Date.now() - ms);
const lastUsed = async (token: string) => (await sessionOf(db, token)).lastUsedAt.getTime();

describe('the idle timeout', () => {
  it('is 60 minutes unless configured', () => {
    expect(t.config.SESSION_IDLE_MINUTES).toBe(60);
  });

  it('starts the idle clock at the login and sets the last login', async () => {
    const before = Date.now();
    const token = await login(t.app, 'idler', PASSWORD);
    expect(await lastUsed(token)).toBeGreaterThanOrEqual(before - 1000);
    const [user] = await db.select().from(users).where(eq(users.username, 'idler'));
    expect(user!.lastLoginAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
  });

  it('ends a session unused for more than the limit (401), background request or not', async () => {
    const token = await login(t.app, 'idler', PASSWORD);
    await setSessionLastUsed(db, token, ago(61 * MIN));
    expect((await get(token, true)).statusCode).toBe(401);
    expect((await get(token)).statusCode).toBe(401);
    expect((await refresh(token)).statusCode).toBe(401);
  });

  it('keeps a session used within the limit; a normal request is a use, a background one is not', async () => {
    const token = await login(t.app, 'idler', PASSWORD);
    const idleSince = ago(59 * MIN);
    await setSessionLastUsed(db, token, idleSince);
    expect((await get(token, true)).statusCode).toBe(200);
    expect(await lastUsed(token)).toBe(idleSince.getTime());

    const before = Date.now();
    expect((await get(token)).statusCode).toBe(200);
    expect(await lastUsed(token)).toBeGreaterThanOrEqual(before - 1000);
  });

  it('writes the last use at most once a minute', async () => {
    const token = await login(t.app, 'idler', PASSWORD);
    const recent = ago(30_000);
    await setSessionLastUsed(db, token, recent);
    for (let i = 0; i < 3; i++) expect((await get(token)).statusCode).toBe(200);
    expect(await lastUsed(token)).toBe(recent.getTime());

    await setSessionLastUsed(db, token, ago(90_000));
    const before = Date.now();
    expect((await get(token)).statusCode).toBe(200);
    const written = await lastUsed(token);
    expect(written).toBeGreaterThanOrEqual(before - 1000);
    expect((await get(token)).statusCode).toBe(200);
    expect(await lastUsed(token)).toBe(written);
  });

  it('carries the last use over to a refreshed session, unless the refresh is itself a use', async () => {
    const token = await login(t.app, 'idler', PASSWORD);
    const idleSince = ago(50 * MIN);
    await setSessionLastUsed(db, token, idleSince);
    const quiet = await refresh(token, true);
    expect(quiet.statusCode).toBe(200);
    const renewed = ZAuthResponse.parse(quiet.json()).token;
    expect(await lastUsed(renewed)).toBe(idleSince.getTime());
    // The renewed session idles on from there: eleven minutes later it has ended.
    await setSessionLastUsed(db, renewed, ago(61 * MIN));
    expect((await get(renewed, true)).statusCode).toBe(401);

    const other = await login(t.app, 'idler', PASSWORD);
    await setSessionLastUsed(db, other, ago(50 * MIN));
    const before = Date.now();
    const used = await refresh(other);
    expect(used.statusCode).toBe(200);
    expect(await lastUsed(ZAuthResponse.parse(used.json()).token)).toBeGreaterThanOrEqual(before - 1000);
  });

  it('follows SESSION_IDLE_MINUTES', async () => {
    const short = await createTestApp({ SESSION_IDLE_MINUTES: '5' });
    try {
      await createFleet(short.database.db, 'fjord');
      await createStaff(short.database.db, 'fjord', 'brief', PASSWORD);
      const token = await login(short.app, 'brief', PASSWORD);
      await short.database.db
        .update(sessions)
        .set({ lastUsedAt: ago(4 * MIN) })
        .where(eq(sessions.tokenHash, hashToken(token)));
      const ok = await short.app.inject({ method: 'GET', url: '/api/fleets/fjord', headers: { authorization: authToken(token) } });
      expect(ok.statusCode).toBe(200);
      await short.database.db
        .update(sessions)
        .set({ lastUsedAt: ago(6 * MIN) })
        .where(eq(sessions.tokenHash, hashToken(token)));
      const ended = await short.app.inject({ method: 'GET', url: '/api/fleets/fjord', headers: { authorization: authToken(token) } });
      expect(ended.statusCode).toBe(401);
    } finally {
      await short.close();
    }
  });
});

describe('housekeeping of idle sessions', () => {
  it('purges sessions idle past the limit a day ago, like expired ones, and keeps the others', async () => {
    const now = new Date('2026-03-02T12:00:00Z');
    const [user] = await db.select().from(users).where(eq(users.username, 'idler'));
    const far = new Date('2026-03-09T12:00:00Z');
    await db.insert(sessions).values([
      { tokenHash: 'idle-long-ago', userId: user!.id, fleetId: 'fjord', expiresAt: far, lastUsedAt: new Date('2026-03-01T10:59:00Z') },
      { tokenHash: 'idle-within-grace', userId: user!.id, fleetId: 'fjord', expiresAt: far, lastUsedAt: new Date('2026-03-01T11:30:00Z') },
    ]);
    await purgeExpiredAuthData(db, now, 60 * MIN);
    const left = (await db.select({ tokenHash: sessions.tokenHash }).from(sessions)).map((s) => s.tokenHash);
    expect(left).not.toContain('idle-long-ago');
    expect(left).toContain('idle-within-grace');
    // Without the configured limit the longest allowed one (a day) applies: nothing live is purged.
    await db
      .insert(sessions)
      .values({ tokenHash: 'idle-long-ago-2', userId: user!.id, fleetId: 'fjord', expiresAt: far, lastUsedAt: new Date('2026-03-01T10:59:00Z') });
    await purgeExpiredAuthData(db, now);
    expect((await db.select({ tokenHash: sessions.tokenHash }).from(sessions)).map((s) => s.tokenHash)).toContain('idle-long-ago-2');
    await purgeExpiredAuthData(db, new Date('2026-03-03T11:00:00Z'));
    expect((await db.select({ tokenHash: sessions.tokenHash }).from(sessions)).map((s) => s.tokenHash)).not.toContain('idle-long-ago-2');
  });
});
