import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ZAuthResponse, ZErrorEnvelope } from '@fleetdesk/contract';
import { and, eq } from 'drizzle-orm';
import { importJWK, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events, identityProviders, sessions, userAuthMethods, users } from '../src/db/schema.ts';
import { createOidcTestProvider, generateSigningKey, type OidcAccount, type OidcTestProvider } from '../src/integrations/oidc/oidc-test-provider.ts';
import { hashToken } from '../src/modules/auth/service.ts';
import { createFleet, createStaff, createUser, setSessionLastUsed } from './support/factories.ts';
import { authToken, createTestApp, login, type TestApp } from './support/test-app.ts';

/**
 * Single sign-on against a real OpenID Connect provider (oidc-provider) listening on a loopback port: the code
 * flow with PKCE driven over HTTP like a browser, the /postLogin hand-over, and the bearer scheme.
 */
const PUBLIC_URL = 'http://localhost:3998';
const CLIENT_ID = 'fleetdesk-test';
const ACCOUNTS: OidcAccount[] = [
  { login: 'siri', password: 'idp-pass-1', sub: 'sub-siri', email: 'Siri.Stotte@fjord.example', givenName: 'Siri', familyName: 'Støtte' },
  { login: 'kari', password: 'idp-pass-2', sub: 'sub-kari', email: 'kari@fjord.example', givenName: 'Kari', familyName: 'Kunde' },
  { login: 'arne', password: 'idp-pass-3', sub: 'ext-42', email: 'arne@elsewhere.example', givenName: 'Arne', familyName: 'Admin' },
  { login: 'nobody', password: 'idp-pass-4', sub: 'sub-nobody', email: 'nobody@fjord.example', givenName: 'No', familyName: 'Body' },
];

let t: TestApp;
let idp: OidcTestProvider;
let server: http.Server;
let issuer: string;
let providerId: number;

