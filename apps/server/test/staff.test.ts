import {
  MESSAGE_IDS,
  MESSAGES,
  STAFF_SET_PASSWORD_TTL_HOURS,
  ZErrorEnvelope,
  ZStaffList,
  ZStaffMember,
  ZStaffResetPasswordResponse,
  type StaffMember,
} from '@fleetdesk/contract';
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client.ts';
import { events, mailOutbox, passwordResetTokens, sessions, users } from '../src/db/schema.ts';
import { createFleet, createStaff, createUser, sessionOf } from './support/factories.ts';
import { authToken, basic, createTestApp, login, type TestApp } from './support/test-app.ts';

/**
 * The staff accounts API (issue 13): GET/POST /api/staff, PATCH /api/staff/{username} and
 * POST /api/staff/{username}/reset-password, over HTTP against a fresh database with factory fixtures.
 */
let t: TestApp;
let db: Db;
let boss: string; // ADMIN of fjord (a second ADMIN, deputy, exists)
let helper: string; // SUPPORT of fjord
const PASSWORD = 'staff-password-1';

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://console.fjord.example' });
  db = t.database.db;
  await createFleet(db, 'fjord', { name: 'Fjord Mobility' });
  await createFleet(db, 'malar', { name: 'Mälar Mobility', country: 'SE', currency: 'SEK', defaultLanguage: 'sv' });
  await createStaff(db, 'fjord', 'boss', PASSWORD, 'ADMIN');
  await createStaff(db, 'fjord', 'deputy', PASSWORD, 'ADMIN');
  await createStaff(db, 'fjord', 'helper', PASSWORD, 'SUPPORT');
  await createUser(db, 'fjord', { username: 'kunde', password: PASSWORD });
  await createStaff(db, 'malar', 'chef.se', PASSWORD, 'ADMIN');
  await createStaff(db, 'malar', 'stod.se', PASSWORD, 'SUPPORT');
  boss = await login(t.app, 'boss', PASSWORD);
  helper = await login(t.app, 'helper', PASSWORD);
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PATCH';
const call = (method: Method, url: string, token: string | null, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: token ? { authorization: authToken(token) } : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const envelope = (res: { json(): unknown }) => ZErrorEnvelope.parse(res.json());
const list = async (token = boss) => {
  const res = await call('GET', '/api/staff', token);
  expect(res.statusCode, res.body).toBe(200);
  return ZStaffList.parse(res.json()).staff;
};
const memberIn = async (username: string, token = boss) => (await list(token)).find((m) => m.username === username);
const patch = (username: string, body: unknown, token = boss) => call('PATCH', `/api/staff/${encodeURIComponent(username)}`, token, body);
const resetPassword = (username: string, token = boss) => call('POST', `/api/staff/${encodeURIComponent(username)}/reset-password`, token);
const tryLogin = (username: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth', headers: { authorization: basic(username, password) } });
const fleetRequest = (token: string) => t.app.inject({ method: 'GET', url: '/api/fleets/fjord', headers: { authorization: authToken(token) } });
const lastEvents = (affected: string) => db.select().from(events).where(eq(events.affectedUsername, affected)).orderBy(desc(events.id));
const lastMailTo = async (to: string) => {
  const [mail] = await db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, to)).orderBy(desc(mailOutbox.id)).limit(1);
  return mail;
};
const tokenOf = (text: string) => /\/reset-password\?token=([\w-]+)/.exec(text)?.[1];

let n = 0;
/** A new fjord staff member who has logged in: the row and a console session token. */
async function member(role: 'SUPPORT' | 'ADMIN' = 'SUPPORT', over: Partial<typeof users.$inferInsert> = {}) {
  const username = `member${++n}`;
  const row = await createUser(db, 'fjord', { username, role, password: PASSWORD, emailAddress: `${username}@fjord.example`, ...over });
  return { row, username, token: over.passwordLoginAllowed === false ? null : await login(t.app, username, PASSWORD) };
}

