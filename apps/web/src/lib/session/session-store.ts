import { MAX_TIMER_DELAY_MS, TOKEN_REFRESH_BEFORE_EXPIRY_MS } from '@fleetdesk/contract';
import type { ClientSession } from './session-schema';

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
  /** Checks a stored value (JSON-parsed): the session with credentials, or null. */
  parse?: SessionParser;
  /** Loads `parse` when it is first needed (a stored session, another tab's login), so the first load has no zod. */
  loadParse?: () => Promise<SessionParser>;
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
  /**
   * Loads the stored session (dropping an expired one), starts its refresh timer and listens to other tabs. Settles
   * once the stored session is adopted or dropped (at once when there is none, or when `parse` was given).
   */
  start(): Promise<void>;
  stop(): void;
  /** Stores a new session (login) and schedules its refresh. */
  setSession(session: ClientSession): void;
  /** Ends the session: forgets it, stops the timer and tells the listeners why. */
  clear(reason: SessionEndReason): void;
}

const expiresAt = (session: ClientSession): number => Date.parse(session.expires);

/** A stored value (JSON-parsed) as a session with credentials, or null. */
export type SessionParser = (value: unknown) => ClientSession | null;

function parseStored(raw: string | null, parse: SessionParser): ClientSession | null {
  if (!raw) return null;
  try {
    return parse(JSON.parse(raw));
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
  let parser: SessionParser | undefined = options.parse;

  /** Runs `apply` with the parser: at once when it is loaded, else once it is (a failed load checks nothing: no session). */
  const withParser = (apply: (parse: SessionParser) => void): Promise<void> => {
    if (parser) {
      apply(parser);
      return Promise.resolve();
    }
    const load = options.loadParse ?? (() => Promise.reject(new Error('no session parser')));
    return load().then(
      (loaded) => {
        parser = loaded;
        apply(loaded);
      },
      () => apply(() => null),
    );
  };

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
    const raw = event.key === null ? null : event.newValue;
    if (raw === null) {
      end('storage', false);
      return;
    }
    void withParser((parse) => {
      const next = parseStored(raw, parse);
      if (next && !isExpired(next)) adopt(next, false);
      else end('storage', false);
    });
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
      if (started) return Promise.resolve();
      started = true;
      events?.addEventListener('storage', onStorage);
      const raw = storage.getItem(storageKey);
      if (raw === null) return Promise.resolve();
      return withParser((parse) => {
        // A login while the parser loaded wins over the stored session.
        if (session !== null) return;
        const stored = parseStored(raw, parse);
        if (stored && !isExpired(stored)) adopt(stored, false);
        else storage.removeItem(storageKey);
      });
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
