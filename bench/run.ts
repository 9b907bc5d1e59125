/**
 * Benchmarks (`npm run bench -- <name> [--users N]`). They print percentiles and ratios; they
 * never assert timings. Data: PGlite in memory by default; BENCH_DATABASE_URL for a PostgreSQL
 * server (its data is reused when the bench fleet already holds N users).
 *
 *   events  — GET /api/events through the real app by bid, vin and user; first page vs. deep
 *             pages of the busiest vehicles (keyset paging keeps the ratio near 1); plus session
 *             resolution (every authenticated call pays it).
 *   search  — GET /api/search (the /support combined search) through the real app over a realistic
 *             query mix (names, phones, e-mail, customer numbers, plates, VINs, models, pools and
 *             cities, BIDs, chips), its load-more calls, and the same mix from a small operator's
 *             session (the other-operator hint then counts in the large fleet).
 *   timeline — GET /api/users/{username}/timeline (issue 18) for a customer with 5,000 events of every kind: first
 *             page, a page filtered to a rare kind, and deep pages by cursor.
 *   web     — Lighthouse on /login and /support with results, against the real server (web.ts).
 *   memory  — RSS of the real server, idle and loaded, on PGlite and PostgreSQL (memory.ts).
 *   push    — latency of the live stream (GET /api/stream) from a committed change to each of N connected
 *             clients, through the real server (push.ts).
 *   load    — the API under a mixed load at a fixed arrival rate (open model), through the real server; with
 *             --find-knee the rate at which p99 passes 100 ms (load.ts).
 *   eventlog — the event log at 100 M events on PostgreSQL: a vehicle's day, a booking's and a user's events, follow
 *             mode, a live stream's catch-up, and the retention of a day's partition (event-log.ts).
 *   ingest  — status reports through the telematics path (the MQTT adapter's parsing and batching, the real handler)
 *             at a fixed rate or as fast as it goes: reports and events written a second, batch latency (ingest.ts).
 */
import { parseArgs } from 'node:util';
import { englishEventText, EVENT_TYPE_GROUP, type EventTextId, type EventType } from '@fleetdesk/contract';
import { and, count, desc, eq, isNotNull, sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase, type Db } from '../apps/server/src/db/client.ts';
import { events, fleets, users } from '../apps/server/src/db/schema.ts';
import type { App } from '../apps/server/src/http/context.ts';
import { seedDemo } from '../apps/server/src/seed/demo.ts';
import { benchLogin, ensureData, FLEET, loginHeaders, percentile, searchMix } from './fleet.ts';

function summarize(label: string, samples: number[]) {
  const s = [...samples].sort((a, b) => a - b);
  const f = (n: number) => n.toFixed(2).padStart(8);
  console.log(
    `${label.padEnd(52)} n=${String(s.length).padStart(4)}  p50=${f(percentile(s, 50))} ms  p95=${f(percentile(s, 95))} ms  p99=${f(percentile(s, 99))} ms`,
  );
  return { p50: percentile(s, 50), p95: percentile(s, 95) };
}
async function time(fn: () => Promise<unknown>) {
  const t = performance.now();
  await fn();
  return performance.now() - t;
}

