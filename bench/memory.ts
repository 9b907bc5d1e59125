/**
 * `npm run bench -- memory`: resident memory (RSS) of the real server process, idle and loaded, in both database
 * modes. Each mode starts the server (production-like: `node apps/server/dist/main.js`, see server-process.ts) twice:
 * first on an empty database, which it creates, migrates and seeds with the demo (SEED=demo), then again on the same
 * data (a restart: no seed). Each time:
 *
 *   ready   RSS when /api/ready first answers 200 (migrations, and the first time the demo seed, done)
 *   idle    RSS after --idle-seconds without requests (the garbage collector has had its chance)
 *   loaded  RSS right after --requests API requests (logins, support searches, bookings, users, vehicles, events;
 *           --concurrency at a time), and again after --idle-seconds more
 *   peak    the high-water mark of RSS over the process's life (VmHWM)
 *
 * RSS comes from /proc/<pid>/status (Linux). PostgreSQL mode takes `--postgres <url>`: that database is DROPPED and
 * CREATED again before the server starts (give it a database of its own, e.g. fleetdesk_mem); the server's RSS then
 * excludes the PostgreSQL server's own processes, of course.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { setTimeout as sleep } from 'node:timers/promises';
import type { SupportSearchResponse } from '@fleetdesk/contract';
import pg from 'pg';
import { buildServer, parseServerMode, startServer, type RunningServer, type ServerMode } from './server-process.ts';

interface ProcMemory {
  rssMiB: number;
  hwmMiB: number;
  anonMiB: number;
}

function readProcMemory(pid: number): ProcMemory {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (field: string) => {
    const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status);
    if (!match) throw new Error(`no ${field} in /proc/${pid}/status`);
    return Number(match[1]) / 1024;
  };
  return { rssMiB: kib('VmRSS'), hwmMiB: kib('VmHWM'), anonMiB: kib('RssAnon') };
}

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

/** Drops and creates the database of `url` again, through the server's maintenance database `postgres`. */
async function recreateDatabase(url: string) {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.replace(/^\//, ''));
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name) || name === 'postgres')
    throw new Error(`--postgres: a database of its own is needed (a plain name, not "postgres"), not "${name}"`);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await client.query(`CREATE DATABASE "${name}"`);
  } finally {
    await client.end();
  }
}

