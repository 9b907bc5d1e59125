import { MESSAGE_IDS, MESSAGES, ZErrorEnvelope, ZLicenseChecksResponse, ZLicenseStatusResponse, ZValidateLicenseResponse } from '@fleetdesk/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client.ts';
import { events, licenseChecks, users } from '../src/db/schema.ts';
import { sandboxLicenseVerifier } from '../src/integrations/license/sandbox.ts';
import { createFleet, createStaff, createUser } from './support/factories.ts';
import { authToken, createTestApp, login, type TestApp } from './support/test-app.ts';

let t: TestApp;
let db: Db;
let token: string;
const PW = 'correct-horse-battery';
const FUTURE = `${new Date().getUTCFullYear() + 3}-06-30`;
const PAST = `${new Date().getUTCFullYear() - 1}-01-31`;

beforeAll(async () => {
  t = await createTestApp();
  db = t.database.db;
  await createFleet(db, 'lia', { name: 'Lia Mobility', country: 'SE', currency: 'SEK', defaultLanguage: 'sv', timeZone: 'Europe/Stockholm' });
  await createFleet(db, 'lib', { name: 'Lib Mobility' });
  await createStaff(db, 'lia', 'staff.lia', PW);
  token = await login(t.app, 'staff.lia', PW);
  await createUser(db, 'lia', { username: 'se.ok', identityCountry: 'SE', identityNumber: '19900909-0003' });
  await createUser(db, 'lia', { username: 'se.rejected', identityCountry: 'SE', identityNumber: '19850505-0008' });
  await createUser(db, 'lia', { username: 'no.error', identityCountry: 'NO', identityNumber: '07077700018' });
  await createUser(db, 'lia', {
    username: 'no.verified',
    identityCountry: 'NO',
    identityNumber: '07077700018',
    verifiedDriversLicense: true,
    licenseState: 'VERIFIED',
    licenseVerifier: 'Statens vegvesen',
    licenseCheckedAt: new Date('2024-01-02T10:00:00Z'),
  });
  await createUser(db, 'lia', { username: 'no.identity' });
  await createUser(db, 'lia', { username: 'de.driver' });
  await createUser(db, 'lia', { username: 'se.expired', identityCountry: 'SE', identityNumber: '19900909-0003' });
  await createUser(db, 'lib', { username: 'other.op', identityCountry: 'NO', identityNumber: '15076500565' });
});
afterAll(() => t.close());

const validate = (username: string, payload: object, auth = token) =>
  t.app.inject({ method: 'POST', url: `/api/users/${username}/license/validate`, headers: { authorization: authToken(auth) }, payload });
const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { authorization: authToken(token) } });
const userRow = async (username: string) => (await db.select().from(users).where(eq(users.username, username)))[0]!;
const checksOf = async (username: string) =>
  db
    .select()
    .from(licenseChecks)
    .where(eq(licenseChecks.userId, (await userRow(username)).id));
const eventsOf = (username: string) =>
  db
    .select()
    .from(events)
    .where(and(eq(events.affectedUsername, username), eq(events.type, 'USER_ACTION')));
const notVerified = (user: string) => MESSAGES.licenseNotVerified.replace('{{user}}', user);

