/**
 * `npm run bench -- load [--rate 200] [--seconds 60] [--users 100000] [--find-knee]`: the API under a realistic mixed
 * load (issue 20 point 5) through the real server (server-process.ts) on PostgreSQL (BENCH_DATABASE_URL) or PGlite,
 * with the scale seeder's data.
 *
 * The mix, in equal shares by default (`--mix search=1,booking=1,user=1,events=1,status=1`), each drawn from the bench
 * fleet's data:
 *   search   GET /api/search: the /support combined search over the `search` bench's query mix (12 kinds)
 *   booking  GET /api/bookings/{bid}: the booking card
 *   user     GET /api/users/{username}: the user page
 *   events   GET /api/events: the event log's first page by VIN, BID or user (role AFFECTED) in turn, the screen's
 *            default period (a month back to the end of today) and type groups
 *   status   GET /api/vehicles/statusFor: the status of 20 VINs (as a list screen polls it)
 *
 * Open model: requests start on schedule at `--rate` a second, evenly spaced, whether or not earlier ones have
 * answered; each request's time runs from its scheduled start to the end of its answer, so a server (or a bench) that
 * falls behind shows in the figures instead of slowing the arrivals. `--sessions` staff members of the bench fleet take
 * turns (one login each). An error is any answer other than 200, or no answer within 10 s.
 *
 * `--find-knee` raises the rate from `--start-rate` by `--step` (each step `--seconds` long) until the whole mix's p99
 * passes `--p99-ms` (100) or an error occurs, and reports that rate. A step over the limit is run once more
 * (`--retries 1`: other processes on a shared machine can spoil one step); the knee is where it is over both times.
 */
import { eventSearchDefaultGroups } from '@fleetdesk/contract';
import { and, eq, sql } from 'drizzle-orm';
import { Agent, request } from 'node:http';
import pg from 'pg';
import { loadavg } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import type { Db } from '../apps/server/src/db/client.ts';
import { bookings, users, vehicles } from '../apps/server/src/db/schema.ts';
import { cpuSecondsOf, FLEET, formatLoad, loginOver, parseEnvPairs, percentile, postgresCpuSeconds, searchMix, startBenchServer } from './fleet.ts';
import { parseServerMode } from './server-process.ts';

const KINDS = ['search', 'booking', 'user', 'events', 'status'] as const;
type Kind = (typeof KINDS)[number];
const LABELS: Record<Kind, string> = {
  search: 'GET /api/search (support search)',
  booking: 'GET /api/bookings/{bid} (booking card)',
  user: 'GET /api/users/{username} (user page)',
  events: 'GET /api/events (event log, first page)',
  status: 'GET /api/vehicles/statusFor (20 VINs)',
};
const SAMPLES_PER_KIND = 600;
const TIMEOUT_MS = 10_000;

type Paths = Record<Kind, string[]>;

