import PgBoss from 'pg-boss';
import type { Database } from '../db/client.ts';
import { describeDatabaseError, isDatabaseUnavailable } from '../db/sql-state.ts';

/**
 * The server's background jobs on pg-boss (issue 20 point 3; docs/decisions/0079-jobs-on-pg-boss.md), on the server's
 * own database — PostgreSQL, or PGlite through `Database.executeSql` — in the schema `pgboss`. Every server copy runs a
 * runner; pg-boss hands each job to one of them (SKIP LOCKED), so a job runs once however many copies there are.
 *
 * - A **periodic** job (`every` seconds): each copy proposes the current period's job every `every` seconds with
 *   `sendThrottled`, and the database's unique index on the period (`singleton_on`, from the database's clock) keeps one
 *   of those proposals; the copy that fetches it runs it. Seconds, where pg-boss's cron schedules have minutes, and the
 *   first period's job runs at once when no copy has run it yet.
 * - A **queue** (`queue`): jobs sent by a periodic job's handler (`JobContext.send`), one job per item, with the queue's
 *   retries and exponential back-off; `id` makes a send idempotent (the same item twice is one job).
 */
export interface JobLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface JobContext {
  /** Sends jobs to a queue of this runner; an `id` already sent is skipped. Answers how many were new. */
  send(queue: string, jobs: readonly { id?: string; data: object }[]): Promise<number>;
}

export type JobDefinition =
  | { kind: 'every'; name: string; seconds: number; run: (context: JobContext) => Promise<unknown> }
  | {
      kind: 'queue';
      name: string;
      /** Attempts after the first, each `retryDelaySeconds` × 2^n later (pg-boss's back-off, with jitter). */
      retryLimit: number;
      retryDelaySeconds: number;
      run: (data: unknown, context: JobContext) => Promise<unknown>;
    };

export interface JobRunner {
  /** Settles once pg-boss has started (its schema installed) and every job is registered. */
  ready: Promise<void>;
  /** Stops proposing and fetching; waits for the jobs under way (at most `timeoutMs`). */
  stop(timeoutMs?: number): Promise<void>;
}

export interface JobRunnerOptions {
  /** How often an idle worker asks for a job, in seconds (pg-boss's minimum is 0.5). */
  pollingIntervalSeconds?: number;
}

const SCHEMA = 'pgboss';

/**
 * pg-boss installs its schema at its first start; two runners starting together race for it, and the loser's failure
 * is expected (pg-boss checks its message). On PostgreSQL each copy has its own connections, but PGlite is one session
 * for the process: runners on one Database start one after the other.
 */
const starting = new WeakMap<Database, Promise<unknown>>();
function startInTurn(database: Database, start: () => Promise<unknown>): Promise<unknown> {
  const turn = (starting.get(database) ?? Promise.resolve()).catch(() => undefined).then(start);
  starting.set(database, turn);
  return turn;
}

/** A UUID for an item of a queue (`mail:42`), the same on every copy: the job's `id`, so that a second send is skipped. */
export function itemJobId(queue: string, item: number): string {
  const hex = item.toString(16).padStart(12, '0').slice(-12);
  const tag = [...queue]
    .reduce((hash, char) => (hash * 31 + char.charCodeAt(0)) >>> 0, 7)
    .toString(16)
    .padStart(8, '0');
  return `${tag}-0000-4000-8000-${hex}`;
}

const DEADLOCK = '40P01';

/**
 * Creates a queue unless it exists. Copies starting together may create queues at the same moment, and pg-boss attaches
 * each queue's partition to its job table: two attachments can deadlock, and PostgreSQL then cancels one of them, which
 * is tried again a moment later.
 */
async function ensureQueue(boss: PgBoss, options: PgBoss.Queue): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    if (await boss.getQueue(options.name)) return;
    try {
      await boss.createQueue(options.name, options);
      return;
    } catch (err) {
      if ((err as { code?: string }).code !== DEADLOCK || attempt >= 5) throw err;
      await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 200 * attempt));
    }
  }
}

export function startJobRunner(database: Database, jobs: readonly JobDefinition[], log: JobLog, options: JobRunnerOptions = {}): JobRunner {
  const boss = new PgBoss({
    db: { executeSql: (text: string, values?: unknown[]) => database.executeSql(text, values) },
    schema: SCHEMA,
    // pg-boss's own upkeep (expiring, retrying, archiving), in every copy; it coordinates them itself. No cron schedules.
    supervise: true,
    schedule: false,
  });
  let lastUnavailableWarning = 0;
  boss.on('error', (err: unknown) => {
    if (isDatabaseUnavailable(err)) {
      // Every worker polls: while the database is away, one line a minute is enough.
      if (Date.now() - lastUnavailableWarning < 60_000) return;
      lastUnavailableWarning = Date.now();
      log.warn({ database: describeDatabaseError(err) }, 'jobs: database unavailable');
    } else log.error({ err }, 'jobs: pg-boss failed');
  });

  const context: JobContext = {
    async send(queue, items) {
      let created = 0;
      for (const item of items) {
        if (await boss.send(queue, item.data, item.id ? { id: item.id } : {})) created++;
      }
      return created;
    },
  };
  const polling = { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 1 };
  const timers: NodeJS.Timeout[] = [];
  let stopped = false;

  const ready = (async () => {
    await startInTurn(database, () => boss.start());
    for (const job of jobs) {
      if (job.kind === 'queue') {
        await ensureQueue(boss, { name: job.name, retryLimit: job.retryLimit, retryDelay: job.retryDelaySeconds, retryBackoff: true });
        await boss.work(job.name, polling, async ([item]) => {
          if (item) await job.run(item.data, context);
        });
        continue;
      }
      // A periodic job is not retried: the next period runs it again.
      await ensureQueue(boss, { name: job.name, retryLimit: 0 });
      await boss.work(job.name, polling, async () => {
        await job.run(context);
      });
      const propose = () =>
        void boss.sendThrottled(job.name, {}, {}, job.seconds).catch((err: unknown) => {
          if (!isDatabaseUnavailable(err)) log.error({ err, job: job.name }, 'jobs: could not propose a run');
        });
      if (stopped) return;
      propose();
      const timer = setInterval(propose, job.seconds * 1000);
      timer.unref();
      timers.push(timer);
    }
  })();
  ready.catch((err: unknown) => log.error({ err }, 'jobs: could not start pg-boss'));

  return {
    ready,
    async stop(timeoutMs = 10_000) {
      stopped = true;
      for (const timer of timers) clearInterval(timer);
      await ready.catch(() => undefined);
      await boss.stop({ graceful: true, wait: true, timeout: timeoutMs, close: false });
    },
  };
}