const newMember = (over: Record<string, unknown> = {}) => ({
  username: `new.${++n}`,
  givenName: 'Nora',
  familyName: 'Nilsen',
  emailAddress: `nora${n}@fjord.example`,
  role: 'SUPPORT',
  ...over,
});

describe('GET /api/staff', () => {
  it("lists the admin's own operator's staff in user-name order, no customers, with the abilities the rules give", async () => {
    const staff = await list();
    const names = staff.map((m) => m.username);
    expect(names).toEqual(expect.arrayContaining(['boss', 'deputy', 'helper']));
    expect(names).not.toContain('kunde');
    expect(names).not.toContain('chef.se');
    expect(names).toEqual([...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));

    const self = staff.find((m) => m.username === 'boss')!;
    expect(self).toMatchObject({
      role: 'ADMIN',
      status: 'ACTIVE',
      passwordPending: false,
      passwordLoginAllowed: true,
      disabledAt: null,
      disabledBy: null,
    });
    expect(Date.parse(self.lastLoginAt!)).toBeGreaterThan(Date.now() - 600_000);
    expect(self.abilities).toEqual({
      changeRole: { allowed: true, reason: null },
      disable: { allowed: false, reason: MESSAGE_IDS.staffCannotDisableSelf },
      enable: { allowed: false, reason: MESSAGE_IDS.staffAlreadyEnabled },
      resetPassword: { allowed: true, reason: null },
    });
    const support = staff.find((m) => m.username === 'helper')!;
    expect(support.abilities).toMatchObject({
      changeRole: { allowed: true },
      disable: { allowed: true },
      enable: { allowed: false },
      resetPassword: { allowed: true },
    });
  });

  it("answers another operator's admin with that operator's staff only", async () => {
    const chef = await login(t.app, 'chef.se', PASSWORD);
    const names = (await list(chef)).map((m) => m.username);
    expect(names).toEqual(['chef.se', 'stod.se']);
  });

  it("tells that the operator's only enabled admin can neither be demoted nor disabled", async () => {
    await createFleet(db, 'solo');
    await createStaff(db, 'solo', 'solo.admin', PASSWORD, 'ADMIN');
    await createUser(db, 'solo', {
      username: 'solo.disabled.admin',
      role: 'ADMIN',
      password: PASSWORD,
      disabledAt: new Date('2026-01-05T10:00:00Z'),
      disabledBy: 'system',
    });
    const token = await login(t.app, 'solo.admin', PASSWORD);
    const staff = await list(token);
    const self = staff.find((m) => m.username === 'solo.admin')!;
    expect(self.abilities.changeRole).toEqual({ allowed: false, reason: MESSAGE_IDS.staffLastAdmin });
    expect(self.abilities.disable).toEqual({ allowed: false, reason: MESSAGE_IDS.staffCannotDisableSelf });
    const disabled = staff.find((m) => m.username === 'solo.disabled.admin')!;
    expect(disabled).toMatchObject({ status: 'DISABLED', disabledAt: '2026-01-05T10:00:00.000Z', disabledBy: 'system' });
    expect(disabled.abilities).toEqual({
      changeRole: { allowed: true, reason: null },
      disable: { allowed: false, reason: MESSAGE_IDS.staffAlreadyDisabled },
      enable: { allowed: true, reason: null },
      resetPassword: { allowed: false, reason: MESSAGE_IDS.staffDisabled },
    });

    const demote = await patch('solo.admin', { role: 'SUPPORT' }, token);
    expect(demote.statusCode).toBe(409);
    expect(envelope(demote)).toMatchObject({ httpCode: 409, messageId: MESSAGE_IDS.staffLastAdmin, message: MESSAGES.staffLastAdmin });
    expect((await memberIn('solo.admin', token))?.role).toBe('ADMIN');
  });
});