/** The requests of each kind, drawn from the bench fleet's data. */
async function drawPaths(db: Db): Promise<Paths> {
  const qs = (params: Record<string, string>) => new URLSearchParams(params).toString();
  const search = (await searchMix(db, SAMPLES_PER_KIND)).map((m) => `/api/search?${qs(m.params)}`);
  const bookingRows = await db
    .select({ bid: bookings.bid })
    .from(bookings)
    .where(eq(bookings.fleetId, FLEET))
    .orderBy(sql`md5(${bookings.id}::text)`)
    .limit(SAMPLES_PER_KIND);
  const customers = await db
    .select({ username: users.username })
    .from(users)
    .where(and(eq(users.fleetId, FLEET), eq(users.role, 'CUSTOMER'), sql`${users.id} % 7 = 2`))
    .orderBy(sql`md5(${users.id}::text)`)
    .limit(SAMPLES_PER_KIND);
  const vins = (
    await db
      .select({ vin: vehicles.vin })
      .from(vehicles)
      .where(eq(vehicles.fleetId, FLEET))
      .orderBy(sql`md5(${vehicles.id}::text)`)
  ).map((v) => v.vin);
  // The event log screen's default period: a month back to the end of today.
  const now = new Date();
  const startDate = new Date(now.getTime() - 31 * 86_400_000).toISOString();
  const endDate = new Date(now.getTime() + 86_400_000).toISOString();
  const events = Array.from({ length: SAMPLES_PER_KIND }, (_, i) => {
    const by: Record<string, string> =
      i % 3 === 0
        ? { vin: vins[i % vins.length]! }
        : i % 3 === 1
          ? { bid: bookingRows[i % bookingRows.length]!.bid }
          : { user: customers[i % customers.length]!.username, role: 'AFFECTED' };
    return `/api/events?${qs({ ...by, groups: eventSearchDefaultGroups('vin' in by).join(','), startDate, endDate })}`;
  });
  const status = Array.from({ length: SAMPLES_PER_KIND }, (_, i) => {
    const twenty = Array.from({ length: 20 }, (_, j) => vins[(i * 20 + j) % vins.length]!);
    return `/api/vehicles/statusFor?${qs({ vin: twenty.join(',') })}`;
  });
  return {
    search,
    booking: bookingRows.map((b) => `/api/bookings/${encodeURIComponent(b.bid.toUpperCase())}`),
    user: customers.map((c) => `/api/users/${encodeURIComponent(c.username)}`),
    events,
    status,
  };
}

/** `search=1,booking=1,…` as shares of the mix. */
function parseMix(text: string): Record<Kind, number> {
  const mix = Object.fromEntries(KINDS.map((k) => [k, 0])) as Record<Kind, number>;
  for (const part of text.split(',')) {
    const [name, weight] = part.split('=');
    if (!KINDS.includes(name as Kind) || !(Number(weight) >= 0)) throw new Error(`--mix: "${part}" is not kind=weight (kinds: ${KINDS.join(', ')})`);
    mix[name as Kind] = Number(weight);
  }
  if (!KINDS.some((k) => mix[k] > 0)) throw new Error('--mix: no kind has a weight');
  return mix;
}

/** A small deterministic generator (mulberry32), so that every run asks the same sequence. */
function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface PhaseResult {
  rate: number;
  seconds: number;
  byKind: Record<Kind, number[]>;
  all: number[];
  errors: number;
  errorsByCause: Map<string, number>;
  /** How late requests started against their schedule (the bench's own lag). */
  sendLag: number[];
  maxInFlight: number;
  /** Answers per second over the phase. */
  throughput: number;
  serverCpu: number;
  /** The PostgreSQL server's CPU (all its databases), in cores; NaN on PGlite or without /proc. */
  postgresCpu: number;
  /** Transactions committed or rolled back in the bench database (each statement outside a transaction is one). */
  transactions: number;
  loopP99: number;
}

interface Target {
  base: URL;
  pid: number;
  tokens: string[];
  /** On PostgreSQL: its CPU, and the database's transactions (pg_stat_database), are reported too. */
  postgres: boolean;
  paths: Paths;
  mix: Record<Kind, number>;
}

const agent = new Agent({ keepAlive: true, maxSockets: Infinity });

/** The bench database's transactions so far (NaN on PGlite): pg_stat_database, read on a connection of its own. */
async function transactionCount(): Promise<number> {
  const url = process.env.BENCH_DATABASE_URL;
  if (!url) return NaN;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    // The statistics are sent to the collector when a backend's transaction ends; give the pool's backends a moment.
    await sleep(1100);
    await client.query('select pg_stat_clear_snapshot()');
    const { rows } = await client.query<{ n: string }>(
      'select xact_commit + xact_rollback as n from pg_stat_database where datname = current_database()',
    );
    return Number(rows[0]?.n ?? NaN);
  } finally {
    await client.end();
  }
}

