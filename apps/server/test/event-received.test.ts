import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events } from '../src/db/schema.ts';
import { createBooking, createContract, createFleet, createPool, createStaff, createUser, createVehicle } from './support/factories.ts';
import { authToken, createTestApp, login, type TestApp } from './support/test-app.ts';

/**
 * Issue 17: the event log showed a red negative offset on nearly every console action, because `received` took the
 * column's default, PostgreSQL's now() — the start of the transaction — while `occurred` was taken inside it. An entry
 * is received when the server writes it, never before it occurred.
 */

let t: TestApp;
let token: string;
const FLEET = 'received';

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  await createFleet(db, FLEET);
  await createStaff(db, FLEET, 'received.support', 'a-long-support-password');
  token = await login(t.app, 'received.support', 'a-long-support-password');
});
afterAll(() => t.close());

describe('received is never before occurred', () => {
  it('for the events of console actions written inside a transaction', async () => {
    const db = t.database.db;
    const user = await createUser(db, FLEET);
    const pool = await createPool(db, FLEET);
    const contract = await createContract(db, FLEET);
    const vehicle = await createVehicle(db, FLEET);
    const now = Date.now();
    const booking = await createBooking(
      db,
      FLEET,
      { userId: user.id, contractId: contract.id, poolId: pool.id, vehicleId: vehicle.id },
      {
        startTime: new Date(now + 5 * 60_000),
        endTime: new Date(now + 3 * 3_600_000),
      },
    );
    const headers = { authorization: authToken(token), 'content-type': 'application/json' };
    const calls = [
      { method: 'POST' as const, url: `/api/bookings/${booking.bid}/activate-without-pin`, payload: JSON.stringify({ reason: 'At the car' }) },
      { method: 'PUT' as const, url: `/api/bookings/${booking.bid}/adjust?changesLockedForUser=true` },
      { method: 'POST' as const, url: `/api/bookings/${booking.bid}/technical-issue`, payload: JSON.stringify({ description: 'Door' }) },
      { method: 'POST' as const, url: `/api/bookings/${booking.bid}/deactivate`, payload: JSON.stringify({ unchecked: true, reason: 'Done' }) },
    ];
    for (const call of calls) {
      const res = await t.app.inject({ ...call, headers: 'payload' in call ? headers : { authorization: authToken(token) } });
      expect(res.statusCode, res.body).toBe(200);
    }
    const rows = await db
      .select({ occurred: events.occurred, received: events.received })
      .from(events)
      .where(and(eq(events.fleetId, FLEET), eq(events.bid, booking.bid)));
    expect(rows.length).toBeGreaterThanOrEqual(calls.length);
    for (const row of rows) expect(row.received.getTime()).toBeGreaterThanOrEqual(row.occurred.getTime());

    // A user action takes its time inside the transaction (user-admin's act()).
    const block = await t.app.inject({
      method: 'POST',
      url: `/api/users/${user.username}/block`,
      headers,
      payload: JSON.stringify({ blockReason: 'ABUSE', blockMessage: null }),
    });
    expect(block.statusCode, block.body).toBe(200);
    const unblock = await t.app.inject({ method: 'POST', url: `/api/users/${user.username}/activate`, headers: { authorization: authToken(token) } });
    expect(unblock.statusCode, unblock.body).toBe(200);
    const userRows = await db
      .select({ occurred: events.occurred, received: events.received })
      .from(events)
      .where(and(eq(events.fleetId, FLEET), eq(events.affectedUsername, user.username)));
    expect(userRows.length).toBeGreaterThanOrEqual(calls.length + 2);
    for (const row of userRows) expect(row.received.getTime()).toBeGreaterThanOrEqual(row.occurred.getTime());

    const api = await t.app.inject({ method: 'GET', url: `/api/bookings/${booking.bid}/events`, headers: { authorization: authToken(token) } });
    const results = (api.json() as { results: { occurred: string; received: string }[] }).results;
    expect(results.length).toBeGreaterThanOrEqual(calls.length);
    for (const e of results) expect(Date.parse(e.received)).toBeGreaterThanOrEqual(Date.parse(e.occurred));
  });
});