async function benchEvents(app: App, db: Db, rounds: number) {
  const headers = await benchLogin(app, db);

  // Subjects with the most events, so deep pages exist.
  const busiest = await db
    .select({ vin: events.vin, n: count() })
    .from(events)
    .where(and(eq(events.fleetId, FLEET), isNotNull(events.vin)))
    .groupBy(events.vin)
    .orderBy(desc(count()))
    .limit(20);
  const sample = await db
    .select({ bid: events.bid, vin: events.vin, user: events.affectedUsername })
    .from(events)
    .where(and(eq(events.fleetId, FLEET), isNotNull(events.bid), isNotNull(events.vin)))
    .orderBy(sql`md5(${events.id}::text)`)
    .limit(rounds);
  const since = new Date(Date.now() - 400 * 86_400_000).toISOString();
  const get = (qs: string) => app.inject({ method: 'GET', url: `/api/events?${qs}&startDate=${since}&pageSize=10`, headers });

  for (let i = 0; i < 5; i++) await get(`vin=${busiest[0]!.vin}`); // warm-up

  const byBid: number[] = [];
  const byVin: number[] = [];
  const byUser: number[] = [];
  for (const s of sample) {
    byBid.push(await time(() => get(`bid=${s.bid}`)));
    byVin.push(await time(() => get(`vin=${s.vin}`)));
    if (s.user) byUser.push(await time(() => get(`user=${s.user}&role=AFFECTED`)));
  }
  const firstPages: number[] = [];
  const deepPages: number[] = [];
  let deepest = 0;
  for (const b of busiest) {
    let cursor: string | null = null;
    for (let page = 0; page < 30; page++) {
      let body: { nextCursor: string | null } = { nextCursor: null };
      const ms = await time(async () => {
        body = (await get(`vin=${b.vin}&page=${page}${cursor ? `&cursor=${cursor}` : ''}`)).json() as { nextCursor: string | null };
      });
      (page === 0 ? firstPages : deepPages).push(ms);
      deepest = Math.max(deepest, page);
      cursor = body.nextCursor;
      if (!cursor) break;
    }
  }
  const sessions: number[] = [];
  for (let i = 0; i < rounds; i++) sessions.push(await time(() => app.inject({ method: 'GET', url: `/api/fleets/${FLEET}`, headers })));

  console.log('');
  summarize('GET /api/events?bid= (first page)', byBid);
  summarize('GET /api/events?vin= (first page)', byVin);
  summarize('GET /api/events?user=&role=AFFECTED (first page)', byUser);
  const first = summarize('GET /api/events?vin= page 1 (busiest vehicles)', firstPages);
  const deep = summarize(`GET /api/events?vin= pages 2..${deepest + 1} (keyset)`, deepPages);
  summarize('GET /api/fleets/{fleet} (session resolution)', sessions);
  console.log(`\nkeyset paging: deep-page p50 / first-page p50 = ${(deep.p50 / first.p50).toFixed(2)} (near 1 means no OFFSET cost)`);
}

const TIMELINE_USER = 'bench.timeline';
const TIMELINE_EVENTS = 5000;

/** The bench customer with TIMELINE_EVENTS events of every timeline kind over two years (plus renames, which are off it). */
async function ensureTimelineCustomer(db: Db) {
  const [have] = await db
    .select({ n: count() })
    .from(events)
    .where(and(eq(events.fleetId, FLEET), eq(events.affectedUsername, TIMELINE_USER)));
  if ((have?.n ?? 0) >= TIMELINE_EVENTS) return;
  const [anyUser] = await db.select().from(users).where(eq(users.fleetId, FLEET)).limit(1);
  const [exists] = await db.select({ id: users.id }).from(users).where(eq(users.username, TIMELINE_USER));
  if (!exists) {
    const { id: _id, ...template } = anyUser!;
    await db.insert(users).values({ ...template, username: TIMELINE_USER, emailAddress: 'bench.timeline@example.test', mobilePhone: '+4799999999' });
  }
  const mix: [EventType, EventTextId][] = [
    ['BOOKING_EVENT', 'bookingCreated'],
    ['BOOKING_EVENT', 'bookingActivated'],
    ['REMOTE_COMMAND', 'commandSucceeded'],
    ['PAYMENT_ACTION', 'cardPaymentCaptured'],
    ['BOOKING_EVENT', 'bookingUpdated'],
    ['USER_ACTION', 'userUpdated'],
    ['USER_ACTION', 'noteAdded'],
    ['USER_ACTION', 'contactLogged'],
    ['USER_ACTION', 'licenceVerified'],
    ['USER_ACTION', 'userBlocked'],
  ];
  const now = Date.now();
  const rows = Array.from({ length: TIMELINE_EVENTS }, (_, i) => {
    // One receipt mail in a hundred: the rare kind a filter has to look for.
    const [type, id] = i % 100 === 0 ? (['BOOKING_EVENT', 'receiptSent'] as const) : mix[i % mix.length]!;
    const occurred = new Date(now - Math.floor(((i + 1) * 730 * 86_400_000) / TIMELINE_EVENTS));
    const textParts = [{ id, params: {} }];
    return {
      fleetId: FLEET,
      occurred,
      received: occurred,
      bid: null,
      vin: null,
      actingUsername: 'bench.support',
      affectedUsername: TIMELINE_USER,
      type,
      typeGroup: EVENT_TYPE_GROUP[type],
      displayText: englishEventText(textParts),
      textParts,
      properties: {},
    };
  });
  for (let i = 0; i < rows.length; i += 1000) await db.insert(events).values(rows.slice(i, i + 1000));
  await db.execute(sql`analyze events`);
}

