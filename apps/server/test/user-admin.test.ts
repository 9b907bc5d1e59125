import { MESSAGE_IDS, MESSAGES, ZErrorEnvelope, ZFreeMonths, ZPendingDeletionResponse, ZUserDetail, type UserDetail } from '@fleetdesk/contract';
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client.ts';
import { bookings, companies, events, payments, registeredCards, sessions, users } from '../src/db/schema.ts';
import {
  addUserAuthMethod,
  createBooking,
  createCompany,
  createContract,
  createFleet,
  createIdentityProvider,
  createPayment,
  createPool,
  createStaff,
  createUser,
} from './support/factories.ts';
import { authToken, createTestApp, login, type TestApp } from './support/test-app.ts';

let t: TestApp;
let db: Db;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  db = t.database.db;
  await createFleet(db, 'fjord');
  await createFleet(db, 'malar', { country: 'SE', currency: 'SEK', defaultLanguage: 'sv', timeZone: 'Europe/Stockholm' });
  await createStaff(db, 'fjord', 'support', 'support-demo');
  await createStaff(db, 'fjord', 'admin', 'admin-demo', 'ADMIN');
  const now = Date.now();

  // demo.active: in the Dev team two levels down in Nordlys, a card, a manual identity check, premium access.
  const nordlys = await createCompany(db, 'fjord', { name: 'Nordlys Consulting AS' });
  const nordlysOslo = await createCompany(db, 'fjord', { name: 'Nordlys Oslo', parentId: nordlys.id });
  const devTeam = await createCompany(db, 'fjord', { name: 'Nordlys Oslo Dev team', parentId: nordlysOslo.id });
  const kari = await createUser(db, 'fjord', {
    username: 'demo.active',
    givenName: 'Kari',
    familyName: 'Nordmann',
    mobilePhone: '+4798765432',
    companyId: devTeam.id,
    premiumAccess: true,
    verifiedDriversLicense: true,
    licenseState: 'VERIFIED',
    identityVerified: true,
    identityCountry: 'NO',
    identityMethod: 'MANUAL',
    identityGivenName: 'Kari',
    identityFamilyName: 'Nordmann',
    freeMonths: 1,
  });
  await db
    .insert(registeredCards)
    .values({ fleetId: 'fjord', userId: kari.id, cardTypeAndMaskedNumber: 'VISA **** 4242', expires: '2099-12', providerToken: 'sandbox_kari' });

  // demo.blocked: blocked by support for two unpaid payments.
  const blocked = await createUser(db, 'fjord', {
    username: 'demo.blocked',
    status: 'BLOCKED',
    blockReason: 'UNPAID_BILLS',
    blockMessage: 'Two invoices are unpaid',
    blockedByUsername: 'support',
    blockedAt: new Date(now - 24 * 3_600_000),
  });
  await createPayment(db, 'fjord', { userId: blocked.id }, { status: 'UNPAID', type: 'USER_INVOICE', totalPrice: 250 });
  await createPayment(db, 'fjord', { userId: blocked.id }, { status: 'INVOICE_SENT', type: 'USER_INVOICE', totalPrice: 120.5 });
  await createPayment(db, 'fjord', { userId: blocked.id }, { status: 'PAID', type: 'USER_INVOICE', totalPrice: 99 });

  // demo.sso signs in through Nordlys SSO.
  const sso = await createUser(db, 'fjord', {
    username: 'demo.sso',
    companyId: nordlys.id,
    userCategory: 'COMPANY',
    customerNumber: '100077',
    emailAddress: 'demo.sso@nordlys.example',
    passwordLoginAllowed: false,
    password: null,
  });
  const provider = await createIdentityProvider(db, 'fjord', { displayName: 'Nordlys SSO', companyId: nordlys.id, preventPasswordLogin: true });
  await addUserAuthMethod(db, sso.id, provider.id, 'nordlys-demo-sso');

  await createUser(db, 'fjord', { username: 'demo.pending', status: 'AWAITING_APPROVAL' });
  // demo.deletion asked for deletion in the app themselves.
  await createUser(db, 'fjord', {
    username: 'demo.deletion',
    status: 'DELETION_REQUESTED',
    deletionRequestedBy: 'demo.deletion',
    deletionRequestedAt: new Date(now - 3 * 24 * 3_600_000),
  });
  // A housing-association division: membership must be confirmed.
  const fjordbo = await createCompany(db, 'fjord', { name: 'Fjordbo Boligbyggelag', type: 'RESIDENTIAL' });
  await createCompany(db, 'fjord', {
    name: 'Grünerløkka Hage borettslag',
    type: 'RESIDENTIAL',
    parentId: fjordbo.id,
    companyCode: 'FJB-1001',
    requiresMembershipConfirmation: true,
  });

  const norrsken = await createCompany(db, 'malar', { name: 'Norrsken Konsult AB' });
  await createUser(db, 'malar', { username: 'demo.se.active', givenName: 'Anna', familyName: 'Svensson', companyId: norrsken.id });

  token = await login(t.app, 'support', 'support-demo');
});
afterAll(() => t.close());

