import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { LIVE_STREAM_PATH, TIME_MAX_ISO, TIME_MIN_ISO, TIME_OUT_OF_RANGE_MESSAGE, ZErrorEnvelope } from '@fleetdesk/contract';
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import fc from 'fast-check';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client.ts';
import {
  alarms,
  damages,
  identityProviders,
  paymentEvents,
  payments,
  poolContracts,
  registeredCards,
  sessions,
  userContracts,
  vehicleCommands,
} from '../src/db/schema.ts';
import { OPERATION_IDS } from '../src/http/openapi-operations.ts';
import { hashToken, newToken } from '../src/modules/auth/service.ts';
import {
  createBooking,
  createCompany,
  createContract,
  createFleet,
  createPool,
  createStaff,
  createUser,
  createVehicle,
} from './support/factories.ts';
import { authToken, basic, createTestApp, type TestApp } from './support/test-app.ts';

/**
 * Property-based fuzzing of every operation the published OpenAPI document lists (issue 14 point 6;
 * docs/decisions/0042-hardened-api.md §6). Requests are built from the document itself: valid-ish ones from each
 * operation's parameters and body schema (ids of a small factory fixture, ours and another operator's, where a
 * parameter or field names one), and malformed ones: nasty path segments and query values (NUL, bad
 * percent-encoding, 100 kB, out-of-range numbers), nasty JSON values anywhere in a body, missing fields, raw bodies
 * (malformed JSON, an empty body, wrong content types), odd credentials. Every answer must hold the rules:
 * no 5xx; every 4xx is the §8 envelope; every 2xx is a status the document lists, its JSON body valid against the
 * schema the document declares for it (Ajv, JSON Schema 2020-12). fast-check runs with a fixed seed, so the same
 * requests go out on every run.
 */

const SEED = Number(process.env.FUZZ_SEED ?? 14_06);
/** Random requests per operation, after the fixed sweep of every malformed kind (7 to 30 more each). */
const RUNS_PER_OPERATION = Number(process.env.FUZZ_RUNS ?? 16);
const DOC_ID = 'https://fleetdesk.test/openapi.json';
const ADMIN = { username: 'fuzz.admin', password: 'fuzz-admin-password' };

// ---------- The document, as far as this test reads it ----------

type Json = fc.JsonValue;
interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  const?: Json;
  enum?: Json[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  format?: string;
  pattern?: string;
}
interface Parameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema?: JsonSchema;
}
interface MediaType {
  schema?: JsonSchema;
}
interface Operation {
  operationId: string;
  security?: Record<string, string[]>[];
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content: Record<string, MediaType> };
  responses: Record<string, { content?: Record<string, MediaType> }>;
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, JsonSchema> };
}

type Method = 'GET' | 'PUT' | 'POST' | 'DELETE' | 'PATCH';
const METHODS: readonly Method[] = ['GET', 'PUT', 'POST', 'DELETE', 'PATCH'];
interface Endpoint {
  key: string;
  method: Method;
  path: string;
  op: Operation;
}

// ---------- Fixture ids: what a parameter or field of that name is given ----------

type IdKind =
  | 'bid'
  | 'username'
  | 'vin'
  | 'poolId'
  | 'contractId'
  | 'companyId'
  | 'damageId'
  | 'modelId'
  | 'orderId'
  | 'alarmId'
  | 'commandId'
  | 'providerId'
  | 'fleet';
/** Per kind: the ids of our fleet's records, and others (another operator's, one that does not exist). */
type FixtureIds = Record<IdKind, { ours: Json[]; others: Json[] }>;

const ID_NAMES: Readonly<Record<string, IdKind>> = {
  bid: 'bid',
  excludeBid: 'bid',
  username: 'username',
  user: 'username',
  actor: 'username',
  usernames: 'username',
  vin: 'vin',
  poolId: 'poolId',
  fromPoolId: 'poolId',
  pool: 'poolId',
  movedTo: 'poolId',
  contractId: 'contractId',
  allowedContracts: 'contractId',
  companyId: 'companyId',
  modelId: 'modelId',
  orderId: 'orderId',
  alarmId: 'alarmId',
  commandId: 'commandId',
  providerId: 'providerId',
  fleet: 'fleet',
};

/** The fixture ids a parameter or field of this name takes (`id` by its path or parent: contract, company, damage). */
function idKindOf(path: string, name: string, parent: string): IdKind | undefined {
  if (name === 'id') {
    if (parent === 'company' || path.startsWith('/api/companies/')) return 'companyId';
    if (path.startsWith('/api/contracts/')) return 'contractId';
    if (path.startsWith('/api/damage/')) return 'damageId';
    return undefined;
  }
  return ID_NAMES[name];
}

// ---------- Malformed inputs ----------

const HUGE = 'x'.repeat(100_000);
/**
 * Path segments and query values, as they stand in the URL (percent-encoding included). No empty segment and no
 * `.`/`..`: those make another route answer (`GET /api/payments/` is the payment list), whose answer is not this one's.
 */
const NASTY_SEGMENTS: readonly string[] = [
  '%00',
  'x%00y',
  '%FF%FE',
  '%',
  'a%2',
  '%E0%A4%A',
  '%ED%A0%80',
  '%C0%80',
  '-99999999999',
  '1e308',
  '-1',
  '0',
  '1.5',
  '2147483648',
  '99999999999999999999',
  'NaN',
  'true',
  '%20',
  'null',
  '%5B%5D',
  '%7B%7D',
  '..%2F..%2Fetc%2Fpasswd',
  'x'.repeat(1025),
  HUGE,
  '%F0%9F%9A%97',
  'a,b',
  '__proto__',
  'constructor',
];
/** JSON values put anywhere in a body (JSON.stringify writes '\ud800' as the escape \ud800). */
const NASTY_JSON: readonly Json[] = [
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udc00',
  '\udc00\ud800',
  HUGE,
  '',
  ' ',
  -99999999999,
  1e308,
  -1e308,
  1.5,
  -0.5,
  -1,
  0,
  2147483648,
  Number.MAX_SAFE_INTEGER,
  [],
  {},
  [{}],
  [[]],
  null,
  true,
  false,
  'null',
  '1',
  '2024-02-30T25:61:00Z',
  '%00',
  '%FF%FE',
  JSON.parse('{"__proto__":{"polluted":1}}') as Json,
  { constructor: { prototype: { polluted: 1 } } },
  [HUGE, HUGE, HUGE],
];
/** Raw JSON text put in place of a value: what JSON.stringify cannot write. */
const NASTY_RAW: readonly string[] = [
  '1e999',
  '-0',
  '9007199254740993',
  '123456789012345678901234567890',
  '0.0000000000000000000000001',
  '"\\u0000"',
  '"\\ud800\\ud800"',
  '"\\udfff"',
  `${'['.repeat(3000)}${']'.repeat(3000)}`,
  `${'{"a":'.repeat(2000)}1${'}'.repeat(2000)}`,
  'NaN',
  'Infinity',
  'undefined',
  "'single'",
  '"unterminated',
  '{"a":1,}',
  '01',
];
const RAW_SENTINEL = '@@fuzz-raw-value@@';
/** Whole bodies of the wrong kind: malformed JSON, no body, other content types. */
const RAW_BODIES: readonly { what: string; type?: string; payload: string | Buffer }[] = [
  { what: 'malformed JSON', type: 'application/json', payload: '{' },
  { what: 'malformed JSON', type: 'application/json', payload: '{"a":' },
  { what: 'malformed JSON', type: 'application/json', payload: '[1,]' },
  { what: 'malformed JSON', type: 'application/json', payload: 'nul' },
  { what: 'malformed JSON', type: 'application/json', payload: '{"a":1}{"b":2}' },
  { what: 'malformed JSON', type: 'application/json', payload: '\u0000' },
  { what: 'invalid UTF-8 in JSON', type: 'application/json', payload: Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]) },
  { what: 'prototype poisoning', type: 'application/json', payload: '{"__proto__":{"polluted":true}}' },
  { what: 'prototype poisoning', type: 'application/json', payload: '{"constructor":{"prototype":{"polluted":true}}}' },
  { what: 'empty JSON body', type: 'application/json', payload: '' },
  { what: 'blank JSON body', type: 'application/json', payload: '   ' },
  { what: 'JSON null', type: 'application/json', payload: 'null' },
  { what: 'JSON string', type: 'application/json', payload: '"text"' },
  { what: 'JSON number', type: 'application/json', payload: '-99999999999' },
  { what: 'JSON array', type: 'application/json', payload: '[]' },
  { what: 'odd charset', type: 'application/json; charset=latin1', payload: '{}' },
  { what: 'text/plain', type: 'text/plain', payload: '{"a":1}' },
  { what: 'text/plain with NUL', type: 'text/plain', payload: 'a\u0000b' },
  { what: 'application/xml', type: 'application/xml', payload: '<?xml version="1.0"?><a>1</a>' },
  { what: 'form-urlencoded', type: 'application/x-www-form-urlencoded', payload: 'a=1&b=%00' },
  { what: 'octet-stream', type: 'application/octet-stream', payload: Buffer.from([0, 1, 2, 255]) },
  { what: 'multipart without boundary', type: 'multipart/form-data', payload: 'a' },
  {
    what: 'multipart, truncated',
    type: 'multipart/form-data; boundary=fuzz',
    payload: '--fuzz\r\nContent-Disposition: form-data; name="a"\r\n\r\nb',
  },
  { what: 'body without content type', payload: '{"a":1}' },
  { what: 'JSON over 1 MB', type: 'application/json', payload: `{"a":"${'x'.repeat(1_100_000)}"}` },
  { what: 'odd content type', type: 'fuzz/!!', payload: '{}' },
];

