import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fixedMessageKey, MESSAGE_IDS, MESSAGES, ZErrorEnvelope, type ErrorEnvelope } from '@fleetdesk/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import type { Database } from '../src/db/client.ts';
import type { App } from '../src/http/context.ts';
import { createLogger } from '../src/logger.ts';
import { createFleet, createPool, createStaff, createUser } from './support/factories.ts';
import { authToken, login, openTestDatabase } from './support/test-app.ts';

/**
 * The envelope on every error (issue 14 points 2 and 3; docs/decisions/0042-hardened-api.md): what Fastify and Node
 * answer on their own (bad percent-encoding, over-long parameters, bodies too large or of the wrong type, malformed
 * JSON, headers or query too large, requests Node cannot parse, unknown routes, wrong methods, clients that hang up)
 * is the §8 envelope with a catalogue id; and every route answers with or without a trailing slash. Errors that
 * Node's HTTP parser raises before Fastify runs need a real socket: the app listens on a free port here.
 */

const written: string[] = [];
const logLines = () =>
  written
    .flatMap((chunk) => chunk.split('\n'))
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as Record<string, unknown>);

let app: App;
let database: Database;
let dirs: string[] = [];
let port: number;
let token: string;
let poolId: number;
let username: string;

beforeAll(async () => {
  const storage = mkdtempSync(path.join(tmpdir(), 'fleetdesk-http-'));
  const web = mkdtempSync(path.join(tmpdir(), 'fleetdesk-http-web-'));
  dirs = [storage, web];
  mkdirSync(path.join(web, 'assets'));
  writeFileSync(path.join(web, 'index.html'), '<!doctype html><title>Fleetdesk SPA</title>');
  writeFileSync(path.join(web, 'assets', 'app-abc123.js'), 'console.log(1)');
  const config = loadConfig({ LOG_LEVEL: 'info', STORAGE_DIR: storage, WEB_DIST: web, SIMULATOR_TICK_SECONDS: '0' } as NodeJS.ProcessEnv);
  database = await openTestDatabase();
  app = await buildApp({
    config,
    db: database.db,
    serveWeb: true,
    logger: createLogger(config, { write: (line: string) => void written.push(line) }),
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as AddressInfo).port;
  await createFleet(database.db, 'http');
  await createStaff(database.db, 'http', 'http.support', 'a-long-staff-password');
  poolId = (await createPool(database.db, 'http')).id;
  username = (await createUser(database.db, 'http')).username;
  token = await login(app, 'http.support', 'a-long-staff-password');
});
afterAll(async () => {
  await app.close();
  await database.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});
beforeEach(() => {
  written.length = 0;
});

interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Sends `request` as it is on a new connection and reads the answer until the server closes it. */
function rawRequest(request: string | Buffer): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = net.connect(port, '127.0.0.1', () => socket.write(request));
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [head = '', ...rest] = text.split('\r\n\r\n');
      const [statusLine = '', ...headerLines] = head.split('\r\n');
      const headers = Object.fromEntries(
        headerLines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
      );
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body: rest.join('\r\n\r\n') });
    });
  });
}
const get = (target: string, headers: Record<string, string> = {}) =>
  rawRequest(
    `GET ${target} HTTP/1.1\r\nHost: localhost\r\n${Object.entries(headers)
      .map(([k, v]) => `${k}: ${v}\r\n`)
      .join('')}Connection: close\r\n\r\n`,
  );

/** The §8 envelope with `status` and `messageId`; fixed-text ids carry their catalogue text (the console translates it). */
function expectEnvelope(
  res: { status: number; body: string } | { statusCode: number; body: string },
  status: number,
  messageId: string,
): ErrorEnvelope {
  const code = 'status' in res ? res.status : res.statusCode;
  expect(code, res.body).toBe(status);
  const body = ZErrorEnvelope.parse(JSON.parse(res.body));
  expect(body).toMatchObject({ httpCode: status, messageId });
  const key = fixedMessageKey(messageId);
  if (key) expect(body.message).toBe(MESSAGES[key]);
  return body;
}
const errorLogs = () => logLines().filter((line) => typeof line.level === 'number' && line.level >= 50);