/** A logged-in support user's work: searches, then the records the hits lead to. */
async function applyLoad(server: RunningServer, requests: number, concurrency: number) {
  const base = server.url;
  const basic = `Basic ${Buffer.from('support:support-demo').toString('base64')}`;
  const login = async () => {
    const res = await fetch(`${base}/api/auth`, { method: 'POST', headers: { authorization: basic } });
    if (res.status !== 200) throw new Error(`login: ${res.status} ${await res.text()}`);
    return `AUTH-TOKEN ${((await res.json()) as { token: string }).token}`;
  };
  // A few logins (the login rate limit allows a handful per minute), each a session of its own.
  const tokens: string[] = [];
  for (let i = 0; i < 3; i++) tokens.push(await login());

  const phrases = [
    'Nordmann',
    'Berg',
    'Hansen',
    'Oslo',
    'Bergen',
    'EL 12345',
    'Tesla',
    'ID.3',
    'BID1000000001',
    'BID10000001',
    'demo.active',
    '+4798765432',
    'Majorstuen',
    'cargo',
    'Lien',
    'Solberg',
  ];
  const bids = new Set<string>();
  const vins = new Set<string>();
  const usernames = new Set<string>();
  const since = new Date(Date.now() - 60 * 86_400_000).toISOString();
  let failures = 0;
  let statusCounts = '';
  const durations: number[] = [];

  const get = async (path: string, token: string) => {
    const started = performance.now();
    const res = await fetch(`${base}${path}`, { headers: { authorization: token, 'accept-encoding': 'gzip, br' } });
    const body = await res.arrayBuffer();
    durations.push(performance.now() - started);
    if (res.status !== 200) {
      failures++;
      if (failures <= 3) statusCounts += ` ${res.status} ${path}`;
      return null;
    }
    return body;
  };
  const nextRequest = (i: number): string => {
    const pick = <T>(set: Set<T>, fallback: T) => [...set][i % Math.max(1, set.size)] ?? fallback;
    const bid = pick(bids, 'BID1000000001');
    const vin = pick(vins, '');
    const user = pick(usernames, 'demo.active');
    switch (i % 8) {
      case 0:
      case 1:
        return `/api/search?${new URLSearchParams({ search: phrases[i % phrases.length]! })}`;
      case 2:
        return `/api/bookings/${encodeURIComponent(bid)}`;
      case 3:
        return `/api/events?${new URLSearchParams({ bid, startDate: since, pageSize: '10' })}`;
      case 4:
        return vin
          ? `/api/events?${new URLSearchParams({ vin, startDate: since, pageSize: '10' })}`
          : `/api/events?${new URLSearchParams({ user, role: 'AFFECTED', pageSize: '10' })}`;
      case 5:
        return `/api/users/${encodeURIComponent(user)}`;
      case 6:
        return vin ? `/api/vehicles/by-vin/${encodeURIComponent(vin)}` : `/api/users/${encodeURIComponent(user)}/bookings`;
      default:
        return `/api/users/${encodeURIComponent(user)}/bookings`;
    }
  };
  let issued = 0;
  const worker = async (w: number) => {
    for (;;) {
      const i = issued++;
      if (i >= requests) return;
      const path = nextRequest(i);
      const body = await get(path, tokens[w % tokens.length]!);
      if (body && path.startsWith('/api/search?')) {
        const found = JSON.parse(Buffer.from(body).toString('utf8')) as SupportSearchResponse;
        for (const u of found.users.results) usernames.add(u.username);
        for (const v of found.vehicles.results) vins.add(v.vin);
        for (const group of [found.bookings.active, found.bookings.future, found.bookings.historic]) {
          for (const b of group.results) {
            bids.add(b.bid);
            if (b.vehicle) vins.add(b.vehicle.vin);
          }
        }
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, (_, w) => worker(w)));
  const sorted = durations.sort((a, b) => a - b);
  return {
    requests: durations.length + tokens.length,
    failures,
    firstFailures: statusCounts.trim(),
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
  };
}

interface ModeResult {
  mode: string;
  readyAfterS: number;
  ready: ProcMemory;
  idle: ProcMemory;
  loaded: ProcMemory;
  settled: ProcMemory;
  load: Awaited<ReturnType<typeof applyLoad>>;
}

interface MeasureOptions {
  idleSeconds: number;
  requests: number;
  concurrency: number;
  env: Record<string, string>;
  databaseUrl?: string;
  /** PGlite: this data directory (kept); unset: a fresh one. */
  dataDir?: string;
}

async function measureMode(label: string, mode: ServerMode, opts: MeasureOptions): Promise<ModeResult> {
  console.log(`\n${label}: starting the server ...`);
  const server = await startServer({ mode, databaseUrl: opts.databaseUrl, dataDir: opts.dataDir, env: opts.env });
  try {
    const ready = readProcMemory(server.pid);
    console.log(
      `  ready after ${(server.readyAfterMs / 1000).toFixed(1)} s (pid ${server.pid}), RSS ${ready.rssMiB.toFixed(0)} MiB; idle for ${opts.idleSeconds} s ...`,
    );
    await sleep(opts.idleSeconds * 1000);
    const idle = readProcMemory(server.pid);
    console.log(`  idle RSS ${idle.rssMiB.toFixed(0)} MiB; ${opts.requests} requests, ${opts.concurrency} at a time ...`);
    const load = await applyLoad(server, opts.requests, opts.concurrency);
    const loaded = readProcMemory(server.pid);
    console.log(
      `  loaded RSS ${loaded.rssMiB.toFixed(0)} MiB (p50 ${load.p50.toFixed(1)} ms, p95 ${load.p95.toFixed(1)} ms, ${load.failures} non-200); idle for ${opts.idleSeconds} s ...`,
    );
    await sleep(opts.idleSeconds * 1000);
    const settled = readProcMemory(server.pid);
    return { mode: label, readyAfterS: server.readyAfterMs / 1000, ready, idle, loaded, settled, load };
  } catch (err) {
    console.error(server.output());
    throw err;
  } finally {
    await server.stop();
  }
}

export async function benchMemory(argv: string[]) {
  const { values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      server: { type: 'string', default: 'dist' },
      'skip-build': { type: 'boolean', default: false },
      postgres: { type: 'string' },
      only: { type: 'string' },
      'idle-seconds': { type: 'string', default: '15' },
      requests: { type: 'string', default: '400' },
      concurrency: { type: 'string', default: '4' },
      repeat: { type: 'string', default: '1' },
      env: { type: 'string', multiple: true, default: [] },
    },
  });
  const env: Record<string, string> = {};
  for (const pair of values.env) {
    const eq = pair.indexOf('=');
    if (eq < 1) {
      console.error(`--env takes NAME=value, not "${pair}"`);
      process.exit(2);
    }
    env[pair.slice(0, eq)] = pair.slice(eq + 1);
  }
  const mode = parseServerMode(values.server);
  const idleSeconds = Number(values['idle-seconds']);
  const requests = Number(values.requests);
  const concurrency = Number(values.concurrency);
  const repeat = Number(values.repeat);
  if (![idleSeconds, requests, concurrency, repeat].every((n) => Number.isInteger(n) && n >= 1)) {
    console.error('--idle-seconds, --requests, --concurrency and --repeat must be whole numbers ≥ 1');
    process.exit(2);
  }
  const only = values.only;
  if (only !== undefined && only !== 'pglite' && only !== 'postgres') {
    console.error('--only must be pglite or postgres');
    process.exit(2);
  }
  if (only === 'postgres' && !values.postgres) {
    console.error('--only postgres needs --postgres <url>');
    process.exit(2);
  }
  if (mode === 'dist' && !values['skip-build']) buildServer();

  const load0 = loadavg();
  const startedAt = new Date();
  const extraEnv = Object.entries(env)
    .map(([k, v]) => `${k}=${v}`)
    .join(' ');
  console.log(
    `Benchmark "memory": server ${mode === 'dist' ? 'node apps/server/dist/main.js' : 'tsx apps/server/src/main.ts'}, NODE_ENV=production, demo seed${extraEnv ? `, ${extraEnv}` : ''}; ${startedAt.toISOString()}, load average ${load0.map((l) => l.toFixed(2)).join(' ')}`,
  );
  const results: ModeResult[] = [];
  const common = { idleSeconds, requests, concurrency, env };
  for (let r = 0; r < repeat; r++) {
    if (only !== 'postgres') {
      // The first start creates the database (initdb), migrates and seeds it; a restart opens the same files.
      const dataDir = mkdtempSync(path.join(tmpdir(), 'fleetdesk-bench-memory-'));
      try {
        results.push(await measureMode('PGlite, first start (+ seed)', mode, { ...common, dataDir }));
        results.push(await measureMode('PGlite, restart (same data)', mode, { ...common, dataDir }));
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    }
    if (values.postgres && only !== 'pglite') {
      await recreateDatabase(values.postgres);
      results.push(await measureMode('PostgreSQL, first start (+ seed)', mode, { ...common, databaseUrl: values.postgres }));
      results.push(await measureMode('PostgreSQL, restart (same data)', mode, { ...common, databaseUrl: values.postgres }));
    }
  }
  const load1 = loadavg();

  const mib = (n: number) => `${n.toFixed(0)} MiB`.padStart(9);
  console.log(
    `\n${'server RSS'.padEnd(34)}${'ready'.padStart(9)}${'idle'.padStart(9)}${'loaded'.padStart(9)}${'+ idle'.padStart(9)}${'peak'.padStart(9)}   requests p50 / p95`,
  );
  for (const r of results) {
    console.log(
      `${r.mode.padEnd(34)}${mib(r.ready.rssMiB)}${mib(r.idle.rssMiB)}${mib(r.loaded.rssMiB)}${mib(r.settled.rssMiB)}${mib(r.settled.hwmMiB)}` +
        `   ${r.load.requests} (${r.load.failures} non-200${r.load.firstFailures ? `: ${r.load.firstFailures}` : ''}) ${r.load.p50.toFixed(1)} / ${r.load.p95.toFixed(1)} ms; ready after ${r.readyAfterS.toFixed(1)} s`,
    );
  }
  console.log(`\nidle = after ${idleSeconds} s without requests; loaded = right after the requests; + idle = ${idleSeconds} s later; peak = VmHWM.`);
  console.log(`load average before ${load0.map((l) => l.toFixed(2)).join(' ')}, after ${load1.map((l) => l.toFixed(2)).join(' ')}`);
}
