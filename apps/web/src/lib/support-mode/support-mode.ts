import { useCallback, useSyncExternalStore } from 'react';
import { useSession } from '@/lib/session/session';

/**
 * Support mode (§6; docs/decisions/0036-support-mode.md): one console-wide switch in the top bar. In support mode the
 * booking card and the user page are collapsible cards, the booking and user action menus are shown, the user page
 * offers the username filter checkbox and suspicious registrations their Suspicious against tab. Outside support mode
 * the user page shows an edit toggle instead. The choice is kept per staff member and operator in the browser
 * (localStorage), so it survives reloads and new tabs; it is on until someone turns it off.
 */
const STORAGE_PREFIX = 'fleetdesk.supportMode.';
export const SUPPORT_MODE_DEFAULT = true;

const cache = new Map<string, boolean>();
const listeners = new Set<() => void>();

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

function read(scope: string): boolean {
  const cached = cache.get(scope);
  if (cached !== undefined) return cached;
  let value = SUPPORT_MODE_DEFAULT;
  try {
    const raw = storage()?.getItem(STORAGE_PREFIX + scope);
    if (raw === 'on') value = true;
    else if (raw === 'off') value = false;
  } catch {
    // Unreadable storage: the default.
  }
  cache.set(scope, value);
  return value;
}

function write(scope: string, value: boolean) {
  cache.set(scope, value);
  try {
    storage()?.setItem(STORAGE_PREFIX + scope, value ? 'on' : 'off');
  } catch {
    // Full or private storage: the choice lasts for this page only.
  }
  listeners.forEach((listener) => listener());
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

// Another tab changed the switch: follow it.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (!event.key?.startsWith(STORAGE_PREFIX)) return;
    cache.delete(event.key.slice(STORAGE_PREFIX.length));
    listeners.forEach((listener) => listener());
  });
}

/** The storage scope of a staff member's session: operator and user name. */
export const staffScopeOf = (session: { user: { fleet?: string; username: string } } | null | undefined): string =>
  `${session?.user.fleet ?? ''}.${session?.user.username ?? ''}`;

/** The storage scope of the signed-in staff member. */
export function useStaffScope(): string {
  return staffScopeOf(useSession());
}

/** Whether support mode is on for a scope, outside React (a route's loader). */
export const supportModeOf = (scope: string): boolean => read(scope);

export interface SupportModeState {
  supportMode: boolean;
  setSupportMode: (on: boolean) => void;
}

/** Whether the console is in support mode for the signed-in staff member, and the switch. */
export function useSupportMode(): SupportModeState {
  const scope = useStaffScope();
  const supportMode = useSyncExternalStore(
    subscribe,
    () => read(scope),
    () => SUPPORT_MODE_DEFAULT,
  );
  const setSupportMode = useCallback((on: boolean) => write(scope, on), [scope]);
  return { supportMode, setSupportMode };
}

/** Forgets the values kept in memory (tests start from a clean browser). */
export function resetSupportModeCache() {
  cache.clear();
}
