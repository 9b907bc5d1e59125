import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_TIMER_DELAY_MS, TOKEN_REFRESH_BEFORE_EXPIRY_MS } from '@fleetdesk/contract';
import { REFRESH_RETRY_MS, createSessionStore, refreshDelay, type SessionEndReason } from '@/lib/session/session-store';
import { parseClientSession } from '@/lib/session/session-parse';
import { sessionStorageKey, type ClientSession } from '@/lib/session/session-schema';

const KEY = sessionStorageKey('console.test');
const START = new Date('2025-03-01T08:00:00.000Z').getTime();
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const session = (token: string, expiresAt: number): ClientSession => ({
  token,
  bearerToken: null,
  bearerTokenIssuer: null,
  expires: new Date(expiresAt).toISOString(),
  user: { username: 'support', givenName: 'Siri', familyName: 'Support', fleet: 'fjord', role: 'SUPPORT' },
});

function setup(refresh = vi.fn(async (current: ClientSession) => session(`${current.token}+`, Date.now() + 8 * HOUR))) {
  const store = createSessionStore({ storage: window.localStorage, storageKey: KEY, refresh, events: window, parse: parseClientSession });
  const ended: SessionEndReason[] = [];
  store.onEnd((reason) => ended.push(reason));
  return { store, refresh, ended };
}

const storeInStorage = (value: ClientSession) => window.localStorage.setItem(KEY, JSON.stringify(value));