describe('who may use the staff API', () => {
  const routes: [Method, string, unknown?][] = [
    ['GET', '/api/staff'],
    ['POST', '/api/staff', newMember()],
    ['POST', '/api/staff', { username: 'x' }],
    ['PATCH', '/api/staff/helper', { disabled: true }],
    ['PATCH', '/api/staff/helper', {}],
    ['POST', '/api/staff/boss/reset-password'],
  ];

  it('answers SUPPORT 403 on every route, before looking at the body', async () => {
    for (const [method, url, payload] of routes) {
      const res = await call(method, url, helper, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(envelope(res)).toMatchObject({ httpCode: 403, messageId: MESSAGE_IDS.forbidden });
    }
    expect((await memberIn('helper'))?.status).toBe('ACTIVE');
  });

  it('answers 401 without a session', async () => {
    for (const [method, url, payload] of routes) {
      const res = await call(method, url, null, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(envelope(res).messageId).toBe(MESSAGE_IDS.unauthorized);
    }
  });

  it("answers 404 staffNotFound for another operator's staff, a customer and nobody, and changes nothing", async () => {
    for (const name of ['chef.se', 'kunde', 'nobody.at.all']) {
      for (const res of [await patch(name, { disabled: true }), await resetPassword(name)]) {
        expect(res.statusCode, name).toBe(404);
        expect(envelope(res)).toMatchObject({ httpCode: 404, messageId: MESSAGE_IDS.staffNotFound, message: MESSAGES.staffNotFound });
      }
    }
    const [chef] = await db.select().from(users).where(eq(users.username, 'chef.se'));
    expect(chef?.disabledAt).toBeNull();
    expect(await lastMailTo(chef!.emailAddress!)).toBeUndefined();
  });

  it('publishes the staff routes with their schemas and error envelopes in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<
        string,
        Record<string, { parameters?: { name: string; in: string }[]; requestBody?: unknown; responses: Record<string, unknown> }>
      >;
    };
    expect(Object.keys(doc.paths['/api/staff']!)).toEqual(expect.arrayContaining(['get', 'post']));
    expect(Object.keys(doc.paths['/api/staff']!.post!.responses)).toEqual(expect.arrayContaining(['201', '400', '401', '403', '409']));
    expect(doc.paths['/api/staff']!.post!.requestBody).toBeTruthy();
    const patchOp = doc.paths['/api/staff/{username}']!.patch!;
    expect(patchOp.parameters).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'username', in: 'path' })]));
    expect(Object.keys(patchOp.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '403', '404', '409']));
    expect(Object.keys(doc.paths['/api/staff/{username}/reset-password']!.post!.responses)).toEqual(expect.arrayContaining(['202', '404', '409']));
  });
});

