import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SwaggerParser from '@apidevtools/swagger-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inlineScriptHashes } from '../src/http/openapi-reference-page.ts';
import { OPERATION_IDS, operationKey } from '../src/http/openapi-operations.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

/**
 * The published OpenAPI document (docs/decisions/0041-openapi-document.md) as public tools see it: swagger-parser
 * validates it, `redocly lint` (recommended rules) finds no error, and it describes the server as it is: one named
 * operation per route, the §8 envelope as one component, security that matches what the server lets through.
 */

interface Schema {
  $ref?: string;
  type?: string | string[];
  format?: string;
  properties?: Record<string, Schema>;
  items?: Schema;
}
interface Response {
  description?: string;
  content?: Record<string, { schema?: Schema }>;
}
interface Operation {
  operationId?: string;
  summary?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  parameters?: { in: string; name: string }[];
  requestBody?: { required?: boolean; content: Record<string, { schema?: Schema }> };
  responses: Record<string, Response>;
}
interface Document {
  openapi: string;
  info: { title: string; version: string; description?: string; license?: { name: string } };
  servers: { url: string }[];
  tags: { name: string; description?: string }[];
  security: Record<string, string[]>[];
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema>; securitySchemes: Record<string, { type: string; scheme?: string; name?: string }> };
}

const PUBLIC_URL = 'https://fleetdesk.test';
const ENVELOPE_REF = '#/components/schemas/ErrorEnvelope';
const METHODS = new Set(['get', 'put', 'post', 'delete', 'patch']);

/** POST/PUT/PATCH operations that take no body: Basic login, actions named by their path, query-parameter updates. */
const BODYLESS_OPERATIONS = [
  'login',
  'adjustBooking',
  'undoBookingExtension',
  'checkoutBooking',
  'sendBookingReceipt',
  'fixDamage',
  'acknowledgeAlarm',
  'retryPayment',
  'activateUser',
  'reactivateUser',
  'approveUser',
  'requestUserDeletion',
  'resendUserConfirmation',
  'sendUserPasswordReset',
  'initUserCache',
  'resetStaffPassword',
  'refreshCompanyCache',
].sort();

let t: TestApp;
let doc: Document;
let dir: string;
let file: string;
const operations: { path: string; method: string; op: Operation }[] = [];

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL });
  const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(res.statusCode).toBe(200);
  doc = res.json<Document>();
  // On disk, as the tools' command lines read it.
  dir = mkdtempSync(path.join(tmpdir(), 'fleetdesk-openapi-'));
  file = path.join(dir, 'openapi.json');
  writeFileSync(file, res.body);
  for (const [p, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) if (METHODS.has(method)) operations.push({ path: p, method, op });
  }
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

const isError = (status: string) => status === 'default' || /^[45]/.test(status);
const resolve = (schema: Schema | undefined): Schema | undefined =>
  schema?.$ref ? doc.components.schemas[schema.$ref.replace('#/components/schemas/', '')] : schema;

describe('public OpenAPI tools', () => {
  it('swagger-parser validates the document', async () => {
    await expect(SwaggerParser.validate(file)).resolves.toMatchObject({ openapi: '3.1.0' });
  });

  it('redocly lint (recommended rules) reports no error, and no warning but the spec paths it calls ambiguous', () => {
    const cli = path.join(path.dirname(createRequire(import.meta.url).resolve('@redocly/cli/package.json')), 'bin', 'cli.js');
    // In an empty directory, so no redocly.yaml applies: the built-in recommended rules. No telemetry, no update check.
    const run = spawnSync(process.execPath, [cli, 'lint', file, '--format=json', '--max-problems=1000'], {
      cwd: dir,
      encoding: 'utf8',
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' },
      timeout: 60_000,
    });
    const report = JSON.parse(run.stdout) as {
      totals: { errors: number; warnings: number };
      problems: { ruleId: string; severity: string; message: string }[];
    };
    const problems = report.problems.map((p) => `${p.severity} ${p.ruleId}: ${p.message}`);
    expect(report.totals.errors, problems.join('\n')).toBe(0);
    // §7 fixes both /api/damage/by-vin/{vin} and /api/damage/{id}/…: the only warnings (3).
    expect(
      report.problems.filter((p) => p.ruleId !== 'no-ambiguous-paths'),
      problems.join('\n'),
    ).toEqual([]);
    expect(report.totals.warnings).toBeLessThanOrEqual(3);
  });
});

