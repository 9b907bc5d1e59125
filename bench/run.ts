/**
 * Benchmarks (`npm run bench -- <name> [--users N]`). They print percentiles and ratios; they
 * never assert timings. Data: PGlite in memory by default; BENCH_DATABASE_URL for a PostgreSQL
 * server (its data is reused when the bench fleet already holds N users).
 *
 *   events  — GET /api/events through the real app by bid, vin and user; first page vs. deep
 *             pages of the busiest vehicles (keyset paging keeps the ratio near 1); plus session
 *             resolution (every authenticated call pays it).
 */
import { parseArgs } from 'node:util';
import { and, count, desc, eq, isNotNull, sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.ts';
import { createStaffUser } from '../apps/server/src/cli/staff.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase, type Db } from '../apps/server/src/db/client.ts';
import { events, users } from '../apps/server/src/db/schema.ts';
import type { App } from '../apps/server/src/http/context.ts';
import { seedScale } from '../apps/server/src/seed/scale.ts';

const FLEET = 'bench';

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}
function summarize(label: string, samples: number[]) {
  const s = [...samples].sort((a, b) => a - b);
  const f = (n: number) => n.toFixed(2).padStart(8);
  console.log(`${label.padEnd(52)} n=${String(s.length).padStart(4)}  p50=${f(percentile(s, 50))} ms  p95=${f(percentile(s, 95))} ms  p99=${f(percentile(s, 99))} ms`);
  return { p50: percentile(s, 50), p95: percentile(s, 95) };
}
async function time(fn: () => Promise<unknown>) {
  const t = performance.now();
  await fn();
  return performance.now() - t;
}

async function ensureData(db: Db, n: number) {
  const [row] = await db.select({ n: count() }).from(users).where(eq(users.fleetId, FLEET));
  const have = row?.n ?? 0;
  if (have >= n) {
    console.log(`Reusing ${have} users in fleet "${FLEET}".`);
    return;
  }
  const started = performance.now();
  await seedScale(db, {
    users: n - have,
    fleet: have > 0 ? FLEET : undefined,
    onProgress: (done, total) => process.stderr.write(`\rgenerating ${done}/${total} rows`),
  });
  process.stderr.write('\n');
  console.log(`Generated ${n - have} users (+ vehicles, bookings, events) in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
}

async function benchEvents(app: App, db: Db, rounds: number) {
  const [staff] = await db.select().from(users).where(sql`lower(${users.username}) = 'bench.support'`);
  if (!staff) {
    await createStaffUser(db, { fleet: FLEET, username: 'bench.support', role: 'SUPPORT', password: 'bench-password', givenName: 'Bench', familyName: 'Support', email: null, language: null });
  }
  const login = await app.inject({ method: 'POST', url: '/api/auth', headers: { authorization: `Basic ${Buffer.from('bench.support:bench-password').toString('base64')}` } });
  const token = (login.json() as { token: string }).token;
  const headers = { authorization: `AUTH-TOKEN ${token}` };

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

async function main() {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { users: { type: 'string', default: '20000' }, rounds: { type: 'string', default: '200' } },
  });
  const name = positionals[0] ?? 'events';
  if (name !== 'events') {
    console.error(`Unknown benchmark "${name}". Available: events`);
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
    await benchEvents(app, database.db, rounds);
    await app.close();
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
