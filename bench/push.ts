/**
 * `npm run bench -- push [--clients 200] [--changes 300] [--rate 10] [--sessions 20] [--users 20000]`: push latency of
 * the live stream (issue 20 point 5; GET /api/stream, docs/decisions/0070-live-stream.md) from a committed change to
 * each connected client, through the real server (server-process.ts) on PostgreSQL (BENCH_DATABASE_URL) or PGlite.
 *
 * It opens `--clients` streams as the console does (fetch with the session in the Authorization header, Server-Sent
 * Events read from the body), spread over `--sessions` staff members of the bench fleet (one login each, so several
 * streams share a session as a staff member's browser tabs do). Then it makes `--changes` changes through the API at
 * `--rate` a second, on schedule whether or not earlier ones have answered: an internal note (POST /api/notes) on a
 * customer, a booking or a vehicle in turn, each on a subject of its own, so that each change is one event of the log
 * and one `change` message, known by its type and subject. For every change and every stream it takes the time from
 * the API's answer (the commit is done when the answer arrives) to the message's arrival at that stream; a message
 * can arrive before the answer has been read (negative). Lost = a change that never reached a stream within
 * `--settle-ms` after the last answer. The streams are read in `--workers` worker threads (push-worker.ts), so that
 * reading them does not delay the main thread's reading of the answers; all of it runs on the same machine as the
 * server, and the event-loop delays of the main thread and the workers are reported, since they add to every figure.
 */
import { and, eq, sql } from 'drizzle-orm';
import { loadavg } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import type { Worker } from 'node:worker_threads';
import type { Db } from '../apps/server/src/db/client.ts';
import { bookings, users, vehicles } from '../apps/server/src/db/schema.ts';
import { cpuSecondsOf, FLEET, formatLoad, loginOver, parseEnvPairs, percentile, postgresCpuSeconds, startBenchServer } from './fleet.ts';
import { sharedNow, startPushWorker, type FromWorker, type StreamRecord, type ToWorker } from './push-worker.ts';
import { parseServerMode } from './server-process.ts';

type SubjectType = 'USER' | 'BOOKING' | 'VEHICLE';
interface Subject {
  subjectType: SubjectType;
  subjectId: string;
  /** How its change is known on the stream: event type and subject. */
  key: string;
}

/** Customers, bookings and vehicles of the bench fleet, `n` in all, in turn; each a different subject. */
async function drawSubjects(db: Db, n: number): Promise<Subject[]> {
  const per = Math.ceil(n / 3);
  const customers = await db
    .select({ username: users.username })
    .from(users)
    .where(and(eq(users.fleetId, FLEET), eq(users.role, 'CUSTOMER')))
    .orderBy(sql`md5(${users.id}::text)`)
    .limit(n);
  const bids = await db
    .select({ bid: bookings.bid })
    .from(bookings)
    .where(eq(bookings.fleetId, FLEET))
    .orderBy(sql`md5(${bookings.id}::text)`)
    .limit(per);
  const vins = await db
    .select({ vin: vehicles.vin })
    .from(vehicles)
    .where(eq(vehicles.fleetId, FLEET))
    .orderBy(sql`md5(${vehicles.id}::text)`)
    .limit(per);
  const lists: Subject[][] = [
    customers.map((c) => ({ subjectType: 'USER', subjectId: c.username, key: `USER_ACTION:${c.username}` })),
    bids.map((b) => ({ subjectType: 'BOOKING', subjectId: b.bid, key: `BOOKING_EVENT:${b.bid}` })),
    vins.map((v) => ({ subjectType: 'VEHICLE', subjectId: v.vin, key: `VEHICLE_ADMIN:${v.vin}` })),
  ];
  // In turn while each kind lasts (a small fleet has fewer vehicles than changes); then customers.
  const subjects: Subject[] = [];
  for (let i = 0; subjects.length < n && lists.some((l) => i < l.length); i++) {
    for (const list of lists) if (i < list.length && subjects.length < n) subjects.push(list[i]!);
  }
  if (subjects.length < n) throw new Error(`the bench fleet has only ${subjects.length} subjects for ${n} changes; seed more --users`);
  return subjects;
}

interface ChangeResult {
  subject: Subject;
  sentAt: number;
  answeredAt: number;
  status: number;
}

const ms = (n: number) => `${n.toFixed(2).padStart(8)} ms`;
function line(label: string, samples: number[]) {
  const s = [...samples].sort((a, b) => a - b);
  console.log(
    `${label.padEnd(46)} n=${String(s.length).padStart(6)}  p50=${ms(percentile(s, 50))}  p95=${ms(percentile(s, 95))}  p99=${ms(percentile(s, 99))}  max=${ms(s.at(-1) ?? NaN)}`,
  );
  return { p50: percentile(s, 50), p95: percentile(s, 95), p99: percentile(s, 99), max: s.at(-1) ?? NaN };
}