async function benchTimeline(app: App, db: Db, rounds: number) {
  const headers = await benchLogin(app, db);
  await ensureTimelineCustomer(db);
  const url = (qs = '') => `/api/users/${TIMELINE_USER}/timeline${qs}`;
  const get = async (qs = '') => {
    const res = await app.inject({ method: 'GET', url: url(qs), headers });
    if (res.statusCode !== 200) throw new Error(`${url(qs)}: ${res.statusCode} ${res.body}`);
    return res.json() as { results: unknown[]; nextCursor: string | null };
  };
  for (let i = 0; i < 10; i++) await get(); // warm-up
  const first: number[] = [];
  const rare: number[] = [];
  for (let i = 0; i < rounds; i++) {
    first.push(await time(() => get()));
    rare.push(await time(() => get('?kind=mail')));
  }
  const deep: number[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const qs: string = cursor ? `?cursor=${encodeURIComponent(cursor)}` : '';
    let body: { nextCursor: string | null } = { nextCursor: null };
    const ms = await time(async () => {
      body = await get(qs);
    });
    if (pages > 0) deep.push(ms);
    cursor = body.nextCursor;
    pages++;
  } while (cursor);
  console.log('');
  summarize(`timeline, first page (50 of ${TIMELINE_EVENTS} events)`, first);
  summarize('timeline, first page of kind=mail (1 in 100)', rare);
  summarize(`timeline, pages 2..${pages} by cursor`, deep);
}

type SearchBody = {
  vehicles: { nextCursor: string | null; results: unknown[] };
  users: { nextCursor: string | null; results: unknown[] };
  bookings: Record<'active' | 'future' | 'historic', { nextCursor: string | null; results: unknown[] }>;
  otherFleets: unknown[];
};