describe('errors of the request line (real socket)', () => {
  it('bad percent-encoding: 400 badUrl with the request id', async () => {
    for (const target of ['/api/bookings/%FF%FE', '/api/users/%', '/api/users/%E0%A4%A']) {
      const res = await get(target, { Authorization: authToken(token) });
      expectEnvelope(res, 400, MESSAGE_IDS.badUrl);
      expect(res.headers['x-request-id']).toMatch(/.+/);
      expect(res.headers['cache-control']).toBe('no-store');
    }
    expect(errorLogs()).toEqual([]);
  });

  it('path parameters up to the longest legal id are routed; far longer ones are a 404 envelope, not 414', async () => {
    // A 100-character user name of three-byte characters percent-encodes to 900 characters: routed, an unknown user.
    const long = encodeURIComponent('ø€'.repeat(50));
    expect(long.length).toBeGreaterThan(500);
    expectEnvelope(await get(`/api/users/${long}`, { Authorization: authToken(token) }), 404, MESSAGE_IDS.userNotFound);
    expectEnvelope(await get(`/api/users/${'a'.repeat(5000)}`, { Authorization: authToken(token) }), 404, MESSAGE_IDS.notFound);
  });

  it('headers or query too large: 431 envelope from the client-error handler, connection closed', async () => {
    const query = await get(`/api/users?query=${'a'.repeat(100_000)}`, { Authorization: authToken(token) });
    expectEnvelope(query, 431, MESSAGE_IDS.headersTooLarge);
    expect(query.headers.connection).toBe('close');
    expect(query.headers['content-type']).toMatch(/^application\/json/);
    expectEnvelope(await get('/api/health', { 'X-Large': 'x'.repeat(20_000) }), 431, MESSAGE_IDS.headersTooLarge);
  });

  it('requests Node cannot parse: 400 envelope', async () => {
    expectEnvelope(await rawRequest('HELLO\r\n\r\n'), 400, MESSAGE_IDS.malformedRequest);
    expectEnvelope(
      await rawRequest(Buffer.from('GET /api/health HTTP/1.1\r\nHost: x\r\nX-A: a\u0000b\r\n\r\n', 'latin1')),
      400,
      MESSAGE_IDS.malformedRequest,
    );
    const smuggled = await rawRequest('POST /api/auth HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n');
    expectEnvelope(smuggled, 400, MESSAGE_IDS.malformedRequest);
    expect(smuggled.headers.connection).toBe('close');
  });

  it('survives a client that hangs up mid-body: no error logged, the next request is served', async () => {
    await new Promise<void>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.write(
          `POST /api/price HTTP/1.1\r\nHost: x\r\nAuthorization: ${authToken(token)}\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"startTime":`,
        );
        setTimeout(() => socket.destroy(), 50);
      });
      socket.on('close', () => resolve());
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(errorLogs()).toEqual([]);
    expect((await get('/api/health')).status).toBe(200);
  });
});

describe('errors of the body', () => {
  const post = (payload: string, contentType = 'application/json') =>
    app.inject({ method: 'POST', url: '/api/price', headers: { authorization: authToken(token), 'content-type': contentType }, payload });

  it('malformed JSON 400, empty JSON body 400, unsupported media type 415, too large 413', async () => {
    expectEnvelope(await post('{"startTime":'), 400, MESSAGE_IDS.malformedJson);
    expectEnvelope(await post('{"__proto__":{"x":1}}'), 400, MESSAGE_IDS.malformedJson);
    expectEnvelope(await post(''), 400, MESSAGE_IDS.emptyJsonBody);
    expectEnvelope(await post('<price/>', 'application/xml'), 415, MESSAGE_IDS.unsupportedMediaType);
    expectEnvelope(await post(JSON.stringify({ note: 'x'.repeat(2 * 1024 * 1024) })), 413, MESSAGE_IDS.bodyTooLarge);
    expect(errorLogs()).toEqual([]);
  });

  it('too large on a real socket: 413 before the body is read', async () => {
    const res = await rawRequest(
      `POST /api/price HTTP/1.1\r\nHost: x\r\nAuthorization: ${authToken(token)}\r\nContent-Type: application/json\r\nContent-Length: 5000000\r\nConnection: close\r\n\r\n{`,
    );
    expectEnvelope(res, 413, MESSAGE_IDS.bodyTooLarge);
  });
});