export async function benchPush(argv: string[]) {
  const { values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      clients: { type: 'string', default: '200' },
      changes: { type: 'string', default: '300' },
      rate: { type: 'string', default: '10' },
      sessions: { type: 'string', default: '20' },
      workers: { type: 'string', default: '2' },
      users: { type: 'string', default: '20000' },
      'settle-ms': { type: 'string', default: '30000' },
      server: { type: 'string', default: 'dist' },
      'skip-build': { type: 'boolean', default: false },
      env: { type: 'string', multiple: true, default: [] },
    },
  });
  const clients = Number(values.clients);
  const changes = Number(values.changes);
  const rate = Number(values.rate);
  const sessions = Math.min(Number(values.sessions), clients);
  const workerCount = Math.min(Number(values.workers), clients);
  const userCount = Number(values.users);
  const settleMs = Number(values['settle-ms']);
  if (![clients, changes, sessions, workerCount, userCount, settleMs].every((n) => Number.isInteger(n) && n >= 1) || !(rate > 0)) {
    console.error('--clients, --changes, --sessions, --workers, --users and --settle-ms must be whole numbers ≥ 1, --rate a number > 0');
    process.exit(2);
  }
  const mode = parseServerMode(values.server);
  const env = parseEnvPairs(values.env);

  const bench = await startBenchServer({ users: userCount, staff: sessions, mode, skipBuild: values['skip-build'], env }, (db) =>
    drawSubjects(db, changes),
  );
  const { server } = bench;
  const base = server.url;
  const subjects = bench.sample;
  const workers: { worker: Worker; messages: FromWorker[]; waiting?: () => void }[] = [];
  try {
    const tokens: string[] = [];
    for (const username of bench.staff) tokens.push(await loginOver(base, username));

    // The streams, spread over the workers; stream i uses staff session i mod sessions.
    const openStarted = performance.now();
    for (let w = 0; w < workerCount; w++) {
      const authorizations = Array.from({ length: clients }, (_, i) => i)
        .filter((i) => i % workerCount === w)
        .map((i) => tokens[i % tokens.length]!);
      const entry: (typeof workers)[number] = {
        worker: startPushWorker({ base, authorizations, watching: subjects.map((s) => s.key) }),
        messages: [],
      };
      entry.worker.on('message', (message: FromWorker) => {
        entry.messages.push(message);
        entry.waiting?.();
      });
      entry.worker.on('error', (err) => {
        entry.messages.push({ type: 'failed', message: err.message });
        entry.waiting?.();
      });
      workers.push(entry);
    }
    /** The next message of a worker of the given type (a failure throws). */
    const nextOf = async <T extends FromWorker['type']>(entry: (typeof workers)[number], type: T): Promise<Extract<FromWorker, { type: T }>> => {
      for (;;) {
        const i = entry.messages.findIndex((m) => m.type === type || m.type === 'failed');
        if (i >= 0) {
          const [message] = entry.messages.splice(i, 1);
          if (message!.type === 'failed') throw new Error(`a stream worker failed: ${message!.message}`);
          return message as Extract<FromWorker, { type: T }>;
        }
        await new Promise<void>((resolve) => (entry.waiting = resolve));
      }
    };
    await Promise.all(workers.map((w) => nextOf(w, 'ready')));
    const openMs = performance.now() - openStarted;
    await sleep(1000);

    const load0 = loadavg();
    const cpu0 = cpuSecondsOf(server.pid);
    const pg0 = postgresCpuSeconds();
    const loop = monitorEventLoopDelay({ resolution: 10 });
    loop.enable();
    console.log(
      `\nBenchmark "push" on ${bench.database}: ${clients} streams over ${tokens.length} staff sessions, read by ${workers.length} worker threads ` +
        `(opened in ${(openMs / 1000).toFixed(1)} s); ${changes} changes at ${rate}/s; ${new Date().toISOString()}, load average ${formatLoad(load0)}`,
    );

    // The changes, on schedule (open model): change i starts at i / rate seconds.
    const results: Promise<ChangeResult>[] = [];
    const started = performance.now();
    for (let i = 0; i < changes; i++) {
      const due = started + (i * 1000) / rate;
      const wait = due - performance.now();
      if (wait >= 1) await sleep(wait);
      const subject = subjects[i]!;
      const authorization = tokens[i % tokens.length]!;
      const sentAt = sharedNow();
      results.push(
        fetch(`${base}/api/notes`, {
          method: 'POST',
          headers: { authorization, 'content-type': 'application/json' },
          body: JSON.stringify({ subjectType: subject.subjectType, subjectId: subject.subjectId, text: `Push bench change ${i + 1}` }),
        }).then(
          async (res) => {
            await res.arrayBuffer();
            return { subject, sentAt, answeredAt: sharedNow(), status: res.status };
          },
          () => ({ subject, sentAt, answeredAt: sharedNow(), status: 0 }),
        ),
      );
    }
    const done = await Promise.all(results);
    const committed = done.filter((r) => r.status === 201);
    // Wait for the last deliveries (or give up after --settle-ms).
    const expected = committed.length * clients;
    const settleUntil = performance.now() + settleMs;
    for (;;) {
      for (const w of workers) w.worker.postMessage({ type: 'count' } satisfies ToWorker);
      const counts = await Promise.all(workers.map((w) => nextOf(w, 'count')));
      if (counts.reduce((n, c) => n + c.delivered, 0) >= expected || performance.now() > settleUntil) break;
      await sleep(100);
    }
    loop.disable();
    const cpu1 = cpuSecondsOf(server.pid);
    const pg1 = postgresCpuSeconds();
    const elapsed = (performance.now() - started) / 1000;
    const load1 = loadavg();
    for (const w of workers) w.worker.postMessage({ type: 'finish' } satisfies ToWorker);
    const records = await Promise.all(workers.map((w) => nextOf(w, 'result')));
    const streams = records.flatMap((r) => r.streams.map((s) => ({ ...s, at: new Map(s.arrivals) })));

    const fromAnswer: number[] = [];
    const fromRequest: number[] = [];
    const firstPerChange: number[] = [];
    const lastPerChange: number[] = [];
    let lost = 0;
    const lostExamples: string[] = [];
    for (const c of committed) {
      let first = Infinity;
      let last = -Infinity;
      for (const [i, s] of streams.entries()) {
        const at = s.at.get(c.subject.key);
        if (at === undefined) {
          lost++;
          if (lostExamples.length < 5) lostExamples.push(`${c.subject.key} on stream ${i + 1}`);
          continue;
        }
        fromAnswer.push(at - c.answeredAt);
        fromRequest.push(at - c.sentAt);
        first = Math.min(first, at);
        last = Math.max(last, at);
      }
      if (last > -Infinity) {
        firstPerChange.push(first - c.answeredAt);
        lastPerChange.push(last - c.answeredAt);
      }
    }
    const early = fromAnswer.filter((x) => x < 0).length;
    const sum = (f: (s: StreamRecord) => number) => streams.reduce((n, s) => n + f(s), 0);
    const ended = streams.filter((s) => s.ended);

    console.log('');
    line(
      'POST /api/notes (the change, its API answer)',
      done.map((r) => r.answeredAt - r.sentAt),
    );
    const target = line('commit → client (from the API answer)', fromAnswer);
    line('request start → client', fromRequest);
    line('commit → first of the streams, per change', firstPerChange);
    line('commit → last of the streams, per change', lastPerChange);
    // A backlog shows as a latency that grows over the run: the median of each tenth of the changes, in order.
    const tenths = Array.from({ length: 10 }, (_, t) =>
      lastPerChange.slice(Math.floor((t * lastPerChange.length) / 10), Math.floor(((t + 1) * lastPerChange.length) / 10)),
    );
    console.log(
      `commit → last stream, median by tenth of the run: ${tenths
        .map((t) =>
          percentile(
            [...t].sort((a, b) => a - b),
            50,
          ).toFixed(0),
        )
        .join(' ')} ms`,
    );
    const others = done.filter((r) => r.status !== 201).map((r) => r.status);
    console.log(
      `\n${committed.length}/${changes} changes answered 201${others.length ? ` (others: ${others.join(', ')})` : ''}; ` +
        `deliveries ${fromAnswer.length}/${expected}, lost ${lost}${lostExamples.length ? ` (e.g. ${lostExamples.join('; ')})` : ''}; ` +
        `${early} arrived before the API answer was read (min ${fromAnswer.reduce((a, b) => Math.min(a, b), Infinity).toFixed(2)} ms); ` +
        `duplicates ${sum((s) => s.duplicates)}, out of id order ${sum((s) => s.outOfOrder)}, resets ${sum((s) => s.resets)}, ` +
        `other changes ${sum((s) => s.others)}, streams ended ${ended.length}${ended.length ? ` (${ended[0]!.ended})` : ''}`,
    );
    console.log(
      `CPU over ${elapsed.toFixed(1)} s: server ${(cpu1 - cpu0).toFixed(1)} s${process.env.BENCH_DATABASE_URL ? `, PostgreSQL ${(pg1 - pg0).toFixed(1)} s (all its databases)` : ''}; event-loop delay p99 / max: main thread ` +
        `${(loop.percentile(99) / 1e6).toFixed(1)} / ${(loop.max / 1e6).toFixed(1)} ms, stream workers ` +
        records.map((r) => `${r.loopP99Ms.toFixed(1)} / ${r.loopMaxMs.toFixed(1)} ms`).join(', '),
    );
    console.log(`load average before ${formatLoad(load0)}, after ${formatLoad(load1)}`);
    console.log(
      `target (issue 20): p95 ≤ 200 ms with 200 clients, none lost: p95 ${target.p95.toFixed(1)} ms with ${streams.length} clients, ${lost} lost`,
    );
  } catch (err) {
    console.error(server.output());
    throw err;
  } finally {
    await Promise.all(workers.map((w) => w.worker.terminate()));
    await bench.stop();
  }
}
