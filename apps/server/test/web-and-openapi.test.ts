import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MESSAGE_IDS } from '@fleetdesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  const dist = mkdtempSync(path.join(tmpdir(), 'fleetdesk-web-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Fleetdesk SPA</title>');
  writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
  t = await createTestApp({ WEB_DIST: dist });
});
afterAll(() => t.close());

describe('serving the SPA', () => {
  it('answers client routes with index.html and caches hashed assets for good', async () => {
    for (const url of ['/', '/support?search=x', '/booking/BID1000000001/payment', '/login']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('Fleetdesk SPA');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
  });

  it('keeps /api 404s as envelopes', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ httpCode: 404, messageId: MESSAGE_IDS.routeNotFound });
    const post = await t.app.inject({ method: 'POST', url: '/somewhere' });
    expect(post.statusCode).toBe(404);
  });
});

describe('GET /api/openapi.json', () => {
  it('publishes the API with its paths', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { openapi: string; paths: Record<string, unknown> };
    expect(doc.openapi).toMatch(/^3\./);
    for (const p of ['/api/auth', '/api/auth/methods', '/api/password-reset', '/api/fleets/{fleet}', '/api/events'])
      expect(doc.paths).toHaveProperty([p]);
  });

  it('declares both auth schemes: the session token and the single-sign-on bearer token with its issuer', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      components: { securitySchemes: Record<string, { type: string; scheme?: string; name?: string }> };
      security: Record<string, string[]>[];
    };
    expect(doc.components.securitySchemes.bearerToken).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.components.securitySchemes.tokenIssuer).toMatchObject({ type: 'apiKey', name: 'X-Token-Issuer' });
    expect(doc.security).toEqual([{ authToken: [] }, { bearerToken: [], tokenIssuer: [] }]);
  });
});