describe('unknown routes and wrong methods', () => {
  it('unknown /api route: 404 routeNotFound', async () => {
    expectEnvelope(await app.inject({ method: 'GET', url: '/api/nope' }), 404, MESSAGE_IDS.routeNotFound);
    expectEnvelope(await app.inject({ method: 'POST', url: '/somewhere' }), 404, MESSAGE_IDS.routeNotFound);
  });

  it('a known path with another method: 405 with Allow, before authentication', async () => {
    const pools = await app.inject({ method: 'DELETE', url: '/api/pools' });
    expectEnvelope(pools, 405, MESSAGE_IDS.methodNotAllowed);
    expect(pools.headers.allow).toBe('GET, HEAD');
    const price = await app.inject({ method: 'GET', url: '/api/price', headers: { authorization: authToken(token) } });
    expectEnvelope(price, 405, MESSAGE_IDS.methodNotAllowed);
    expect(price.headers.allow).toBe('POST');
    const booking = await app.inject({ method: 'PATCH', url: '/api/bookings/BID1234567890/', headers: { authorization: authToken(token) } });
    expectEnvelope(booking, 405, MESSAGE_IDS.methodNotAllowed);
    expect(booking.headers.allow).toBe('GET, HEAD, PUT, DELETE');
    const real = await rawRequest('PUT /api/health?x=1 HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\nConnection: close\r\n\r\n');
    expectEnvelope(real, 405, MESSAGE_IDS.methodNotAllowed);
    expect(real.headers.allow).toBe('GET, HEAD');
  });
});

describe('trailing slashes', () => {
  const auth = () => ({ authorization: authToken(token) });

  it('a GET route answers with and without one (§7 writes GET /api/pools/{id}/bookings/)', async () => {
    for (const url of [`/api/pools/${poolId}/bookings`, `/api/pools/${poolId}/bookings/`, `/api/pools/${poolId}/bookings/?limit=5`]) {
      const res = await app.inject({ method: 'GET', url, headers: auth() });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    }
    const real = await get(`/api/pools/${poolId}/bookings/`, { Authorization: authToken(token) });
    expect(real.status, real.body).toBe(200);
  });

  it('a POST route answers with and without one', async () => {
    for (const suffix of ['', '/']) {
      const res = await app.inject({
        method: 'POST',
        url: `/api/users/${username}/block${suffix}`,
        headers: auth(),
        payload: { blockReason: 'ABUSE' },
      });
      expect(res.statusCode, res.body).toBe(200);
      const back = await app.inject({ method: 'POST', url: `/api/users/${username}/activate${suffix}`, headers: auth() });
      expect(back.statusCode, back.body).toBe(200);
    }
  });

  it('keeps the SPA fallback, the static files and the API reference', async () => {
    for (const url of ['/login', '/login/', '/companies/12/']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('Fleetdesk SPA');
    }
    expect((await app.inject({ method: 'GET', url: '/assets/app-abc123.js' })).body).toBe('console.log(1)');
    expect((await app.inject({ method: 'GET', url: '/api/openapi.json/' })).statusCode).toBe(200);
    const docs = await app.inject({ method: 'GET', url: '/api/docs/' });
    expect(docs.statusCode).toBe(200);
    expect(docs.headers['content-type']).toMatch(/^text\/html/);
    expectEnvelope(await app.inject({ method: 'GET', url: '/api/nope/' }), 404, MESSAGE_IDS.routeNotFound);
  });
});