// ---------- Requests ----------

type Auth = { kind: 'session' } | { kind: 'none' } | { kind: 'header'; value: string; issuer?: string };
interface FormField {
  name: string;
  value: string;
}
interface FormFile {
  name: string;
  filename: string;
  type: string;
  data: Buffer;
}
type FormPart = FormField | FormFile;
type Body = { kind: 'none' } | { kind: 'json'; value: Json } | { kind: 'form'; parts: FormPart[] };
/** A valid-ish request: path parameters and query pairs already percent-encoded. */
interface Parts {
  params: Record<string, string>;
  query: [string, string][];
  body: Body;
  auth: Auth;
}
interface FuzzRequest {
  what: string;
  method: Method;
  url: string;
  auth: Auth;
  headers: Record<string, string>;
  payload?: string | Buffer;
}

const clip = (text: string, n = 300) => (text.length > n ? `${text.slice(0, n)}… (${text.length} chars)` : text);
const describeRequest = (r: FuzzRequest) =>
  `[${r.what}] ${r.method} ${clip(r.url)} auth=${r.auth.kind === 'header' ? clip(r.auth.value, 60) : r.auth.kind} ${JSON.stringify(r.headers)}` +
  (r.payload === undefined ? '' : ` body=${JSON.stringify(clip(r.payload.toString('latin1'), 300))}`);

const BOUNDARY = 'fuzzBoundary7MA4YWxkTrZu0gW';
function multipart(parts: FormPart[]): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition =
      'filename' in part
        ? `Content-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.type}`
        : `Content-Disposition: form-data; name="${part.name}"`;
    chunks.push(
      Buffer.from(`--${BOUNDARY}\r\n${disposition}\r\n\r\n`, 'utf8'),
      'filename' in part ? part.data : Buffer.from(part.value, 'utf8'),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(chunks);
}

function toRequest(e: Endpoint, parts: Parts, what: string, rawBody?: { type?: string; payload: string | Buffer }): FuzzRequest {
  const path = e.path.replace(/\{(\w+)\}/g, (_, name: string) => parts.params[name] ?? '');
  const query = parts.query.map(([k, v]) => `${k}=${v}`).join('&');
  const request: FuzzRequest = { what, method: e.method, url: query ? `${path}?${query}` : path, auth: parts.auth, headers: {} };
  if (rawBody) {
    if (rawBody.type) request.headers['content-type'] = rawBody.type;
    request.payload = rawBody.payload;
  } else if (parts.body.kind === 'json') {
    request.headers['content-type'] = 'application/json';
    request.payload = JSON.stringify(parts.body.value);
  } else if (parts.body.kind === 'form') {
    request.headers['content-type'] = `multipart/form-data; boundary=${BOUNDARY}`;
    request.payload = multipart(parts.body.parts);
  }
  // fast-check prints a counterexample with this, not with its 100 kB strings.
  Object.defineProperty(request, fc.toStringMethod, { value: () => describeRequest(request), enumerable: false });
  return request;
}

/** Every path into a JSON value (the root is []), for putting a nasty value there or dropping a field. */
function pathsOf(value: Json, at: (string | number)[] = [], out: (string | number)[][] = []): (string | number)[][] {
  out.push(at);
  if (Array.isArray(value)) value.forEach((v, i) => pathsOf(v, [...at, i], out));
  else if (value !== null && typeof value === 'object') for (const [k, v] of Object.entries(value)) if (v !== undefined) pathsOf(v, [...at, k], out);
  return out;
}
function replaceAt(value: Json, at: (string | number)[], by: Json): Json {
  const [head, ...rest] = at;
  if (head === undefined) return by;
  if (Array.isArray(value) && typeof head === 'number') return value.map((v, i) => (i === head ? replaceAt(v, rest, by) : v));
  if (value !== null && typeof value === 'object' && !Array.isArray(value) && typeof head === 'string') {
    const copy: Record<string, Json> = {};
    for (const [k, v] of Object.entries(value)) if (v !== undefined) copy[k] = k === head ? replaceAt(v, rest, by) : v;
    return copy;
  }
  return value;
}
function dropAt(value: Json, at: (string | number)[]): Json {
  const last = at[at.length - 1];
  const parentPath = at.slice(0, -1);
  let parent: Json = value;
  for (const step of parentPath) parent = (parent as Record<string | number, Json>)[step] ?? null;
  if (parent === null || typeof parent !== 'object') return value;
  const without: Json = Array.isArray(parent)
    ? parent.filter((_, i) => i !== last)
    : (Object.fromEntries(Object.entries(parent).filter(([k, v]) => k !== last && v !== undefined)) as Json);
  return replaceAt(value, parentPath, without);
}

// ---------- The test server, the fixture, the validators ----------

let t: TestApp;
let db: Db;
let doc: Document;
let ajv: Ajv2020;
let ids: FixtureIds;
let png: Buffer;
let adminUserId = 0;
/** The admin's session token for the operation under test (each operation gets its own: logout revokes one). */
let token = '';
const endpoints = new Map<string, Endpoint>();
const exercised = new Map<string, { requests: number; statuses: Set<number> }>();
const validators = new Map<string, ValidateFunction>();

