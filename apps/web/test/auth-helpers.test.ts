import { describe, expect, it } from 'vitest';
import { parseExpirationTime, sessionFromPostLogin } from '@/features/auth/post-login-session';
import { safeRedirect } from '@/features/auth/safe-redirect';

const ORIGIN = 'https://console.example';

describe('safeRedirect', () => {
  it('keeps same-origin relative paths with their query and hash', () => {
    expect(safeRedirect('/pools?city=Oslo&pool=Majorstuen', ORIGIN)).toBe('/pools?city=Oslo&pool=Majorstuen');
    expect(safeRedirect('/booking/BID0000000001#payment', ORIGIN)).toBe('/booking/BID0000000001#payment');
  });

  it('rejects other origins and tricks', () => {
    for (const target of ['https://evil.example/', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)', 'pools', '']) {
      expect(safeRedirect(target, ORIGIN), target).toBe('/');
    }
    expect(safeRedirect(undefined, ORIGIN)).toBe('/');
  });

  it('does not loop back to the open pages', () => {
    expect(safeRedirect('/login?redirect=/login', ORIGIN)).toBe('/');
    expect(safeRedirect('/postLogin?token=x', ORIGIN)).toBe('/');
  });
});

describe('postLogin hand-over', () => {
  const now = Date.parse('2025-03-01T08:00:00Z');

  it('reads ISO-8601, epoch seconds and epoch milliseconds', () => {
    expect(parseExpirationTime('2025-03-01T16:00:00Z')?.toISOString()).toBe('2025-03-01T16:00:00.000Z');
    expect(parseExpirationTime('1740844800')?.toISOString()).toBe('2025-03-01T16:00:00.000Z');
    expect(parseExpirationTime('1740844800000')?.toISOString()).toBe('2025-03-01T16:00:00.000Z');
    expect(parseExpirationTime('tomorrow')).toBeNull();
  });

  it('stores the token as the bearer token with its issuer and a user of just the user name', () => {
    expect(
      sessionFromPostLogin({ issuer: 'https://idp.example', token: 'jwt', username: 'anna', expirationTime: '2025-03-01T16:00:00Z' }, now),
    ).toEqual({
      token: null,
      bearerToken: 'jwt',
      bearerTokenIssuer: 'https://idp.example',
      expires: '2025-03-01T16:00:00.000Z',
      user: { username: 'anna' },
    });
  });

  it('refuses an incomplete or expired hand-over', () => {
    const complete = { issuer: 'i', token: 'jwt', username: 'anna', expirationTime: '2025-03-01T16:00:00Z' };
    expect(sessionFromPostLogin({ ...complete, token: undefined }, now)).toBeNull();
    expect(sessionFromPostLogin({ ...complete, username: undefined }, now)).toBeNull();
    expect(sessionFromPostLogin({ ...complete, expirationTime: '2025-03-01T07:59:59Z' }, now)).toBeNull();
  });
});
