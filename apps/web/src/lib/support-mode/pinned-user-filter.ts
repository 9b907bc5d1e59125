import { useCallback, useSyncExternalStore } from 'react';
import { useStaffScope } from './support-mode';

/**
 * The username filter of support mode (§2 User page, §6; docs/decisions/0036-support-mode.md). Ticking "Filter the
 * support search by this user" on a user page (or on a user row of the support search) pins that user name as the
 * support search's user-name filter (the `user` chip of §2 /support): while it is pinned, a support search without a
 * user-name filter gets it, so staff on a call keep every search to the caller's bookings. Deleting or changing the
 * chip, or unticking the box, unpins it. Like pinned vehicles it lives for the browser tab (sessionStorage), per staff
 * member and operator.
 */
const STORAGE_PREFIX = 'fleetdesk.support.userFilter.';

const cache = new Map<string, string | null>();
const listeners = new Set<() => void>();

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

function read(scope: string): string | null {
  const cached = cache.get(scope);
  if (cached !== undefined) return cached;
  let value: string | null = null;
  try {
    const raw = storage()?.getItem(STORAGE_PREFIX + scope);
    if (raw && raw.trim()) value = raw.trim();
  } catch {
    // Unreadable storage: no filter.
  }
  cache.set(scope, value);
  return value;
}

function write(scope: string, value: string | null) {
  if (read(scope) === value) return;
  cache.set(scope, value);
  try {
    if (value === null) storage()?.removeItem(STORAGE_PREFIX + scope);
    else storage()?.setItem(STORAGE_PREFIX + scope, value);
  } catch {
    // Full or private storage: the filter lasts for this page only.
  }
  listeners.forEach((listener) => listener());
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

export interface PinnedUserFilter {
  /** The pinned user name, or null. */
  username: string | null;
  pin: (username: string) => void;
  unpin: () => void;
}

/** The support search's pinned user-name filter of the signed-in staff member. */
export function usePinnedUserFilter(): PinnedUserFilter {
  const scope = useStaffScope();
  const username = useSyncExternalStore(
    subscribe,
    () => read(scope),
    () => null,
  );
  const pin = useCallback((name: string) => write(scope, name.trim() || null), [scope]);
  const unpin = useCallback(() => write(scope, null), [scope]);
  return { username, pin, unpin };
}

/** The pinned user name of a scope, outside React (a route's loader). */
export const pinnedUserOf = (scope: string): string | null => read(scope);

/** Forgets the values kept in memory (tests start from a clean tab). */
export function resetPinnedUserFilterCache() {
  cache.clear();
}
