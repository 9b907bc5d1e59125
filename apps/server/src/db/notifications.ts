import pg from 'pg';
import type { DatabaseLog } from './resilient-pool.ts';
import { describeDatabaseError } from './sql-state.ts';

/**
 * PostgreSQL's LISTEN/NOTIFY for the server (issue 20 point 1; docs/decisions/0070-live-stream.md). What a trigger
 * announces on a channel reaches every server copy listening on the same database.
 */
export interface Notifications {
  /**
   * Calls `onPayload` with the payload of each NOTIFY on `channel`, until the returned stop is called. After a lost
   * connection is back (a failover, a restart of PostgreSQL) `onReconnect` is called: notifications sent meanwhile are
   * lost, so the caller catches up from its own position.
   */
  listen(channel: string, onPayload: (payload: string) => void, onReconnect?: () => void): Promise<() => Promise<void>>;
}

/** Reconnection delays after a lost listening connection: 0.5 s doubling to 10 s. */
const RECONNECT_MS = { first: 500, max: 10_000 } as const;

/**
 * LISTEN on a connection of its own (a pooled one would be handed to other queries), re-established with backoff
 * whenever it is lost. The first connection is awaited, so a listener that returns is listening.
 */
export function postgresNotifications(url: string, connectTimeoutMs: number, log: DatabaseLog): Notifications {
  return {
    async listen(channel, onPayload, onReconnect) {
      let stopped = false;
      let client: pg.Client | undefined;
      let timer: NodeJS.Timeout | undefined;
      let delay: number = RECONNECT_MS.first;

      const open = async (): Promise<void> => {
        const c = new pg.Client({
          connectionString: url,
          connectionTimeoutMillis: connectTimeoutMs,
          keepAlive: true,
          application_name: 'fleetdesk-listen',
        });
        let lost = false;
        const onLost = (err?: Error) => {
          if (lost || stopped) return;
          lost = true;
          if (client === c) client = undefined;
          log.warn({ channel, cause: err ? describeDatabaseError(err) : 'closed' }, 'database notifications: connection lost, reconnecting');
          c.end().catch(() => undefined);
          schedule();
        };
        c.on('notification', (msg) => {
          if (msg.channel === channel && msg.payload !== undefined) onPayload(msg.payload);
        });
        // Until it listens, a failure rejects `open` (the caller retries); from then on, a loss reconnects.
        let listening = false;
        c.on('error', (err) => (listening ? onLost(err) : undefined));
        c.on('end', () => (listening ? onLost() : undefined));
        try {
          await c.connect();
          await c.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
        } catch (err) {
          await c.end().catch(() => undefined);
          throw err;
        }
        if (stopped) {
          await c.end().catch(() => undefined);
          return;
        }
        listening = true;
        client = c;
        delay = RECONNECT_MS.first;
      };
      const schedule = () => {
        if (stopped || timer) return;
        timer = setTimeout(() => {
          timer = undefined;
          open().then(
            () => {
              if (!stopped) {
                log.info({ channel }, 'database notifications: listening again');
                onReconnect?.();
              }
            },
            (err: unknown) => {
              log.warn({ channel, cause: describeDatabaseError(err) }, 'database notifications: reconnect failed');
              delay = Math.min(delay * 2, RECONNECT_MS.max);
              schedule();
            },
          );
        }, delay);
        timer.unref();
      };

      await open();
      return async () => {
        stopped = true;
        if (timer) clearTimeout(timer);
        const c = client;
        client = undefined;
        await c?.end().catch(() => undefined);
      };
    },
  };
}
