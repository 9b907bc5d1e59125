import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresLeaderLock, type LeaderLock } from '../src/db/leader-lock.ts';
import { SILENT_DATABASE_LOG } from '../src/db/resilient-pool.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

// Issue 20 point 3: of N server copies on one PostgreSQL database exactly one is the leader (the simulator's status
// reports run there), and when it stops another takes over. Runs with TEST_DATABASE_URL only (vitest.config.ts).
let t: TestApp;
const locks: LeaderLock[] = [];

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await Promise.all(locks.map((lock) => lock.stop()));
  await t?.close();
});

const lockOf = (key: number) => {
  const lock = postgresLeaderLock(t.databaseUrl!, key, SILENT_DATABASE_LOG, { retryMs: 100 });
  locks.push(lock);
  return lock;
};
const leaders = (all: LeaderLock[]) => all.filter((lock) => lock.isLeader()).length;

describe('leader lock', () => {
  it('makes exactly one of three copies the leader, and another one when the leader stops', async () => {
    const key = randomInt(1_000_000, 2_000_000);
    const copies = [lockOf(key), lockOf(key), lockOf(key)];
    await expect.poll(() => leaders(copies)).toBe(1);
    // Several retries later there is still one.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(leaders(copies)).toBe(1);

    const first = copies.find((lock) => lock.isLeader())!;
    await first.stop();
    expect(first.isLeader()).toBe(false);
    const rest = copies.filter((lock) => lock !== first);
    await expect.poll(() => leaders(rest), { timeout: 5_000 }).toBe(1);
  });

  it('keeps different work apart: another key has its own leader', async () => {
    const a = lockOf(randomInt(2_000_000, 3_000_000));
    const b = lockOf(randomInt(3_000_000, 4_000_000));
    await expect.poll(() => a.isLeader() && b.isLeader()).toBe(true);
  });
});