beforeEach(() => {
  vi.useFakeTimers({ now: START });
  window.localStorage.clear();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('refreshDelay', () => {
  it('is 5 minutes before expiry', () => {
    expect(refreshDelay(START + HOUR, START)).toBe(HOUR - TOKEN_REFRESH_BEFORE_EXPIRY_MS);
    expect(refreshDelay(START + HOUR, START)).toBe(55 * MINUTE);
  });

  it('is capped at the largest timer delay, 2147483647 ms', () => {
    expect(refreshDelay(START + 60 * DAY, START)).toBe(MAX_TIMER_DELAY_MS);
    expect(MAX_TIMER_DELAY_MS).toBe(2_147_483_647);
  });

  it('is never negative', () => {
    expect(refreshDelay(START + 2 * MINUTE, START)).toBe(0);
    expect(refreshDelay(START - HOUR, START)).toBe(0);
  });
});

describe('session store', () => {
  it('restores a stored session at start-up and refreshes it 5 minutes before it expires', async () => {
    storeInStorage(session('t1', START + HOUR));
    const { store, refresh } = setup();
    await store.start();
    expect(store.getSession()?.token).toBe('t1');

    await vi.advanceTimersByTimeAsync(55 * MINUTE - 1);
    expect(refresh).not.toHaveBeenCalled();

    await vi.advanceTimersByTimeAsync(1);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(refresh.mock.calls[0]?.[0].token).toBe('t1');
    expect(store.getSession()?.token).toBe('t1+');
    expect(JSON.parse(window.localStorage.getItem(KEY) ?? '{}')).toMatchObject({ token: 't1+' });
  });

  it('schedules the next refresh from the new token', async () => {
    const { store, refresh } = setup();
    store.setSession(session('t1', START + HOUR));
    await vi.advanceTimersByTimeAsync(55 * MINUTE);
    expect(refresh).toHaveBeenCalledTimes(1);
    // The new token lives 8 h from now: the next refresh is 7 h 55 min later.
    await vi.advanceTimersByTimeAsync(8 * HOUR - 5 * MINUTE - 1);
    expect(refresh).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(refresh).toHaveBeenCalledTimes(2);
    expect(store.getSession()?.token).toBe('t1++');
  });

  it('caps the timer at 2147483647 ms for far expiries and waits again instead of refreshing early', async () => {
    const setTimeoutSpy = vi.spyOn(globalThis, 'setTimeout');
    const { store, refresh } = setup();
    store.setSession(session('long', START + 30 * DAY));
    expect(setTimeoutSpy).toHaveBeenLastCalledWith(expect.any(Function), MAX_TIMER_DELAY_MS);

    await vi.advanceTimersByTimeAsync(MAX_TIMER_DELAY_MS);
    expect(refresh).not.toHaveBeenCalled();
    const remaining = 30 * DAY - MAX_TIMER_DELAY_MS - TOKEN_REFRESH_BEFORE_EXPIRY_MS;
    expect(setTimeoutSpy).toHaveBeenLastCalledWith(expect.any(Function), remaining);

    await vi.advanceTimersByTimeAsync(remaining);
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('discards an expired stored token on load', async () => {
    storeInStorage(session('old', START - MINUTE));
    const { store, refresh } = setup();
    await store.start();
    expect(store.getSession()).toBeNull();
    expect(window.localStorage.getItem(KEY)).toBeNull();
    expect(refresh).not.toHaveBeenCalled();
  });

  it('ignores a stored value that is not a session', async () => {
    window.localStorage.setItem(KEY, '{"token": 42}');
    const { store } = setup();
    await store.start();
    expect(store.getSession()).toBeNull();
  });

  it('refreshes at once when the stored token expires within 5 minutes', async () => {
    storeInStorage(session('soon', START + 2 * MINUTE));
    const { store, refresh } = setup();
    await store.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(store.getSession()?.token).toBe('soon+');
  });

  it('logs this tab out when another tab removes the stored session', async () => {
    storeInStorage(session('t1', START + HOUR));
    const { store, ended } = setup();
    const changes = vi.fn();
    store.subscribe(changes);
    await store.start();

    window.dispatchEvent(new StorageEvent('storage', { key: 'unrelated', newValue: null }));
    expect(store.getSession()).not.toBeNull();

    window.dispatchEvent(new StorageEvent('storage', { key: KEY, oldValue: '{}', newValue: null }));
    expect(store.getSession()).toBeNull();
    expect(ended).toEqual(['storage']);
    expect(changes).toHaveBeenCalled();
  });

  it('logs this tab out when another tab clears the whole storage', async () => {
    storeInStorage(session('t1', START + HOUR));
    const { store, ended } = setup();
    await store.start();
    window.dispatchEvent(new StorageEvent('storage', { key: null }));
    expect(store.getSession()).toBeNull();
    expect(ended).toEqual(['storage']);
  });

  it('takes over a token another tab refreshed', async () => {
    storeInStorage(session('t1', START + HOUR));
    const { store, ended } = setup();
    await store.start();
    const next = session('t2', START + 8 * HOUR);
    window.dispatchEvent(new StorageEvent('storage', { key: KEY, newValue: JSON.stringify(next) }));
    expect(store.getSession()?.token).toBe('t2');
    expect(ended).toEqual([]);
  });

  it('stops listening to other tabs once stopped', async () => {
    storeInStorage(session('t1', START + HOUR));
    const { store } = setup();
    await store.start();
    store.stop();
    window.dispatchEvent(new StorageEvent('storage', { key: KEY, newValue: null }));
    expect(store.getSession()?.token).toBe('t1');
  });

  it('stores a login and forgets it, timer included, on logout', async () => {
    const { store, refresh, ended } = setup();
    store.setSession(session('t1', START + HOUR));
    expect(window.localStorage.getItem(KEY)).toContain('"t1"');

    store.clear('logout');
    expect(store.getSession()).toBeNull();
    expect(window.localStorage.getItem(KEY)).toBeNull();
    expect(ended).toEqual(['logout']);

    await vi.advanceTimersByTimeAsync(2 * HOUR);
    expect(refresh).not.toHaveBeenCalled();
  });

  it('tries a failed refresh again and ends the session when the token runs out', async () => {
    const refresh = vi.fn(async (): Promise<ClientSession> => {
      throw new Error('network down');
    });
    const { store, ended } = setup(refresh);
    store.setSession(session('t1', START + HOUR));

    await vi.advanceTimersByTimeAsync(55 * MINUTE);
    expect(refresh).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(REFRESH_RETRY_MS);
    expect(refresh).toHaveBeenCalledTimes(2);
    expect(store.getSession()).not.toBeNull();

    await vi.advanceTimersByTimeAsync(5 * MINUTE);
    expect(store.getSession()).toBeNull();
    expect(ended).toEqual(['expired']);
    expect(window.localStorage.getItem(KEY)).toBeNull();
  });

  it('keeps a login made while an old refresh was in flight', async () => {
    let finish: (value: ClientSession) => void = () => undefined;
    const refresh = vi.fn(() => new Promise<ClientSession>((resolve) => (finish = resolve)));
    const { store } = setup(refresh);
    store.setSession(session('old', START + HOUR));
    await vi.advanceTimersByTimeAsync(55 * MINUTE);
    store.setSession(session('fresh', START + 2 * HOUR));
    finish(session('late', START + 3 * HOUR));
    await vi.advanceTimersByTimeAsync(0);
    expect(store.getSession()?.token).toBe('fresh');
  });

  describe('with the parser loaded on demand (the first load carries no zod)', () => {
    const lazySetup = () => {
      const loadParse = vi.fn(async () => parseClientSession);
      const refresh = vi.fn(async (current: ClientSession) => session(`${current.token}+`, Date.now() + 8 * HOUR));
      const store = createSessionStore({ storage: window.localStorage, storageKey: KEY, refresh, events: window, loadParse });
      return { store, loadParse };
    };

    it('does not load the parser when nothing is stored', async () => {
      const { store, loadParse } = lazySetup();
      await store.start();
      expect(store.getSession()).toBeNull();
      expect(loadParse).not.toHaveBeenCalled();
      store.stop();
    });

    it('loads it for a stored session and adopts the session once start() settles', async () => {
      storeInStorage(session('t1', START + HOUR));
      const { store, loadParse } = lazySetup();
      const started = store.start();
      expect(store.getSession()).toBeNull();
      await started;
      expect(loadParse).toHaveBeenCalledTimes(1);
      expect(store.getSession()?.token).toBe('t1');
      store.stop();
    });

    it('drops a stored value that is not a session', async () => {
      window.localStorage.setItem(KEY, JSON.stringify({ token: 42 }));
      const { store } = lazySetup();
      await store.start();
      expect(store.getSession()).toBeNull();
      expect(window.localStorage.getItem(KEY)).toBeNull();
      store.stop();
    });
  });
});
