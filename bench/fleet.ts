/**
 * The bench fleet, shared by the benchmarks: the scale seeder's data (apps/server/src/seed/scale.ts) in the fleet
 * "bench", its staff members, and what the benchmarks ask for drawn from that data (the support search's query mix).
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, count, eq, like, sql } from 'drizzle-orm';
import { createStaffUser } from '../apps/server/src/cli/staff.ts';
import { openDatabase, type Db } from '../apps/server/src/db/client.ts';
import { bookings, pools, users, vehicleModels, vehicles } from '../apps/server/src/db/schema.ts';
import { seedScale } from '../apps/server/src/seed/scale.ts';
import type { App } from '../apps/server/src/http/context.ts';
import { buildServer, startServer, type RunningServer, type ServerMode } from './server-process.ts';

export const FLEET = 'bench';

/** The password of the bench's staff members (bench.support, bench.staff.NN). */
export const BENCH_PASSWORD = 'bench-password';

export function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

/** Seeds the bench fleet up to `n` users (reused when it already holds them), then VACUUM ANALYZE. */
export async function ensureData(db: Db, n: number) {
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
  await db.execute(sql`vacuum analyze`); // fresh statistics and visibility maps, as autovacuum keeps them on a live database
  console.log(`Generated ${n - have} users (+ vehicles, bookings, events) in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
}

/** SUPPORT staff members `bench.staff.01` … of the bench fleet (created when missing), each with BENCH_PASSWORD. */
export async function ensureStaff(db: Db, n: number): Promise<string[]> {
  const wanted = Array.from({ length: n }, (_, i) => `bench.staff.${String(i + 1).padStart(2, '0')}`);
  const have = new Set(
    (
      await db
        .select({ username: users.username })
        .from(users)
        .where(and(eq(users.fleetId, FLEET), like(users.username, 'bench.staff.%')))
    ).map((r) => r.username),
  );
  for (const [i, username] of wanted.entries()) {
    if (have.has(username)) continue;
    await createStaffUser(
      db,
      {
        fleet: FLEET,
        username,
        role: 'SUPPORT',
        password: BENCH_PASSWORD,
        givenName: 'Bench',
        familyName: `Staff ${i + 1}`,
        email: null,
        language: null,
      },
      { publicUrl: 'http://127.0.0.1' },
    );
  }
  return wanted;
}

/** A realistic mix of what support staff type, drawn from the bench fleet's own data (12 kinds, `rounds` in all). */
export async function searchMix(db: Db, rounds: number): Promise<{ kind: string; params: Record<string, string> }[]> {
  const n = Math.max(5, Math.ceil(rounds / 12));
  const people = await db
    .select({
      username: users.username,
      given: users.givenName,
      family: users.familyName,
      email: users.emailAddress,
      phone: users.mobilePhone,
      customerNumber: users.customerNumber,
    })
    .from(users)
    .where(and(eq(users.fleetId, FLEET), eq(users.role, 'CUSTOMER'), sql`${users.id} % 97 = 3`))
    .orderBy(sql`md5(${users.id}::text)`)
    .limit(n);
  const cars = await db
    .select({ vin: vehicles.vin, reg: vehicles.registrationNumber })
    .from(vehicles)
    .where(eq(vehicles.fleetId, FLEET))
    .orderBy(sql`md5(${vehicles.id}::text)`)
    .limit(n);
  const models = await db.select({ name: vehicleModels.modelName }).from(vehicleModels).where(eq(vehicleModels.fleetId, FLEET));
  const poolRows = await db.select({ name: pools.name, city: pools.city }).from(pools).where(eq(pools.fleetId, FLEET));
  const bids = await db
    .select({ bid: bookings.bid })
    .from(bookings)
    .where(and(eq(bookings.fleetId, FLEET), sql`${bookings.id} % 89 = 5`))
    .orderBy(sql`md5(${bookings.id}::text)`)
    .limit(n);
  const pick = <T>(list: T[], i: number) => list[i % list.length]!;
  const mix: { kind: string; params: Record<string, string> }[] = [];
  for (let i = 0; i < n; i++) {
    const p = pick(people, i);
    const car = pick(cars, i);
    const phone = p.phone ?? '+4790000000';
    const model = pick(models, i).name;
    const pool = pick(poolRows, i);
    mix.push(
      { kind: 'family name', params: { search: p.family } },
      { kind: 'given + family name', params: { search: `${p.given} ${p.family}` } },
      { kind: 'phone fragment', params: { search: phone.slice(-6) } },
      { kind: 'e-mail', params: { search: p.email ?? p.username } },
      { kind: 'customer number', params: { search: p.customerNumber ?? p.username } },
      { kind: 'registration (as written / without space)', params: { search: i % 2 ? car.reg : car.reg.replace(' ', '') } },
      { kind: 'VIN (full / last 8)', params: { search: i % 2 ? car.vin : car.vin.slice(-8) } },
      { kind: 'model name', params: { search: model.split(' ').slice(0, 2).join(' ') } },
      { kind: 'pool / city', params: { search: i % 2 ? pool.city : pool.name } },
      { kind: 'BID (full / prefix)', params: { search: i % 2 ? pick(bids, i).bid : pick(bids, i).bid.slice(0, 11).toLowerCase() } },
      { kind: 'chip: mobile phone', params: { mobilePhone: `${phone.slice(0, 3)} ${phone.slice(3, 6)} ${phone.slice(6)}` } },
      { kind: 'chip: user + family name', params: { user: p.username.slice(0, 6), search: p.family } },
    );
  }
  return mix;
}

/** Logs in through the real server's POST /api/auth: the `Authorization` value of the new session. */
export async function loginOver(base: string, username: string, password = BENCH_PASSWORD): Promise<string> {
  const res = await fetch(`${base}/api/auth`, {
    method: 'POST',
    headers: { authorization: `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}` },
  });
  if (res.status !== 200) throw new Error(`login ${username}: ${res.status} ${await res.text()}`);
  return `AUTH-TOKEN ${((await res.json()) as { token: string }).token}`;
}

/** The load average as `uptime` prints it. */
export const formatLoad = (l: number[]) => l.map((x) => x.toFixed(2)).join(' ');

export interface BenchServerOptions {
  /** The bench fleet's size (seeded on first use; reused when the database already holds this many users). */
  users: number;
  /** Staff members bench.staff.01 … to create. */
  staff: number;
  mode: ServerMode;
  skipBuild: boolean;
  /** More environment variables for the server. */
  env: Record<string, string>;
}

export interface BenchServer<T> {
  server: RunningServer;
  /** 'PostgreSQL (BENCH_DATABASE_URL)' or 'PGlite (a data directory of its own)'. */
  database: string;
  staff: string[];
  /** What `sample` drew from the data before the server started. */
  sample: T;
  stop(): Promise<void>;
}

/**
 * Seeds the bench fleet (PostgreSQL at BENCH_DATABASE_URL, else PGlite in a new temporary data directory), creates the
 * staff members, draws what the bench needs from the data (`sample`), closes the database and starts the real server on
 * it (server-process.ts: `node apps/server/dist/main.js`, NODE_ENV=production, SEED=none, no simulator reports).
 */
export async function startBenchServer<T>(opts: BenchServerOptions, sample: (db: Db) => Promise<T>): Promise<BenchServer<T>> {
  const url = process.env.BENCH_DATABASE_URL;
  const dataDir = url ? undefined : mkdtempSync(path.join(tmpdir(), 'fleetdesk-bench-pglite-'));
  const removeDataDir = () => {
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  };
  const database = url ? 'PostgreSQL (BENCH_DATABASE_URL)' : `PGlite (${dataDir})`;
  try {
    if (opts.mode === 'dist' && !opts.skipBuild) buildServer();
    const opened = await openDatabase(url ? { url, dataDir: 'memory://' } : { dataDir: dataDir! });
    let staff: string[];
    let drawn: T;
    try {
      await ensureData(opened.db, opts.users);
      staff = await ensureStaff(opened.db, opts.staff);
      drawn = await sample(opened.db);
    } finally {
      await opened.close();
    }
    console.log(`Starting the server (${opts.mode === 'dist' ? 'node apps/server/dist/main.js' : 'tsx apps/server/src/main.ts'}) on ${database} ...`);
    const server = await startServer({ mode: opts.mode, databaseUrl: url, dataDir, env: { SEED: 'none', ...opts.env } });
    console.log(`Server ready after ${(server.readyAfterMs / 1000).toFixed(1)} s (pid ${server.pid}, ${server.url}).`);
    return {
      server,
      database,
      staff,
      sample: drawn,
      stop: async () => {
        await server.stop();
        removeDataDir();
      },
    };
  } catch (err) {
    removeDataDir();
    throw err;
  }
}

/** `--env NAME=value` pairs as an object (an error for a malformed one). */
export function parseEnvPairs(pairs: string[]): Record<string, string> {
  const env: Record<string, string> = {};
  for (const pair of pairs) {
    const eq = pair.indexOf('=');
    if (eq < 1) throw new Error(`--env takes NAME=value, not "${pair}"`);
    env[pair.slice(0, eq)] = pair.slice(eq + 1);
  }
  return env;
}

/** CPU seconds (user + system) a process has used so far, from /proc/<pid>/stat (Linux; NaN elsewhere). */
export function cpuSecondsOf(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (USER_HZ = 100)
  } catch {
    return NaN;
  }
}

/**
 * CPU seconds the PostgreSQL server has used so far (Linux): its running processes (named `postgres`) plus what the
 * postmaster has collected from backends that have ended. Every database of that server counts (other engineers'
 * test runs too); NaN when there is no local PostgreSQL to read.
 */
export function postgresCpuSeconds(): number {
  let total = 0;
  let found = false;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')) !== 'postgres') continue;
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // utime, stime; and cutime, cstime (ended children: only the postmaster has them)
      total += (Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14])) / 100;
      found = true;
    } catch {
      // the process ended meanwhile
    }
  }
  return found ? total : NaN;
}

/** Logs in as the bench fleet's support user (created on first use). */
export async function benchLogin(app: App, db: Db) {
  const [staff] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.username}) = 'bench.support'`);
  if (!staff) {
    await createStaffUser(db, {
      fleet: FLEET,
      username: 'bench.support',
      role: 'SUPPORT',
      password: BENCH_PASSWORD,
      givenName: 'Bench',
      familyName: 'Support',
      email: null,
      language: null,
    });
  }
  return loginHeaders(app, 'bench.support', BENCH_PASSWORD);
}
export async function loginHeaders(app: App, username: string, password: string) {
  const login = await app.inject({
    method: 'POST',
    url: '/api/auth',
    headers: { authorization: `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}` },
  });
  if (login.statusCode !== 200) throw new Error(`login ${username}: ${login.statusCode} ${login.body}`);
  return { authorization: `AUTH-TOKEN ${(login.json() as { token: string }).token}` };
}
