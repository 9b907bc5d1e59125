import { MESSAGE_IDS, MESSAGES, ZErrorEnvelope, ZStaffPreferences } from '@fleetdesk/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client.ts';
import { events, users } from '../src/db/schema.ts';
import { createFleet, createStaff } from './support/factories.ts';
import { authToken, createTestApp, login, type TestApp } from './support/test-app.ts';

/**
 * The signed-in staff member's own preferences (issue 19 point 6; docs/decisions/0078-color-scheme-preference.md):
 * GET/PATCH /api/me/preferences over HTTP, on factory fixtures.
 */
let t: TestApp;
let db: Db;
let siri: string; // SUPPORT of fjord
let arne: string; // ADMIN of fjord
let sara: string; // SUPPORT of malar
const PASSWORD = 'preferences-password-1';

beforeAll(async () => {
  t = await createTestApp();
  db = t.database.db;
  await createFleet(db, 'fjord');
  await createFleet(db, 'malar', { country: 'SE', currency: 'SEK', defaultLanguage: 'sv' });
  await createStaff(db, 'fjord', 'siri', PASSWORD);
  await createStaff(db, 'fjord', 'arne', PASSWORD, 'ADMIN');
  await createStaff(db, 'malar', 'sara', PASSWORD);
  siri = await login(t.app, 'siri', PASSWORD);
  arne = await login(t.app, 'arne', PASSWORD);
  sara = await login(t.app, 'sara', PASSWORD);
});
afterAll(() => t.close());

const read = (token: string | null) =>
  t.app.inject({ method: 'GET', url: '/api/me/preferences', headers: token ? { authorization: authToken(token) } : {} });
const change = (token: string | null, payload: unknown) =>
  t.app.inject({
    method: 'PATCH',
    url: '/api/me/preferences',
    headers: token ? { authorization: authToken(token) } : {},
    payload: payload as object,
  });
async function schemeOf(token: string) {
  const res = await read(token);
  expect(res.statusCode, res.body).toBe(200);
  return ZStaffPreferences.parse(res.json()).colorScheme;
}
const storedSchemeOf = async (username: string) =>
  (await db.select({ colorScheme: users.colorScheme }).from(users).where(eq(users.username, username)))[0]?.colorScheme;

describe('GET/PATCH /api/me/preferences', () => {
  it('a staff member who never chose has the system colour scheme', async () => {
    const res = await read(arne);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ colorScheme: 'system' });
  });

  it('changes the own colour scheme, kept for the next session; other staff members keep theirs', async () => {
    const res = await change(siri, { colorScheme: 'dark' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ colorScheme: 'dark' });
    expect(await storedSchemeOf('siri')).toBe('dark');

    // Another session of the same member (another computer) reads it.
    const otherComputer = await login(t.app, 'siri', PASSWORD);
    expect(await schemeOf(otherComputer)).toBe('dark');
    // Another member of the same operator, and one of another operator, are unaffected.
    expect(await schemeOf(arne)).toBe('system');
    expect(await schemeOf(sara)).toBe('system');

    // Light, and back to following the system.
    expect((await change(otherComputer, { colorScheme: 'light' })).json()).toEqual({ colorScheme: 'light' });
    expect(await schemeOf(siri)).toBe('light');
    expect((await change(siri, { colorScheme: 'system' })).json()).toEqual({ colorScheme: 'system' });
    expect(await storedSchemeOf('siri')).toBe('system');
    expect(await storedSchemeOf('arne')).toBe('system');
  });

  it('an empty change changes nothing and answers what is stored', async () => {
    expect((await change(sara, { colorScheme: 'dark' })).statusCode).toBe(200);
    const res = await change(sara, {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ colorScheme: 'dark' });
    expect((await change(sara, { colorScheme: 'system' })).statusCode).toBe(200);
  });

  it('writes no event: a display preference is no change to a record', async () => {
    const before = await db.select({ id: events.id }).from(events);
    expect((await change(arne, { colorScheme: 'dark' })).statusCode).toBe(200);
    expect((await change(arne, { colorScheme: 'system' })).statusCode).toBe(200);
    expect(await db.select({ id: events.id }).from(events)).toHaveLength(before.length);
  });

  it.each([
    ['an unknown value', { colorScheme: 'sepia' }, 'colorScheme'],
    ['a value of the wrong type', { colorScheme: true }, 'colorScheme'],
    ['a null', { colorScheme: null }, 'colorScheme'],
    ['an unknown key', { colorScheme: 'dark', fontSize: 'large' }, 'fontSize'],
    ['only an unknown key', { language: 'sv' }, 'language'],
  ])('answers 400 in the error envelope to %s, and changes nothing', async (what, body, name) => {
    const res = await change(siri, body);
    expect(res.statusCode, res.body).toBe(400);
    const envelope = ZErrorEnvelope.parse(res.json());
    expect(envelope.messageId).toBe(MESSAGE_IDS.invalidInput);
    expect(envelope.message).toBe(MESSAGES.validationFailed);
    expect(envelope.errors.length).toBeGreaterThan(0);
    if (what.includes('unknown key')) {
      // The body's unknown keys, by message id and params, so the console names them in its language.
      expect(envelope.errors).toEqual([expect.objectContaining({ field: 'body', messageId: 'unknownFields', params: { keys: name } })]);
    } else {
      expect(envelope.errors.map((e) => e.field)).toEqual([name]);
    }
    expect(await storedSchemeOf('siri')).toBe('system');
  });

  it('answers 400 to a body that is not an object', async () => {
    const res = await change(siri, ['dark']);
    expect(res.statusCode, res.body).toBe(400);
    expect(ZErrorEnvelope.parse(res.json()).httpCode).toBe(400);
  });

  it('answers 401 without a session, and to a revoked one, reading or changing', async () => {
    for (const res of [await read(null), await change(null, { colorScheme: 'dark' }), await read('not-a-token')]) {
      expect(res.statusCode, res.body).toBe(401);
      expect(ZErrorEnvelope.parse(res.json()).httpCode).toBe(401);
    }
    const gone = await login(t.app, 'arne', PASSWORD);
    await t.app.inject({ method: 'DELETE', url: '/api/auth', headers: { authorization: authToken(gone) } });
    expect((await change(gone, { colorScheme: 'dark' })).statusCode).toBe(401);
    expect(await storedSchemeOf('arne')).toBe('system');
  });
});