describe('POST /api/staff', () => {
  it('creates the member without a password and mails a set-password link that works once; then the member logs in', async () => {
    const body = newMember({ username: 'Nora.N', emailAddress: '  nora.n@fjord.example ', role: 'ADMIN' });
    const res = await call('POST', '/api/staff', boss, body);
    expect(res.statusCode, res.body).toBe(201);
    const created = ZStaffMember.parse(res.json());
    expect(created).toMatchObject({
      username: 'Nora.N',
      emailAddress: 'nora.n@fjord.example',
      role: 'ADMIN',
      status: 'ACTIVE',
      language: 'nb',
      passwordPending: true,
      lastLoginAt: null,
    });
    expect(created.abilities.disable).toEqual({ allowed: true, reason: null });
    const [row] = await db.select().from(users).where(eq(users.username, 'Nora.N'));
    expect(row).toMatchObject({ passwordHash: null, needsToSetPassword: true, fleetId: 'fjord' });
    expect((await tryLogin('Nora.N', 'anything-at-all')).statusCode).toBe(401);

    // Her mail is in her language, the operator's default (nb); the texts in every language: customer-mail-texts.test.ts.
    const mail = (await lastMailTo('nora.n@fjord.example'))!;
    expect(mail.subject).toBe('Fleetdesk: velg passordet ditt for Fjord Mobility');
    expect(mail.textBody).toContain('https://console.fjord.example/reset-password?token=');
    expect(mail.textBody).toContain(`${STAFF_SET_PASSWORD_TTL_HOURS} timer`);
    const token = tokenOf(mail.textBody)!;
    const [issued] = await db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, row!.id));
    expect(issued!.expiresAt.getTime() - issued!.createdAt.getTime()).toBe(STAFF_SET_PASSWORD_TTL_HOURS * 3_600_000);

    const set = await t.app.inject({ method: 'POST', url: '/api/password-reset/confirm', payload: { token, password: 'noras-own-password' } });
    expect(set.statusCode).toBe(204);
    const again = await t.app.inject({ method: 'POST', url: '/api/password-reset/confirm', payload: { token, password: 'another-password-2' } });
    expect(again.statusCode).toBe(400);
    const logged = await tryLogin('nora.n', 'noras-own-password');
    expect(logged.statusCode).toBe(200);
    expect(logged.json().user).toMatchObject({ username: 'Nora.N', role: 'ADMIN', fleet: 'fjord' });
    const after = (await memberIn('Nora.N'))!;
    expect(after.passwordPending).toBe(false);
    expect(after.lastLoginAt).not.toBeNull();

    const [event] = (await lastEvents('Nora.N')).filter((e) => e.properties.action === 'STAFF_CREATED');
    expect(event).toMatchObject({ type: 'USER_ACTION', actingUsername: 'boss', fleetId: 'fjord', affectedUsername: 'Nora.N' });
    expect(event!.properties).toMatchObject({ public: false, action: 'STAFF_CREATED', role: 'ADMIN' });
  });

  it('keeps the language given, else the operator’s', async () => {
    const res = await call('POST', '/api/staff', boss, newMember({ language: 'de' }));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ language: 'de', role: 'SUPPORT' });
  });

  it('refuses a user name taken anywhere, in any case, with 409 on the username field, and writes nothing', async () => {
    const outbox = (await db.select().from(mailOutbox)).length;
    for (const username of ['CHEF.SE', 'Kunde', 'deputy']) {
      const res = await call('POST', '/api/staff', boss, newMember({ username }));
      expect(res.statusCode, username).toBe(409);
      expect(envelope(res)).toMatchObject({
        httpCode: 409,
        messageId: MESSAGE_IDS.usernameTaken,
        message: MESSAGES.usernameTaken,
        errors: [{ field: 'username', message: MESSAGES.usernameTaken }],
      });
    }
    expect((await db.select().from(mailOutbox)).length).toBe(outbox);
  });

  it('answers bad bodies with 400 and field errors, NUL bytes included', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [newMember({ username: 'a b' }), 'username'],
      [newMember({ username: 'x' }), 'username'],
      [newMember({ username: '-dash' }), 'username'],
      [newMember({ emailAddress: 'not-an-email' }), 'emailAddress'],
      [newMember({ emailAddress: '' }), 'emailAddress'],
      [newMember({ givenName: '   ' }), 'givenName'],
      [newMember({ givenName: 'No\u0000ra' }), 'givenName'],
      [newMember({ familyName: 'Nil\u0000sen' }), 'familyName'],
      [newMember({ username: 'nul\u0000name' }), 'username'],
      [newMember({ role: 'CUSTOMER' }), 'role'],
      [newMember({ language: 'fr' }), 'language'],
    ];
    for (const [body, field] of cases) {
      const res = await call('POST', '/api/staff', boss, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      const env = envelope(res);
      expect(env.messageId).toBe(MESSAGE_IDS.invalidInput);
      expect(env.errors.map((e) => e.field)).toContain(field);
    }
    const invalid = await call('POST', '/api/staff', boss, newMember({ username: 'a b' }));
    expect(envelope(invalid).errors[0]?.message).toBe(MESSAGES.invalidStaffUsername);
  });
});