const headers = () => ({ authorization: authToken(token) });
const get = (url: string) => t.app.inject({ method: 'GET', url, headers: headers() });
const put = (url: string, payload: unknown) => t.app.inject({ method: 'PUT', url, headers: headers(), payload: payload as object });
const getUser = async (username: string): Promise<UserDetail> => {
  const res = await get(`/api/users/${encodeURIComponent(username)}`);
  expect(res.statusCode, res.body).toBe(200);
  return ZUserDetail.parse(res.json());
};
const envelope = (res: { json(): unknown }) => ZErrorEnvelope.parse(res.json());
const fieldErrors = (res: { json(): unknown }) => Object.fromEntries(envelope(res).errors.map((e) => [e.field, e.message]));
const lastEvent = async (affected: string) => {
  const [row] = await db.select().from(events).where(eq(events.affectedUsername, affected)).orderBy(desc(events.id)).limit(1);
  return row;
};

/** A fresh customer of a plain corporate company, and the body the edit form would send back. */
async function freshUser(over: Partial<typeof users.$inferInsert> = {}) {
  const company = await createCompany(db, 'fjord');
  const u = await createUser(db, 'fjord', { companyId: company.id, status: 'ACTIVE', ...over });
  const body = { ...(await getUser(u.username)) } as Record<string, unknown>;
  return { u, company, body };
}

