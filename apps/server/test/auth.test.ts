import { MESSAGE_IDS, MESSAGES, ZAuthResponse, ZErrorEnvelope } from '@fleetdesk/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events, loginAttempts, mailOutbox, sessions } from '../src/db/schema.ts';
import { identityProviders, userAuthMethods } from '../src/db/schema.ts';
import { hashToken } from '../src/modules/auth/service.ts';
import { createFleet, createStaff, createUser } from './support/factories.ts';
import { authToken, basic, createTestApp, login, type TestApp } from './support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  await createFleet(db, 'fjord', { name: 'Fjord Mobility' });
  await createFleet(db, 'malar', { name: 'Mälar Mobility', country: 'SE', currency: 'SEK', defaultLanguage: 'sv' });
  await createStaff(db, 'fjord', 'support', 'support-demo');
  await createStaff(db, 'fjord', 'admin', 'admin-demo', 'ADMIN');
  await createStaff(db, 'fjord', 'limited', 'limited-pass');
  await createStaff(db, 'malar', 'support.se', 'support-demo');
  await createUser(db, 'fjord', { username: 'demo.active', password: 'demo-customer', emailAddress: 'kari@example.test' });
  const sso = await createUser(db, 'fjord', {
    username: 'demo.sso',
    password: null,
    passwordLoginAllowed: false,
    emailAddress: 'ola@nordlys.example',
  });
  const [provider] = await db
    .insert(identityProviders)
    .values({
      fleetId: 'fjord',
      issuer: 'http://localhost:4010/oidc',
      clientId: 'fleetdesk',
      displayName: 'Nordlys SSO',
      emailDomains: ['nordlys.example'],
      preventPasswordLogin: true,
    })
    .returning();
  await db.insert(userAuthMethods).values({ userId: sso.id, providerId: provider!.id });
});
afterAll(() => t.close());

const post = (headers: Record<string, string>, url = '/api/auth') => t.app.inject({ method: 'POST', url, headers });

describe('POST /api/auth', () => {
  it('logs staff in with Basic credentials and returns token, ISO expiry and user', async () => {
    const res = await post({ authorization: basic('support', 'support-demo') });
    expect(res.statusCode).toBe(200);
    const body = ZAuthResponse.parse(res.json());
    expect(body.user).toMatchObject({ username: 'support', fleet: 'fjord', role: 'SUPPORT' });
    expect(Date.parse(body.expires)).toBeGreaterThan(Date.now());
    expect(Buffer.from(body.token, 'base64url').length).toBeGreaterThanOrEqual(16);
  });

  it('logs in a staff member whose record holds a language outside the four, in British English (never a 500)', async () => {
    await createUser(t.database.db, 'fjord', { username: 'support.fi', password: 'support-demo', role: 'SUPPORT', language: 'fi' });
    const res = await post({ authorization: basic('support.fi', 'support-demo') });
    expect(res.statusCode, res.body).toBe(200);
    expect(ZAuthResponse.parse(res.json()).user).toMatchObject({ username: 'support.fi', language: 'en-GB' });
  });

  it('matches the user name case-insensitively', async () => {
    const res = await post({ authorization: basic('SUPPORT', 'support-demo') });
    expect(res.statusCode).toBe(200);
  });

  it('stores only a hash of the token', async () => {
    const token = await login(t.app, 'admin', 'admin-demo');
    const rows = await t.database.db.select().from(sessions);
    expect(rows.some((r) => r.tokenHash === token)).toBe(false);
    expect(rows.some((r) => r.tokenHash === hashToken(token))).toBe(true);
  });

  it('answers 401 with the §8 envelope for a wrong password or an unknown user', async () => {
    for (const h of [basic('support', 'nope'), basic('nobody', 'whatever')]) {
      const res = await post({ authorization: h });
      expect(res.statusCode).toBe(401);
      const env = ZErrorEnvelope.parse(res.json());
      expect(env).toMatchObject({ httpCode: 401, messageId: MESSAGE_IDS.wrongCredentials, message: MESSAGES.wrongCredentials });
    }
  });

  it('refuses console sessions to customers with 403', async () => {
    const res = await post({ authorization: basic('demo.active', 'demo-customer') });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ httpCode: 403, messageId: MESSAGE_IDS.loginDenied });
  });

  it('answers 401 without credentials and for malformed Basic headers', async () => {
    for (const headers of [
      {} as Record<string, string>,
      { authorization: 'Basic !!!' },
      { authorization: `Basic ${Buffer.from('nocolon').toString('base64')}` },
    ]) {
      const res = await post(headers);
      expect(res.statusCode).toBe(401);
      expect(res.json().messageId).toBeTypeOf('string');
    }
  });

  it('refreshes with AUTH-TOKEN: a new token that works, and the login leaves an event', async () => {
    const token = await login(t.app, 'support', 'support-demo');
    const res = await post({ authorization: authToken(token) });
    expect(res.statusCode).toBe(200);
    const fresh = ZAuthResponse.parse(res.json());
    expect(fresh.token).not.toBe(token);
    const fleet = await t.app.inject({ method: 'GET', url: '/api/fleets/fjord', headers: { authorization: authToken(fresh.token) } });
    expect(fleet.statusCode).toBe(200);
    const logged = await t.database.db.select().from(events).where(eq(events.actingUsername, 'support'));
    expect(logged.some((e) => e.type === 'USER_ACTION' && e.properties.action === 'LOGIN')).toBe(true);
    expect(logged.some((e) => e.properties.action === 'SESSION_REFRESH')).toBe(true);
  });

  it('DELETE revokes the session', async () => {
    const token = await login(t.app, 'support', 'support-demo');
    const del = await t.app.inject({ method: 'DELETE', url: '/api/auth', headers: { authorization: authToken(token) } });
    expect(del.statusCode).toBe(204);
    const after = await t.app.inject({ method: 'GET', url: '/api/fleets/fjord', headers: { authorization: authToken(token) } });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({ httpCode: 401, messageId: MESSAGE_IDS.unauthorized });
  });

  it('rate-limits failed logins per account with 429, even for the right password afterwards', async () => {
    for (let i = 0; i < 5; i++) expect((await post({ authorization: basic('limited', 'wrong') })).statusCode).toBe(401);
    const res = await post({ authorization: basic('limited', 'limited-pass') });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ httpCode: 429, messageId: MESSAGE_IDS.tooManyAttempts });
    // Other accounts are not affected.
    expect((await post({ authorization: basic('admin', 'admin-demo') })).statusCode).toBe(200);
  });

  it('rate-limits failed logins per IP across accounts', async () => {
    const ip = '203.0.113.7';
    await t.database.db.insert(loginAttempts).values(Array.from({ length: 30 }, (_, i) => ({ username: `probe${i}`, ip, success: false })));
    const res = await t.app.inject({ method: 'POST', url: '/api/auth', remoteAddress: ip, headers: { authorization: basic('admin', 'admin-demo') } });
    expect(res.statusCode).toBe(429);
  });
});

