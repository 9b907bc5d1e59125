import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaffUser } from '../src/cli/staff.ts';
import { createFleet } from './support/factories.ts';
import { basic, createTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await createFleet(t.database.db, 'fjord');
});
afterAll(() => t.close());

const base = { fleet: 'fjord', role: 'SUPPORT' as const, givenName: 'Nina', familyName: 'Hansen', email: null, language: null };

describe('npm run staff -- create', () => {
  it('creates a staff user who can log in to the console', async () => {
    await createStaffUser(t.database.db, { ...base, username: 'nina', password: 'long-enough-pass' });
    const res = await t.app.inject({ method: 'POST', url: '/api/auth', headers: { authorization: basic('nina', 'long-enough-pass') } });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ username: 'nina', role: 'SUPPORT', language: 'nb' });
  });

  it('refuses short passwords, taken names and unknown fleets', async () => {
    await expect(createStaffUser(t.database.db, { ...base, username: 'x1', password: 'short' })).rejects.toThrow(/at least/);
    await expect(createStaffUser(t.database.db, { ...base, username: 'NINA', password: 'long-enough-pass' })).rejects.toThrow(/taken/);
    await expect(createStaffUser(t.database.db, { ...base, fleet: 'nope', username: 'x2', password: 'long-enough-pass' })).rejects.toThrow(/No fleet/);
  });
});
