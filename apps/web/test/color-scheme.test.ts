import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ColorSchemeChoice } from '@fleetdesk/contract';
import type { ColorSchemeServer } from '@/lib/theme/color-scheme';

/**
 * The colour-scheme store with the staff member's preference on the server (docs/decisions/0078-color-scheme-preference.md):
 * this browser's copy applies at once, the server's value wins when it arrives unless a choice was made meanwhile, and
 * a failed save puts the server's choice back. The module keeps its state at its top, so each test loads it afresh.
 */

const CACHE_KEY = 'fleetdesk.colorScheme.fjord/siri';

interface Deferred<T> {
  promise: Promise<T>;
  resolve(value: T): void;
  reject(error: unknown): void;
}
function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** A session store that signs `siri` of `fjord` in (or nobody), and a server whose answers each test gives. */
function setup(signedIn = true) {
  let session: { user: { fleet: string; username: string } } | null = signedIn ? { user: { fleet: 'fjord', username: 'siri' } } : null;
  const listeners = new Set<() => void>();
  const source = {
    getSession: () => session,
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  const loads: Deferred<ColorSchemeChoice>[] = [];
  const saves: { choice: ColorSchemeChoice; answer: Deferred<ColorSchemeChoice> }[] = [];
  const server: ColorSchemeServer = {
    load: vi.fn(() => {
      const answer = deferred<ColorSchemeChoice>();
      loads.push(answer);
      return answer.promise;
    }),
    save: vi.fn((choice: ColorSchemeChoice) => {
      const answer = deferred<ColorSchemeChoice>();
      saves.push({ choice, answer });
      return answer.promise;
    }),
  };
  const signOut = () => {
    session = null;
    listeners.forEach((listener) => listener());
  };
  return { source, server, loads, saves, signOut };
}

const shown = () => document.documentElement.getAttribute('data-color-scheme');
/**
 * The server answers the load with `choice`, and the store has taken it: it keeps every server answer as this
 * browser's copy, so the copy turning to `choice` is the sign (waited for, not slept on).
 */
async function serverLoads(load: Deferred<ColorSchemeChoice>, choice: ColorSchemeChoice) {
  load.resolve(choice);
  await vi.waitFor(() => expect(window.localStorage.getItem(CACHE_KEY)).toBe(choice));
}

let store: typeof import('@/lib/theme/color-scheme');

beforeEach(async () => {
  window.localStorage.clear();
  document.documentElement.removeAttribute('data-color-scheme');
  vi.resetModules();
  store = await import('@/lib/theme/color-scheme');
});
afterEach(() => window.localStorage.clear());

describe('the colour scheme with the preference on the server', () => {
  it("applies this browser's copy at once, then the server's value, which it keeps as the new copy", async () => {
    window.localStorage.setItem(CACHE_KEY, 'light');
    const { source, server, loads } = setup();
    store.followStaffColorScheme(source, server);
    expect(store.readColorSchemeChoice()).toBe('light');
    expect(shown()).toBe('light');
    expect(server.load).toHaveBeenCalledTimes(1);

    await serverLoads(loads[0]!, 'dark');
    expect(store.readColorSchemeChoice()).toBe('dark');
    expect(shown()).toBe('dark');
    expect(window.localStorage.getItem(CACHE_KEY)).toBe('dark');
  });

  it('follows the system (light here) with nothing stored and nobody signed in, and asks the server nothing', () => {
    const { source, server } = setup(false);
    store.followStaffColorScheme(source, server);
    expect(store.readColorSchemeChoice()).toBe('system');
    expect(shown()).toBe('light');
    expect(server.load).not.toHaveBeenCalled();
  });

  it('keeps a choice made while the server was being asked', async () => {
    const { source, server, loads, saves } = setup();
    store.followStaffColorScheme(source, server);
    const chosen = store.chooseColorScheme('dark');
    expect(shown()).toBe('dark');
    loads[0]!.resolve('light');
    saves[0]!.answer.resolve('dark');
    await chosen;
    expect(store.readColorSchemeChoice()).toBe('dark');
    expect(shown()).toBe('dark');
  });

  it("puts the server's choice back when a save fails, and rejects with the error", async () => {
    const { source, server, loads, saves } = setup();
    store.followStaffColorScheme(source, server);
    await serverLoads(loads[0]!, 'light');

    const chosen = store.chooseColorScheme('dark');
    expect(shown()).toBe('dark');
    expect(saves[0]!.choice).toBe('dark');
    const failure = new TypeError('Failed to fetch');
    saves[0]!.answer.reject(failure);
    await expect(chosen).rejects.toBe(failure);
    expect(store.readColorSchemeChoice()).toBe('light');
    expect(shown()).toBe('light');
    expect(window.localStorage.getItem(CACHE_KEY)).toBe('light');
  });

  it('a saved choice is what a later failure goes back to', async () => {
    const { source, server, loads, saves } = setup();
    store.followStaffColorScheme(source, server);
    await serverLoads(loads[0]!, 'system');

    const first = store.chooseColorScheme('dark');
    saves[0]!.answer.resolve('dark');
    await first;
    const second = store.chooseColorScheme('light');
    saves[1]!.answer.reject(new Error('refused'));
    await expect(second).rejects.toThrow('refused');
    expect(store.readColorSchemeChoice()).toBe('dark');
  });

  it('a failed save overtaken by a later choice, or by a logout, settles quietly and puts nothing back', async () => {
    const { source, server, loads, saves, signOut } = setup();
    store.followStaffColorScheme(source, server);
    await serverLoads(loads[0]!, 'system');

    const overtaken = store.chooseColorScheme('dark');
    const latest = store.chooseColorScheme('light');
    saves[0]!.answer.reject(new Error('late'));
    await expect(overtaken).resolves.toBeUndefined();
    saves[1]!.answer.resolve('light');
    await latest;
    expect(store.readColorSchemeChoice()).toBe('light');

    const cutOff = store.chooseColorScheme('dark');
    signOut();
    saves[2]!.answer.reject(new Error('unauthorized'));
    await expect(cutOff).resolves.toBeUndefined();
    expect(store.readColorSchemeChoice()).toBe('system');
  });
});
