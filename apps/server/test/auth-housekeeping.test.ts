import { PASSWORD_RESET_MAX_PER_HOUR } from '@fleetdesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAttempts, mailOutbox, passwordResetTokens, sessions } from '../src/db/schema.ts';
import { purgeExpiredAuthData } from '../src/modules/auth/housekeeping.ts';
import { createFleet, createStaff } from './support/factories.ts';
import { authToken, createTestApp, login, type TestApp } from './support/test-app.ts';

let t: TestApp;
let userId: number;
const DAY = 86_400_000;

beforeAll(async () => {
  t = await createTestApp();
  await createFleet(t.database.db, 'fjord');
  userId = (await createStaff(t.database.db, 'fjord', 'keeper', 'keeper-password')).id;
});
afterAll(() => t.close());

describe('password reset throttle', () => {
  it(`mails at most ${PASSWORD_RESET_MAX_PER_HOUR} links per user and hour, answering the same every time`, async () => {
    const answers = new Set<string>();
    for (let i = 0; i < PASSWORD_RESET_MAX_PER_HOUR + 2; i++) {
      const res = await t.app.inject({ method: 'POST', url: '/api/password-reset', payload: { username: 'keeper' } });
      expect(res.statusCode).toBe(202);
      answers.add(res.body);
    }
    expect(answers.size).toBe(1);
    expect(await t.database.db.select().from(mailOutbox)).toHaveLength(PASSWORD_RESET_MAX_PER_HOUR);
  });
});

describe('purgeExpiredAuthData', () => {
  it('deletes long-expired sessions, old login attempts and dead reset tokens, and keeps live ones', async () => {
    const db = t.database.db;
    const live = await login(t.app, 'keeper', 'keeper-password');
    const now = Date.now();
    await db.insert(sessions).values([
      { tokenHash: 'old-expired', userId, fleetId: 'fjord', expiresAt: new Date(now - 3 * DAY) },
      { tokenHash: 'old-revoked', userId, fleetId: 'fjord', expiresAt: new Date(now + DAY), revokedAt: new Date(now - 2 * DAY) },
    ]);
    await db.insert(loginAttempts).values([
      { username: 'keeper', ip: '198.51.100.1', success: false, at: new Date(now - 2 * DAY) },
      { username: 'keeper', ip: '198.51.100.1', success: false, at: new Date(now - 60_000) },
    ]);
    await db.insert(passwordResetTokens).values({ tokenHash: 'dead', userId, expiresAt: new Date(now - 2 * DAY) });

    const purged = await purgeExpiredAuthData(db);
    expect(purged.sessions).toBe(2);
    expect(purged.loginAttempts).toBe(1);
    expect(purged.passwordResetTokens).toBeGreaterThanOrEqual(1);

    const res = await t.app.inject({ method: 'GET', url: '/api/fleets/fjord', headers: { authorization: authToken(live) } });
    expect(res.statusCode).toBe(200);
    expect((await db.select().from(loginAttempts)).some((a) => a.ip === '198.51.100.1')).toBe(true);
  });
});
