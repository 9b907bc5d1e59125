import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync, constants as zlibConstants } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.ts';

// A small build as Vite writes it: hashed files under assets/, each text file with its .br and .gz beside it.
const INDEX_HTML = `<!doctype html><title>Fleetdesk SPA</title>${'<!-- padding -->'.repeat(64)}`;
const ENTRY_JS = `export const greeting = ${JSON.stringify('Hello from the entry chunk. '.repeat(80))};\n`;
const UNCOMPRESSED_JS = 'export const tiny = 1;\n';

let dist: string;
let t: TestApp;

/** The variants as written, to tell them from what the server would compress on the fly (other settings, other bytes). */
const variants = new Map<string, Buffer>();

function writeWithVariants(file: string, body: string) {
  writeFileSync(file, body);
  const br = brotliCompressSync(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } });
  const gz = gzipSync(body, { level: 9 });
  writeFileSync(`${file}.br`, br);
  writeFileSync(`${file}.gz`, gz);
  variants.set(`${path.basename(file)}.br`, br);
  variants.set(`${path.basename(file)}.gz`, gz);
}

beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'fleetdesk-static-'));
  mkdirSync(path.join(dist, 'assets'));
  writeWithVariants(path.join(dist, 'index.html'), INDEX_HTML);
  writeWithVariants(path.join(dist, 'assets', 'index-Ab12Cd34.js'), ENTRY_JS);
  writeFileSync(path.join(dist, 'assets', 'tiny-Ef56Gh78.js'), UNCOMPRESSED_JS);
  writeFileSync(path.join(dist, 'assets', 'roboto-latin-400-normal-Ij90Kl12.woff2'), Buffer.from([0x77, 0x4f, 0x46, 0x32, 0, 1, 2, 3]));
  t = await createTestApp({ WEB_DIST: dist });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) =>
  t.app.inject({ method: 'GET', url, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });

const varyOf = (headers: Record<string, unknown>) => String(headers.vary ?? '').toLowerCase();

describe('the built SPA: precompressed files', () => {
  it('sends the brotli file of a hashed asset to a client that accepts br, cached for good', async () => {
    const res = await get('/assets/index-Ab12Cd34.js', 'gzip, deflate, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(varyOf(res.headers)).toContain('accept-encoding');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.rawPayload.equals(variants.get('index-Ab12Cd34.js.br')!)).toBe(true);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(ENTRY_JS);
  });

  it('sends the gzip file to a client that accepts gzip only', async () => {
    const res = await get('/assets/index-Ab12Cd34.js', 'gzip');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(varyOf(res.headers)).toContain('accept-encoding');
    expect(res.rawPayload.equals(variants.get('index-Ab12Cd34.js.gz')!)).toBe(true);
    expect(gunzipSync(res.rawPayload).toString()).toBe(ENTRY_JS);
  });

  it('sends the file as it is to a client that accepts no encoding, still varying on Accept-Encoding', async () => {
    for (const accept of [undefined, 'identity']) {
      const res = await get('/assets/index-Ab12Cd34.js', accept);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(varyOf(res.headers)).toContain('accept-encoding');
      expect(res.body).toBe(ENTRY_JS);
      expect(res.headers['cache-control']).toContain('immutable');
    }
  });

  it('compresses a text file without variants as it goes, and sends fonts as they are', async () => {
    const tiny = await get('/assets/tiny-Ef56Gh78.js', 'br');
    expect(tiny.statusCode).toBe(200);
    expect(tiny.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(tiny.rawPayload).toString()).toBe(UNCOMPRESSED_JS);
    expect((await get('/assets/tiny-Ef56Gh78.js')).body).toBe(UNCOMPRESSED_JS);
    const font = await get('/assets/roboto-latin-400-normal-Ij90Kl12.woff2', 'br, gzip');
    expect(font.statusCode).toBe(200);
    expect(font.headers['content-encoding']).toBeUndefined();
    expect(font.headers['content-type']).toBe('font/woff2');
    expect(font.headers['cache-control']).toContain('immutable');
  });

  it('answers a missing asset (a chunk of an older build) with 404, not with the SPA', async () => {
    const res = await get('/assets/index-Old00000.js', 'br');
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('Fleetdesk SPA');
  });
});

describe('the built SPA: index.html', () => {
  it('is never cached and compressed for the client, also when a client route is answered with it', async () => {
    for (const url of ['/', '/login', '/support?search=Nordmann', '/booking/BID1000000001/payment', '/index.html']) {
      const res = await get(url, 'br, gzip');
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(varyOf(res.headers), url).toContain('accept-encoding');
      expect(res.rawPayload.equals(variants.get('index.html.br')!), url).toBe(true);
      expect(brotliDecompressSync(res.rawPayload).toString(), url).toBe(INDEX_HTML);
    }
    const plain = await get('/users/anna');
    expect(plain.headers['cache-control']).toBe('no-cache');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(INDEX_HTML);
  });
});

describe('the API: compressed on the fly', () => {
  it('compresses JSON over a kilobyte with brotli or gzip, as the client accepts', async () => {
    const br = await get('/api/openapi.json', 'gzip, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(varyOf(br.headers)).toContain('accept-encoding');
    expect(br.headers['cache-control']).toBe('no-store');
    const document = JSON.parse(brotliDecompressSync(br.rawPayload).toString()) as { openapi: string };
    expect(document.openapi).toMatch(/^3\./);

    const gzip = await get('/api/openapi.json', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(document);

    const plain = await get('/api/openapi.json');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json()).toEqual(document);
  });

  it('sends small answers and the probes as they are', async () => {
    const health = await get('/api/health', 'br, gzip');
    expect(health.statusCode).toBe(200);
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(health.json()).toEqual({ status: 'ok' });
    const notFound = await get('/api/nope', 'br, gzip');
    expect(notFound.statusCode).toBe(404);
    expect(notFound.headers['content-encoding']).toBeUndefined();
    expect(notFound.json()).toMatchObject({ httpCode: 404 });
  });

  it('does not inflate a compressed request body (the body limit would not see its real size)', async () => {
    const body = JSON.stringify({ username: 'nobody' });
    const plain = await t.app.inject({ method: 'POST', url: '/api/password-reset', headers: { 'content-type': 'application/json' }, payload: body });
    expect(plain.statusCode).toBe(202);
    const gzipped = await t.app.inject({
      method: 'POST',
      url: '/api/password-reset',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: gzipSync(body),
    });
    expect(gzipped.statusCode).toBe(400);
  });
});