describe('routes need a session', () => {
  it('answers 401 envelopes for missing, malformed and unknown tokens', async () => {
    for (const headers of [{}, { authorization: 'AUTH-TOKEN' }, { authorization: 'AUTH-TOKEN not-a-real-token' }, { authorization: 'Bearer x' }]) {
      const res = await t.app.inject({ method: 'GET', url: '/api/events?bid=BID0000000001', headers });
      expect(res.statusCode).toBe(401);
      expect(ZErrorEnvelope.parse(res.json()).httpCode).toBe(401);
    }
  });

  it('keeps the auth methods, password reset and config public', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/methods?username=support' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/api/password-reset', payload: { username: 'x' } })).statusCode).toBe(202);
    expect((await t.app.inject({ method: 'GET', url: '/api/config' })).statusCode).toBe(200);
  });

  it('gives the fleet map tile source in the client config: the default, a configured one, or none', async () => {
    const config = async (env: Record<string, string>) => {
      const app = await createTestApp(env);
      try {
        return (await app.app.inject({ method: 'GET', url: '/api/config' })).json() as {
          mapTileUrl: string | null;
          mapTileAttribution: string | null;
        };
      } finally {
        await app.close();
      }
    };
    expect((await t.app.inject({ method: 'GET', url: '/api/config' })).json()).toMatchObject({
      mapTileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
    });
    expect(await config({ MAP_TILE_URL: 'http://tiles.local/{z}/{x}/{y}.png', MAP_TILE_ATTRIBUTION: 'Local tiles' })).toMatchObject({
      mapTileUrl: 'http://tiles.local/{z}/{x}/{y}.png',
      mapTileAttribution: 'Local tiles',
    });
    expect(await config({ MAP_TILE_URL: 'none' })).toMatchObject({ mapTileUrl: null, mapTileAttribution: null });
  });

  it('answers unknown routes, bad JSON and invalid bodies with 4xx envelopes', async () => {
    const unknown = await t.app.inject({ method: 'GET', url: '/api/does-not-exist' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ httpCode: 404, messageId: MESSAGE_IDS.routeNotFound });
    const badJson = await t.app.inject({
      method: 'POST',
      url: '/api/password-reset',
      headers: { 'content-type': 'application/json' },
      payload: '{"username":',
    });
    expect(badJson.statusCode).toBe(400);
    expect(ZErrorEnvelope.parse(badJson.json()).httpCode).toBe(400);
    const invalid = await t.app.inject({ method: 'POST', url: '/api/password-reset', payload: { username: 42 } });
    expect(invalid.statusCode).toBe(400);
    const env = ZErrorEnvelope.parse(invalid.json());
    expect(env.messageId).toBe(MESSAGE_IDS.invalidInput);
    expect(env.errors[0]?.field).toBe('username');
  });
});