describe('the document', () => {
  it('names the API, its licence and this server (PUBLIC_URL)', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info).toMatchObject({ title: 'Fleetdesk API', license: { name: 'Proprietary' } });
    expect(doc.info.description).toContain('ErrorEnvelope');
    expect(doc.servers).toEqual([expect.objectContaining({ url: PUBLIC_URL })]);
  });

  it('gives every operation its listed operationId, unique and URL-safe, and lists no operation that is gone', () => {
    const ids = operations.map(({ op }) => op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const { path: p, method, op } of operations) {
      expect(op.operationId, `${method} ${p}`).toBe(OPERATION_IDS[operationKey(method, p)]);
      expect(op.operationId).toMatch(/^[a-z][A-Za-z0-9]*$/);
    }
    expect(operations.map(({ path: p, method }) => operationKey(method, p)).sort()).toEqual(Object.keys(OPERATION_IDS).sort());
    expect(operations.length).toBeGreaterThan(120);
  });

  it('tags every operation with a described tag and gives it a summary', () => {
    const described = new Map(doc.tags.map((tag) => [tag.name, tag.description]));
    for (const { path: p, method, op } of operations) {
      expect(op.tags?.length, `${method} ${p}`).toBeGreaterThan(0);
      for (const tag of op.tags ?? []) expect(described.get(tag), `tag ${tag}`).toMatch(/\w/);
      expect(op.summary, `${method} ${p}`).toMatch(/\w/);
    }
  });

  it('describes every response, and every error response is the ErrorEnvelope component', () => {
    for (const { path: p, method, op } of operations) {
      const statuses = Object.keys(op.responses);
      expect(
        statuses.some((s) => /^[23]/.test(s)),
        `${method} ${p} answers no 2xx or 3xx`,
      ).toBe(true);
      expect(statuses, `${method} ${p}`).toContain('default');
      for (const [status, response] of Object.entries(op.responses)) {
        expect(response.description, `${method} ${p} ${status}`).toMatch(/\w/);
        expect(response.description).not.toBe('Default Response');
        if (isError(status)) expect(response.content, `${method} ${p} ${status}`).toEqual({ 'application/json': { schema: { $ref: ENVELOPE_REF } } });
      }
    }
    expect(doc.components.schemas.ErrorEnvelope).toMatchObject({ type: 'object', required: ['httpCode', 'messageId', 'message', 'errors'] });
  });

  it('defines the envelope once: no schema elsewhere repeats it inline', () => {
    const inline: string[] = [];
    const visit = (node: unknown, at: string) => {
      if (Array.isArray(node)) node.forEach((child, i) => visit(child, `${at}/${i}`));
      else if (typeof node === 'object' && node !== null) {
        const properties = (node as Schema).properties;
        if (properties && ['httpCode', 'messageId', 'message', 'errors'].every((key) => key in properties)) inline.push(at);
        for (const [key, child] of Object.entries(node)) visit(child, `${at}/${key}`);
      }
    };
    visit(doc, '#');
    expect(inline).toEqual(['#/components/schemas/ErrorEnvelope']);
  });

  it('publishes the recursive company tree as a component that refers to itself', async () => {
    expect(doc.components.schemas.CompanyNode?.properties?.children).toEqual({ type: 'array', items: { $ref: '#/components/schemas/CompanyNode' } });
    const tree = doc.paths['/api/companies']!.get!.responses['200']!.content!['application/json']!.schema;
    expect(tree).toEqual({ type: 'array', items: { $ref: '#/components/schemas/CompanyNode' } });
    // Named components from the contract (ZBooking → Booking) for the bodies and the answers.
    expect(doc.paths['/api/bookings/{bid}']!.get!.responses['200']!.content!['application/json']!.schema).toEqual({
      $ref: '#/components/schemas/Booking',
    });
    expect(doc.paths['/api/bookings']!.post!.requestBody!.content['application/json']!.schema).toEqual({
      $ref: '#/components/schemas/BookingCreateRequest',
    });
    expect(Object.keys(doc.components.schemas).filter((name) => name.endsWith('Input') && !(name.slice(0, -5) in doc.components.schemas))).toEqual(
      [],
    );
  });

  it('declares a request body for every POST, PUT and PATCH that takes one, optional where the body is', () => {
    const bodyless = operations
      .filter(({ method, op }) => method !== 'get' && method !== 'delete' && !op.requestBody)
      .map(({ op }) => op.operationId);
    expect(bodyless.sort()).toEqual(BODYLESS_OPERATIONS);
    const activate = doc.paths['/api/bookings/{bid}/activate-without-pin']!.post!.requestBody!;
    expect(activate.required).toBe(false);
    expect(doc.paths['/api/bookings']!.post!.requestBody!.required).toBe(true);
  });

  it('declares the uploads as multipart/form-data with their fields and binary files', () => {
    const form = (p: string) => {
      const body = doc.paths[p]!.post!.requestBody!;
      expect(Object.keys(body.content)).toEqual(['multipart/form-data']);
      return resolve(body.content['multipart/form-data']!.schema)!.properties!;
    };
    const damage = form('/api/damage/by-vin/{vin}');
    expect(damage.image).toMatchObject({ type: 'string', format: 'binary' });
    expect(Object.keys(damage).sort()).toEqual(['description_en', 'description_operator', 'image']);
    const batch = form('/api/users/createBatch');
    expect(batch.file).toMatchObject({ type: 'string', format: 'binary' });
    expect(batch.companyId).toMatchObject({ type: 'integer' });
    // Files the server sends are binary too, their errors still JSON.
    expect(doc.paths['/api/damage/{id}/image']!.get!.responses['200']!.content).toEqual({
      'image/jpeg': { schema: { type: 'string', format: 'binary' } },
    });
  });

  it('declares the session token, the single-sign-on bearer with its issuer, and Basic on POST /api/auth', () => {
    expect(doc.components.securitySchemes).toMatchObject({
      authToken: { type: 'apiKey', name: 'Authorization' },
      bearerToken: { type: 'http', scheme: 'bearer' },
      tokenIssuer: { type: 'apiKey', name: 'X-Token-Issuer' },
      basicAuth: { type: 'http', scheme: 'basic' },
    });
    expect(doc.security).toEqual([{ authToken: [] }, { bearerToken: [], tokenIssuer: [] }]);
    expect(doc.paths['/api/auth']!.post!.security).toEqual([{ basicAuth: [] }, { authToken: [] }, { bearerToken: [], tokenIssuer: [] }]);
  });

  it('marks public exactly the operations the server answers without a session', async () => {
    const publicIds: string[] = [];
    for (const { path: p, method, op } of operations) {
      const url = p.replace(/\{[^}]+\}/g, '1');
      const res = await t.app.inject({ method: method.toUpperCase() as 'GET', url });
      const isPublic = Array.isArray(op.security) && op.security.length === 0;
      if (isPublic) publicIds.push(op.operationId!);
      if (op.operationId === 'login')
        expect(res.statusCode).toBe(401); // public, but needs its Basic credentials
      else if (isPublic) expect(res.statusCode, `${method} ${p}`).not.toBe(401);
      else expect([res.statusCode, res.json<{ httpCode: number }>().httpCode], `${method} ${p}`).toEqual([401, 401]);
    }
    expect(publicIds.sort()).toEqual([
      'confirmPasswordReset',
      'finishSsoLogin',
      'getClientConfig',
      'getHealth',
      'getReadiness',
      'listAuthMethods',
      'requestPasswordReset',
      'startSsoLogin',
    ]);
  });
});