/** A session for the admin, as a login would leave it (no password hashing, no rate limit: just the row). */
async function newSession(): Promise<string> {
  const value = newToken();
  await db
    .insert(sessions)
    .values({ tokenHash: hashToken(value), userId: adminUserId, fleetId: 'fuzz', expiresAt: new Date(Date.now() + 86_400_000) });
  return value;
}

async function buildFixture(): Promise<FixtureIds> {
  const hour = 3_600_000;
  const now = Date.now();
  await createFleet(db, 'fuzz');
  await createFleet(db, 'rival', { country: 'SE', currency: 'SEK', defaultLanguage: 'sv', timeZone: 'Europe/Stockholm' });
  adminUserId = (await createStaff(db, 'fuzz', ADMIN.username, ADMIN.password, 'ADMIN')).id;
  const support = await createStaff(db, 'fuzz', 'fuzz.support', 'fuzz-support-password', 'SUPPORT');
  const rivalStaff = await createStaff(db, 'rival', 'rival.admin', 'rival-admin-password', 'ADMIN');

  const own = async (fleet: 'fuzz' | 'rival') => {
    const company = await createCompany(db, fleet);
    const division = await createCompany(db, fleet, { parentId: company.id, type: 'RESIDENTIAL', requiresMembershipConfirmation: true });
    const customer = await createUser(db, fleet, { companyId: company.id, identityNumber: '01017012345', identityCountry: 'NO' });
    const pending = await createUser(db, fleet, { status: 'AWAITING_APPROVAL', companyId: division.id });
    const blocked = await createUser(db, fleet, { status: 'BLOCKED', blockReason: 'ABUSE', blockedAt: new Date(now - hour) });
    const pool = await createPool(db, fleet);
    const otherPool = await createPool(db, fleet, { city: 'Bergen' });
    const vehicle = await createVehicle(db, fleet);
    const busy = await createVehicle(db, fleet);
    const contract = await createContract(db, fleet, {
      priceList: [
        { name: 'VAT', cost: 0.25 },
        { name: 'PER_HOUR', cost: 89 },
      ],
    });
    await db.insert(userContracts).values({ userId: customer.id, contractId: contract.id });
    await db.insert(poolContracts).values([
      { poolId: pool.id, contractId: contract.id },
      { poolId: otherPool.id, contractId: contract.id },
    ]);
    await db
      .insert(registeredCards)
      .values({ fleetId: fleet, userId: customer.id, cardTypeAndMaskedNumber: 'VISA **** 4242', expires: '2099-12', providerToken: 'tok_ok' });
    const refs = { userId: customer.id, contractId: contract.id, poolId: pool.id };
    const upcoming = await createBooking(db, fleet, { ...refs, vehicleId: vehicle.id });
    const active = await createBooking(
      db,
      fleet,
      { ...refs, vehicleId: busy.id },
      {
        state: 'ACTIVE',
        startTime: new Date(now - hour),
        endTime: new Date(now + hour),
        usageStart: new Date(now - hour),
      },
    );
    const finished = await createBooking(
      db,
      fleet,
      { ...refs, vehicleId: vehicle.id },
      {
        state: 'FINISHED',
        startTime: new Date(now - 50 * hour),
        endTime: new Date(now - 48 * hour),
        usageStart: new Date(now - 50 * hour),
        usageEnd: new Date(now - 48 * hour),
        distance: 42,
      },
    );
    const orders: string[] = [];
    for (const [i, { type, status, bookingId }] of [
      { type: 'CREDITCARD' as const, status: 'UNPAID' as const, bookingId: finished.id },
      { type: 'USER_INVOICE' as const, status: 'UNPAID' as const, bookingId: finished.id },
      { type: 'CREDITCARD' as const, status: 'NEEDS_AUTHORIZATION' as const, bookingId: upcoming.id },
    ].entries()) {
      const orderId = `BOK${fleet === 'fuzz' ? 1 : 2}${String(i).padStart(7, '0')}`;
      const [payment] = await db
        .insert(payments)
        .values({
          orderId,
          fleetId: fleet,
          bookingId,
          userId: customer.id,
          type,
          status,
          target: 'BOOKING',
          totalPriceWithoutVat: 160,
          totalVat: 40,
          totalPrice: 200,
          currency: fleet === 'fuzz' ? 'NOK' : 'SEK',
          paymentProvider: type === 'CREDITCARD' ? 'sandbox' : 'invoice',
        })
        .returning();
      await db.insert(paymentEvents).values({
        paymentId: payment!.id,
        itemName: 'PER_HOUR',
        itemType: 'PER_HOUR',
        itemDisplayText: 'Per hour',
        unitAmount: 2,
        unitCost: 80,
        priceWithoutVat: 160,
        vat: 40,
        totalPrice: 200,
      });
      orders.push(orderId);
    }
    const [alarm] = await db
      .insert(alarms)
      .values({ fleetId: fleet, name: 'EXTERNAL_BATTERY', state: 'TRIGGERED', vehicleId: vehicle.id, primaryObject: vehicle.vin })
      .returning();
    const [command] = await db
      .insert(vehicleCommands)
      .values({ fleetId: fleet, vehicleId: vehicle.id, command: 'LOCK', state: 'SUCCEEDED', requestedBy: 'fuzz' })
      .returning();
    // Connection refused at once: the single sign-on start answers its "unavailable" redirect, without the internet.
    const [provider] = await db
      .insert(identityProviders)
      .values({ fleetId: fleet, issuer: `http://127.0.0.1:9/${fleet}`, clientId: fleet, displayName: `${fleet} IdP` })
      .returning();
    return {
      bids: [upcoming.bid, active.bid, finished.bid],
      usernames: [customer.username, pending.username, blocked.username],
      vins: [vehicle.vin, busy.vin],
      pools: [pool.id, otherPool.id],
      contracts: [contract.id],
      companies: [company.id, division.id],
      models: [vehicle.modelId],
      orders,
      alarms: [alarm!.id],
      commands: [command!.id],
      providers: [provider!.id],
      vehicle,
    };
  };
  const ours = await own('fuzz');
  const theirs = await own('rival');

  // A damage with its photo, reported through the API; the other operator's straight into its table.
  token = await newSession();
  const form = multipart([
    { name: 'description_operator', value: 'Bulk i dør' },
    { name: 'description_en', value: 'Dent in door' },
    { name: 'image', filename: 'dent.png', type: 'image/png', data: png },
  ]);
  const reported = await t.app.inject({
    method: 'POST',
    url: `/api/damage/by-vin/${ours.vins[0]}`,
    payload: form,
    headers: { authorization: authToken(token), 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
  });
  if (reported.statusCode !== 201) throw new Error(`fixture damage: ${reported.statusCode} ${reported.body}`);
  const damageId = (reported.json() as { id: number }).id;
  const [rivalDamage] = await db
    .insert(damages)
    .values({ fleetId: 'rival', vehicleId: theirs.vehicle.id, descriptions: { sv: 'Buckla', en: 'Dent' } })
    .returning();

  return {
    bid: { ours: ours.bids, others: [theirs.bids[0]!, 'BID0000000000'] },
    username: { ours: [...ours.usernames, support.username], others: [theirs.usernames[0]!, rivalStaff.username, 'nobody.here'] },
    vin: { ours: ours.vins, others: [theirs.vins[0]!, 'NOSUCHVIN00000000'] },
    poolId: { ours: ours.pools, others: [theirs.pools[0]!, 999_999] },
    contractId: { ours: ours.contracts, others: [theirs.contracts[0]!, 999_999] },
    companyId: { ours: ours.companies, others: [theirs.companies[0]!, 999_999] },
    damageId: { ours: [damageId], others: [rivalDamage!.id, 999_999] },
    modelId: { ours: ours.models, others: [theirs.models[0]!, 999_999] },
    orderId: { ours: ours.orders, others: [theirs.orders[0]!, 'BOK9999999999'] },
    alarmId: { ours: ours.alarms, others: [theirs.alarms[0]!, 999_999] },
    commandId: { ours: ours.commands, others: [theirs.commands[0]!, 999_999] },
    providerId: { ours: ours.providers, others: [theirs.providers[0]!, 999_999] },
    fleet: { ours: ['fuzz'], others: ['rival', 'nofleet'] },
  };
}

beforeAll(async () => {
  t = await createTestApp();
  db = t.database.db;
  png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#c33' } })
    .png()
    .toBuffer();
  const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
  if (res.statusCode !== 200) throw new Error(`GET /api/openapi.json: ${res.statusCode}`);
  doc = res.json<Document>();
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [m, op] of Object.entries(item)) {
      const method = m.toUpperCase() as Method;
      if (METHODS.includes(method)) endpoints.set(`${method} ${path}`, { key: `${method} ${path}`, method, path, op });
    }
  }
  // The whole document is one schema: the responses' `#/components/schemas/…` refs (CompanyNode's to itself too)
  // resolve inside it, and each response schema is compiled by its JSON pointer.
  ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addFormat('binary', true);
  ajv.addSchema({ ...res.json<Record<string, unknown>>(), $id: DOC_ID });
  ids = await buildFixture();
}, 120_000);
afterAll(async () => {
  await t?.close();
});

