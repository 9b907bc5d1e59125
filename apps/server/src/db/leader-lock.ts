import pg from 'pg';
import type { DatabaseLog } from './resilient-pool.ts';
import { describeDatabaseError } from './sql-state.ts';

/**
 * Which server copy does the work that must happen once for all copies (issue 20 point 3): the built-in simulator's
 * status reports, so two copies do not double the demo fleet's reports. On PostgreSQL the copy that holds a session
 * advisory lock on a connection of its own is the leader; when it stops or loses that connection, PostgreSQL releases
 * the lock and another copy takes it at its next try. The embedded database (PGlite) has one server: always leader.
 */
export interface LeaderLock {
  isLeader(): boolean;
  stop(): Promise<void>;
}

export const ALWAYS_LEADER: LeaderLock = { isLeader: () => true, stop: async () => {} };

/** Advisory-lock ids of the work that runs in one copy only. */
export const LEADER_KEYS = { simulator: 7_301_978 } as const;

export interface LeaderLockOptions {
  /** How often a copy that is not the leader tries again, and reconnects after a lost connection. */
  retryMs?: number;
  connectTimeoutMs?: number;
}

export function postgresLeaderLock(url: string, key: number, log: DatabaseLog, opts: LeaderLockOptions = {}): LeaderLock {
  const retryMs = opts.retryMs ?? 10_000;
  let client: pg.Client | undefined;
  let leader = false;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;

  const lose = (c: pg.Client, err?: Error) => {
    if (client !== c) return;
    client = undefined;
    if (leader) log.warn({ key, cause: err ? describeDatabaseError(err) : 'closed' }, 'leader lock: connection lost, no longer the leader');
    leader = false;
    c.end().catch(() => undefined);
    schedule();
  };

  const attempt = async () => {
    if (stopped) return;
    try {
      if (!client) {
        const c = new pg.Client({
          connectionString: url,
          connectionTimeoutMillis: opts.connectTimeoutMs ?? 5_000,
          keepAlive: true,
          application_name: 'fleetdesk-leader',
        });
        c.on('error', (err) => lose(c, err));
        c.on('end', () => lose(c));
        client = c;
        await c.connect();
      }
      const { rows } = await client.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1) AS ok', [key]);
      if (stopped) return;
      if (rows[0]?.ok) {
        leader = true;
        log.info({ key }, 'leader lock: this copy is the leader');
        return;
      }
    } catch (err) {
      if (client) lose(client, err instanceof Error ? err : undefined);
      return;
    }
    schedule();
  };

  const schedule = () => {
    if (stopped || timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      void attempt();
    }, retryMs);
    timer.unref();
  };

  void attempt();
  return {
    isLeader: () => leader && !stopped,
    async stop() {
      stopped = true;
      leader = false;
      if (timer) clearTimeout(timer);
      const c = client;
      client = undefined;
      // Ending the session releases the advisory lock.
      await c?.end().catch(() => undefined);
    },
  };
}
