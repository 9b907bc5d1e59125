import {
  MESSAGE_IDS,
  MESSAGES,
  ZErrorEnvelope,
  ZIdentityNumberResponse,
  ZUser,
  isValidNorwegianIdentityNumber,
  isValidSwedishIdentityNumber,
} from '@fleetdesk/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client.ts';
import { events, users } from '../src/db/schema.ts';
import { createFleet, createStaff, createUser } from './support/factories.ts';
import { authToken, createTestApp, login, type TestApp } from './support/test-app.ts';

let t: TestApp;
let db: Db;
let token: string;
const PW = 'correct-horse-battery';

beforeAll(async () => {
  t = await createTestApp();
  db = t.database.db;
  await createFleet(db, 'ida', { name: 'Ida Mobility' });
  await createFleet(db, 'idb', { name: 'Idb Mobility', country: 'SE', currency: 'SEK', defaultLanguage: 'sv', timeZone: 'Europe/Stockholm' });
  await createStaff(db, 'ida', 'staff.ida', PW);
  token = await login(t.app, 'staff.ida', PW);
  await createUser(db, 'ida', {
    username: 'kari.id',
    identityCountry: 'NO',
    identityNumber: '15076500565',
    identityMethod: 'BANKID',
    identityVerified: true,
  });
  await createUser(db, 'ida', { username: 'ola.id' });
  await createUser(db, 'ida', { username: 'nils.id', status: 'AWAITING_APPROVAL' });
  await createUser(db, 'idb', { username: 'anna.other', identityCountry: 'SE', identityNumber: '19900909-0003' });
});
afterAll(() => t.close());

const req = (method: 'GET' | 'PUT', url: string, payload?: unknown, auth = token) =>
  t.app.inject({ method, url, headers: { authorization: authToken(auth) }, ...(payload === undefined ? {} : { payload: payload as object }) });
const revealEvents = (username: string) =>
  db
    .select()
    .from(events)
    .where(and(eq(events.affectedUsername, username), eq(events.type, 'USER_ACTION')));

describe('§5 identity number formats and check digits', () => {
  it('accepts Swedish personnummer with a correct Luhn digit only', () => {
    expect(isValidSwedishIdentityNumber('19811218-9876')).toBe(true);
    expect(isValidSwedishIdentityNumber('198112189876')).toBe(true);
    expect(isValidSwedishIdentityNumber('19811218+9876')).toBe(true);
    expect(isValidSwedishIdentityNumber('19811218-9875')).toBe(false); // check digit
    expect(isValidSwedishIdentityNumber('8112189876')).toBe(false); // §5 wants the 4-digit year
    expect(isValidSwedishIdentityNumber('19811318-9876')).toBe(false); // month 13
  });
  it('accepts Norwegian fødselsnummer with both mod-11 digits correct only', () => {
    expect(isValidNorwegianIdentityNumber('15076500565')).toBe(true);
    expect(isValidNorwegianIdentityNumber('15076500564')).toBe(false); // second check digit
    expect(isValidNorwegianIdentityNumber('15076500575')).toBe(false); // first check digit
    expect(isValidNorwegianIdentityNumber('1507650056')).toBe(false); // 10 digits
    expect(isValidNorwegianIdentityNumber('32076500565')).toBe(false); // day 32
  });
});

describe('GET /api/users/{username}/identity (the logged reveal)', () => {
  it('returns the number and logs every reveal with the acting staff member', async () => {
    const before = (await revealEvents('kari.id')).length;
    for (let i = 0; i < 2; i++) {
      const res = await req('GET', '/api/users/kari.id/identity');
      expect(res.statusCode, res.body).toBe(200);
      expect(ZIdentityNumberResponse.parse(res.json())).toEqual({
        username: 'kari.id',
        identityCountry: 'NO',
        identificationNumber: '15076500565',
        identityMethod: 'BANKID',
        identityVerified: true,
      });
    }
    const logged = (await revealEvents('kari.id')).filter((e) => e.displayText === 'Identity number shown');
    expect(logged.length - before).toBe(2);
    for (const e of logged) {
      expect(e.actingUsername).toBe('staff.ida');
      expect(e.fleetId).toBe('ida');
      expect(JSON.stringify(e)).not.toContain('15076500565');
    }
  });

  it('logs the reveal even when no number is on file', async () => {
    const res = await req('GET', '/api/users/ola.id/identity');
    expect(res.statusCode).toBe(200);
    expect(res.json().identificationNumber).toBeNull();
    expect((await revealEvents('ola.id')).some((e) => e.displayText.startsWith('Identity number shown') && e.actingUsername === 'staff.ida')).toBe(
      true,
    );
  });

  it("answers 404 for another operator's user and logs nothing there", async () => {
    const res = await req('GET', '/api/users/anna.other/identity');
    expect(res.statusCode).toBe(404);
    expect(ZErrorEnvelope.parse(res.json()).messageId).toBe(MESSAGE_IDS.userNotFound);
    expect(res.body).not.toContain('19900909');
    expect(await revealEvents('anna.other')).toHaveLength(0);
    expect((await req('GET', '/api/users/staff.ida/identity')).statusCode).toBe(404);
    expect((await req('GET', '/api/users/nobody.here/identity')).statusCode).toBe(404);
  });

  it('needs a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/users/kari.id/identity' });
    expect(res.statusCode).toBe(401);
  });
});