/** One GET: resolves with the status (0 for a network error or a timeout) when the whole answer has arrived. */
function get(base: URL, path: string, authorization: string): Promise<number | string> {
  return new Promise((resolve) => {
    const req = request(
      {
        host: base.hostname,
        port: base.port,
        path,
        method: 'GET',
        agent,
        headers: { authorization, accept: 'application/json' },
        timeout: TIMEOUT_MS,
      },
      (res) => {
        res.on('data', () => undefined);
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', (err) => resolve(err.message));
      },
    );
    req.on('timeout', () => req.destroy(new Error(`no answer within ${TIMEOUT_MS} ms`)));
    req.on('error', (err) => resolve(err.message));
    req.end();
  });
}

async function runPhase(target: Target, rate: number, seconds: number, seed: number): Promise<PhaseResult> {
  const random = rng(seed);
  const weights = KINDS.map((k) => target.mix[k]);
  const totalWeight = weights.reduce((a, b) => a + b, 0);
  const pickKind = (): Kind => {
    let r = random() * totalWeight;
    for (const [i, k] of KINDS.entries()) {
      r -= weights[i]!;
      if (r < 0) return k;
    }
    return KINDS.find((k) => target.mix[k] > 0)!;
  };
  const next = Object.fromEntries(KINDS.map((k) => [k, Math.floor(random() * SAMPLES_PER_KIND)])) as Record<Kind, number>;

  const total = Math.round(rate * seconds);
  const byKind = Object.fromEntries(KINDS.map((k) => [k, [] as number[]])) as Record<Kind, number[]>;
  const all: number[] = [];
  const sendLag: number[] = [];
  const errorsByCause = new Map<string, number>();
  let errors = 0;
  let inFlight = 0;
  let maxInFlight = 0;
  const pending: Promise<void>[] = [];
  const cpu0 = cpuSecondsOf(target.pid);
  const pg0 = target.postgres ? postgresCpuSeconds() : NaN;
  const tx0 = await transactionCount();
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const started = performance.now() + 20;
  for (let i = 0; i < total; i++) {
    const due = started + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait >= 1) await sleep(wait);
    const kind = pickKind();
    const list = target.paths[kind];
    const path = list[next[kind]++ % list.length]!;
    const authorization = target.tokens[i % target.tokens.length]!;
    sendLag.push(performance.now() - due);
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    pending.push(
      get(target.base, path, authorization).then((status) => {
        const took = performance.now() - due;
        inFlight--;
        byKind[kind].push(took);
        all.push(took);
        if (status !== 200) {
          errors++;
          const cause = `${kind} ${status}`;
          errorsByCause.set(cause, (errorsByCause.get(cause) ?? 0) + 1);
          if (errorsByCause.get(cause) === 1) console.warn(`  error: ${cause} for GET ${path}`);
        }
      }),
    );
  }
  await Promise.all(pending);
  loop.disable();
  const elapsed = (performance.now() - started) / 1000;
  const tx1 = await transactionCount();
  return {
    rate,
    seconds,
    byKind,
    all,
    errors,
    errorsByCause,
    sendLag,
    maxInFlight,
    throughput: all.length / elapsed,
    serverCpu: (cpuSecondsOf(target.pid) - cpu0) / elapsed,
    postgresCpu: target.postgres ? (postgresCpuSeconds() - pg0) / elapsed : NaN,
    transactions: tx1 - tx0 - 1, // the count's own statement
    loopP99: loop.percentile(99) / 1e6,
  };
}