describe('GET /api/users/{username}', () => {
  it('returns the §3 User of demo.active with company hierarchy, cards, licence and the header summary', async () => {
    const user = await getUser('DEMO.ACTIVE');
    expect(user).toMatchObject({
      username: 'demo.active',
      givenName: 'Kari',
      familyName: 'Nordmann',
      mobilePhone: '+4798765432',
      fleet: 'fjord',
      status: 'ACTIVE',
      premiumAccess: true,
      verifiedDriversLicense: true,
      identityVerified: true,
      freeMonths: 1,
      vehicleAccess: 'PREMIUM',
      singleSignOn: false,
    });
    expect(user.company?.name).toBe('Nordlys Oslo Dev team');
    expect(user.company?.parentHierarchy.map((c) => c.name)).toEqual(['Nordlys Consulting AS', 'Nordlys Oslo']);
    expect(user.paymentMethods.registeredCards.map((c) => c.cardTypeAndMaskedNumber)).toEqual(['VISA **** 4242']);
    expect(user.userIdentity?.identityMethod).toBe('MANUAL');
    expect(user.htmlId).toMatch(/^demo_active_[0-9a-z]+$/);
    expect(user.availableActions).toEqual(expect.arrayContaining(['BLOCK', 'REQUEST_DELETION', 'NEW_BOOKING', 'RESET_PASSWORD']));
    expect(user.availableActions).not.toContain('APPROVE');
  });

  it('shows outstanding payments, the block and the §4 actions of demo.blocked', async () => {
    const user = await getUser('demo.blocked');
    expect(user.hasOutstandingPayments).toBe(true);
    // The unpaid and the invoiced payment, not the paid one.
    expect(user.outstandingPayments).toEqual([{ currencyCode: 'NOK', numberOfPayments: 2, totalCost: 370.5 }]);
    expect(user.blockStatus).toMatchObject({ blockReason: 'UNPAID_BILLS', blockedByUsername: 'support' });
    expect(user.availableActions).toContain('UNBLOCK');
    expect(user.availableActions).not.toContain('BLOCK');
  });

  it('marks single-sign-on users and derives vehicle access (§4)', async () => {
    const sso = await getUser('demo.sso');
    expect(sso.singleSignOn).toBe(true);
    expect(sso.userAuthenticationMethods[0]?.userAuthFields.displayName).toBe('Nordlys SSO');
    expect(sso.availableActions).not.toContain('RESET_PASSWORD');
    const { u: cars } = await freshUser({ verifiedDriversLicense: true, licenseState: 'VERIFIED', premiumAccess: false });
    expect((await getUser(cars.username)).vehicleAccess).toBe('CARS');
    const { u: pending } = await freshUser({ licenseState: 'PENDING', premiumAccess: true });
    expect((await getUser(pending.username)).vehicleAccess).toBe('BIKES_LICENSE_PENDING');
    const { u: none } = await freshUser({ licenseState: 'MISSING' });
    expect((await getUser(none.username)).vehicleAccess).toBe('BIKES_NO_LICENSE');
  });

  it("answers 404 for another operator's user, a staff account and an unknown name", async () => {
    for (const name of ['demo.se.active', 'admin', 'nobody.here']) {
      for (const [method, url, payload] of [
        ['GET', `/api/users/${name}`, undefined],
        ['PUT', `/api/users/${name}`, { username: name, givenName: 'A', familyName: 'B', mobilePhone: '+4712345678', company: { id: 1 } }],
        ['DELETE', `/api/users/${name}`, undefined],
        ['GET', `/api/users/${name}/freeMonths`, undefined],
        ['PUT', `/api/users/${name}/freeMonths`, { freeMonths: 1 }],
      ] as const) {
        const res = await t.app.inject({ method, url, headers: headers(), ...(payload ? { payload } : {}) });
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(envelope(res).messageId).toBe(MESSAGE_IDS.userNotFound);
      }
    }
    const [se] = await db.select().from(users).where(eq(users.username, 'demo.se.active'));
    expect(se!.givenName).toBe('Anna');
  });

  it('needs a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/users/demo.active' })).statusCode).toBe(401);
  });

  it('is listed in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as { paths: Record<string, Record<string, unknown>> };
    expect(Object.keys(doc.paths['/api/users/{username}'] ?? {})).toEqual(expect.arrayContaining(['get', 'put', 'delete']));
    for (const path of [
      'block',
      'activate',
      'reactivate',
      'approve',
      'requestDeletion',
      'resend-confirmation',
      'password-reset',
      'verify-identity',
      'freeMonths',
    ]) {
      expect(doc.paths[`/api/users/{username}/${path}`], path).toBeDefined();
    }
    expect(doc.paths['/api/admin/users/approved']?.post).toBeDefined();
    expect(doc.paths['/api/admin/users/pending-deletion']?.get).toBeDefined();
  });
});

