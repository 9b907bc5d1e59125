import { LIVE_REPLAY_LIMIT, type EventType, type LiveChange } from '@fleetdesk/contract';
import { and, asc, between, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { Notifications } from '../../db/notifications.ts';
import { rowsOf } from '../../db/rows.ts';
import { events } from '../../db/schema.ts';

/**
 * The live hub (issue 20 point 1; docs/decisions/0070-live-stream.md): the event log is the change feed. A statement
 * trigger on `events` (migrations 0014 and 0017) announces, per operator, the id range each insert added on LIVE_CHANNEL,
 * with the oldest transaction then running; every server copy listens, reads the range once, and writes each new event
 * to its connected streams of that operator, with the stream's position.
 * Another operator's changes never reach a stream: the read is by operator.
 */
export const LIVE_CHANNEL = 'fleetdesk_events';

/**
 * A stream position (docs/decisions/0081-live-stream-commit-order.md): a transaction id such that every transaction
 * older than it has finished and its changes were sent. A reconnecting stream replays the events written by that
 * transaction or newer ones, so an event committed after a higher id was sent is not lost. As text, `t` and the id.
 */
export type LivePosition = bigint;
export const formatPosition = (position: LivePosition) => `t${position}`;

/** One open stream: its operator and where its messages go. */
export interface LiveSubscriber {
  fleet: string;
  /** A change, and the position the stream has reached once it is sent (when the announcement carried one). */
  send(change: LiveChange, position: LivePosition | undefined): void;
  /** After a lost database connection: the stream may have missed changes and should catch up or refetch. */
  reset(): void;
  /** The server is shutting down: end the stream (the client reconnects, to another copy if there is one). */
  end(): void;
}

/**
 * A notification's payload: the operator, the id range one INSERT statement added to its log, and the oldest
 * transaction still running when the statement ran (`xmin`, from migration 0017 on).
 */
interface Announcement {
  fleet: string;
  from: number;
  to: number;
  xmin?: LivePosition;
  /** The statement's span of `occurred` (as PostgreSQL wrote it) and its event types (migration 0018): the partitions to read. */
  span?: { since: string; until: string; types: string[] };
}

function parseAnnouncement(payload: string): Announcement | null {
  try {
    const value = JSON.parse(payload) as { fleet?: unknown; from?: unknown; to?: unknown; xmin?: unknown };
    if (typeof value.fleet !== 'string' || !Number.isSafeInteger(value.from) || !Number.isSafeInteger(value.to)) return null;
    const xmin = typeof value.xmin === 'string' && /^\d{1,20}$/.test(value.xmin) ? BigInt(value.xmin) : undefined;
    const { since, until, types } = value as { since?: unknown; until?: unknown; types?: unknown };
    const span =
      typeof since === 'string' && typeof until === 'string' && Array.isArray(types) && types.every((t) => typeof t === 'string')
        ? { since, until, types: types as string[] }
        : undefined;
    return {
      fleet: value.fleet,
      from: value.from as number,
      to: value.to as number,
      ...(xmin === undefined ? {} : { xmin }),
      ...(span === undefined ? {} : { span }),
    };
  } catch {
    return null;
  }
}

const changeColumns = {
  id: events.id,
  type: events.type,
  typeGroup: events.typeGroup,
  occurred: events.occurred,
  bid: events.bid,
  vin: events.vin,
  affectedUsername: events.affectedUsername,
  actingUsername: events.actingUsername,
};
const toChange = (row: Omit<LiveChange, 'occurred'> & { occurred: Date }): LiveChange => ({ ...row, occurred: row.occurred.toISOString() });

/** The current snapshot's bounds: every transaction below `xmin` has finished; none at or above `xmax` has started. */
export async function snapshotBounds(db: Db): Promise<{ xmin: LivePosition; xmax: LivePosition }> {
  const [row] = rowsOf<{ xmin: string; xmax: string }>(
    await db.execute(sql`select pg_snapshot_xmin(pg_current_snapshot())::text as xmin, pg_snapshot_xmax(pg_current_snapshot())::text as xmax`),
  );
  return { xmin: BigInt(row!.xmin), xmax: BigInt(row!.xmax) };
}

/**
 * The operator's events written by transaction `since` or a newer one, oldest id first, at most `limit` (a
 * reconnecting stream's catch-up; the client skips ids it already has).
 */
export async function changesSince(db: Db, fleet: string, since: LivePosition, limit = LIVE_REPLAY_LIMIT): Promise<LiveChange[]> {
  const rows = await db
    .select(changeColumns)
    .from(events)
    .where(and(eq(events.fleetId, fleet), sql`${events.tx} >= ${since.toString()}::xid8`))
    .orderBy(asc(events.id))
    .limit(limit);
  return rows.map(toChange);
}

/** How many sent ids each operator remembers, so that a range read twice (overlapping inserts) sends each event once. */
const SENT_MEMORY = 10_000;

export interface LiveHub {
  subscribe(subscriber: LiveSubscriber): () => void;
  /** The number of open streams (for tests and the health report). */
  size(): number;
  /** Ends every open stream (before the server closes: an open stream would hold the close). */
  endAll(): void;
  stop(): Promise<void>;
}

/** Starts the hub; without `notifications` it only keeps the open streams (they get their opening and replay, no live changes). */
export async function startLiveHub(db: Db, notifications: Notifications | undefined, onError: (err: unknown) => void): Promise<LiveHub> {
  const subscribers = new Map<string, Set<LiveSubscriber>>();
  const sent = new Map<string, Set<number>>();
  // One read at a time per operator, in the order the announcements came (PostgreSQL sends them in commit order).
  const queues = new Map<string, Promise<void>>();

  const deliver = async ({ fleet, from, to, xmin, span }: Announcement) => {
    const targets = subscribers.get(fleet);
    if (!targets?.size) return;
    // Another statement's rows can sit inside the range (ids interleave); they are announced, and read, on their own.
    const rows = await db
      .select(changeColumns)
      .from(events)
      .where(
        and(
          eq(events.fleetId, fleet),
          between(events.id, from, to),
          ...(span
            ? [
                sql`${events.occurred} between ${span.since}::timestamptz and ${span.until}::timestamptz`,
                inArray(events.type, span.types as EventType[]),
              ]
            : []),
        ),
      )
      .orderBy(asc(events.id));
    let seen = sent.get(fleet);
    if (!seen) sent.set(fleet, (seen = new Set()));
    for (const row of rows) {
      if (seen.has(row.id)) continue;
      seen.add(row.id);
      const change = toChange(row);
      for (const subscriber of subscribers.get(fleet) ?? []) subscriber.send(change, xmin);
    }
    // Forget the oldest ids (a Set iterates in insertion order).
    for (const id of seen) {
      if (seen.size <= SENT_MEMORY) break;
      seen.delete(id);
    }
  };

  const stopListening = await (notifications ?? { listen: async () => async () => undefined }).listen(
    LIVE_CHANNEL,
    (payload) => {
      const announcement = parseAnnouncement(payload);
      if (!announcement || !subscribers.get(announcement.fleet)?.size) return;
      const previous = queues.get(announcement.fleet) ?? Promise.resolve();
      const next = previous.then(() => deliver(announcement)).catch(onError);
      queues.set(announcement.fleet, next);
      void next.finally(() => {
        if (queues.get(announcement.fleet) === next) queues.delete(announcement.fleet);
      });
    },
    () => {
      for (const set of subscribers.values()) for (const subscriber of set) subscriber.reset();
    },
  );

  return {
    subscribe(subscriber) {
      let set = subscribers.get(subscriber.fleet);
      if (!set) subscribers.set(subscriber.fleet, (set = new Set()));
      set.add(subscriber);
      return () => {
        set.delete(subscriber);
        if (!set.size) {
          subscribers.delete(subscriber.fleet);
          sent.delete(subscriber.fleet);
        }
      };
    },
    size: () => [...subscribers.values()].reduce((n, set) => n + set.size, 0),
    endAll() {
      for (const set of [...subscribers.values()]) for (const subscriber of [...set]) subscriber.end();
    },
    async stop() {
      await stopListening();
      await Promise.allSettled([...queues.values()]);
      subscribers.clear();
    },
  };
}