describe('PATCH /api/staff/{username}', () => {
  it('changes the role both ways, with an event each naming the admin, the change and the reason', async () => {
    const { username, token } = await member('SUPPORT');
    const up = await patch(username, { role: 'ADMIN', reason: '  Team lead from May  ' });
    expect(up.statusCode, up.body).toBe(200);
    expect(ZStaffMember.parse(up.json())).toMatchObject({ username, role: 'ADMIN', status: 'ACTIVE' });
    // The member's next request acts as an ADMIN.
    expect((await call('GET', '/api/staff', token)).statusCode).toBe(200);
    const down = await patch(username.toUpperCase(), { role: 'SUPPORT' });
    expect(down.json()).toMatchObject({ role: 'SUPPORT' });
    expect((await call('GET', '/api/staff', token)).statusCode).toBe(403);

    const changes = (await lastEvents(username)).filter((e) => e.properties.action === 'STAFF_ROLE_CHANGED');
    expect(changes.map((e) => [e.actingUsername, e.properties.from, e.properties.to, e.properties.reason])).toEqual([
      ['boss', 'ADMIN', 'SUPPORT', undefined],
      ['boss', 'SUPPORT', 'ADMIN', 'Team lead from May'],
    ]);
    expect(changes.every((e) => e.type === 'USER_ACTION' && e.properties.public === false)).toBe(true);
  });

  it('disables: the open session gets 401 on its next request, the login 403 accountDisabled, links die', async () => {
    const { username, token, row } = await member('SUPPORT');
    expect((await fleetRequest(token!)).statusCode).toBe(200);
    const pendingLink = await resetPassword(username);
    expect(pendingLink.statusCode).toBe(202);
    const link = tokenOf((await lastMailTo(row.emailAddress!))!.textBody)!;

    const res = await patch(username, { disabled: true, reason: 'Left the company' });
    expect(res.statusCode, res.body).toBe(200);
    const disabled = ZStaffMember.parse(res.json());
    expect(disabled).toMatchObject({ status: 'DISABLED', disabledBy: 'boss' });
    expect(Date.parse(disabled.disabledAt!)).toBeGreaterThan(Date.now() - 60_000);
    expect(disabled.abilities).toMatchObject({
      enable: { allowed: true },
      disable: { allowed: false, reason: MESSAGE_IDS.staffAlreadyDisabled },
      resetPassword: { allowed: false, reason: MESSAGE_IDS.staffDisabled },
    });

    const next = await fleetRequest(token!);
    expect(next.statusCode).toBe(401);
    expect(envelope(next).messageId).toBe(MESSAGE_IDS.unauthorized);
    expect((await sessionOf(db, token!)).revokedAt).not.toBeNull();
    const open = await db
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, row.id), isNull(sessions.revokedAt)));
    expect(open).toEqual([]);

    const refused = await tryLogin(username, PASSWORD);
    expect(refused.statusCode).toBe(403);
    expect(envelope(refused)).toMatchObject({ httpCode: 403, messageId: MESSAGE_IDS.accountDisabled, message: MESSAGES.accountDisabled });
    // A wrong password still says only that.
    expect((await tryLogin(username, 'wrong-password-9')).statusCode).toBe(401);
    // The reset link mailed before is dead.
    const confirm = await t.app.inject({
      method: 'POST',
      url: '/api/password-reset/confirm',
      payload: { token: link, password: 'a-new-password-1' },
    });
    expect(confirm.statusCode).toBe(400);
    // So is a public reset request.
    const mails = (await db.select().from(mailOutbox)).length;
    await t.app.inject({ method: 'POST', url: '/api/password-reset', payload: { username } });
    expect((await db.select().from(mailOutbox)).length).toBe(mails);
    expect(await resetPassword(username).then((r) => [r.statusCode, envelope(r).messageId])).toEqual([409, MESSAGE_IDS.staffDisabled]);

    const [event] = (await lastEvents(username)).filter((e) => e.properties.action === 'STAFF_DISABLED');
    expect(event).toMatchObject({ actingUsername: 'boss', affectedUsername: username, type: 'USER_ACTION' });
    expect(event!.properties).toMatchObject({ public: false, reason: 'Left the company' });

    // Disabling again changes nothing and logs nothing.
    const count = (await lastEvents(username)).length;
    expect((await patch(username, { disabled: true })).statusCode).toBe(200);
    expect((await lastEvents(username)).length).toBe(count);
  });

  it('enables again: the member logs in, the old session stays ended', async () => {
    const { username, token } = await member('SUPPORT');
    expect((await patch(username, { disabled: true })).statusCode).toBe(200);
    const res = await patch(username, { disabled: false });
    expect(res.statusCode).toBe(200);
    expect(ZStaffMember.parse(res.json())).toMatchObject({
      status: 'ACTIVE',
      disabledAt: null,
      disabledBy: null,
      abilities: { enable: { allowed: false, reason: MESSAGE_IDS.staffAlreadyEnabled } },
    });
    expect((await fleetRequest(token!)).statusCode).toBe(401);
    expect((await tryLogin(username, PASSWORD)).statusCode).toBe(200);
    const [event] = (await lastEvents(username)).filter((e) => e.properties.action === 'STAFF_ENABLED');
    expect(event).toMatchObject({ actingUsername: 'boss', properties: { public: false, action: 'STAFF_ENABLED' } });
  });

  it('refuses to disable yourself (409), and leaves you as you were', async () => {
    const res = await patch('BOSS', { disabled: true });
    expect(res.statusCode).toBe(409);
    expect(envelope(res)).toMatchObject({ httpCode: 409, messageId: MESSAGE_IDS.staffCannotDisableSelf, message: MESSAGES.staffCannotDisableSelf });
    expect((await fleetRequest(boss)).statusCode).toBe(200);
    expect((await memberIn('boss'))?.status).toBe('ACTIVE');
  });

  it('lets an admin step down while another enabled admin remains', async () => {
    const first = await member('ADMIN');
    const res = await patch(first.username, { role: 'SUPPORT' }, first.token!);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ role: 'SUPPORT' });
  });

  it('never leaves an operator without an enabled admin when two admins demote or disable each other at once', async () => {
    for (const body of [{ role: 'SUPPORT' }, { disabled: true }]) {
      const fleet = `duo${++n}`;
      await createFleet(db, fleet);
      await createStaff(db, fleet, `${fleet}.a`, PASSWORD, 'ADMIN');
      await createStaff(db, fleet, `${fleet}.b`, PASSWORD, 'ADMIN');
      const a = await login(t.app, `${fleet}.a`, PASSWORD);
      const b = await login(t.app, `${fleet}.b`, PASSWORD);
      const answers = await Promise.all([patch(`${fleet}.b`, body, a), patch(`${fleet}.a`, body, b)]);
      const codes = answers.map((r) => r.statusCode).sort();
      expect(codes[0], JSON.stringify(body)).toBe(200);
      // The loser is refused: its target is now the last admin (409), or it is no admin any more (403 or 401).
      expect([401, 403, 409]).toContain(codes[1]);
      const admins = await db
        .select()
        .from(users)
        .where(and(eq(users.fleetId, fleet), eq(users.role, 'ADMIN'), isNull(users.disabledAt)));
      expect(admins).toHaveLength(1);
    }
  });

  it('answers bad bodies and paths with 400: empty, unknown role, wrong types, long or NUL reason, NUL in the name', async () => {
    const empty = await patch('helper', {});
    expect(empty.statusCode).toBe(400);
    expect(envelope(empty).errors.map((e) => e.message)).toContain(MESSAGES.staffUpdateEmpty);
    for (const body of [
      { reason: 'only a reason' },
      { role: 'CUSTOMER' },
      { disabled: 'yes' },
      { disabled: true, reason: 'x'.repeat(501) },
      { disabled: true, reason: 'bad\u0000reason' },
    ]) {
      const res = await patch('helper', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(envelope(res).messageId).toBe(MESSAGE_IDS.invalidInput);
    }
    for (const url of ['/api/staff/hel%00per', '/api/staff/hel%00per/reset-password']) {
      const res = await t.app.inject({
        method: url.endsWith('password') ? 'POST' : 'PATCH',
        url,
        headers: { authorization: authToken(boss) },
        payload: url.endsWith('password') ? undefined : { disabled: true },
      });
      expect(res.statusCode, url).toBe(400);
    }
    expect((await memberIn('helper'))?.status).toBe('ACTIVE');
  });
});