beforeAll(async () => {
  server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}/idp`;
  idp = await createOidcTestProvider({
    issuer,
    clients: [{ clientId: CLIENT_ID, redirectUris: [`${PUBLIC_URL}/api/auth/sso/callback`] }],
    accounts: ACCOUNTS,
  });
  server.on('request', idp.handle);

  t = await createTestApp({ PUBLIC_URL, DEMO_IDP: 'false' });
  const db = t.database.db;
  await createFleet(db, 'fjord', { name: 'Fjord Mobility' });
  await createFleet(db, 'malar', { name: 'Mälar Mobility', country: 'SE', currency: 'SEK', defaultLanguage: 'sv' });
  const support = await createStaff(db, 'fjord', 'support', 'support-demo');
  await db.update(users).set({ emailAddress: 'siri.stotte@fjord.example' }).where(eq(users.id, support.id));
  const admin = await createStaff(db, 'fjord', 'admin', 'admin-demo', 'ADMIN');
  await createUser(db, 'fjord', { username: 'kari.kunde', emailAddress: 'kari@fjord.example' });
  const [provider] = await db
    .insert(identityProviders)
    .values({ fleetId: 'fjord', issuer, clientId: CLIENT_ID, displayName: 'Test IdP', emailDomains: ['fjord.example'] })
    .returning();
  providerId = provider!.id;
  // Arne's IdP e-mail is outside the provider's domains: he is found by his linked subject.
  await db.insert(userAuthMethods).values({ userId: admin.id, providerId, externalSubject: 'ext-42' });
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => server.close(resolve));
});

/** A browser's cookie jar for the provider's origin (paths ignored: the provider tolerates extra cookies). */
class CookieJar {
  private cookies = new Map<string, string>();
  take(res: Response) {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const i = pair!.indexOf('=');
      const name = pair!.slice(0, i).trim();
      const value = pair!.slice(i + 1).trim();
      if (!value || /max-age=0|expires=Thu, 01 Jan 1970/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  header() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

async function idpRequest(jar: CookieJar, url: string, init: RequestInit = {}) {
  const res = await fetch(url, { ...init, redirect: 'manual', headers: { ...(init.headers as Record<string, string>), cookie: jar.header() } });
  jar.take(res);
  return res;
}

/** Follows the provider's redirects until one leaves it (to Fleetdesk's callback); returns that URL. */
async function followToCallback(jar: CookieJar, start: string): Promise<{ url: string; html?: string }> {
  let url = start;
  for (let i = 0; i < 10; i++) {
    if (url.startsWith(PUBLIC_URL)) return { url };
    const res = await idpRequest(jar, url);
    if (res.status === 200) return { url, html: await res.text() };
    const location = res.headers.get('location');
    if (!location) throw new Error(`provider answered ${res.status} at ${url}: ${await res.text()}`);
    url = new URL(location, url).href;
  }
  throw new Error('too many redirects');
}

/** The whole sign-in as a browser does it; returns the callback's answer (the redirect to /postLogin). */
async function signIn(login: string, password: string, opts: { username?: string; returnTo?: string; tamperState?: boolean } = {}) {
  const query = new URLSearchParams({ username: opts.username ?? login, ...(opts.returnTo ? { returnTo: opts.returnTo } : {}) });
  const start = await t.app.inject({ method: 'GET', url: `/api/auth/sso/${providerId}/login?${query}` });
  expect(start.statusCode).toBe(302);
  const authorizeUrl = new URL(start.headers.location as string);
  const flowCookie = String(start.headers['set-cookie']).split(';')[0]!;
  const jar = new CookieJar();
  const loginPage = await followToCallback(jar, authorizeUrl.href);
  expect(loginPage.html).toContain('name="password"');
  const action = new URL(loginPage.html!.match(/action="([^"]+)"/)![1]!, loginPage.url).href;
  const posted = await idpRequest(jar, action, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ login, password }).toString(),
  });
  if (posted.status !== 303) return { authorizeUrl, loginStatus: posted.status, callback: null };
  const back = await followToCallback(jar, new URL(posted.headers.get('location')!, action).href);
  let callbackUrl = new URL(back.url);
  if (opts.tamperState) callbackUrl.searchParams.set('state', 'forged-state');
  callbackUrl = new URL(callbackUrl.href);
  const callback = await t.app.inject({ method: 'GET', url: `${callbackUrl.pathname}${callbackUrl.search}`, headers: { cookie: flowCookie } });
  return { authorizeUrl, loginStatus: posted.status, callbackUrl, callback };
}

const postLoginParams = (location: string) => new URL(location, PUBLIC_URL).searchParams;
const bearer = (token: string, iss = issuer) => ({ authorization: `Bearer ${token}`, 'x-token-issuer': iss });

async function forge(
  claims: Record<string, unknown>,
  opts: { expiresIn?: string | number; key?: Parameters<typeof importJWK>[0]; kid?: string } = {},
) {
  const jwk = opts.key ?? idp.signingKey;
  const key = await importJWK(jwk, 'RS256');
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'RS256', kid: opts.kid ?? idp.signingKey.kid! })
    .setIssuer(issuer)
    .setAudience(CLIENT_ID)
    .setSubject('sub-siri')
    .setIssuedAt()
    .setExpirationTime(opts.expiresIn ?? '10m')
    .sign(key);
}

describe('single sign-on: authorization code with PKCE', () => {
  let token = '';

  it('redirects to the provider with PKCE S256, state, nonce and the registered redirect_uri', async () => {
    const start = await t.app.inject({ method: 'GET', url: `/api/auth/sso/${providerId}/login?username=support` });
    expect(start.statusCode).toBe(302);
    const url = new URL(start.headers.location as string);
    expect(`${url.origin}${url.pathname}`).toBe(`${issuer}/auth`);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: CLIENT_ID,
      response_type: 'code',
      code_challenge_method: 'S256',
      redirect_uri: `${PUBLIC_URL}/api/auth/sso/callback`,
      login_hint: 'support',
    });
    expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(url.searchParams.get('state')).toBeTruthy();
    expect(url.searchParams.get('nonce')).toBeTruthy();
    const cookie = String(start.headers['set-cookie']);
    expect(cookie).toMatch(/^fleetdesk_sso=[\w-]+\.\.[\w-]+\.[\w-]+\.[\w-]+;/);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('Path=/api/auth/sso');
    // The verifier is not readable in the cookie: it is encrypted.
    expect(cookie).not.toContain(url.searchParams.get('state')!);
  });

  it('signs a staff member in by e-mail domain and hands over to /postLogin', async () => {
    const { callback } = await signIn('siri', 'idp-pass-1', { username: 'support' });
    expect(callback!.statusCode).toBe(302);
    const location = callback!.headers.location as string;
    expect(location.startsWith('/postLogin?')).toBe(true);
    const params = postLoginParams(location);
    expect(params.get('issuer')).toBe(issuer);
    expect(params.get('username')).toBe('support');
    token = params.get('token')!;
    expect(token.split('.')).toHaveLength(3);
    const expires = Date.parse(params.get('expirationTime')!);
    expect(expires).toBeGreaterThan(Date.now() + 30 * 60_000);
    expect(String(callback!.headers['set-cookie'])).toContain('Max-Age=0');

    const [row] = await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(token)));
    expect(row?.expiresAt.getTime()).toBe(expires);
    const logins = await t.database.db
      .select()
      .from(events)
      .where(and(eq(events.affectedUsername, 'support'), eq(events.type, 'USER_ACTION')));
    expect(logins.some((e) => (e.properties as { action?: string }).action === 'LOGIN_SSO')).toBe(true);
  });

  it('lets API calls with the bearer ID token and X-Token-Issuer act as that staff member', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/fleets/fjord', headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Fjord Mobility' });
    // Another operator's data stays hidden: the session is fjord's.
    expect((await t.app.inject({ method: 'GET', url: '/api/fleets/malar', headers: bearer(token) })).statusCode).toBe(404);
  });

  it('refreshes a bearer session into a console session, then logout revokes it', async () => {
    const refreshed = await t.app.inject({ method: 'POST', url: '/api/auth', headers: bearer(token) });
    expect(refreshed.statusCode).toBe(200);
    const body = ZAuthResponse.parse(refreshed.json());
    expect(body.user).toMatchObject({ username: 'support', fleet: 'fjord', role: 'SUPPORT' });

    const { callback } = await signIn('siri', 'idp-pass-1');
    const second = postLoginParams(callback!.headers.location as string).get('token')!;
    expect((await t.app.inject({ method: 'DELETE', url: '/api/auth', headers: bearer(second) })).statusCode).toBe(204);
    const after = await t.app.inject({ method: 'GET', url: '/api/fleets/fjord', headers: bearer(second) });
    expect(after.statusCode).toBe(401);
    expect(ZErrorEnvelope.parse(after.json()).httpCode).toBe(401);
  });

  it('finds a user by the linked external subject and keeps a same-origin returnTo', async () => {
    const { callback } = await signIn('arne', 'idp-pass-3', { returnTo: '/users?search=x' });
    const params = postLoginParams(callback!.headers.location as string);
    expect(params.get('username')).toBe('admin');
    expect(params.get('redirect')).toBe('/users?search=x');
    const { callback: offsite } = await signIn('arne', 'idp-pass-3', { returnTo: '//evil.example/x' });
    expect(postLoginParams(offsite!.headers.location as string).has('redirect')).toBe(false);
  });

  it('refuses a customer (not staff) and an unknown person with an error on /postLogin', async () => {
    const customer = await signIn('kari', 'idp-pass-2');
    expect(customer.callback!.headers.location).toBe('/postLogin?error=notStaff');
    const unknown = await signIn('nobody', 'idp-pass-4');
    expect(unknown.callback!.headers.location).toBe('/postLogin?error=unknownUser');
  });

  it('refuses a callback whose state does not match, and one without the flow cookie', async () => {
    const forged = await signIn('siri', 'idp-pass-1', { tamperState: true });
    expect(forged.callback!.headers.location).toBe('/postLogin?error=failed');
    const noCookie = await t.app.inject({ method: 'GET', url: '/api/auth/sso/callback?code=abc&state=def' });
    expect(noCookie.statusCode).toBe(302);
    expect(noCookie.headers.location).toBe('/postLogin?error=expired');
  });

  it('keeps the provider login on wrong credentials and answers 404 for an unknown provider', async () => {
    const wrong = await signIn('siri', 'not-the-password');
    expect(wrong.loginStatus).toBe(401);
    expect(wrong.callback).toBeNull();
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/sso/999999/login' });
    expect(res.statusCode).toBe(404);
    expect(ZErrorEnvelope.parse(res.json()).httpCode).toBe(404);
  });
});

describe('single sign-on: bearer tokens that are refused', () => {
  const expect401 = async (headers: Record<string, string>) => {
    const res = await t.app.inject({ method: 'GET', url: '/api/fleets/fjord', headers });
    expect(res.statusCode).toBe(401);
    expect(ZErrorEnvelope.parse(res.json())).toMatchObject({ httpCode: 401 });
  };

  it('accepts a token signed with the issuer key for a staff member (control)', async () => {
    const good = await forge({ email: 'siri.stotte@fjord.example', email_verified: true });
    expect((await t.app.inject({ method: 'GET', url: '/api/fleets/fjord', headers: bearer(good) })).statusCode).toBe(200);
  });

  it('refuses a tampered token', async () => {
    const good = await forge({ email: 'siri.stotte@fjord.example' });
    const [h, p, s] = good.split('.');
    const claims = JSON.parse(Buffer.from(p!, 'base64url').toString()) as Record<string, unknown>;
    const tampered = `${h}.${Buffer.from(JSON.stringify({ ...claims, sub: 'ext-42' })).toString('base64url')}.${s}`;
    await expect401(bearer(tampered));
  });

  it('refuses an expired token', async () => {
    await expect401(bearer(await forge({ email: 'siri.stotte@fjord.example' }, { expiresIn: Math.floor(Date.now() / 1000) - 60 })));
  });

  it('refuses another issuer: unconfigured, or a key the configured issuer does not publish', async () => {
    const good = await forge({ email: 'siri.stotte@fjord.example' });
    await expect401(bearer(good, 'http://127.0.0.1:1/other'));
    await expect401({ authorization: `Bearer ${good}` });
    const otherKey = await generateSigningKey();
    await expect401(bearer(await forge({ email: 'siri.stotte@fjord.example' }, { key: otherKey, kid: otherKey.kid! })));
  });

  it('refuses another audience, a customer subject and a token living longer than a day', async () => {
    const key = await importJWK(idp.signingKey, 'RS256');
    const otherAudience = await new SignJWT({ email: 'siri.stotte@fjord.example' })
      .setProtectedHeader({ alg: 'RS256', kid: idp.signingKey.kid! })
      .setIssuer(issuer)
      .setAudience('someone-else')
      .setSubject('sub-siri')
      .setIssuedAt()
      .setExpirationTime('10m')
      .sign(key);
    await expect401(bearer(otherAudience));
    await expect401(bearer(await forge({ email: 'kari@fjord.example' })));
    await expect401(bearer(await forge({ email: 'siri.stotte@fjord.example' }, { expiresIn: '2d' })));
  });
});

describe('single sign-on: the idle rule and disabled staff (docs/decisions/0039-staff-accounts.md)', () => {
  const staffToken = () => forge({ email: 'siri.stotte@fjord.example', email_verified: true, jti: randomUUID() });
  const fleet = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: '/api/fleets/fjord', headers });

  it('sets the last login at the callback', async () => {
    const before = Date.now();
    const { callback } = await signIn('siri', 'idp-pass-1');
    expect(postLoginParams(callback!.headers.location as string).get('username')).toBe('support');
    const [support] = await t.database.db.select().from(users).where(eq(users.username, 'support'));
    expect(support!.lastLoginAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
  });

  it("ends a bearer token's session after the idle limit without use, and a background request does not extend it", async () => {
    const token = await staffToken();
    expect((await fleet(bearer(token))).statusCode).toBe(200);
    const idleSince = new Date(Date.now() - 59 * 60_000);
    await setSessionLastUsed(t.database.db, token, idleSince);
    expect((await fleet({ ...bearer(token), 'x-fleetdesk-background': '1' })).statusCode).toBe(200);
    const [row] = await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(token)));
    expect(row!.lastUsedAt.getTime()).toBe(idleSince.getTime());
    await setSessionLastUsed(t.database.db, token, new Date(Date.now() - 61 * 60_000));
    expect((await fleet(bearer(token))).statusCode).toBe(401);
  });

  it('refuses a disabled member: the bearer session ends, the callback answers accountDisabled, a new token is refused', async () => {
    const token = await staffToken();
    expect((await fleet(bearer(token))).statusCode).toBe(200);
    const admin = await login(t.app, 'admin', 'admin-demo');
    const patch = (disabled: boolean) =>
      t.app.inject({ method: 'PATCH', url: '/api/staff/support', headers: { authorization: authToken(admin) }, payload: { disabled } });
    expect((await patch(true)).statusCode).toBe(200);
    try {
      expect((await fleet(bearer(token))).statusCode).toBe(401);
      const { callback } = await signIn('siri', 'idp-pass-1');
      expect(callback!.headers.location).toBe('/postLogin?error=accountDisabled');
      expect((await fleet(bearer(await staffToken()))).statusCode).toBe(401);
      expect((await t.app.inject({ method: 'POST', url: '/api/auth', headers: bearer(await staffToken()) })).statusCode).toBe(401);
    } finally {
      expect((await patch(false)).statusCode).toBe(200);
    }
    // Enabled again: a new sign-in works; the token of before stays ended.
    expect((await fleet(bearer(await staffToken()))).statusCode).toBe(200);
    expect((await fleet(bearer(token))).statusCode).toBe(401);
  });
});