async function benchSearch(app: App, db: Db, rounds: number) {
  // Other operators (the demo's two fleets) so that the hint has something to count.
  const [demo] = await db.select({ id: fleets.id }).from(fleets).where(eq(fleets.id, 'fjord'));
  if (!demo) await seedDemo(db);
  const headers = await benchLogin(app, db);
  const smallFleet = await loginHeaders(app, 'support', 'support-demo');
  const mix = await searchMix(db, rounds);
  const get = (url: string, h = headers) => app.inject({ method: 'GET', url, headers: h });
  const qs = (params: Record<string, string>) => new URLSearchParams(params).toString();

  for (const m of mix.slice(0, 12)) await get(`/api/search?${qs(m.params)}`); // warm-up

  const byKind = new Map<string, number[]>();
  const all: number[] = [];
  const loadMore: number[] = [];
  const small: number[] = [];
  const slowest: { ms: number; params: Record<string, string> }[] = [];
  let failures = 0;
  let withHint = 0;
  for (const m of mix) {
    let body: SearchBody | null = null;
    const ms = await time(async () => {
      const res = await get(`/api/search?${qs(m.params)}`);
      if (res.statusCode !== 200) failures++;
      else body = res.json() as SearchBody;
    });
    all.push(ms);
    slowest.push({ ms, params: m.params });
    byKind.set(m.kind, [...(byKind.get(m.kind) ?? []), ms]);
    const found = body as SearchBody | null;
    if (!found) continue;
    const next = found.users.nextCursor
      ? `/api/search/users?${qs({ ...m.params, cursor: found.users.nextCursor })}`
      : found.vehicles.nextCursor
        ? `/api/search/vehicles?${qs({ ...m.params, cursor: found.vehicles.nextCursor })}`
        : found.bookings.historic.nextCursor
          ? `/api/search/bookings?${qs({ ...m.params, group: 'historic', cursor: found.bookings.historic.nextCursor })}`
          : null;
    if (next)
      loadMore.push(
        await time(async () => {
          const res = await get(next);
          if (res.statusCode !== 200) failures++;
        }),
      );
  }
  for (const m of mix) {
    small.push(
      await time(async () => {
        const res = await get(`/api/search?${qs(m.params)}`, smallFleet);
        if (res.statusCode !== 200) failures++;
        else if ((res.json() as SearchBody).otherFleets.length) withHint++;
      }),
    );
  }

  console.log('');
  for (const [kind, samples] of byKind) summarize(`GET /api/search: ${kind}`, samples);
  console.log('');
  summarize('GET /api/search (whole mix)', all);
  summarize('GET /api/search/{users,vehicles,bookings} (load more)', loadMore);
  summarize('GET /api/search from a small fleet (hint counts the big one)', small);
  if (process.env.BENCH_VERBOSE) console.log(slowest.sort((a, b) => b.ms - a.ms).slice(0, 8));
  console.log(
    `\n${mix.length} searches, ${loadMore.length} load-more calls; ${withHint}/${mix.length} small-fleet searches showed the hint; ${failures} non-200 answers`,
  );
}

async function main() {
  // The benchmarks that look at the real server from outside parse their own options.
  const [first, ...rest] = process.argv.slice(2);
  if (first === 'web') return (await import('./web.ts')).benchWeb(rest);
  if (first === 'memory') return (await import('./memory.ts')).benchMemory(rest);
  if (first === 'push') return (await import('./push.ts')).benchPush(rest);
  if (first === 'load') return (await import('./load.ts')).benchLoad(rest);
  if (first === 'ingest') return (await import('./ingest.ts')).benchIngest(rest);
  if (first === 'eventlog') return (await import('./event-log.ts')).benchEventLog(rest);
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { users: { type: 'string', default: '20000' }, rounds: { type: 'string', default: '200' } },
  });
  const name = positionals[0] ?? 'events';
  if (name !== 'events' && name !== 'search' && name !== 'timeline') {
    console.error(`Unknown benchmark "${name}". Available: events, search, timeline, web, memory, push, load, eventlog, ingest`);
    process.exit(2);
  }
  const n = Number(values.users);
  const rounds = Number(values.rounds);
  if (!Number.isInteger(n) || n < 100 || !Number.isInteger(rounds) || rounds < 10) {
    console.error('--users must be a whole number ≥ 100 and --rounds ≥ 10');
    process.exit(2);
  }
  const url = process.env.BENCH_DATABASE_URL;
  const database = await openDatabase(url ? { url, dataDir: 'memory://' } : { dataDir: 'memory://' });
  console.log(`Benchmark "${name}" on ${url ? 'PostgreSQL (BENCH_DATABASE_URL)' : 'PGlite in memory'} with ${n} users.`);
  try {
    await ensureData(database.db, n);
    const app = await buildApp({ config: loadConfig({ LOG_LEVEL: 'silent' } as NodeJS.ProcessEnv), db: database.db, serveWeb: false });
    await app.ready();
    if (name === 'search') await benchSearch(app, database.db, rounds);
    else if (name === 'timeline') await benchTimeline(app, database.db, rounds);
    else await benchEvents(app, database.db, rounds);
    await app.close();
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