describe('POST /api/users/{username}/license/validate: Sweden and Norway through the register', () => {
  it('SUCCESS verifies the licence: a license_checks row, the user columns and an event', async () => {
    const res = await validate('se.ok', { country: 'SE', validUntil: FUTURE });
    expect(res.statusCode, res.body).toBe(200);
    const body = ZValidateLicenseResponse.parse(res.json());
    expect(body).toMatchObject({
      result: 'SUCCESS',
      verifiedDriversLicense: true,
      message: null,
      status: { state: 'VERIFIED', verifier: 'Transportstyrelsen' },
    });
    expect(body.status.timestamp).not.toBeNull();
    expect(await userRow('se.ok')).toMatchObject({
      licenseState: 'VERIFIED',
      verifiedDriversLicense: true,
      licenseVerifier: 'Transportstyrelsen',
      licenseCountry: 'SE',
      licenseValidUntil: FUTURE,
    });
    expect((await userRow('se.ok')).licenseCheckedAt).not.toBeNull();
    expect(await checksOf('se.ok')).toEqual([
      expect.objectContaining({ country: 'SE', validUntil: FUTURE, result: 'SUCCESS', state: 'VERIFIED', checkedBy: 'staff.lia', fleetId: 'lia' }),
    ]);
    const logged = await eventsOf('se.ok');
    expect(logged).toEqual([
      expect.objectContaining({ actingUsername: 'staff.lia', displayText: "Driver's licence check (SE, Transportstyrelsen): SUCCESS" }),
    ]);
  });

  it("REJECTED answers with §8's 'We could not verify …' message and leaves the licence missing", async () => {
    const res = await validate('se.rejected', { country: 'se', validUntil: FUTURE });
    expect(res.statusCode, res.body).toBe(200);
    const body = ZValidateLicenseResponse.parse(res.json());
    expect(body).toMatchObject({
      result: 'REJECTED',
      verifiedDriversLicense: false,
      message: notVerified('se.rejected'),
      status: { state: 'MISSING' },
    });
    expect(body.message).toContain("We could not verify se.rejected's drivers license");
    expect(body.reason).toBe('No valid driving licence in the register');
    expect(await userRow('se.rejected')).toMatchObject({ licenseState: 'MISSING', verifiedDriversLicense: false });
    expect(await checksOf('se.rejected')).toHaveLength(1);
    expect((await eventsOf('se.rejected'))[0]?.displayText).toContain('REJECTED');
  });

  it('ERROR leaves an unverified licence PENDING, and a verified one verified', async () => {
    const res = await validate('no.error', { country: 'NO' });
    const body = ZValidateLicenseResponse.parse(res.json());
    expect(body).toMatchObject({ result: 'ERROR', message: notVerified('no.error'), status: { state: 'PENDING', verifier: 'Statens vegvesen' } });
    expect(await userRow('no.error')).toMatchObject({ licenseState: 'PENDING', verifiedDriversLicense: false });

    const again = ZValidateLicenseResponse.parse((await validate('no.verified', { country: 'NO' })).json());
    expect(again).toMatchObject({
      result: 'ERROR',
      verifiedDriversLicense: true,
      status: { state: 'VERIFIED', timestamp: '2024-01-02T10:00:00.000Z' },
    });
    expect(await userRow('no.verified')).toMatchObject({ licenseState: 'VERIFIED', verifiedDriversLicense: true });
    expect(await checksOf('no.verified')).toEqual([expect.objectContaining({ result: 'ERROR', state: 'VERIFIED' })]);
    expect(await eventsOf('no.verified')).toHaveLength(1);
  });

  it('looks up the number given in the request, and REJECTS an expired licence', async () => {
    const byNumber = ZValidateLicenseResponse.parse((await validate('no.identity', { country: 'NO', identificationNumber: '05058500056' })).json());
    expect(byNumber.result).toBe('REJECTED');
    const expired = ZValidateLicenseResponse.parse((await validate('se.expired', { country: 'SE', validUntil: PAST })).json());
    expect(expired).toMatchObject({ result: 'REJECTED', reason: `The licence expired on ${PAST}` });
  });

  it('refuses Sweden without a licence expiry, writing nothing', async () => {
    const before = (await checksOf('se.ok')).length;
    const res = await validate('se.ok', { country: 'SE' });
    expect(res.statusCode).toBe(400);
    expect(ZErrorEnvelope.parse(res.json()).errors).toContainEqual({
      field: 'validUntil',
      messageId: 'licenseExpiryRequired',
      message: MESSAGES.licenseExpiryRequired,
    });
    expect(await checksOf('se.ok')).toHaveLength(before);
  });

  it('needs an identity number of the country to look the person up', async () => {
    const res = await validate('no.identity', { country: 'SE', validUntil: FUTURE });
    expect(res.statusCode).toBe(400);
    expect(ZErrorEnvelope.parse(res.json()).errors).toContainEqual({
      field: 'identificationNumber',
      messageId: 'required',
      message: MESSAGES.required,
    });
    const bad = await validate('no.identity', { country: 'NO', identificationNumber: '05058500057' });
    expect(bad.statusCode).toBe(400);
    expect(ZErrorEnvelope.parse(bad.json()).errors).toContainEqual({
      field: 'identificationNumber',
      messageId: 'invalidIdentityNumber',
      message: MESSAGES.invalidIdentityNumber,
    });
  });

  it('does not take a manual result for a register country', async () => {
    const res = await validate('se.ok', { country: 'SE', validUntil: FUTURE, result: 'SUCCESS' });
    expect(res.statusCode).toBe(400);
    expect(ZErrorEnvelope.parse(res.json()).errors.some((e) => e.field === 'result')).toBe(true);
  });
});