// ---------- Arbitraries from the document's schemas ----------

const resolveRef = (schema: JsonSchema): JsonSchema => {
  let s = schema;
  for (let i = 0; s.$ref && i < 10; i++) {
    const target: JsonSchema | undefined = doc.components.schemas[s.$ref.replace('#/components/schemas/', '')];
    if (!target) throw new Error(`unresolved ${s.$ref}`);
    s = target;
  }
  return s;
};

/**
 * Times: mostly in one week of 2030 (a start before an end, in the future, often), some anywhere in 2020–2035, and
 * the edges the documented pattern still allows (year 0000, 9999, offsets, nanoseconds).
 */
const EDGE_TIMES = [
  '0000-01-01T00:00:00Z',
  '0001-01-01T00:00:00Z',
  '1899-12-31T23:59:59.999Z',
  '1900-01-01T00:00:00Z',
  '1970-01-01T00:00:00Z',
  '8999-12-31T23:59:59.999Z',
  '8999-12-31T23:00:00-12:00',
  '9000-01-01T00:00:00Z',
  '9999-12-31T23:59:59.999Z',
  '2030-01-07T10:00:00+14:00',
  '2030-01-07T10:00:00-12:00',
  '2030-01-07T10:00:00.123456789Z',
  '2028-02-29T12:00:00Z',
];
const dateTime = fc.oneof(
  {
    weight: 6,
    arbitrary: fc
      .date({ min: new Date('2030-01-07T00:00:00Z'), max: new Date('2030-01-14T00:00:00Z'), noInvalidDate: true })
      .map((d) => d.toISOString()),
  },
  {
    weight: 2,
    arbitrary: fc
      .date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2035-12-31T23:59:59Z'), noInvalidDate: true })
      .map((d) => d.toISOString()),
  },
  { weight: 1, arbitrary: fc.constantFrom(...EDGE_TIMES) },
);
/** Text that means something to SQL LIKE, regular expressions, CSV, HTML, paths or trimming. */
const SPECIAL_TEXT = [
  '%',
  '_',
  '\\',
  '\\\\',
  '%_\\',
  "'",
  '"',
  "' OR '1'='1",
  '*',
  '(',
  '[',
  '.*',
  '|',
  '^$',
  '$1',
  '{{x}}',
  '<b>',
  ',',
  ';',
  '\r\n',
  '   ',
  '\t',
  '+',
  '@',
  '../',
];
function text(min: number, max: number): fc.Arbitrary<string> {
  const special = SPECIAL_TEXT.filter((v) => v.length >= min && v.length <= max);
  return fc.oneof(
    { weight: 6, arbitrary: fc.string({ unit: 'grapheme-ascii', minLength: min, maxLength: max }) },
    { weight: 2, arbitrary: fc.string({ unit: 'grapheme', minLength: min, maxLength: max }) },
    { weight: special.length > 0 ? 1 : 0, arbitrary: fc.constantFrom(...(special.length > 0 ? special : [''.padEnd(min, 'x')])) },
  );
}

/** Strings matching a documented pattern (within its lengths), or undefined when fast-check cannot (lookaheads) or rarely does. */
function patterned(pattern: string, min: number, max: number): fc.Arbitrary<string> | undefined {
  let matching: fc.Arbitrary<string>;
  try {
    matching = fc.stringMatching(new RegExp(pattern));
  } catch {
    return undefined;
  }
  const fits = (s: string) => s.length >= min && s.length <= max;
  // A filter that seldom passes would spin: only patterns whose strings mostly fit their lengths.
  const sample = fc.sample(matching, { seed: SEED, numRuns: 50 });
  return sample.filter(fits).length >= 25 ? matching.filter(fits) : undefined;
}

interface Where {
  path: string;
  name: string;
  parent: string;
  depth: number;
}

function arbitraryOf(input: JsonSchema, where: Where): fc.Arbitrary<Json> {
  const schema = resolveRef(input);
  const kind = idKindOf(where.path, where.name, where.parent);
  const plain = plainArbitrary(schema, where);
  const isContainer = schema.type === 'array' || schema.type === 'object' || schema.properties !== undefined;
  if (!kind || isContainer) return plain;
  const { ours, others } = ids[kind];
  return fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...ours) },
    { weight: 2, arbitrary: fc.constantFrom(...others) },
    { weight: 1, arbitrary: plain },
  );
}