describe('user names with a NUL byte (PostgreSQL text cannot hold one)', () => {
  it('are refused by the input guard (400 naming the field, docs/decisions/0042) at the login, the methods and the reset; never a 500', async () => {
    const refused = { httpCode: 400, messageId: MESSAGE_IDS.invalidInput, errors: [{ field: 'username', message: MESSAGES.unsafeText }] };
    const login = await post({ authorization: basic('sup\u0000port', 'support-demo') });
    expect(login.statusCode).toBe(400);
    expect(login.json()).toMatchObject(refused);
    const methods = await t.app.inject({ method: 'GET', url: '/api/auth/methods?username=sup%00port' });
    expect(methods.statusCode).toBe(400);
    expect(methods.json()).toMatchObject(refused);
    const reset = await t.app.inject({ method: 'POST', url: '/api/password-reset', payload: { username: 'sup\u0000port' } });
    expect(reset.statusCode).toBe(400);
    expect(reset.json()).toMatchObject(refused);
  });
});

describe('GET /api/auth/methods', () => {
  it('lists nothing for unknown users and plain password users', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/methods?username=ghost' })).json()).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/methods?username=support' })).json()).toEqual([]);
  });

  it('lists the external method of a single-sign-on user with preventPasswordLogin', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/methods?username=demo.sso' });
    const methods = res.json() as Array<{ displayName: string; preventPasswordLogin: boolean; loginUrl: string }>;
    expect(methods).toHaveLength(1);
    expect(methods[0]).toMatchObject({ displayName: 'Nordlys SSO', preventPasswordLogin: true });
    expect(methods[0]!.loginUrl).toContain('/api/auth/sso/');
  });

  it('needs a username', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/methods?username=' });
    expect(res.statusCode).toBe(400);
  });
});

describe('password reset', () => {
  it('answers the same for unknown users and mails nothing', async () => {
    const before = await t.database.db.select().from(mailOutbox);
    const res = await t.app.inject({ method: 'POST', url: '/api/password-reset', payload: { username: 'ghost' } });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ message: MESSAGES.passwordResetRequested });
    expect(await t.database.db.select().from(mailOutbox)).toHaveLength(before.length);
  });

  it('mails a link whose token sets the password once, and ends old sessions', async () => {
    const db = t.database.db;
    await createStaff(db, 'fjord', 'forgetful', 'old-password-1');
    const old = await login(t.app, 'forgetful', 'old-password-1');
    const res = await t.app.inject({ method: 'POST', url: '/api/password-reset', payload: { username: 'forgetful' } });
    expect(res.statusCode).toBe(202);
    const mails = await db.select().from(mailOutbox);
    const mail = mails.at(-1)!;
    expect(mail.toAddress).toMatch(/@example\.test$/);
    const token = /reset-password\?token=([\w-]+)/.exec(mail.textBody)?.[1];
    expect(token).toBeTruthy();

    const tooShort = await t.app.inject({ method: 'POST', url: '/api/password-reset/confirm', payload: { token, password: 'short' } });
    expect(tooShort.statusCode).toBe(400);
    const ok = await t.app.inject({ method: 'POST', url: '/api/password-reset/confirm', payload: { token, password: 'a-brand-new-password' } });
    expect(ok.statusCode).toBe(204);
    expect((await post({ authorization: basic('forgetful', 'old-password-1') })).statusCode).toBe(401);
    expect((await post({ authorization: basic('forgetful', 'a-brand-new-password') })).statusCode).toBe(200);
    const oldSession = await t.app.inject({ method: 'GET', url: '/api/fleets/fjord', headers: { authorization: authToken(old) } });
    expect(oldSession.statusCode).toBe(401);
    const again = await t.app.inject({ method: 'POST', url: '/api/password-reset/confirm', payload: { token, password: 'another-new-password' } });
    expect(again.statusCode).toBe(400);
    expect(again.json().messageId).toBe(MESSAGE_IDS.passwordResetInvalid);
  });
});

describe('GET /api/fleets/{fleet}', () => {
  it("returns the session's fleet and 404 for another operator's", async () => {
    const token = await login(t.app, 'support', 'support-demo');
    const own = await t.app.inject({ method: 'GET', url: '/api/fleets/fjord', headers: { authorization: authToken(token) } });
    expect(own.json()).toMatchObject({ fleet: 'fjord', name: 'Fjord Mobility', currency: 'NOK', DefaultLanguage: 'nb' });
    const other = await t.app.inject({ method: 'GET', url: '/api/fleets/malar', headers: { authorization: authToken(token) } });
    expect(other.statusCode).toBe(404);
    expect(ZErrorEnvelope.parse(other.json()).httpCode).toBe(404);
  });
});