describe('manual validation for other countries', () => {
  it('needs a result, then records the staff member as the verifier', async () => {
    const missing = await validate('de.driver', { country: 'DE' });
    expect(missing.statusCode).toBe(400);
    expect(ZErrorEnvelope.parse(missing.json()).errors).toContainEqual({ field: 'result', messageId: 'required', message: MESSAGES.required });

    const ok = ZValidateLicenseResponse.parse((await validate('de.driver', { country: 'DE', result: 'SUCCESS', validUntil: FUTURE })).json());
    expect(ok).toMatchObject({ result: 'SUCCESS', verifiedDriversLicense: true, status: { state: 'VERIFIED', verifier: 'staff.lia' } });
    expect(await userRow('de.driver')).toMatchObject({ licenseCountry: 'DE', licenseVerifier: 'staff.lia', verifiedDriversLicense: true });

    const rejected = ZValidateLicenseResponse.parse((await validate('de.driver', { country: 'DE', result: 'REJECTED' })).json());
    expect(rejected).toMatchObject({ result: 'REJECTED', message: notVerified('de.driver'), status: { state: 'MISSING' } });
    expect((await eventsOf('de.driver')).map((e) => e.displayText)).toEqual(
      expect.arrayContaining([
        "Driver's licence check (DE, manual): SUCCESS",
        "Driver's licence check (DE, manual): REJECTED. Rejected by manual validation",
      ]),
    );

    const checks = ZLicenseChecksResponse.parse((await get('/api/users/de.driver/license/checks')).json());
    expect(checks.map((c) => c.result)).toEqual(['REJECTED', 'SUCCESS']);
  });

  it('refuses a manual SUCCESS with an expired licence', async () => {
    const res = await validate('de.driver', { country: 'DE', result: 'SUCCESS', validUntil: PAST });
    expect(res.statusCode).toBe(400);
    expect(ZErrorEnvelope.parse(res.json()).errors.some((e) => e.field === 'validUntil')).toBe(true);
  });

  it('refuses malformed input with 400', async () => {
    for (const payload of [
      { country: 'Sweden', validUntil: FUTURE },
      { country: 'SE', validUntil: '30.06.2030' },
      { country: 'DE', result: 'MAYBE' },
      {},
    ]) {
      const res = await validate('se.ok', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(ZErrorEnvelope.parse(res.json()).messageId).toBe(MESSAGE_IDS.invalidInput);
    }
  });

  it("answers 404 for another operator's user, writing nothing", async () => {
    const res = await validate('other.op', { country: 'NO' });
    expect(res.statusCode).toBe(404);
    expect(await checksOf('other.op')).toHaveLength(0);
    expect((await get('/api/users/other.op/license/checks')).statusCode).toBe(404);
  });
});

describe('GET /api/admin/users/license-status', () => {
  it('maps each of the operator’s users to state, verifier and timestamp, leaving out others', async () => {
    const res = await get('/api/admin/users/license-status?usernames=se.ok,SE.REJECTED&usernames=no.identity,other.op,nobody');
    expect(res.statusCode, res.body).toBe(200);
    const map = ZLicenseStatusResponse.parse(res.json());
    expect(Object.keys(map).sort()).toEqual(['no.identity', 'se.ok', 'se.rejected']);
    expect(map['se.ok']).toMatchObject({ state: 'VERIFIED', verifier: 'Transportstyrelsen' });
    expect(map['se.rejected']?.state).toBe('MISSING');
    expect(map['no.identity']?.state).toBe('MISSING');
  });

  it('needs at least one and at most 100 user names', async () => {
    expect((await get('/api/admin/users/license-status')).statusCode).toBe(400);
    const many = Array.from({ length: 101 }, (_, i) => `u${i}`).join(',');
    expect((await get(`/api/admin/users/license-status?usernames=${many}`)).statusCode).toBe(400);
  });
});

describe('the sandbox register', () => {
  const lookup = (country: 'SE' | 'NO', identityNumber: string, validUntil: string | null = null) => ({
    country,
    identityNumber,
    validUntil,
    today: '2025-01-01',
  });
  it('answers the documented demo persons deterministically', async () => {
    const v = sandboxLicenseVerifier({ slowAnswerMs: 0 });
    expect((await v.verify(lookup('SE', '19850505-0008'))).result).toBe('REJECTED');
    expect((await v.verify(lookup('SE', '19770707-0004'))).result).toBe('ERROR');
    expect((await v.verify(lookup('SE', '19881111-0009'))).result).toBe('SUCCESS');
    expect((await v.verify(lookup('NO', '05058500056'))).result).toBe('REJECTED');
    expect((await v.verify(lookup('NO', '07077700018'))).result).toBe('ERROR');
    expect((await v.verify(lookup('NO', '15076500565'))).result).toBe('SUCCESS');
    expect((await v.verify(lookup('NO', '15076500565', '2024-12-31'))).result).toBe('REJECTED');
  });
  it('delays its answers when asked to, and can be aborted', async () => {
    const v = sandboxLicenseVerifier({ delayMs: 60 });
    const started = Date.now();
    await v.verify(lookup('SE', '19900909-0003'));
    expect(Date.now() - started).toBeGreaterThanOrEqual(50);
    const slow = sandboxLicenseVerifier({ slowAnswerMs: 5_000 });
    await expect(slow.verify(lookup('SE', '19881111-0009'), AbortSignal.timeout(20))).rejects.toBeDefined();
  });
});