const ms = (n: number) => `${n.toFixed(2).padStart(8)} ms`;
function stats(samples: number[]) {
  const s = [...samples].sort((a, b) => a - b);
  return { n: s.length, p50: percentile(s, 50), p95: percentile(s, 95), p99: percentile(s, 99), max: s.at(-1) ?? NaN };
}
function line(label: string, samples: number[]) {
  const s = stats(samples);
  console.log(`${label.padEnd(54)} n=${String(s.n).padStart(6)}  p50=${ms(s.p50)}  p95=${ms(s.p95)}  p99=${ms(s.p99)}  max=${ms(s.max)}`);
  return s;
}
function phaseFooter(r: PhaseResult) {
  const lag = stats(r.sendLag);
  const perRequest = (cores: number) => ((cores * 1000) / r.throughput).toFixed(1);
  console.log(
    `CPU per request: server ${perRequest(r.serverCpu)} ms${Number.isNaN(r.postgresCpu) ? '' : `, PostgreSQL ${perRequest(r.postgresCpu)} ms (all its databases: other load counts too)`}` +
      `${Number.isNaN(r.transactions) ? '' : `; ${(r.transactions / r.all.length).toFixed(1)} database transactions per request`}`,
  );
  console.log(
    `offered ${r.rate}/s for ${r.seconds} s, answered ${r.throughput.toFixed(1)}/s; ${r.errors} errors` +
      `${r.errors ? ` (${[...r.errorsByCause].map(([c, n]) => `${c}: ${n}`).join(', ')})` : ''}; at most ${r.maxInFlight} in flight; ` +
      `server CPU ${(r.serverCpu * 100).toFixed(0)} % of a core${Number.isNaN(r.postgresCpu) ? '' : `, PostgreSQL ${(r.postgresCpu * 100).toFixed(0)} % (all its databases)`}; bench start lag p99 ${lag.p99.toFixed(1)} ms (max ${lag.max.toFixed(1)}), event-loop delay p99 ${r.loopP99.toFixed(1)} ms`,
  );
}