describe('POST /api/staff/{username}/reset-password', () => {
  it('mails a one-hour reset link; setting the password from it ends every session of the member', async () => {
    const { username, token, row } = await member('SUPPORT', { language: 'en-GB' });
    const res = await resetPassword(username);
    expect(res.statusCode, res.body).toBe(202);
    expect(ZStaffResetPasswordResponse.parse(res.json())).toEqual({ message: `A link to set the password has been sent to ${row.emailAddress}` });
    const mail = (await lastMailTo(row.emailAddress!))!;
    expect(mail.subject).toContain('reset your password');
    const link = tokenOf(mail.textBody)!;
    const [issued] = await db
      .select()
      .from(passwordResetTokens)
      .where(and(eq(passwordResetTokens.userId, row.id), gt(passwordResetTokens.expiresAt, new Date())));
    expect(issued!.expiresAt.getTime() - issued!.createdAt.getTime()).toBe(3_600_000);

    const set = await t.app.inject({ method: 'POST', url: '/api/password-reset/confirm', payload: { token: link, password: 'fresh-password-22' } });
    expect(set.statusCode).toBe(204);
    expect((await fleetRequest(token!)).statusCode).toBe(401);
    expect((await tryLogin(username, 'fresh-password-22')).statusCode).toBe(200);
    const [event] = (await lastEvents(username)).filter((e) => e.properties.action === 'STAFF_PASSWORD_RESET_SENT');
    expect(event).toMatchObject({ actingUsername: 'boss', affectedUsername: username, properties: { public: false, kind: 'RESET' } });
  });

  it('sends a member who has not chosen a password yet the set-password link again', async () => {
    const created = ZStaffMember.parse((await call('POST', '/api/staff', boss, newMember({ language: 'en-GB' }))).json());
    const res = await resetPassword(created.username);
    expect(res.statusCode).toBe(202);
    const mails = await db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, created.emailAddress!));
    expect(mails).toHaveLength(2);
    expect(mails.every((m) => m.textBody.includes(`${STAFF_SET_PASSWORD_TTL_HOURS} hours`))).toBe(true);
    const [event] = (await lastEvents(created.username)).filter((e) => e.properties.action === 'STAFF_PASSWORD_RESET_SENT');
    expect(event!.properties.kind).toBe('SET_PASSWORD');
  });

  it('refuses with 409 a member who may not use a password, one without e-mail, and says so in the abilities', async () => {
    const sso = await member('SUPPORT', { passwordLoginAllowed: false });
    const noMail = await member('SUPPORT', { emailAddress: null });
    const cases: [string, string][] = [
      [sso.username, MESSAGE_IDS.passwordLoginNotAllowed],
      [noMail.username, MESSAGE_IDS.staffNoEmail],
    ];
    const staff = await list();
    for (const [username, messageId] of cases) {
      const res = await resetPassword(username);
      expect(res.statusCode, username).toBe(409);
      expect(envelope(res).messageId).toBe(messageId);
      const listed: StaffMember | undefined = staff.find((m) => m.username === username);
      expect(listed?.abilities.resetPassword).toEqual({ allowed: false, reason: messageId });
    }
    expect(staff.find((m) => m.username === sso.username)?.passwordLoginAllowed).toBe(false);
  });
});
