import type { Db } from '../db/client.ts';
import { hashPassword } from '../modules/auth/password.ts';
import { CUSTOMER_PASSWORD, DEMO_FLEETS } from './catalog.ts';
import {
  bookingEvents,
  EventLog,
  insertBookingRows,
  insertEventsAndCommands,
  insertJournal,
  insertVehicleState,
  userEvents,
} from './demo-activity.ts';
import { BookingPlanner, planDrives } from './demo-bookings.ts';
import { insertDeclinedCardCustomer, DECLINED_PERSONA } from './demo-declined.ts';
import { insertLicenseDemoCustomers } from './demo-identity.ts';
import { insertDemoStaffIdentityProvider } from './demo-sso.ts';
import { insertWorkspaceHistory } from './demo-workspace.ts';
import { insertPayments } from './demo-money.ts';
import { buildWorld, type SharedState } from './demo-world.ts';
import { floorToHour } from './random.ts';
import { refreshAllDuplicateFlags } from '../modules/users/index.ts';

/**
 * The demo data: two operators (Fjord Mobility in Norway, Mälar Mobility in Sweden) with staff, personas,
 * customers, companies, contracts, pools, vehicles, bookings in every state, payments, alarms, damage and an event
 * log — enough to try every screen of the spec. See docs/demo-data.md.
 *
 * Deterministic: every section draws from its own seeded faker, and all times are offsets from `now` rounded down
 * to the hour, so the same `now` gives the same content (password hashes aside: argon2 salts are random).
 */

export interface DemoSummary {
  /** `now` rounded down to the hour: every seeded time is relative to it. */
  baseTime: string;
  fleets: string[];
  staff: string[];
  personas: string[];
  /** Rows inserted per table. */
  counts: Record<string, number>;
}

export { isDatabaseEmpty } from './empty.ts';

export async function seedDemo(db: Db, opts: { now?: Date } = {}): Promise<DemoSummary> {
  const base = floorToHour(opts.now ?? new Date()).getTime();

  // argon2 is deliberately slow: hash every distinct password once and reuse the hash.
  const passwords = [...new Set([...DEMO_FLEETS.flatMap((f) => f.staff.map((s) => s.password)), CUSTOMER_PASSWORD])];
  const hashed = await Promise.all(passwords.map(async (pw) => [pw, await hashPassword(pw)] as const));
  const hashes = new Map(hashed);

  const shared: SharedState = {
    base,
    hashes,
    used: { vins: new Set(), regs: new Set(), usernames: new Set(), phones: new Set() },
    counts: {},
  };
  const staff: string[] = [];
  const personas: string[] = [];

  await db.transaction(async (tx) => {
    for (const cat of DEMO_FLEETS) {
      const world = await buildWorld(tx, cat, shared);
      const plans = new BookingPlanner(world).planAll();
      const { drives, odometers } = planDrives(world, plans);
      await insertBookingRows(tx, world, plans, shared);
      await insertJournal(tx, world, drives, shared);
      const paymentsMade = await insertPayments(tx, world, plans, shared);
      const log = new EventLog(world);
      bookingEvents(world, plans, paymentsMade, log);
      await insertVehicleState(tx, world, plans, odometers, log, shared);
      userEvents(world, log);
      await insertEventsAndCommands(tx, world, log, shared);
      staff.push(...world.staff);
      personas.push(...cat.personas.map((p) => p.username));
      // Appended last so that no other identifier moves (docs/decisions/0021-payments.md).
      if (cat.id === 'fjord') {
        await insertDeclinedCardCustomer(tx, world, shared);
        personas.push(DECLINED_PERSONA);
      }
      // Licence demo customers (docs/decisions/0026-identity-licence.md), appended after the rest of the operator.
      personas.push(...(await insertLicenseDemoCustomers(tx, world, shared)));
      // The demo identity provider for staff single sign-on (docs/decisions/0028-single-sign-on.md).
      await insertDemoStaffIdentityProvider(tx, world, shared);
      // Notes and contacts of the customer workspace (issue 18 point 5), appended last like the rest.
      await insertWorkspaceHistory(tx, world, shared);
    }
    // Suspicious registrations: the duplicate flags follow from the data, across all operators.
    await refreshAllDuplicateFlags(tx);
  });

  return { baseTime: new Date(base).toISOString(), fleets: DEMO_FLEETS.map((f) => f.id), staff, personas, counts: shared.counts };
}