export async function benchLoad(argv: string[]) {
  const { values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      rate: { type: 'string', default: '200' },
      seconds: { type: 'string', default: '60' },
      'warmup-seconds': { type: 'string', default: '10' },
      users: { type: 'string', default: '100000' },
      sessions: { type: 'string', default: '10' },
      mix: { type: 'string', default: 'search=1,booking=1,user=1,events=1,status=1' },
      'find-knee': { type: 'boolean', default: false },
      'start-rate': { type: 'string', default: '50' },
      step: { type: 'string', default: '50' },
      'max-rate': { type: 'string', default: '2000' },
      'p99-ms': { type: 'string', default: '100' },
      retries: { type: 'string', default: '1' },
      server: { type: 'string', default: 'dist' },
      'skip-build': { type: 'boolean', default: false },
      env: { type: 'string', multiple: true, default: [] },
    },
  });
  const num = (name: keyof typeof values) => Number(values[name]);
  const [rate, seconds, warmup, userCount, sessions, startRate, step, maxRate, p99Limit] = (
    ['rate', 'seconds', 'warmup-seconds', 'users', 'sessions', 'start-rate', 'step', 'max-rate', 'p99-ms'] as const
  ).map(num) as [number, number, number, number, number, number, number, number, number];
  if (
    ![rate, seconds, startRate, step, maxRate, p99Limit].every((n) => n > 0) ||
    !(warmup >= 0) ||
    !Number.isInteger(userCount) ||
    !(sessions >= 1)
  ) {
    console.error(
      '--rate, --seconds, --start-rate, --step, --max-rate and --p99-ms must be > 0, --warmup-seconds ≥ 0, --users and --sessions whole numbers',
    );
    process.exit(2);
  }
  const retries = Number(values.retries);
  const mix = parseMix(values.mix);
  const mode = parseServerMode(values.server);
  const env = parseEnvPairs(values.env);

  const bench = await startBenchServer({ users: userCount, staff: sessions, mode, skipBuild: values['skip-build'], env }, drawPaths);
  const { server } = bench;
  try {
    const tokens: string[] = [];
    for (const username of bench.staff) tokens.push(await loginOver(server.url, username));
    const target: Target = {
      base: new URL(server.url),
      pid: server.pid,
      tokens,
      postgres: Boolean(process.env.BENCH_DATABASE_URL),
      paths: bench.sample,
      mix,
    };
    const mixText = KINDS.filter((k) => mix[k] > 0)
      .map((k) => `${k} ${mix[k]}`)
      .join(', ');

    const load0 = loadavg();
    console.log(
      `\nBenchmark "load" on ${bench.database}, ${userCount} users; mix ${mixText}; ${tokens.length} staff sessions; ` +
        `${new Date().toISOString()}, load average ${formatLoad(load0)}`,
    );
    const firstRate = values['find-knee'] ? startRate : rate;
    if (warmup > 0) {
      console.log(`warm-up: ${firstRate}/s for ${warmup} s (not counted) ...`);
      await runPhase(target, firstRate, warmup, 1);
    }

    if (!values['find-knee']) {
      const r = await runPhase(target, rate, seconds, 2);
      console.log('');
      for (const k of KINDS) if (mix[k] > 0) line(LABELS[k], r.byKind[k]);
      const whole = line('whole mix', r.all);
      console.log('');
      phaseFooter(r);
      if (r.errors > 0) console.log(`the server's last output (LOG_LEVEL=warn):\n${server.output().slice(-3000)}`);
      const load1 = loadavg();
      console.log(`load average before ${formatLoad(load0)}, after ${formatLoad(load1)}`);
      console.log(
        `target (issue 20): p99 ≤ 100 ms and 0 errors at 200 requests/s: p99 ${whole.p99.toFixed(1)} ms, ${r.errors} errors at ${rate} requests/s`,
      );
      return;
    }

    const steps: { rate: number; s: ReturnType<typeof stats>; r: PhaseResult }[] = [];
    let knee: number | undefined;
    let retried = false;
    for (let current = startRate; current <= maxRate; current += step) {
      const r = await runPhase(target, current, seconds, 1000 + current);
      const s = stats(r.all);
      steps.push({ rate: current, s, r });
      const over = s.p99 > p99Limit || r.errors > 0;
      console.log(
        `${String(current).padStart(5)}/s  n=${String(s.n).padStart(6)}  p50=${ms(s.p50)}  p95=${ms(s.p95)}  p99=${ms(s.p99)}  max=${ms(s.max)}  ` +
          `answered ${r.throughput.toFixed(0)}/s  errors ${r.errors}  CPU server ${(r.serverCpu * 100).toFixed(0)} % PostgreSQL ${(r.postgresCpu * 100).toFixed(0)} %  ` +
          `load ${formatLoad(loadavg())}`,
      );
      // Other processes on a shared machine can spoil a step: a step over the limit runs once more (--retries).
      if (over && !retried && retries > 0) {
        retried = true;
        current -= step;
        await sleep(2000);
        continue;
      }
      retried = false;
      if (over) {
        knee = current;
        console.log('');
        for (const k of KINDS) if (mix[k] > 0) line(`  at ${current}/s: ${LABELS[k]}`, r.byKind[k]);
        break;
      }
      await sleep(2000); // let the server settle between steps
    }
    const load1 = loadavg();
    const lastGood = steps.filter((x) => knee === undefined || x.rate < knee).at(-1);
    console.log(`\nload average before ${formatLoad(load0)}, after ${formatLoad(load1)}`);
    console.log(
      knee === undefined
        ? `p99 stayed ≤ ${p99Limit} ms without errors up to ${maxRate} requests/s`
        : `p99 passes ${p99Limit} ms (or errors begin) at ${knee} requests/s; the last rate within it: ${lastGood ? `${lastGood.rate}/s (p99 ${lastGood.s.p99.toFixed(1)} ms)` : 'none'}`,
    );
  } catch (err) {
    console.error(server.output());
    throw err;
  } finally {
    agent.destroy();
    await bench.stop();
  }
}
