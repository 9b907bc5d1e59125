import type { EventTypeGroup, LiveChange } from '@fleetdesk/contract';
import type { Query, QueryClient } from '@tanstack/react-query';

/**
 * Which cached answers a change makes stale (docs/decisions/0070-live-stream.md). Changes are gathered for
 * LIVE_REFRESH_MS and applied at once, so a burst (a fleet's status reports) costs one refetch per shown query:
 * - every query whose parameters name the changed booking, vehicle or user (`bid`, `vin` or `vins`, `username`);
 * - the lists that a change of its type group can alter (LIST_RESOURCES_OF);
 * - the history (event log, customer timeline), which every change extends.
 * Only shown queries refetch; the others are marked stale for their next use.
 */
export const LIVE_REFRESH_MS = 250;

/** Query-key resources (`[resource, op, params]`) whose lists a change of the group can alter. */
export const LIST_RESOURCES_OF: Record<EventTypeGroup, readonly string[]> = {
  BOOKING: ['bookings', 'activeBookings', 'pools', 'search', 'users', 'views'],
  REMOTE_COMMAND: ['vehicles'],
  VEHICLE: ['alarms', 'fleetMap', 'activeBookings', 'views'],
  PAYMENT: ['payments', 'views'],
  HEARTBEAT: [],
  USER_ACTION: ['users', 'alarms', 'notes', 'contacts', 'views'],
  BLUETOOTH: [],
  ROAD_TOLL: ['payments'],
  OTHER: [],
};
const HISTORY = ['events', 'timeline'];

/** What a batch of changes touches. */
export interface Touched {
  bids: Set<string>;
  vins: Set<string>;
  usernames: Set<string>;
  resources: Set<string>;
}

export function touchedBy(changes: readonly LiveChange[]): Touched {
  const touched: Touched = { bids: new Set(), vins: new Set(), usernames: new Set(), resources: new Set(HISTORY) };
  for (const change of changes) {
    if (change.bid) touched.bids.add(change.bid);
    if (change.vin) touched.vins.add(change.vin);
    if (change.affectedUsername) touched.usernames.add(change.affectedUsername);
    for (const resource of LIST_RESOURCES_OF[change.typeGroup] ?? []) touched.resources.add(resource);
  }
  return touched;
}

/** Whether a query shows something the batch touched. */
export function isTouched(queryKey: readonly unknown[], touched: Touched): boolean {
  const [resource, , params] = queryKey;
  if (typeof resource === 'string' && touched.resources.has(resource)) return true;
  if (!params || typeof params !== 'object') return false;
  const p = params as Record<string, unknown>;
  return (
    (typeof p.bid === 'string' && touched.bids.has(p.bid)) ||
    (typeof p.vin === 'string' && touched.vins.has(p.vin)) ||
    (Array.isArray(p.vins) && p.vins.some((vin) => typeof vin === 'string' && touched.vins.has(vin))) ||
    (typeof p.username === 'string' && touched.usernames.has(p.username))
  );
}

/** Gathers changes and refreshes what they touch every LIVE_REFRESH_MS; `flush` applies what is pending at once. */
export function createLiveRefresher(client: QueryClient, intervalMs = LIVE_REFRESH_MS) {
  let pending: LiveChange[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    timer = undefined;
    if (!pending.length) return;
    const touched = touchedBy(pending);
    pending = [];
    void client.invalidateQueries({ predicate: (query: Query) => isTouched(query.queryKey, touched) });
  };
  return {
    add(change: LiveChange) {
      pending.push(change);
      timer ??= setTimeout(flush, intervalMs);
    },
    flush,
    stop() {
      if (timer) clearTimeout(timer);
      timer = undefined;
      pending = [];
    },
  };
}
