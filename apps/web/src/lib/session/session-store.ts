import { MAX_TIMER_DELAY_MS, TOKEN_REFRESH_BEFORE_EXPIRY_MS } from '@fleetdesk/contract';
import { ZClientSession, hasCredentials, type ClientSession } from './session-schema';

/** Why a session ended; the app decides where to send the user for each. */
export type SessionEndReason = 'logout' | 'expired' | 'unauthorized' | 'storage';

/** When a failed refresh (network, server error) is tried again, at the latest. */
export const REFRESH_RETRY_MS = 30_000;

/**
 * Milliseconds until the token of a session should be refreshed: 5 minutes before it expires (spec §9),
 * never negative and never beyond the largest delay a timer accepts.
 */
export function refreshDelay(expiresAt: number, now: number): number {
  const delay = expiresAt - now - TOKEN_REFRESH_BEFORE_EXPIRY_MS;
  return Math.min(Math.max(delay, 0), MAX_TIMER_DELAY_MS);
}

export interface SessionStoreOptions {
  storage: Storage;
  storageKey: string;
  /** Exchanges the session's token for a new one (POST /api/auth with the token). */
  refresh: (session: ClientSession) => Promise<ClientSession>;
  /** Where `storage` events of other tabs arrive. */
  events?: Pick<Window, 'addEventListener' | 'removeEventListener'>;
  now?: () => number;
}

export interface SessionStore {
  getSession(): ClientSession | null;
  /** For useSyncExternalStore: called on every change. */
  subscribe(listener: () => void): () => void;
  /** Called once each time a session ends, with the reason. */
  onEnd(listener: (reason: SessionEndReason) => void): () => void;
  /** Loads the stored session (dropping an expired one), starts its refresh timer and listens to other tabs. */
  start(): void;
  stop(): void;
  /** Stores a new session (login) and schedules its refresh. */
  setSession(session: ClientSession): void;
  /** Ends the session: forgets it, stops the timer and tells the listeners why. */
  clear(reason: SessionEndReason): void;
}

const expiresAt = (session: ClientSession): number => Date.parse(session.expires);

function parseStored(raw: string | null): ClientSession | null {
  if (!raw) return null;
  try {
    const parsed = ZClientSession.safeParse(JSON.parse(raw));
    return parsed.success && hasCredentials(parsed.data) ? parsed.data : null;
  } catch {
    return null;
  }
}

export function createSessionStore(options: SessionStoreOptions): SessionStore {
  const { storage, storageKey, refresh, events } = options;
  const now = options.now ?? Date.now;
  let session: ClientSession | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let started = false;
  const listeners = new Set<() => void>();
  const endListeners = new Set<(reason: SessionEndReason) => void>();

  const emit = () => listeners.forEach((listener) => listener());

  const cancelTimer = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };

  const isExpired = (s: ClientSession) => !(expiresAt(s) > now());

  const end = (reason: SessionEndReason, removeFromStorage: boolean) => {
    cancelTimer();
    if (removeFromStorage) storage.removeItem(storageKey);
    if (session === null) return;
    session = null;
    emit();
    endListeners.forEach((listener) => listener(reason));
  };

  const schedule = (delay: number) => {
    cancelTimer();
    timer = setTimeout(() => void onTimer(), Math.min(delay, MAX_TIMER_DELAY_MS));
  };

  const scheduleRefresh = () => {
    if (session) schedule(refreshDelay(expiresAt(session), now()));
  };

  async function onTimer() {
    timer = undefined;
    const current = session;
    if (!current) return;
    if (isExpired(current)) {
      end('expired', true);
      return;
    }
    // A capped timer fires long before the refresh is due: wait again.
    if (refreshDelay(expiresAt(current), now()) > 0) {
      scheduleRefresh();
      return;
    }
    try {
      const next = await refresh(current);
      if (session === current) adopt(next, true);
    } catch {
      // A 401 has already ended the session through the API client; anything else is tried again
      // until the token runs out.
      if (session === current) schedule(Math.max(Math.min(REFRESH_RETRY_MS, expiresAt(current) - now()), 0));
    }
  }

  const adopt = (next: ClientSession, write: boolean) => {
    session = next;
    if (write) storage.setItem(storageKey, JSON.stringify(next));
    scheduleRefresh();
    emit();
  };

  const onStorage = (event: StorageEvent) => {
    // key === null: the other tab cleared the whole storage.
    if (event.key !== null && event.key !== storageKey) return;
    const next = parseStored(event.key === null ? null : event.newValue);
    if (next && !isExpired(next)) adopt(next, false);
    else end('storage', false);
  };

  return {
    getSession: () => session,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    onEnd(listener) {
      endListeners.add(listener);
      return () => endListeners.delete(listener);
    },
    start() {
      if (started) return;
      started = true;
      const stored = parseStored(storage.getItem(storageKey));
      if (stored && !isExpired(stored)) adopt(stored, false);
      else storage.removeItem(storageKey);
      events?.addEventListener('storage', onStorage);
    },
    stop() {
      started = false;
      cancelTimer();
      events?.removeEventListener('storage', onStorage);
    },
    setSession(next) {
      adopt(next, true);
    },
    clear(reason) {
      end(reason, true);
    },
  };
}