describe('GET /api/docs', () => {
  it('serves the API reference without a session, its script from this server, allowed by the page policy', async () => {
    const redirect = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect([redirect.statusCode, redirect.headers.location]).toEqual([301, '/api/docs/']);
    // As a browser asks for it (compression may apply to the page; its policy must still carry the hash).
    const page = await t.app.inject({ method: 'GET', url: '/api/docs/', headers: { 'accept-encoding': 'br, gzip' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<script src="js/scalar.js"></script>');
    expect(page.body).toContain('"url": "/api/openapi.json"');
    expect(page.body).not.toMatch(/<script[^>]+src="(https?:)?\/\//);
    const policy = String(page.headers['content-security-policy']);
    const scriptSrc = policy
      .split(';')
      .find((d) => d.startsWith('script-src '))!
      .split(' ')
      .slice(1);
    const hashes = inlineScriptHashes(page.body);
    expect(hashes).toHaveLength(1);
    expect(scriptSrc).toEqual(["'self'", `'sha256-${hashes[0]}'`]);
    expect(policy).toContain("default-src 'self'");

    const bundle = await t.app.inject({ method: 'GET', url: '/api/docs/js/scalar.js' });
    expect(bundle.statusCode).toBe(200);
    expect(bundle.headers['content-type']).toContain('javascript');
    expect(bundle.body.length).toBeGreaterThan(1_000_000);
    expect(bundle.body).toContain('createApiReference');
    expect(bundle.headers['cache-control']).toBe('public, max-age=86400');
  });

  it('leaves the console pages under the strict policy, without script hashes', async () => {
    const config = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(String(config.headers['content-security-policy'])).not.toContain('sha256-');
  });
});
