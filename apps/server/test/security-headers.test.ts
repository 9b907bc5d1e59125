import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentSecurityPolicyDirectives, tileSourceOf } from '../src/http/content-security-policy.ts';
import { STRICT_TRANSPORT_SECURITY } from '../src/http/server-setup.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

/** The CSP header as {directive: sources}. */
function policyOf(header: string | string[] | number | undefined): Record<string, string[]> {
  expect(typeof header).toBe('string');
  return Object.fromEntries(
    String(header)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .map(([name, ...sources]) => [name, sources]),
  );
}

describe('secure default headers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      MAP_TILE_URL: 'https://{s}.tiles.example.org/{z}/{x}/{y}.png',
      HELPDESK_WIDGET_URL: 'https://widget.helpdesk.example/loader.js?key=abc',
    });
  });
  afterAll(() => t.close());

  it('sends the strict Content-Security-Policy with the configured tile and widget origins', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(policyOf(res.headers['content-security-policy'])).toEqual({
      'default-src': ["'self'"],
      'script-src': ["'self'", 'https://widget.helpdesk.example'],
      'script-src-attr': ["'none'"],
      'style-src': ["'self'", "'unsafe-inline'"],
      'img-src': ["'self'", 'data:', 'blob:', 'https://*.tiles.example.org'],
      'connect-src': ["'self'", 'https://widget.helpdesk.example'],
      'font-src': ["'self'", 'data:'],
      'object-src': ["'none'"],
      'frame-ancestors': ["'none'"],
      'base-uri': ["'self'"],
      'form-action': ["'self'"],
    });
  });

  it("sends helmet's other headers, the console's framing and referrer choices, and no-store on /api", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers).toMatchObject({
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
      'referrer-policy': 'same-origin',
      'cross-origin-opener-policy': 'same-origin',
      'cache-control': 'no-store',
    });
    // Errors carry them too.
    const notFound = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(notFound.statusCode).toBe(404);
    expect(notFound.headers['x-content-type-options']).toBe('nosniff');
    expect(notFound.headers['content-security-policy']).toBe(res.headers['content-security-policy']);
  });

  it('sends no HSTS on plain http, and ignores X-Forwarded-Proto without TRUST_PROXY', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).headers['strict-transport-security']).toBeUndefined();
    const forwarded = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
    expect(forwarded.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('HSTS behind a trusted proxy', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: 'true' });
  });
  afterAll(() => t.close());

  it('is sent for a request that came over https, for a year with subdomains', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
    expect(res.headers['strict-transport-security']).toBe(STRICT_TRANSPORT_SECURITY);
    expect(STRICT_TRANSPORT_SECURITY).toBe('max-age=31536000; includeSubDomains');
  });

  it('is not sent for a request that came over plain http', async () => {
    for (const headers of [{}, { 'x-forwarded-proto': 'http' }]) {
      expect((await t.app.inject({ method: 'GET', url: '/api/health', headers })).headers['strict-transport-security']).toBeUndefined();
    }
  });
});

describe('the CSP sources from the configuration', () => {
  it('derives the tile origin from a Leaflet template', () => {
    expect(tileSourceOf('https://tile.openstreetmap.org/{z}/{x}/{y}.png')).toEqual(['https://tile.openstreetmap.org']);
    expect(tileSourceOf('https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png')).toEqual(['https://*.tile.openstreetmap.org']);
    expect(tileSourceOf('https://tiles-{s}.example.org:8443/{z}/{x}/{y}{r}.png')).toEqual(['https://*.example.org:8443']);
    expect(tileSourceOf('https://maps.{s}.example.org/{z}/{x}/{y}.png')).toEqual(['https:']);
    expect(tileSourceOf('/tiles/{z}/{x}/{y}.png')).toEqual([]);
    expect(tileSourceOf('none')).toEqual([]);
    expect(tileSourceOf('')).toEqual([]);
  });

  it('adds no outside origin when neither tiles nor a widget are configured', () => {
    const directives = contentSecurityPolicyDirectives({ MAP_TILE_URL: 'none', HELPDESK_WIDGET_URL: undefined });
    expect(directives['script-src']).toEqual(["'self'"]);
    expect(directives['connect-src']).toEqual(["'self'"]);
    expect(directives['img-src']).toEqual(["'self'", 'data:', 'blob:']);
  });
});
