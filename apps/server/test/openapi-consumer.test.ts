import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import openapiTS, { astToString } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBooking, createContract, createFleet, createPool, createStaff, createUser, createVehicle } from './support/factories.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

/**
 * The API as an outside team uses it (docs/decisions/0041-openapi-document.md): a typed client generated with
 * openapi-typescript from the document a running server publishes, the consumer (consumer/consumer.ts, on openapi-fetch)
 * typechecked against it with the project's TypeScript, then run against that server over HTTP.
 */

const execFileAsync = promisify(execFile);
const require = createRequire(import.meta.url);
const here = path.dirname(fileURLToPath(import.meta.url));
const consumerDir = path.join(here, 'consumer');
const repoRoot = path.resolve(here, '../../..');

const STAFF = { username: 'api.consumer', password: 'consumer-password-1' };
const CUSTOMER = 'konsument.kari';

let t: TestApp;
let baseUrl: string;
let bid: string;
let work: string;
let types: string;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  await createFleet(db, 'fjord');
  await createStaff(db, 'fjord', STAFF.username, STAFF.password);
  const customer = await createUser(db, 'fjord', { username: CUSTOMER, givenName: 'Kari', familyName: 'Konsumentsen' });
  const pool = await createPool(db, 'fjord');
  const vehicle = await createVehicle(db, 'fjord', { poolId: pool.id });
  const contract = await createContract(db, 'fjord');
  bid = (await createBooking(db, 'fjord', { userId: customer.id, contractId: contract.id, poolId: pool.id, vehicleId: vehicle.id })).bid;
  // A real port: the consumer is another process and talks HTTP.
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  work = mkdtempSync(path.join(tmpdir(), 'fleetdesk-consumer-'));
  // Types from the served document: openapi-typescript fetches it like any client would.
  types = astToString(await openapiTS(new URL('/api/openapi.json', baseUrl), { silent: true }));
  writeFileSync(path.join(work, 'api.d.ts'), types);
});

afterAll(async () => {
  await t.close();
  rmSync(work, { recursive: true, force: true });
});

/** Runs the project's TypeScript over one file with `fleetdesk-openapi` mapped to the generated types: '' or the errors. */
async function typecheck(file: string): Promise<string> {
  const tsconfig = path.join(work, `tsconfig.${path.basename(file, '.ts')}.json`);
  writeFileSync(
    tsconfig,
    JSON.stringify({
      extends: path.join(consumerDir, 'tsconfig.json'),
      compilerOptions: { paths: { 'fleetdesk-openapi': [path.join(work, 'api.d.ts')] } },
      files: [file],
    }),
  );
  return execFileAsync(process.execPath, [require.resolve('typescript/bin/tsc'), '-p', tsconfig], { cwd: repoRoot }).then(
    () => '',
    (error: { stdout?: string; message: string }) => error.stdout || error.message,
  );
}

describe('a client generated from /api/openapi.json', () => {
  it('typechecks, logs in with Basic, searches, reads a booking and gets a typed 404 envelope', async () => {
    expect(types).toContain('getBooking: {');
    expect(types).toContain('ErrorEnvelope: {');
    // The consumer typechecks against the generated types (strict, as the project's own code)…
    expect(await typecheck(path.join(consumerDir, 'consumer.ts'))).toBe('');

    // …and runs against the server.
    const run = await execFileAsync(
      process.execPath,
      ['--import', 'tsx', path.join(consumerDir, 'consumer.ts'), baseUrl, STAFF.username, STAFF.password, CUSTOMER],
      { cwd: repoRoot, timeout: 20_000 },
    );
    const out = JSON.parse(run.stdout.trim()) as {
      login: { username: string; role: string; expires: string };
      search: { users: string[]; bookings: string[] };
      booking: { bid: string; state: string; username: string | null };
      notFound: { status: number; httpCode: number; messageId: string; message: string };
    };
    expect(out.login).toMatchObject({ username: STAFF.username, role: 'SUPPORT' });
    expect(Date.parse(out.login.expires)).toBeGreaterThan(Date.now());
    expect(out.search).toEqual({ users: [CUSTOMER], bookings: [bid] });
    expect(out.booking).toEqual({ bid, state: 'INACTIVE', username: CUSTOMER });
    expect(out.notFound).toMatchObject({ status: 404, httpCode: 404, messageId: 'errorId.core.booking.notFound' });
  });

  it('fails to typecheck code that misuses the generated types', async () => {
    // The check can fail: the types are precise, not `any` (a wrong path parameter, a wrong field type).
    const wrong = path.join(work, 'wrong.ts');
    writeFileSync(
      wrong,
      [
        "import type { operations } from 'fleetdesk-openapi';",
        "type GetBooking = operations['getBooking'];",
        "declare const booking: GetBooking['responses'][200]['content']['application/json'];",
        "export const params: GetBooking['parameters']['path'] = { booking: 'BID1000000001' };",
        'export const state: number = booking.state;',
      ].join('\n'),
    );
    const result = await typecheck(wrong);
    expect(result).toMatch(/wrong\.ts\(4,\d+\): error TS2353/);
    expect(result).toMatch(/wrong\.ts\(5,\d+\): error TS2322/);
  });
});