describe('PUT /api/users/{username}', () => {
  it('saves the editable fields, ignores status, htmlId and outstanding payments, and writes an event', async () => {
    const { u, body } = await freshUser();
    const res = await put(`/api/users/${u.username}`, {
      ...body,
      givenName: '  Ingeborg ',
      mobilePhone: '+47 912 34 567',
      emailAddress: 'ingeborg@example.no',
      pinCode: '1234',
      note: 'Prefers e-mail',
      address: { streetAddress: 'Storgata 1', zipCode: '0155', city: 'Oslo', countryCode: 'NO' },
      freeMonths: 2,
      status: 'BLOCKED',
      htmlId: 'evil',
      outstandingPayments: [{ numberOfPayments: 9, totalCost: 1, currencyCode: 'NOK' }],
      verifiedDriversLicense: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    const saved = ZUserDetail.parse(res.json());
    expect(saved).toMatchObject({
      givenName: 'Ingeborg',
      mobilePhone: '+4791234567',
      emailAddress: 'ingeborg@example.no',
      pinCode: '1234',
      note: 'Prefers e-mail',
      freeMonths: 2,
      status: 'ACTIVE',
      verifiedDriversLicense: false,
      hasOutstandingPayments: false,
    });
    expect(saved.address).toEqual({ streetAddress: 'Storgata 1', zipCode: '0155', city: 'Oslo', countryCode: 'NO' });
    expect(saved.htmlId).not.toBe('evil');
    const ev = await lastEvent(u.username);
    expect(ev).toMatchObject({ type: 'USER_ACTION', actingUsername: 'support' });
    expect(ev!.properties.changedFields).toEqual(expect.arrayContaining(['givenName', 'mobilePhone', 'emailAddress', 'pinCode', 'freeMonths']));

    // Blank optional fields clear them; fields left out keep their values.
    const cleared = await put(`/api/users/${u.username}`, {
      username: u.username,
      givenName: 'Ingeborg',
      familyName: u.familyName,
      mobilePhone: '+4791234567',
      company: body.company,
      pinCode: '',
      note: null,
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(ZUserDetail.parse(cleared.json())).toMatchObject({ pinCode: null, note: null, emailAddress: 'ingeborg@example.no', freeMonths: 2 });
  });

  it('refuses every §5 rule with its message, on its field, and saves nothing', async () => {
    const { u, body } = await freshUser();
    const res = await put(`/api/users/${u.username}`, {
      ...body,
      username: ' ',
      givenName: '',
      familyName: undefined,
      mobilePhone: '',
      emailAddress: 'not-an-email',
      pinCode: '12a4',
      freeMonths: -1,
      company: null,
    });
    expect(res.statusCode).toBe(400);
    expect(envelope(res).messageId).toBe(MESSAGE_IDS.invalidInput);
    expect(fieldErrors(res)).toMatchObject({
      username: MESSAGES.required,
      givenName: MESSAGES.required,
      familyName: MESSAGES.required,
      mobilePhone: MESSAGES.required,
      emailAddress: MESSAGES.invalidEmail,
      pinCode: MESSAGES.invalidPinCode,
      freeMonths: MESSAGES.valueCanNotBeNegative,
    });
    for (const phone of ['98765432', '+47123', '+4712345678901234567890', '+47 98x65432']) {
      const bad = await put(`/api/users/${u.username}`, { ...body, mobilePhone: phone });
      expect(bad.statusCode, phone).toBe(400);
      expect(fieldErrors(bad).mobilePhone, phone).toBe(MESSAGES.invalidPhoneNumber);
    }
    for (const pin of ['123', '12345'])
      expect(fieldErrors(await put(`/api/users/${u.username}`, { ...body, pinCode: pin })).pinCode).toBe(MESSAGES.invalidPinCode);
    expect(fieldErrors(await put(`/api/users/${u.username}`, { ...body, company: null })).company).toBe(MESSAGES.required);
    const [other] = await db.select().from(companies).where(eq(companies.fleetId, 'malar')).limit(1);
    expect(fieldErrors(await put(`/api/users/${u.username}`, { ...body, company: { id: other!.id } })).company).toBe(MESSAGES.notFound);
    expect((await put(`/api/users/${u.username}`, { ...body, mobilePhone: '+4712345678901234567' })).statusCode).toBe(200); // 19 digits
    const [row] = await db.select().from(users).where(eq(users.id, u.id));
    expect(row!.givenName).toBe(u.givenName);
  });

  it('answers 400 to malformed bodies', async () => {
    const { u } = await freshUser();
    const raw = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${u.username}`,
      headers: { ...headers(), 'content-type': 'application/json' },
      payload: '{"username":',
    });
    expect(raw.statusCode).toBe(400);
    expect((await put(`/api/users/${u.username}`, [])).statusCode).toBe(400);
    expect((await put(`/api/users/${u.username}`, { username: 5 })).statusCode).toBe(400);
  });

  it('replaces the old entry on a user name change, and refuses a taken name in any case (409)', async () => {
    const { u, body } = await freshUser();
    const renamed = await put(`/api/users/${u.username}`, { ...body, username: `${u.username}.renamed` });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await get(`/api/users/${u.username}`)).statusCode).toBe(404);
    expect((await getUser(`${u.username}.renamed`)).givenName).toBe(u.givenName);
    const ev = await lastEvent(`${u.username}.renamed`);
    expect(ev!.properties).toMatchObject({ action: 'UPDATE_USER', previousUsername: u.username });

    for (const taken of ['demo.active', 'DEMO.PENDING', 'demo.se.active']) {
      const res = await put(`/api/users/${u.username}.renamed`, { ...body, username: taken });
      expect(res.statusCode, taken).toBe(409);
      expect(envelope(res)).toMatchObject({ messageId: MESSAGE_IDS.usernameTaken, message: MESSAGES.usernameTaken });
    }
    // A change of case only is the same entry.
    const cased = await put(`/api/users/${u.username}.renamed`, { ...body, username: `${u.username}.Renamed` });
    expect(cased.statusCode, cased.body).toBe(200);
    expect(ZUserDetail.parse(cased.json()).username).toBe(`${u.username}.Renamed`);
  });

  it('locks the §6 fields of single-sign-on users and saves the others', async () => {
    const body = { ...(await getUser('demo.sso')) } as Record<string, unknown>;
    for (const [field, value] of [
      ['username', 'demo.sso2'],
      ['givenName', 'Other'],
      ['familyName', 'Other'],
      ['mobilePhone', '+4799999999'],
      ['emailAddress', 'x@example.no'],
      ['customerNumber', '999'],
      ['userCategory', 'PRIVATE'],
    ] as const) {
      const res = await put('/api/users/demo.sso', { ...body, [field]: value });
      expect(res.statusCode, field).toBe(400);
      expect(fieldErrors(res)[field], field).toBe(MESSAGES.ssoFieldLocked);
    }
    const otherCompany = await createCompany(db, 'fjord');
    const moved = await put('/api/users/demo.sso', { ...body, company: { id: otherCompany.id } });
    expect(moved.statusCode).toBe(400);
    expect(fieldErrors(moved).company).toBe(MESSAGES.ssoFieldLocked);
    const ok = await put('/api/users/demo.sso', { ...body, note: 'SSO user note', pinCode: '4321' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ZUserDetail.parse(ok.json())).toMatchObject({ note: 'SSO user note', pinCode: '4321', username: 'demo.sso' });
  });

  it('requires a confirmed membership or an override for a housing-association division', async () => {
    const [division] = await db.select().from(companies).where(eq(companies.name, 'Grünerløkka Hage borettslag'));
    const { u, body } = await freshUser();
    const refused = await put(`/api/users/${u.username}`, { ...body, company: { id: division!.id } });
    expect(refused.statusCode).toBe(400);
    expect(fieldErrors(refused).company).toBe(MESSAGES.membershipConfirmationRequired);

    const overridden = await put(`/api/users/${u.username}`, { ...body, company: { id: division!.id }, membershipOverride: true });
    expect(overridden.statusCode, overridden.body).toBe(200);
    expect(ZUserDetail.parse(overridden.json()).membership).toMatchObject({ required: true, override: true });
    expect((await lastEvent(u.username))!.properties).toMatchObject({ membershipOverride: true });

    // A confirmed membership (the membership check) is enough without an override.
    const { u: confirmed, body: confirmedBody } = await freshUser();
    await db
      .update(users)
      .set({ companyId: division!.id, membershipConfirmedAt: new Date(), membershipConfirmedBy: 'check' })
      .where(eq(users.id, confirmed.id));
    const saved = await put(`/api/users/${confirmed.username}`, { ...confirmedBody, company: { id: division!.id }, note: 'confirmed' });
    expect(saved.statusCode, saved.body).toBe(200);
  });
});

describe('membership check and duplicate flags', () => {
  const post = (url: string, payload?: unknown) =>
    t.app.inject({ method: 'POST', url, headers: headers(), ...(payload === undefined ? {} : { payload: payload as object }) });

  it('confirms a housing-association membership with the right code (any case), rejects a wrong one, and refuses where none is needed', async () => {
    const division = await createCompany(db, 'fjord', { type: 'RESIDENTIAL', requiresMembershipConfirmation: true, companyCode: 'BRL-4242' });
    const { u, body } = await freshUser();
    await db.update(users).set({ companyId: division.id }).where(eq(users.id, u.id));

    const wrong = await post(`/api/users/${u.username}/membership/check`, { companyCode: 'BRL-0000' });
    expect(wrong.statusCode, wrong.body).toBe(200);
    expect(wrong.json()).toMatchObject({ result: 'REJECTED', user: { membership: { required: true, confirmedAt: null } } });
    expect((await lastEvent(u.username))!.properties).toMatchObject({ action: 'CHECK_MEMBERSHIP', result: 'REJECTED' });

    const right = await post(`/api/users/${u.username}/membership/check`, { companyCode: ' brl-4242 ' });
    expect(right.statusCode, right.body).toBe(200);
    expect(right.json()).toMatchObject({ result: 'SUCCESS', user: { membership: { required: true, confirmedBy: 'support' } } });
    // Confirmed: the edit form saves in the division without an override.
    const saved = await put(`/api/users/${u.username}`, { ...body, company: { id: division.id }, note: 'member' });
    expect(saved.statusCode, saved.body).toBe(200);

    const { u: plain } = await freshUser();
    const notNeeded = await post(`/api/users/${plain.username}/membership/check`, { companyCode: 'BRL-4242' });
    expect(notNeeded.statusCode).toBe(409);
    expect((await post(`/api/users/${plain.username}/membership/check`, {})).statusCode).toBe(400);
  });

  it('flags both users when an edit gives one the e-mail of another, and clears them when it is changed back', async () => {
    const { u: first } = await freshUser({ emailAddress: `twin.${Date.now()}@example.no` });
    const { u: second, body } = await freshUser({ emailAddress: `other.${Date.now()}@example.no` });
    expect((await getUser(first.username)).suspiciousRegistration).toBeNull();

    const twin = await put(`/api/users/${second.username}`, { ...body, emailAddress: first.emailAddress!.toUpperCase() });
    expect(twin.statusCode, twin.body).toBe(200);
    expect((await getUser(second.username)).suspiciousRegistration).toMatchObject({ duplicateEmail: true });
    expect((await getUser(first.username)).suspiciousRegistration).toMatchObject({ duplicateEmail: true });

    const apart = await put(`/api/users/${second.username}`, { ...body, emailAddress: `apart.${Date.now()}@example.no` });
    expect(apart.statusCode, apart.body).toBe(200);
    expect((await getUser(second.username)).suspiciousRegistration).toBeNull();
    expect((await getUser(first.username)).suspiciousRegistration).toBeNull();
  });

  it('answers POST /api/users/initCache with 204, and 401 without a session', async () => {
    expect((await post('/api/users/initCache')).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'POST', url: '/api/users/initCache' })).statusCode).toBe(401);
  });
});

describe('DELETE /api/users/{username} (confirm deletion)', () => {
  it('is refused unless deletion was requested (409)', async () => {
    const { u } = await freshUser();
    const res = await t.app.inject({ method: 'DELETE', url: `/api/users/${u.username}`, headers: headers() });
    expect(res.statusCode).toBe(409);
    expect(envelope(res)).toMatchObject({
      messageId: MESSAGE_IDS.userActionNotAllowed,
      message: 'Confirm deletion is not possible for a user with status ACTIVE',
    });
  });

  it('removes the user; bookings and payments stay without the user', async () => {
    const { u } = await freshUser({ status: 'DELETION_REQUESTED' });
    const contract = await createContract(db, 'fjord');
    const pool = await createPool(db, 'fjord');
    const booking = await createBooking(db, 'fjord', { userId: u.id, contractId: contract.id, poolId: pool.id }, { state: 'FINISHED' });
    await db.insert(payments).values({
      orderId: `BOK9${u.id}`,
      fleetId: 'fjord',
      bookingId: booking.id,
      userId: u.id,
      type: 'CREDITCARD',
      status: 'PAID',
      target: 'BOOKING',
      totalPriceWithoutVat: 80,
      totalVat: 20,
      totalPrice: 100,
      currency: 'NOK',
    });
    const res = await t.app.inject({ method: 'DELETE', url: `/api/users/${u.username}`, headers: headers() });
    expect(res.statusCode, res.body).toBe(204);
    expect((await get(`/api/users/${u.username}`)).statusCode).toBe(404);
    const [b] = await db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(b!.userId).toBeNull();
    const [p] = await db
      .select()
      .from(payments)
      .where(eq(payments.orderId, `BOK9${u.id}`));
    expect(p!.userId).toBeNull();
    expect(await lastEvent(u.username)).toMatchObject({ actingUsername: 'support', displayText: 'User deleted' });
  });

  it('is refused while the user has an active booking', async () => {
    const { u } = await freshUser({ status: 'DELETION_REQUESTED' });
    const contract = await createContract(db, 'fjord');
    const pool = await createPool(db, 'fjord');
    await createBooking(
      db,
      'fjord',
      { userId: u.id, contractId: contract.id, poolId: pool.id },
      { state: 'ACTIVE', startTime: new Date(Date.now() - 3_600_000) },
    );
    const res = await t.app.inject({ method: 'DELETE', url: `/api/users/${u.username}`, headers: headers() });
    expect(res.statusCode).toBe(409);
    expect(envelope(res).message).toBe(MESSAGES.userHasActiveBooking);
    expect((await get(`/api/users/${u.username}`)).statusCode).toBe(200);
  });

  it('deletes a user who had sessions (cascade)', async () => {
    const { u } = await freshUser({ status: 'DELETION_REQUESTED' });
    await db.insert(sessions).values({ tokenHash: `x${u.id}`, userId: u.id, fleetId: 'fjord', expiresAt: new Date(Date.now() + 60_000) });
    expect((await t.app.inject({ method: 'DELETE', url: `/api/users/${u.username}`, headers: headers() })).statusCode).toBe(204);
    const left = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(sessions)
      .where(eq(sessions.userId, u.id));
    expect(left[0]!.n).toBe(0);
  });
});

describe('free months', () => {
  it('reads and sets zero or more, with an event', async () => {
    const { u } = await freshUser();
    expect(ZFreeMonths.parse((await get(`/api/users/${u.username}/freeMonths`)).json())).toEqual({ freeMonths: 0 });
    const set = await put(`/api/users/${u.username}/freeMonths`, { freeMonths: 3 });
    expect(set.statusCode, set.body).toBe(200);
    expect(ZFreeMonths.parse(set.json())).toEqual({ freeMonths: 3 });
    expect((await getUser(u.username)).freeMonths).toBe(3);
    expect(await lastEvent(u.username)).toMatchObject({ actingUsername: 'support', displayText: 'Free months set from 0 to 3' });
    expect((await put(`/api/users/${u.username}/freeMonths`, { freeMonths: 0 })).statusCode).toBe(200);
  });

  it('refuses negative, fractional and missing values', async () => {
    const { u } = await freshUser();
    const negative = await put(`/api/users/${u.username}/freeMonths`, { freeMonths: -1 });
    expect(negative.statusCode).toBe(400);
    expect(fieldErrors(negative).freeMonths).toBe(MESSAGES.valueCanNotBeNegative);
    expect((await put(`/api/users/${u.username}/freeMonths`, { freeMonths: 1.5 })).statusCode).toBe(400);
    expect((await put(`/api/users/${u.username}/freeMonths`, {})).statusCode).toBe(400);
    expect((await put(`/api/users/${u.username}/freeMonths`, { freeMonths: '2' })).statusCode).toBe(400);
  });
});

describe('GET /api/admin/users/pending-deletion', () => {
  it("lists the operator's users awaiting deletion, oldest first, paged", async () => {
    const old = await createUser(db, 'fjord', {
      status: 'DELETION_REQUESTED',
      deletionRequestedAt: new Date('2020-01-01T00:00:00Z'),
      deletionRequestedBy: 'support',
    });
    await createUser(db, 'malar', { status: 'DELETION_REQUESTED', deletionRequestedAt: new Date('2019-01-01T00:00:00Z') });
    const res = await get('/api/admin/users/pending-deletion?pageSize=25');
    expect(res.statusCode, res.body).toBe(200);
    const list = ZPendingDeletionResponse.parse(res.json());
    expect(list.results[0]).toMatchObject({
      username: old.username,
      deletionRequestedBy: 'support',
      deletionRequestedAt: '2020-01-01T00:00:00.000Z',
    });
    expect(list.results.map((r) => r.username)).toContain('demo.deletion');
    // The demo's customers asked in the app themselves: the list says who and when, not '–' (issue 17).
    const seeded = list.results.find((r) => r.username === 'demo.deletion');
    expect(seeded?.deletionRequestedBy).toBe('demo.deletion');
    expect(Date.parse(seeded?.deletionRequestedAt ?? '')).toBeLessThan(Date.now());
    expect(list.results.every((r) => r.status === 'DELETION_REQUESTED')).toBe(true);
    const [{ n }] = (await db
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(and(eq(users.fleetId, 'fjord'), eq(users.status, 'DELETION_REQUESTED'), eq(users.role, 'CUSTOMER')))) as [{ n: number }];
    expect(list.total).toBe(n);
    const first = ZPendingDeletionResponse.parse((await get('/api/admin/users/pending-deletion?pageSize=5&page=0')).json());
    expect(first.results.length).toBe(Math.min(5, n));
    expect(first.moreResults).toBe(n > 5);
    expect((await get('/api/admin/users/pending-deletion?pageSize=500')).statusCode).toBe(400);
  });
});