describe('PUT /api/users/{username}/identity', () => {
  it('sets a Swedish identity, normalized, as a manual verified identity, and returns the user', async () => {
    const res = await req('PUT', '/api/users/nils.id/identity', { country: 'SE', identificationNumber: '198112189876' });
    expect(res.statusCode, res.body).toBe(200);
    const user = ZUser.parse(res.json());
    expect(user.username).toBe('nils.id');
    expect(user.identityVerified).toBe(true);
    expect(user.userIdentity).toMatchObject({ identityCountry: 'SE', identityMethod: 'MANUAL' });
    expect(JSON.stringify(user)).not.toContain('9876');
    const [row] = await db.select().from(users).where(eq(users.username, 'nils.id'));
    expect(row).toMatchObject({ identityNumber: '19811218-9876', identityVerifiedBy: 'staff.ida', identityMethod: 'MANUAL' });
    const logged = await revealEvents('nils.id');
    expect(logged.some((e) => e.displayText.startsWith('Identity set manually (SE)') && e.actingUsername === 'staff.ida')).toBe(true);
    expect(JSON.stringify(logged)).not.toContain('9876');
  });

  it('sets a Norwegian identity and replaces the method', async () => {
    const res = await req('PUT', '/api/users/kari.id/identity', { country: 'NO', identificationNumber: ' 15076500565 ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(ZUser.parse(res.json()).userIdentity?.identityMethod).toBe('MANUAL');
    expect((await revealEvents('kari.id')).some((e) => e.displayText.includes('replacing BANKID'))).toBe(true);
  });

  it.each([
    ['SE', '19811218-9875', 'a wrong Luhn digit'],
    ['SE', '8112189876', 'the short Swedish form'],
    ['NO', '15076500564', 'a wrong Norwegian check digit'],
    ['NO', '198112189876', 'a Swedish number for Norway'],
    ['SE', '15076500565', 'a Norwegian number for Sweden'],
    ['NO', 'abc', 'letters'],
  ])('refuses %s %s (%s) with the message on identificationNumber', async (country, identificationNumber) => {
    const res = await req('PUT', '/api/users/ola.id/identity', { country, identificationNumber });
    expect(res.statusCode).toBe(400);
    const body = ZErrorEnvelope.parse(res.json());
    expect(body.messageId).toBe(MESSAGE_IDS.invalidInput);
    expect(body.errors).toContainEqual({
      field: 'identificationNumber',
      messageId: 'invalidIdentityNumber',
      message: MESSAGES.invalidIdentityNumber,
    });
    const [row] = await db.select().from(users).where(eq(users.username, 'ola.id'));
    expect(row?.identityNumber).toBeNull();
  });

  it('refuses malformed input with 400', async () => {
    const blank = await req('PUT', '/api/users/ola.id/identity', { country: 'NO', identificationNumber: '  ' });
    expect(blank.statusCode).toBe(400);
    expect(ZErrorEnvelope.parse(blank.json()).errors).toContainEqual({
      field: 'identificationNumber',
      messageId: 'required',
      message: MESSAGES.required,
    });
    const country = await req('PUT', '/api/users/ola.id/identity', { country: 'DK', identificationNumber: '15076500565' });
    expect(country.statusCode).toBe(400);
    expect(ZErrorEnvelope.parse(country.json()).errors.some((e) => e.field === 'country')).toBe(true);
    expect((await req('PUT', '/api/users/ola.id/identity', {})).statusCode).toBe(400);
  });

  it("answers 404 for another operator's user without changing it", async () => {
    const res = await req('PUT', '/api/users/anna.other/identity', { country: 'NO', identificationNumber: '15076500565' });
    expect(res.statusCode).toBe(404);
    const [row] = await db.select().from(users).where(eq(users.username, 'anna.other'));
    expect(row?.identityNumber).toBe('19900909-0003');
  });
});