function plainArbitrary(schema: JsonSchema, where: Where): fc.Arbitrary<Json> {
  const inner = (s: JsonSchema, name = where.name, parent = where.parent) => arbitraryOf(s, { ...where, name, parent, depth: where.depth + 1 });
  if (where.depth > 8) return fc.constant(null);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return fc.oneof(...alternatives.map((s) => inner(s)));
  if (Array.isArray(schema.type)) return fc.oneof(...schema.type.map((type) => plainArbitrary({ ...schema, type }, where)));
  const type = schema.type ?? (schema.properties ? 'object' : undefined);
  switch (type) {
    case 'string': {
      const min = schema.minLength ?? 0;
      const max = Math.max(min, Math.min(schema.maxLength ?? 24, 24));
      if (schema.format === 'date-time') return dateTime;
      if (schema.format === 'email') return fc.emailAddress({ size: 'xsmall' }).filter((s) => s.length <= Math.max(schema.maxLength ?? 254, 64));
      if (schema.pattern) {
        const matching = patterned(schema.pattern, min, schema.maxLength ?? 10_000);
        if (matching) return fc.oneof({ weight: 4, arbitrary: matching }, { weight: 1, arbitrary: text(min, max) });
      }
      return text(min, max);
    }
    case 'integer': {
      // Small numbers mostly; the documented bounds themselves, or the extremes of a bound left open, sometimes.
      const lo = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : undefined);
      const hi = schema.maximum ?? (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - 1 : undefined);
      const small = fc.integer({ min: Math.max(lo ?? -1000, -1000), max: Math.max(Math.min(hi ?? 100_000, 100_000), lo ?? -1000) });
      const edges = [lo ?? Number.MIN_SAFE_INTEGER, hi ?? Number.MAX_SAFE_INTEGER, hi ?? 2_147_483_648, lo ?? -2_147_483_649];
      return fc.oneof({ weight: 6, arbitrary: small }, { weight: 1, arbitrary: fc.constantFrom(...edges) });
    }
    case 'number': {
      const lo = schema.minimum ?? schema.exclusiveMinimum;
      const hi = schema.maximum ?? schema.exclusiveMaximum;
      const min = Math.max(lo ?? -1e6, -1e6);
      const max = Math.max(Math.min(hi ?? 1e6, 1e6), min);
      const edges = [lo ?? -1e308, hi ?? 1e308, hi ?? Number.MAX_SAFE_INTEGER, lo ?? 5e-324].filter(
        (n) => (lo === undefined || n >= lo) && (hi === undefined || n <= hi),
      );
      return fc.oneof(
        { weight: 3, arbitrary: fc.integer({ min: Math.ceil(min), max: Math.floor(max) }) },
        { weight: 3, arbitrary: fc.double({ min, max, noNaN: true, noDefaultInfinity: true }).filter((n) => !Object.is(n, -0)) },
        { weight: 1, arbitrary: fc.constantFrom(...edges) },
      );
    }
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const minLength = schema.minItems ?? 0;
      const maxLength = Math.max(minLength, Math.min(schema.maxItems ?? 3, 3));
      return fc.array(schema.items ? inner(schema.items) : fc.constant(null), { minLength, maxLength });
    }
    case 'object': {
      if (schema.properties) {
        const required = new Set(schema.required ?? []);
        const fields = Object.entries(schema.properties).map(([key, s]) => {
          const value = inner(s, key, where.name).map((v): [string, Json] => [key, v]);
          return required.has(key) ? value : fc.option(value, { nil: undefined, freq: 2 });
        });
        return fc.tuple(...fields).map((entries) => Object.fromEntries(entries.filter((e) => e !== undefined)) as Json);
      }
      if (typeof schema.additionalProperties === 'object') {
        return fc.dictionary(fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 12 }), inner(schema.additionalProperties), {
          maxKeys: 3,
        }) as fc.Arbitrary<Json>;
      }
      return fc.constant({});
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** A CSV of users for the batch import: its header and a few lines, some cells odd (quotes, commas, empty). */
const csvFile = fc
  .array(
    fc.tuple(
      fc.stringMatching(/^[a-z][a-z0-9.]{2,14}$/),
      fc.oneof(fc.constantFrom('Ida', 'Ola', ''), text(0, 12)),
      fc.oneof(fc.constantFrom('Berg', 'Dahl'), text(0, 12)),
      fc.oneof(fc.stringMatching(/^\+47\d{8}$/), text(0, 12)),
    ),
    { maxLength: 4 },
  )
  .map((rows) => {
    const cell = (v: string) => (/[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
    return Buffer.from(['username,givenName,familyName,mobilePhone', ...rows.map((r) => r.map(cell).join(','))].join('\n'), 'utf8');
  });

/** The form parts of a multipart body from its schema: files for `format: binary`, text fields otherwise. */
function formArbitrary(e: Endpoint, schema: JsonSchema): fc.Arbitrary<FormPart[]> {
  const s = resolveRef(schema);
  const required = new Set(s.required ?? []);
  const parts = Object.entries(s.properties ?? {}).map(([name, p]): fc.Arbitrary<FormPart | undefined> => {
    const part: fc.Arbitrary<FormPart> =
      p.format === 'binary'
        ? name === 'image'
          ? fc.constantFrom<FormPart>({ name, filename: 'dent.png', type: 'image/png', data: png })
          : csvFile.map((data): FormPart => ({ name, filename: 'users.csv', type: 'text/csv', data }))
        : arbitraryOf(p, { path: e.path, name, parent: '', depth: 1 }).map((v): FormPart => ({
            name,
            value: typeof v === 'string' ? v : JSON.stringify(v),
          }));
    return required.has(name) ? part : fc.option(part, { nil: undefined, freq: 3 });
  });
  return fc.tuple(...parts).map((list) => list.filter((p): p is FormPart => p !== undefined));
}

/** A value as a path segment or query value; `.` and `..` encoded, so that no URL normalisation turns them into a route. */
const encode = (v: Json): string =>
  encodeURIComponent(typeof v === 'string' ? v : JSON.stringify(v)).replace(/^\.{1,2}$/, (dots) => '%2E'.repeat(dots.length));

/** Valid-ish requests of an operation: documented parameters and body, fixture ids where a name calls for one. */
function partsArbitrary(e: Endpoint): fc.Arbitrary<Parts> {
  const params = (e.op.parameters ?? []).filter((p) => p.in === 'path');
  const queries = (e.op.parameters ?? []).filter((p) => p.in === 'query');
  const at = (p: Parameter) => arbitraryOf(p.schema ?? {}, { path: e.path, name: p.name, parent: '', depth: 0 });
  // A path parameter is never empty: `/api/payments/` is another operation (the list).
  const pathArb = fc
    .tuple(
      ...params.map((p) =>
        at(p)
          .map((v): [string, string] => [p.name, encode(v)])
          .filter(([, v]) => v !== ''),
      ),
    )
    .map((l) => Object.fromEntries(l));
  const queryArb = fc
    .tuple(
      ...queries.map((p) => {
        const pairs = at(p).map((v): [string, string][] => (Array.isArray(v) ? v.map((x) => [p.name, encode(x)]) : [[p.name, encode(v)]]));
        return p.required ? pairs : fc.option(pairs, { nil: undefined, freq: 2 });
      }),
    )
    .map((l) => l.flatMap((pairs) => pairs ?? []));
  const content = e.op.requestBody?.content ?? {};
  let bodyArb: fc.Arbitrary<Body> = fc.constant({ kind: 'none' });
  const jsonSchema = content['application/json']?.schema;
  const formSchema = content['multipart/form-data']?.schema;
  if (jsonSchema) bodyArb = arbitraryOf(jsonSchema, { path: e.path, name: '', parent: '', depth: 0 }).map((value): Body => ({ kind: 'json', value }));
  else if (formSchema) bodyArb = formArbitrary(e, formSchema).map((parts): Body => ({ kind: 'form', parts }));
  if (e.op.requestBody && !e.op.requestBody.required)
    bodyArb = fc.oneof({ weight: 3, arbitrary: bodyArb }, { weight: 1, arbitrary: fc.constant<Body>({ kind: 'none' }) });
  // Basic credentials where the document allows them (POST /api/auth): the admin's, wrong ones, odd ones.
  const basicAllowed = (e.op.security ?? []).some((s) => 'basicAuth' in s);
  const authArb: fc.Arbitrary<Auth> = basicAllowed
    ? fc.oneof(
        fc.constant<Auth>({ kind: 'session' }),
        fc
          .constantFrom(ADMIN.username, 'fuzz.support', 'nobody.here')
          .chain((u) => fc.constantFrom(ADMIN.password, 'wrong-password', '').map((pw): Auth => ({ kind: 'header', value: basic(u, pw) }))),
      )
    : fc.constant<Auth>({ kind: 'session' });
  return fc.record({ params: pathArb, query: queryArb, body: bodyArb, auth: authArb });
}

/** Odd credentials and headers (the Authorization forms the server reads, X-Token-Issuer, Idempotency-Key). */
const ODD_AUTH: readonly { what: string; auth: Auth; headers?: Record<string, string> }[] = [
  { what: 'no credentials', auth: { kind: 'none' } },
  { what: 'unknown token', auth: { kind: 'header', value: 'AUTH-TOKEN not-a-token' } },
  { what: 'token with NUL', auth: { kind: 'header', value: 'AUTH-TOKEN a\u0000b' } },
  { what: 'huge token', auth: { kind: 'header', value: `AUTH-TOKEN ${'t'.repeat(10_000)}` } },
  { what: 'basic, garbage', auth: { kind: 'header', value: 'Basic %%%' } },
  { what: 'basic, no colon', auth: { kind: 'header', value: `Basic ${Buffer.from('fuzz.admin').toString('base64')}` } },
  { what: 'basic, NUL name', auth: { kind: 'header', value: basic('fuzz\u0000admin', 'x') } },
  { what: 'bearer without issuer', auth: { kind: 'header', value: 'Bearer abc.def.ghi' } },
  { what: 'bearer, unknown issuer', auth: { kind: 'header', value: 'Bearer abc.def.ghi', issuer: 'https://idp.invalid' } },
  { what: 'bearer, known issuer that is down', auth: { kind: 'header', value: 'Bearer abc.def.ghi', issuer: 'http://127.0.0.1:9/fuzz' } },
  { what: 'bearer, issuer with NUL', auth: { kind: 'header', value: 'Bearer abc', issuer: 'x\u0000' } },
  { what: 'long idempotency key', auth: { kind: 'session' }, headers: { 'idempotency-key': 'k'.repeat(300) } },
  { what: 'idempotency key with NUL', auth: { kind: 'session' }, headers: { 'idempotency-key': 'k\u0000' } },
  { what: 'idempotency key', auth: { kind: 'session' }, headers: { 'idempotency-key': 'fuzz-key-1' } },
  { what: 'accept XML', auth: { kind: 'session' }, headers: { accept: 'application/xml' } },
  { what: 'compressed answer', auth: { kind: 'session' }, headers: { 'accept-encoding': 'br, gzip;q=0.5' } },
  { what: 'no acceptable encoding', auth: { kind: 'session' }, headers: { 'accept-encoding': 'identity;q=0, *;q=0' } },
  { what: 'odd encoding', auth: { kind: 'session' }, headers: { 'accept-encoding': 'gzip;q=abc, x-fuzz' } },
  { what: 'background poll', auth: { kind: 'session' }, headers: { 'x-fleetdesk-background': '1' } },
];

type Mutation = (e: Endpoint) => fc.Arbitrary<FuzzRequest> | undefined;

const MUTATIONS: Readonly<Record<string, Mutation>> = {
  valid: (e) => partsArbitrary(e).map((p) => toRequest(e, p, 'valid-ish')),
  pathSegment: (e) => {
    const names = (e.op.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name);
    if (names.length === 0) return undefined;
    return fc
      .tuple(partsArbitrary(e), fc.constantFrom(...names), fc.constantFrom(...NASTY_SEGMENTS))
      .map(([p, name, raw]) => toRequest(e, { ...p, params: { ...p.params, [name]: raw } }, `path ${name}`));
  },
  queryValue: (e) => {
    const names = [...(e.op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name), 'fuzzUnknown'];
    return fc
      .tuple(
        partsArbitrary(e),
        fc.constantFrom(...names),
        fc.constantFrom(...NASTY_SEGMENTS),
        fc.constantFrom('replace', 'repeat', 'bracket', 'drop', 'bare', 'flood'),
      )
      .map(([p, name, raw, how]) => {
        const others = p.query.filter(([k]) => k !== name);
        const mine = p.query.filter(([k]) => k === name);
        const query: [string, string][] =
          how === 'replace'
            ? [...others, [name, raw]]
            : how === 'repeat'
              ? [...p.query, [name, raw], [name, raw]]
              : how === 'bracket'
                ? [...others, [`${name}[a]`, raw], [`${name}[]`, raw]]
                : how === 'bare'
                  ? [...others, [name, ''], [raw, raw]]
                  : how === 'flood'
                    ? [
                        ...others,
                        ...Array.from({ length: 2000 }, (_, i): [string, string] => [
                          name,
                          mine[i % Math.max(mine.length, 1)]?.[1] ?? raw.slice(0, 20),
                        ]),
                      ]
                    : others;
        return toRequest(e, { ...p, query: how === 'drop' && mine.length === 0 ? [...others, ['', raw]] : query }, `query ${name} ${how}`);
      });
  },
  bodyValue: (e) => {
    if (e.method === 'GET') return undefined;
    return partsArbitrary(e).chain((p) => {
      const base: Json = p.body.kind === 'json' ? p.body.value : {};
      return fc
        .tuple(
          fc.constantFrom(...pathsOf(base)),
          fc.oneof(
            fc.constantFrom(...NASTY_JSON).map((v) => ({ v })),
            fc.constantFrom(...NASTY_RAW).map((raw) => ({ raw })),
          ),
        )
        .map(([at, nasty]) => {
          const label = `body ${at.join('.') || '(root)'} = ${'raw' in nasty ? clip(nasty.raw, 30) : clip(JSON.stringify(nasty.v), 30)}`;
          if ('v' in nasty) return toRequest(e, { ...p, body: { kind: 'json', value: replaceAt(base, at, nasty.v) } }, label);
          const payload = JSON.stringify(replaceAt(base, at, RAW_SENTINEL)).replace(JSON.stringify(RAW_SENTINEL), nasty.raw);
          return toRequest(e, p, label, { type: 'application/json', payload });
        });
    });
  },
  bodyMissingField: (e) => {
    if (e.op.requestBody?.content['application/json'] === undefined) return undefined;
    return partsArbitrary(e).chain((p) => {
      const base: Json = p.body.kind === 'json' ? p.body.value : {};
      const fields = pathsOf(base).filter((at) => at.length > 0);
      if (fields.length === 0) return fc.constant(toRequest(e, { ...p, body: { kind: 'json', value: {} } }, 'body {}'));
      return fc
        .constantFrom(...fields)
        .map((at) => toRequest(e, { ...p, body: { kind: 'json', value: dropAt(base, at) } }, `body without ${at.join('.')}`));
    });
  },
  formPart: (e) => {
    const schema = e.op.requestBody?.content['multipart/form-data']?.schema;
    if (!schema) return undefined;
    const names = [...Object.keys(resolveRef(schema).properties ?? {}), 'fuzzUnknown'];
    const odd = fc.constantFrom<Omit<FormFile, 'name'> | { value: string }>(
      { value: '\u0000' },
      { value: `a\u0000b` },
      { value: '\ud800' },
      { value: HUGE },
      { value: '' },
      { value: '-99999999999' },
      { value: '1e308' },
      { value: '{"a":1}' },
      { filename: 'x\u0000.png', type: 'image/png', data: png },
      { filename: '', type: 'image/png', data: png },
      { filename: 'junk.png', type: 'image/png', data: Buffer.from('not an image') },
      { filename: 'huge.png', type: 'image/png', data: Buffer.alloc(11 * 1024 * 1024) },
      { filename: 'empty.csv', type: 'text/csv', data: Buffer.alloc(0) },
      { filename: 'bad.csv', type: 'text/csv', data: Buffer.from([0xff, 0xfe, 0x00, 0x41]) },
      { filename: 'big.csv', type: 'text/csv', data: Buffer.from(`username\n${HUGE}\n`) },
      { filename: 'quotes.csv', type: 'text/csv', data: Buffer.from('username,givenName\n"unterminated,x\n') },
      { filename: 'header.csv', type: 'text/csv', data: Buffer.from('\u0000,\ud800\nx,y\n') },
    );
    return fc.tuple(partsArbitrary(e), fc.constantFrom(...names), odd, fc.constantFrom('replace', 'drop', 'twice')).map(([p, name, value, how]) => {
      const parts = p.body.kind === 'form' ? p.body.parts.filter((x) => x.name !== name) : [];
      const added: FormPart = { name, ...value };
      const list = how === 'drop' ? parts : how === 'twice' ? [...parts, added, added] : [...parts, added];
      return toRequest(e, { ...p, body: { kind: 'form', parts: list } }, `form ${name} ${how}`);
    });
  },
  rawBody: (e) => fc.tuple(partsArbitrary(e), fc.constantFrom(...RAW_BODIES)).map(([p, raw]) => toRequest(e, p, raw.what, raw)),
  oddHeaders: (e) =>
    fc.tuple(partsArbitrary(e), fc.constantFrom(...ODD_AUTH)).map(([p, odd]) => {
      const r = toRequest(e, { ...p, auth: odd.auth }, odd.what);
      Object.assign(r.headers, odd.headers ?? {});
      return r;
    }),
};

function requestArbitrary(e: Endpoint): fc.Arbitrary<FuzzRequest> {
  const weights: Readonly<Record<string, number>> = {
    valid: 5,
    pathSegment: 2,
    queryValue: 2,
    bodyValue: 3,
    bodyMissingField: 2,
    formPart: 3,
    rawBody: 2,
    oddHeaders: 1,
  };
  const choices = Object.entries(MUTATIONS).flatMap(([name, make]) => {
    const arbitrary = make(e);
    return arbitrary ? [{ weight: weights[name] ?? 1, arbitrary }] : [];
  });
  return fc.oneof(...choices);
}

/** The kinds of input the fixed sweep sends to every operation (the random runs draw from all the lists above). */
const SWEEP_SEGMENTS = ['%00', '%FF%FE', '%', '-99999999999', HUGE];
const SWEEP_QUERY_VALUES = ['%00', '%FF%FE', '%'];
const SWEEP_FIELD_VALUES: Json[] = ['\u0000', '\ud800', HUGE, -99999999999, 1e308, []];
const SWEEP_RAW_BODIES = ['malformed JSON', 'empty JSON body', 'text/plain', 'application/xml', 'multipart without boundary'];
const SWEEP_AUTH = ['no credentials', 'bearer, known issuer that is down', 'idempotency key with NUL'];

/**
 * A fixed sweep before the random runs, so that every operation meets every kind of malformed input at least once:
 * NUL, bad percent-encoding and out-of-range numbers in each path parameter and a query value, the nasty values in
 * every body field, malformed JSON, an empty body, the wrong content types, missing or odd credentials.
 */
function sweep(e: Endpoint, base: Parts): FuzzRequest[] {
  const out: FuzzRequest[] = [toRequest(e, base, 'valid-ish (sweep)')];
  for (const p of (e.op.parameters ?? []).filter((x) => x.in === 'path')) {
    for (const raw of SWEEP_SEGMENTS) out.push(toRequest(e, { ...base, params: { ...base.params, [p.name]: raw } }, `sweep path ${p.name}`));
  }
  const query = (e.op.parameters ?? []).find((x) => x.in === 'query')?.name ?? 'fuzzUnknown';
  for (const raw of SWEEP_QUERY_VALUES)
    out.push(toRequest(e, { ...base, query: [...base.query.filter(([k]) => k !== query), [query, raw]] }, `sweep query ${query}`));
  if (e.method !== 'GET') {
    for (const what of SWEEP_RAW_BODIES) {
      const raw = RAW_BODIES.find((b) => b.what === what);
      if (raw) out.push(toRequest(e, base, `sweep ${raw.what}`, raw));
    }
    if (e.op.requestBody?.content['multipart/form-data'])
      out.push(toRequest(e, { ...base, body: { kind: 'json', value: {} } }, 'sweep JSON where multipart is expected'));
    else out.push(toRequest(e, { ...base, body: { kind: 'form', parts: [{ name: 'a', value: 'b' }] } }, 'sweep multipart where JSON is expected'));
    for (const v of SWEEP_FIELD_VALUES) {
      const value =
        base.body.kind === 'json' && base.body.value !== null && typeof base.body.value === 'object' && !Array.isArray(base.body.value)
          ? Object.fromEntries(Object.keys(base.body.value).map((k) => [k, v]))
          : v;
      out.push(toRequest(e, { ...base, body: { kind: 'json', value } }, `sweep every field ${clip(JSON.stringify(v), 20)}`));
    }
  }
  for (const odd of ODD_AUTH.filter((o) => SWEEP_AUTH.includes(o.what))) {
    const r = toRequest(e, { ...base, auth: odd.auth }, `sweep ${odd.what}`);
    Object.assign(r.headers, odd.headers ?? {});
    out.push(r);
  }
  return out;
}

// ---------- Sending, and the rules every answer holds ----------

interface Answer {
  statusCode: number;
  body: string;
  headers: Record<string, string | string[] | number | undefined>;
}

/** The body as text, uncompressed when the server compressed it (an Accept-Encoding of the odd headers). */
function decoded(raw: Buffer, encoding: string | string[] | number | undefined): string {
  if (encoding === 'br') return brotliDecompressSync(raw).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(raw).toString('utf8');
  if (encoding === 'deflate') return inflateSync(raw).toString('utf8');
  return raw.toString('utf8');
}

async function send(r: FuzzRequest): Promise<Answer> {
  const headers: Record<string, string> = { ...r.headers };
  if (r.auth.kind === 'session') headers.authorization = authToken(token);
  if (r.auth.kind === 'header') {
    headers.authorization = r.auth.value;
    if (r.auth.issuer !== undefined) headers['x-token-issuer'] = r.auth.issuer;
  }
  if (r.method === 'GET' && r.url.split('?')[0] === LIVE_STREAM_PATH) return sendToStream(r.url, headers);
  const res = await t.app.inject({ method: r.method, url: r.url, headers, ...(r.payload === undefined ? {} : { payload: r.payload }) });
  return { statusCode: res.statusCode, body: decoded(res.rawPayload, res.headers['content-encoding']), headers: res.headers };
}

/**
 * GET /api/stream never ends by itself: the answer is read as a stream until its opening `ready` message (or the
 * end of an error answer), and then the connection is dropped.
 */
async function sendToStream(url: string, headers: Record<string, string>): Promise<Answer> {
  const abort = new AbortController();
  const res = await t.app.inject({ method: 'GET', url, headers, payloadAsStream: true, signal: abort.signal });
  const chunks: Buffer[] = [];
  const stream = res.stream();
  stream.on('error', () => undefined);
  try {
    for await (const chunk of stream) {
      chunks.push(Buffer.from(chunk as Uint8Array));
      if (res.statusCode === 200 && Buffer.concat(chunks).toString('utf8').includes('event: ready')) break;
    }
  } finally {
    abort.abort();
  }
  return { statusCode: res.statusCode, body: decoded(Buffer.concat(chunks), res.headers['content-encoding']), headers: res.headers };
}

const escapePointer = (segment: string) => encodeURIComponent(segment.replace(/~/g, '~0').replace(/\//g, '~1'));
function responseValidator(e: Endpoint, status: string, mediaType: string): ValidateFunction {
  const pointer = ['paths', e.path, e.method.toLowerCase(), 'responses', status, 'content', mediaType, 'schema'].map(escapePointer).join('/');
  let validate = validators.get(pointer);
  if (!validate) {
    validate = ajv.getSchema(`${DOC_ID}#/${pointer}`);
    if (!validate) throw new Error(`no schema at ${pointer}`);
    validators.set(pointer, validate);
  }
  return validate;
}

function parseJson(body: string): unknown {
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return undefined;
  }
}

/** The rules: no 5xx; a 4xx is the §8 envelope with its status; a 2xx/3xx is documented and its JSON matches the document. */
function checkAnswer(e: Endpoint, r: FuzzRequest, res: Answer) {
  const where = `${e.key} (${e.op.operationId}) ← ${describeRequest(r)}\n→ ${res.statusCode} ${clip(res.body, 600)}`;
  const seen = exercised.get(e.key) ?? { requests: 0, statuses: new Set<number>() };
  seen.requests++;
  seen.statuses.add(res.statusCode);
  exercised.set(e.key, seen);
  expect(res.statusCode, where).toBeLessThan(500);
  const contentType = String(res.headers['content-type'] ?? '')
    .split(';')[0]!
    .trim();
  if (res.statusCode >= 400) {
    expect(contentType, where).toBe('application/json');
    const envelope = ZErrorEnvelope.safeParse(parseJson(res.body));
    expect(envelope.success ? null : envelope.error.issues, where).toBeNull();
    expect(envelope.data?.httpCode, where).toBe(res.statusCode);
    return;
  }
  const declared = e.op.responses[String(res.statusCode)];
  expect(declared, `${where}\n(status not listed in the document)`).toBeDefined();
  const content = declared?.content;
  if (!content) {
    expect(res.body, where).toBe('');
    return;
  }
  expect(Object.keys(content), where).toContain(contentType);
  if (contentType !== 'application/json') return; // a file (journal.xls, a photo): its status and type only
  const validate = responseValidator(e, String(res.statusCode), contentType);
  const valid = validate(parseJson(res.body));
  expect(valid, `${where}\n${ajv.errorsText(validate.errors, { separator: '\n' })}`).toBe(true);
}

async function exercise(e: Endpoint, r: FuzzRequest) {
  checkAnswer(e, r, await send(r));
}

// ---------- The tests ----------

/** State-changing operations that would take the fixture away run last: deletions, then the logout. */
const rank = (key: string) => (key === 'DELETE /api/auth' ? 2 : key.startsWith('DELETE ') ? 1 : 0);
const KEYS = Object.keys(OPERATION_IDS).sort((a, b) => rank(a) - rank(b));

/** What the fuzzer found, kept as plain assertions (run first, on the fixture as built). */
describe('regressions the fuzzer found', () => {
  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { authorization: authToken(token) } });
  const refused = (res: { statusCode: number; body: string }, field: string) => {
    expect(res.statusCode, res.body).toBe(400);
    expect(ZErrorEnvelope.parse(parseJson(res.body)).errors).toContainEqual({
      field,
      messageId: 'timeOutOfRange',
      message: TIME_OUT_OF_RANGE_MESSAGE,
    });
  };

  it('refuses a time PostgreSQL cannot hold (year 0000, or past 9999 once the server adds a day) with a 400 naming the field', async () => {
    token = await newSession();
    const [username, pool, bid] = [ids.username.ours[0], ids.poolId.ours[0], ids.bid.ours[2]];
    // Each answered 500 on PostgreSQL ("date/time field value out of range" / "time zone displacement out of range").
    refused(await get(`/api/users/${String(username)}/bookings?startDate=0000-01-01T00:00:00Z`), 'startDate');
    refused(await get(`/api/pools/${String(pool)}/bookings?startDate=9999-12-31T23:59:59.999Z`), 'startDate');
    const adjusted = await t.app.inject({
      method: 'PUT',
      url: `/api/bookings/${String(bid)}/adjustedValues`,
      headers: { authorization: authToken(token), 'content-type': 'application/json' },
      payload: {
        adjustedStartTime: '0000-01-01T00:00:00Z',
        adjustedEndTime: '2030-01-07T00:00:00.000Z',
        adjustedDistance: 0,
        adjustedBookingType: 'MAINTENANCE',
        dataQuality: 'MEASURED',
      },
    });
    refused(adjusted, 'adjustedStartTime');
    // The instant is checked, not the text: 8999-12-31T23:00-12:00 is 9000-01-01T11:00Z.
    refused(await get(`/api/users/${String(username)}/bookings?endDate=8999-12-31T23%3A00%3A00-12%3A00`), 'endDate');
    refused(await get(`/api/events?startDate=1899-12-31T23%3A59%3A59.999Z`), 'startDate');
  });

  it('still answers for the edges of the range, where the server derives a time beyond them (a window a year or a day wide)', async () => {
    token = await newSession();
    const [username, pool] = [ids.username.ours[0], ids.poolId.ours[0]];
    // The payments window starts 12 months before its end: 1899-01-01, written out although no request may name it.
    const payments = await get(`/api/users/${String(username)}/payments?endDate=${TIME_MIN_ISO}`);
    expect(payments.statusCode, payments.body).toBe(200);
    expect(parseJson(payments.body)).toMatchObject({ startDate: expect.stringMatching(/^1899-/), endDate: TIME_MIN_ISO });
    // A pool's window ends at the end of the day after its start: in 9000.
    const poolBookings = await get(`/api/pools/${String(pool)}/bookings?startDate=${TIME_MAX_ISO}`);
    expect(poolBookings.statusCode, poolBookings.body).toBe(200);
    expect(parseJson(poolBookings.body)).toMatchObject({ window: { start: TIME_MAX_ISO, end: expect.stringMatching(/^9000-/) } });
  });
});

describe('every operation of the OpenAPI document, fuzzed', () => {
  KEYS.forEach((key, index) => {
    it(`${key} (${OPERATION_IDS[key]})`, async () => {
      const e = endpoints.get(key);
      expect(e, `${key} is not in the document`).toBeDefined();
      if (!e) return;
      token = await newSession();
      const arbitrary = requestArbitrary(e);
      const [base] = fc.sample(partsArbitrary(e), { seed: SEED + index, numRuns: 1 });
      const examples = base ? sweep(e, base).map((r): [FuzzRequest] => [r]) : [];
      await fc.assert(
        fc.asyncProperty(arbitrary, (r) => exercise(e, r)),
        { seed: SEED + index, numRuns: RUNS_PER_OPERATION + examples.length, examples },
      );
    }, 60_000);
  });

  it('exercised every operation the document lists, and reached the handlers of most with valid-ish requests', () => {
    const listed = [...endpoints.keys()].sort();
    expect(listed.length).toBeGreaterThan(120);
    expect([...exercised.keys()].sort()).toEqual(listed);
    for (const [key, seen] of exercised) expect(seen.requests, key).toBeGreaterThanOrEqual(RUNS_PER_OPERATION);
    const successful = [...exercised.entries()].filter(([, seen]) => [...seen.statuses].some((s) => s < 400)).map(([key]) => key);
    expect(successful.length, `operations answered 2xx/3xx: ${successful.length} of ${listed.length}`).toBeGreaterThanOrEqual(
      Math.floor(listed.length * 0.7),
    );
  });
});
