import { readFileSync } from 'node:fs';
import {
  BID_PATTERN,
  EVENT_TYPE_GROUP,
  PHONE_PATTERN,
  roundMoney,
  VEHICLE_CATEGORIES,
  ZBookingState,
  ZCompanyType,
  ZEventType,
  ZPaymentStatus,
  ZUserStatus,
} from '@fleetdesk/contract';
import { and, asc, eq, inArray, isNull, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Db } from '../src/db/client.ts';
import { openTestDatabase } from './support/test-app.ts';
import {
  alarms,
  bookings,
  companies,
  contacts,
  contracts,
  damages,
  events,
  fleets,
  identityProviders,
  journalEntries,
  notes,
  paymentEvents,
  payments,
  registeredCards,
  userAuthMethods,
  userContracts,
  users,
  vehicleStatus,
  vehicles,
} from '../src/db/schema.ts';
import { verifyPassword } from '../src/modules/auth/password.ts';
import { priceBooking } from '../src/modules/bookings/pricing.ts';
import { getUserDuplicates, listSuspiciousUsers } from '../src/modules/identity/duplicates.ts';
import { isDatabaseEmpty, seedDemo, type DemoSummary } from '../src/seed/demo.ts';
import { seedScale } from '../src/seed/scale.ts';

const NOW = new Date('2025-06-10T09:41:27Z');
const BASE = new Date('2025-06-10T09:00:00Z');
const FLEETS = ['fjord', 'malar'] as const;

let database: Database;
let db: Db;
let summary: DemoSummary;

beforeAll(async () => {
  database = await openTestDatabase();
  db = database.db;
  summary = await seedDemo(db, { now: NOW });
}, 120_000);

afterAll(async () => {
  await database?.close();
});

/** Pairs of non-cancelled bookings that share a vehicle and overlap in time (booked or used). */
async function overlappingAllocations(on: Db) {
  const result = await on.execute(sql`
    select a.bid as a, b.bid as b from bookings a join bookings b
      on a.allocated_vehicle_id = b.allocated_vehicle_id and a.id < b.id
     where a.state <> 'CANCELLED' and b.state <> 'CANCELLED'
       and tstzrange(least(a.start_time, coalesce(a.usage_start, a.start_time)), greatest(a.end_time, coalesce(a.usage_end, a.end_time)))
        && tstzrange(least(b.start_time, coalesce(b.usage_start, b.start_time)), greatest(b.end_time, coalesce(b.usage_end, b.end_time)))`);
  return (result as unknown as { rows: unknown[] }).rows;
}

describe('seedDemo', () => {
  it('reports what it wrote, relative to now rounded down to the hour', async () => {
    expect(await isDatabaseEmpty(db)).toBe(false);
    expect(summary.baseTime).toBe(BASE.toISOString());
    expect(summary.fleets).toEqual(['fjord', 'malar']);
    expect(summary.staff).toEqual(['support', 'admin', 'kari', 'support.se']);
    expect(summary.personas).toEqual(
      expect.arrayContaining(['demo.active', 'demo.pending', 'demo.blocked', 'demo.deletion', 'demo.sso', 'demo.se.active']),
    );
    const [{ n: bookingCount } = { n: 0 }] = await db.select({ n: sql<number>`count(*)::int` }).from(bookings);
    expect(summary.counts.bookings).toBe(bookingCount);
    expect(summary.counts.bookings).toBeGreaterThanOrEqual(250);
    expect(summary.counts.events).toBeGreaterThanOrEqual(2000);
    expect(summary.counts.vehicles).toBeGreaterThanOrEqual(80);
  });

  it('creates both operators', async () => {
    const rows = await db.select().from(fleets).orderBy(fleets.id);
    expect(rows.map((f) => [f.id, f.name, f.country, f.currency, f.defaultLanguage, f.timeZone])).toEqual([
      ['fjord', 'Fjord Mobility', 'NO', 'NOK', 'nb', 'Europe/Oslo'],
      ['malar', 'Mälar Mobility', 'SE', 'SEK', 'sv', 'Europe/Stockholm'],
    ]);
  });

  it('creates the staff logins with verifiable passwords', async () => {
    const staff = await db
      .select()
      .from(users)
      .where(inArray(users.role, ['SUPPORT', 'ADMIN']))
      .orderBy(users.username);
    expect(staff.map((u) => [u.username, u.fleetId, u.role, u.status, u.passwordLoginAllowed])).toEqual([
      ['admin', 'fjord', 'ADMIN', 'ACTIVE', true],
      ['kari', 'fjord', 'SUPPORT', 'ACTIVE', true],
      ['support', 'fjord', 'SUPPORT', 'ACTIVE', true],
      ['support.se', 'malar', 'SUPPORT', 'ACTIVE', true],
    ]);
    const password = { admin: 'admin-demo', support: 'support-demo', kari: 'support-demo', 'support.se': 'support-demo' } as Record<string, string>;
    for (const u of staff) {
      expect(await verifyPassword(u.passwordHash, password[u.username] ?? '')).toBe(true);
      expect(await verifyPassword(u.passwordHash, 'wrong-password')).toBe(false);
    }
    expect(staff.find((u) => u.username === 'support')?.givenName).toBe('Siri');
  });

  it('creates the personas with their states', async () => {
    const rows = await db.select().from(users).where(like(users.username, 'demo.%'));
    const by = new Map(rows.map((u) => [u.username, u]));
    const status = (name: string) => by.get(name)?.status;
    expect([status('demo.active'), status('demo.pending'), status('demo.blocked'), status('demo.deletion'), status('demo.sso')]).toEqual([
      'ACTIVE',
      'AWAITING_APPROVAL',
      'BLOCKED',
      'DELETION_REQUESTED',
      'ACTIVE',
    ]);
    expect(status('demo.se.active')).toBe('ACTIVE');
    expect(by.get('demo.se.active')?.fleetId).toBe('malar');

    const active = by.get('demo.active');
    expect(active).toMatchObject({
      fleetId: 'fjord',
      role: 'CUSTOMER',
      premiumAccess: true,
      verifiedDriversLicense: true,
      licenseState: 'VERIFIED',
      identityVerified: true,
      identityCountry: 'NO',
      identityMethod: 'MANUAL',
      identityGivenName: 'Kari',
      identityFamilyName: 'Nordmann',
    });
    expect(await verifyPassword(active?.passwordHash ?? null, 'demo-customer')).toBe(true);
    for (const name of ['demo.pending', 'demo.blocked', 'demo.deletion'])
      expect(await verifyPassword(by.get(name)?.passwordHash ?? null, 'demo-customer')).toBe(true);
    expect(by.get('demo.pending')?.identityVerified).toBe(false);

    const cards = await db
      .select()
      .from(registeredCards)
      .where(eq(registeredCards.userId, active?.id ?? -1));
    expect(cards.map((c) => c.cardTypeAndMaskedNumber)).toEqual(['VISA **** 4242']);
    expect(cards[0]?.expires).toMatch(/^\d{4}-(0[1-9]|1[0-2])$/);
    expect(cards[0]?.providerToken).toMatch(/^sandbox_/);
    const types = await db
      .select({ type: contracts.contractType })
      .from(userContracts)
      .innerJoin(contracts, eq(contracts.id, userContracts.contractId))
      .where(eq(userContracts.userId, active?.id ?? -1));
    expect(types.map((t) => t.type).sort()).toEqual(['COMPANY', 'PRIVATE']);

    expect(by.get('demo.blocked')).toMatchObject({ blockReason: 'UNPAID_BILLS', blockedByUsername: 'support' });
    expect(by.get('demo.blocked')?.blockMessage).toBeTruthy();
    expect(by.get('demo.blocked')?.blockedAt).toBeInstanceOf(Date);

    const sso = by.get('demo.sso');
    expect(sso).toMatchObject({ passwordLoginAllowed: false, passwordHash: null, status: 'ACTIVE' });
    const methods = await db
      .select({
        name: identityProviders.displayName,
        issuer: identityProviders.issuer,
        clientId: identityProviders.clientId,
        prevent: identityProviders.preventPasswordLogin,
        domains: identityProviders.emailDomains,
        companyName: companies.name,
      })
      .from(userAuthMethods)
      .innerJoin(identityProviders, eq(identityProviders.id, userAuthMethods.providerId))
      .innerJoin(companies, eq(companies.id, identityProviders.companyId))
      .where(eq(userAuthMethods.userId, sso?.id ?? -1));
    expect(methods).toEqual([
      {
        name: 'Nordlys SSO',
        issuer: 'http://localhost:4010/oidc',
        clientId: 'fleetdesk',
        prevent: true,
        domains: ['nordlys.example'],
        companyName: 'Nordlys Consulting AS',
      },
    ]);
  });

  it('covers every user status per operator, with valid phones and a cross-operator duplicate', async () => {
    const rows = await db.select().from(users);
    for (const fleet of FLEETS) {
      const statuses = new Set(rows.filter((u) => u.fleetId === fleet).map((u) => u.status));
      expect([...statuses].sort()).toEqual([...ZUserStatus.options].sort());
      expect(rows.filter((u) => u.fleetId === fleet && u.role === 'CUSTOMER').length).toBeGreaterThanOrEqual(60);
    }
    for (const u of rows) expect(u.mobilePhone ?? '').toMatch(PHONE_PATTERN);
    const customers = rows.filter((u) => u.role === 'CUSTOMER');
    expect(new Set(customers.map((u) => u.customerNumber)).size).toBe(customers.length);
    const crossPairs = customers.filter(
      (a) =>
        a.fleetId === 'fjord' &&
        customers.some(
          (b) => b.fleetId === 'malar' && b.emailAddress?.toLowerCase() === a.emailAddress?.toLowerCase() && b.mobilePhone === a.mobilePhone,
        ),
    );
    expect(crossPairs.length).toBeGreaterThanOrEqual(1);
    expect(
      customers.some((u) => u.duplicateEmail) && customers.some((u) => u.duplicatePhone) && customers.some((u) => u.duplicateIdentityNumber),
    ).toBe(true);
  });

  it('flags the demo duplicates, including the cross-operator one, as the duplicates dialog and the suspicious list show them', async () => {
    const flags = async (username: string) => {
      const [r] = await db
        .select({ e: users.duplicateEmail, p: users.duplicatePhone, i: users.duplicateIdentityNumber })
        .from(users)
        .where(eq(users.username, username));
      return r;
    };
    expect(await flags('nils.dahl')).toEqual({ e: false, p: true, i: true });
    expect(await flags('n.dahl')).toEqual({ e: false, p: true, i: true });
    expect(await flags('sofia.berg')).toMatchObject({ e: true });
    const support = { username: 'support', fleet: 'fjord' };
    // mikael.holm's only twin is at the other operator: counted, never listed.
    expect(await getUserDuplicates(db, support, 'mikael.holm')).toEqual({ userDuplicates: [], ownerMap: { 'Mälar Mobility': 1 } });
    const list = await listSuspiciousUsers(db, support, { page: 0, pageSize: 50 });
    expect(list.results.map((r) => r.username)).toEqual(expect.arrayContaining(['mikael.holm', 'nils.dahl', 'n.dahl']));
  });

  it('has the licence demo customers with the sandbox REJECTED and ERROR persons', async () => {
    const rows = await db
      .select()
      .from(users)
      .where(inArray(users.username, ['demo.license.rejected', 'demo.license.error', 'demo.se.license.rejected', 'demo.se.license.error']));
    expect(rows.map((r) => [r.username, r.identityNumber, r.status, r.licenseState]).sort()).toEqual([
      ['demo.license.error', '07077700018', 'AWAITING_APPROVAL', 'PENDING'],
      ['demo.license.rejected', '05058500056', 'AWAITING_APPROVAL', 'PENDING'],
      ['demo.se.license.error', '19770707-0004', 'AWAITING_APPROVAL', 'PENDING'],
      ['demo.se.license.rejected', '19850505-0008', 'AWAITING_APPROVAL', 'PENDING'],
    ]);
  });

  it('has bookings in every state, overdue and archived ones, for each operator', async () => {
    const rows = await db.select().from(bookings);
    for (const fleet of FLEETS) {
      const mine = rows.filter((b) => b.fleetId === fleet);
      expect(new Set(mine.map((b) => b.state))).toEqual(new Set(ZBookingState.options));
      expect(new Set(mine.map((b) => b.specType))).toEqual(new Set(['CLASS', 'MODEL', 'VEHICLE']));
      expect(mine.some((b) => b.state === 'ACTIVE' && b.endTime < BASE && b.usageStart !== null)).toBe(true);
      expect(mine.some((b) => b.userId === null)).toBe(true);
      expect(mine.some((b) => b.state === 'INACTIVE' && b.allocationState === 'ALLOCATED')).toBe(true);
      expect(mine.some((b) => b.state === 'INACTIVE' && b.allocationState === 'NOT_ALLOCATED')).toBe(true);
      expect(mine.some((b) => b.allocateOnActivation)).toBe(true);
      expect(mine.some((b) => b.state === 'FINISHED' && b.checkoutRequired)).toBe(true);
      expect(mine.some((b) => b.adjustedEndTime !== null && b.dataQuality !== null)).toBe(true);
      expect(mine.filter((b) => b.state === 'INACTIVE').every((b) => b.endTime > BASE)).toBe(true);
      // Running bookings are overdue on purpose or end hours from now, so none turns overdue during a demo or a test run.
      const running = mine.filter((b) => b.state === 'ACTIVE' && b.endTime >= BASE);
      expect(running.length).toBeGreaterThan(0);
      expect(running.filter((b) => b.endTime.getTime() < BASE.getTime() + 2 * 3_600_000).map((b) => b.bid)).toEqual([]);
      expect(mine.filter((b) => b.state === 'FINISHED').every((b) => b.usageStart && b.usageEnd && b.usageEnd <= BASE)).toBe(true);
      const prefix = fleet === 'fjord' ? 'BID1' : 'BID2';
      for (const b of mine) {
        expect(b.bid).toMatch(BID_PATTERN);
        expect(b.bid.startsWith(prefix)).toBe(true);
      }
    }
    const [persona] = await db.select({ id: users.id }).from(users).where(eq(users.username, 'demo.active'));
    const own = rows.filter((b) => b.userId === persona?.id);
    expect(own.filter((b) => b.state === 'ACTIVE').length).toBeGreaterThanOrEqual(1);
    expect(own.filter((b) => b.state === 'INACTIVE' && b.startTime > NOW).length).toBeGreaterThanOrEqual(1);
    expect(own.filter((b) => b.state === 'FINISHED').length).toBeGreaterThanOrEqual(3);
    expect(own.filter((b) => b.state === 'CANCELLED').length).toBeGreaterThanOrEqual(1);
    expect(own.some((b) => b.contractId !== own[0]?.contractId)).toBe(true);
    expect(rows.some((b) => Object.keys(b.metadata).includes('project'))).toBe(true);
  });

  it('never allocates one vehicle to two overlapping bookings', async () => {
    expect(await overlappingAllocations(db)).toEqual([]);
  });

  it('has vehicles of every category, electric ones, and one without status', async () => {
    const rows = await db.select().from(vehicles);
    for (const fleet of FLEETS) {
      const mine = rows.filter((v) => v.fleetId === fleet);
      expect(new Set(mine.map((v) => v.vehicleCategory))).toEqual(new Set(VEHICLE_CATEGORIES));
      expect(mine.filter((v) => v.primaryFuelType === 'BATTERY').length).toBeGreaterThanOrEqual(5);
      expect(mine.length).toBeGreaterThanOrEqual(38);
    }
    for (const v of rows) {
      expect(v.vin).toMatch(/^[A-HJ-NPR-Z0-9]{17}$/);
      expect(v.longPresentation).toContain(v.registrationNumber);
    }
    expect(new Set(rows.map((v) => v.vin)).size).toBe(rows.length);
    const statuses = await db.select().from(vehicleStatus);
    expect(statuses.length).toBe(rows.length - 2);
    expect(statuses.some((s) => s.isRefueling === true)).toBe(true);
    expect(statuses.filter((s) => (s.carBatteryVoltage ?? 99) < 11.8).length).toBeGreaterThanOrEqual(2);
    expect(statuses.some((s) => (s.fuelLevel ?? 100) < 30)).toBe(true);
  });

  it('keeps journal odometers continuous per vehicle', async () => {
    const rows = await db.select().from(journalEntries).orderBy(asc(journalEntries.vehicleId), asc(journalEntries.driveStart));
    expect(rows.length).toBeGreaterThan(100);
    for (let i = 0; i < rows.length; i++) {
      const e = rows[i];
      if (!e) continue;
      expect(e.odometerEnd - e.odometerStart).toBeCloseTo(e.distance, 1);
      expect(e.driveEnd.getTime()).toBeGreaterThan(e.driveStart.getTime());
      const next = rows[i + 1];
      if (next && next.vehicleId === e.vehicleId) {
        expect(next.odometerStart).toBeCloseTo(e.odometerEnd, 1);
        expect(next.driveStart.getTime()).toBeGreaterThanOrEqual(e.driveEnd.getTime());
      }
    }
    expect(rows.some((e) => e.bid === null && e.tripType === 'MAINTENANCE')).toBe(true);
  });

  it('builds company trees at least three deep with every company type', async () => {
    const rows = await db.select().from(companies);
    for (const fleet of FLEETS) {
      const mine = rows.filter((c) => c.fleetId === fleet);
      expect(new Set(mine.map((c) => c.type))).toEqual(new Set(ZCompanyType.options));
      const byId = new Map(mine.map((c) => [c.id, c]));
      const depth = (id: number): number => {
        const parent = byId.get(id)?.parentId;
        return parent ? 1 + depth(parent) : 1;
      };
      expect(Math.max(...mine.map((c) => depth(c.id)))).toBeGreaterThanOrEqual(3);
      expect(mine.filter((c) => c.requiresMembershipConfirmation && c.companyCode).length).toBeGreaterThanOrEqual(3);
    }
  });

  it('has contracts with admin fee and VAT, one-way, one-at-a-time and taxi variants', async () => {
    const rows = await db.select().from(contracts);
    for (const fleet of FLEETS) {
      const mine = rows.filter((c) => c.fleetId === fleet);
      expect(new Set(mine.map((c) => c.contractType))).toEqual(new Set(['PRIVATE', 'COMPANY']));
      for (const c of mine) {
        expect(c.priceList.some((e) => e.name === 'ADMIN_BOOKING_FEE')).toBe(true);
        expect(c.priceList.find((e) => e.name === 'VAT')?.cost).toBe(0.25);
        expect(c.minBookingDuration).toMatch(/^P/);
      }
      expect(mine.some((c) => c.oneWayAllowed)).toBe(true);
      expect(mine.some((c) => c.onlyOneBookingAtTheSameTimeAllowed)).toBe(true);
      expect(mine.some((c) => c.taxiFromPools.length > 0)).toBe(true);
      expect(mine.some((c) => ['STEP_0', 'STEP_1', 'STEP_2', 'STEP_3'].every((s) => c.priceList.some((e) => e.name === s)))).toBe(true);
      expect(mine.some((c) => c.metadataSpec.some((m) => m.type === 'CHOICE') && c.metadataSpec.some((m) => m.required))).toBe(true);
      expect(mine.some((c) => c.bookableRules.some((r) => r.appliedDuring === 'SCHEDULED'))).toBe(true);
    }
    const fee = (fleet: string) =>
      rows.find((c) => c.fleetId === fleet && c.contractType === 'PRIVATE')?.priceList.find((e) => e.name === 'ADMIN_BOOKING_FEE')?.cost;
    expect([fee('fjord'), fee('malar')]).toEqual([59, 49]);
  });

  it('has payments in many statuses with consistent VAT arithmetic', async () => {
    const rows = await db.select().from(payments);
    const lines = await db.select().from(paymentEvents);
    for (const fleet of FLEETS) {
      const mine = rows.filter((p) => p.fleetId === fleet);
      expect(new Set(mine.map((p) => p.status)).size).toBeGreaterThanOrEqual(4);
      expect(new Set(mine.map((p) => p.status))).toEqual(new Set(ZPaymentStatus.options));
      expect(mine.every((p) => p.currency === (fleet === 'fjord' ? 'NOK' : 'SEK'))).toBe(true);
      expect(mine.some((p) => p.orderId.startsWith('EVE') && p.target === 'EVENT' && p.parentPaymentId !== null)).toBe(true);
      expect(new Set(mine.map((p) => p.type))).toEqual(new Set(['CREDITCARD', 'USER_INVOICE', 'INVOICE']));
    }
    const cents = (x: number) => Math.round(x * 100);
    for (const p of rows) {
      expect(p.orderId).toMatch(p.target === 'BOOKING' ? /^BOK\d+$/ : /^EVE\d+$/);
      expect(cents(p.totalPrice)).toBe(cents(p.totalPriceWithoutVat) + cents(p.totalVat));
      const mine = lines.filter((l) => l.paymentId === p.id);
      expect(mine.length).toBeGreaterThan(0);
      // VAT is rounded per line (as the pricing engine does); the totals are the sums of the rounded lines.
      expect(mine.reduce((s, l) => s + cents(l.priceWithoutVat), 0)).toBe(cents(p.totalPriceWithoutVat));
      expect(mine.reduce((s, l) => s + cents(l.vat), 0)).toBe(cents(p.totalVat));
      expect(mine.reduce((s, l) => s + cents(l.totalPrice), 0)).toBe(cents(p.totalPrice));
      for (const l of mine) {
        expect(cents(l.priceWithoutVat)).toBe(cents(roundMoney(l.unitAmount * l.unitCost)));
        expect(cents(l.vat)).toBe(cents(roundMoney(0.25 * l.priceWithoutVat)));
        expect(cents(l.totalPrice)).toBe(cents(l.priceWithoutVat) + cents(l.vat));
      }
    }
    expect(lines.some((l) => l.manualEvent && l.itemName === 'PARKING_TICKET')).toBe(true);
  });

  it('prices estimates and finished bookings with the pricing engine', async () => {
    const fleetRows = await db.select().from(fleets);
    const fleetOf = new Map(fleetRows.map((f) => [f.id, f]));
    const priceLists = new Map(
      (await db.select({ id: contracts.id, priceList: contracts.priceList }).from(contracts)).map((c) => [c.id, c.priceList]),
    );
    const staff = new Set(
      (
        await db
          .select({ u: users.username })
          .from(users)
          .where(inArray(users.role, ['SUPPORT', 'ADMIN']))
      ).map((u) => u.u),
    );
    const reprice = (b: typeof bookings.$inferSelect, start: Date, end: Date, distanceKm: number) => {
      const fleet = fleetOf.get(b.fleetId);
      return priceBooking({
        start,
        end,
        distanceKm,
        priceList: priceLists.get(b.contractId) ?? [],
        currency: fleet?.currency ?? 'NOK',
        timeZone: fleet?.timeZone ?? '',
        includeAdminFee: b.createdBy !== null && staff.has(b.createdBy),
      });
    };
    const all = await db
      .select()
      .from(bookings)
      .where(inArray(bookings.fleetId, [...FLEETS]));
    for (const b of all) {
      const r = reprice(b, b.startTime, b.endTime, b.estimatedDistance ?? 0);
      expect([b.estimatedPriceWithoutVat, b.estimatedVat], b.bid).toEqual([r.totalPriceWithoutVat, r.totalVat]);
    }

    const rows = await db
      .select({ payment: payments, booking: bookings })
      .from(payments)
      .innerJoin(bookings, eq(bookings.id, payments.bookingId))
      .where(and(eq(payments.target, 'BOOKING'), eq(bookings.state, 'FINISHED'), inArray(payments.fleetId, [...FLEETS])));
    const lines = await db
      .select()
      .from(paymentEvents)
      .where(
        inArray(
          paymentEvents.paymentId,
          rows.map((r) => r.payment.id),
        ),
      );
    const checked = new Map<string, number>();
    const itemNames = new Set<string>();
    for (const { payment: p, booking: b } of rows) {
      const mine = lines.filter((l) => l.paymentId === p.id).sort((x, y) => x.id - y.id);
      if (mine.some((l) => l.manualEvent)) continue;
      const r = reprice(b, b.usageStart ?? b.startTime, b.usageEnd ?? b.endTime, b.distance ?? 0);
      expect([p.totalPriceWithoutVat, p.totalVat, p.totalPrice, p.currency], p.orderId).toEqual([
        r.totalPriceWithoutVat,
        r.totalVat,
        r.totalPriceWithVat,
        r.currency,
      ]);
      expect(
        mine.map((l) => [l.itemName, l.unitAmount, l.unitCost, l.priceWithoutVat, l.vat, l.totalPrice]),
        p.orderId,
      ).toEqual(r.lines.map((l) => [l.itemName, l.unitAmount, l.unitCost, l.priceWithoutVat, l.vat, l.totalPrice]));
      checked.set(p.fleetId, (checked.get(p.fleetId) ?? 0) + 1);
      for (const l of mine) itemNames.add(l.itemName);
    }
    for (const fleet of FLEETS) expect(checked.get(fleet) ?? 0, fleet).toBeGreaterThanOrEqual(40);
    // Step-priced, day-capped and staff-created bookings are among them.
    expect([...itemNames]).toEqual(
      expect.arrayContaining(['STEP_0', 'STEP_3', 'PER_DAY', 'PER_HOUR', 'PER_KM', 'START_UP_FEE', 'ADMIN_BOOKING_FEE']),
    );

    // The display names say what the engine charges: STEP_k is the (k+1)-th started hour, STEP_3 also every later one.
    const display = await db
      .select({ fleet: payments.fleetId, name: paymentEvents.itemName, text: paymentEvents.itemDisplayText })
      .from(paymentEvents)
      .innerJoin(payments, eq(payments.id, paymentEvents.paymentId))
      .where(like(paymentEvents.itemName, 'STEP_%'));
    const expected: Record<string, Record<string, string>> = {
      fjord: { STEP_0: 'Trinnpris time 1', STEP_1: 'Trinnpris time 2', STEP_2: 'Trinnpris time 3', STEP_3: 'Trinnpris time 4 og videre' },
      malar: { STEP_0: 'Stegpris timme 1', STEP_1: 'Stegpris timme 2', STEP_2: 'Stegpris timme 3', STEP_3: 'Stegpris timme 4 och vidare' },
    };
    expect(new Set(display.map((d) => d.fleet))).toEqual(new Set(FLEETS));
    for (const d of display) expect(d.text).toBe(expected[d.fleet]?.[d.name]);
  });

  it('writes an event log with every type, in the past, with a few negative offsets', async () => {
    const rows = await db.select().from(events);
    for (const fleet of FLEETS) {
      const mine = rows.filter((e) => e.fleetId === fleet);
      expect(new Set(mine.map((e) => e.type))).toEqual(new Set(ZEventType.options));
      expect(mine.filter((e) => e.received < e.occurred).length).toBeGreaterThanOrEqual(1);
    }
    for (const e of rows) {
      expect(e.typeGroup).toBe(EVENT_TYPE_GROUP[e.type]);
      expect(e.occurred.getTime()).toBeLessThanOrEqual(BASE.getTime());
      expect(e.occurred.getTime()).toBeGreaterThanOrEqual(BASE.getTime() - 45 * 86_400_000);
      expect(typeof e.properties.public).toBe('boolean');
    }
  });

  it('gives demo.active, demo.blocked and demo.declined notes and contacts, each with its event on the customer', async () => {
    for (const fleet of ['fjord'] as const) {
      const people = await db
        .select({ id: users.id, username: users.username })
        .from(users)
        .where(and(eq(users.fleetId, fleet), inArray(users.username, ['demo.active', 'demo.blocked', 'demo.declined'])));
      expect(people.map((p) => p.username).sort()).toEqual(['demo.active', 'demo.blocked', 'demo.declined']);
      const active = people.find((p) => p.username === 'demo.active')!.id;
      const activeNotes = await db.select().from(notes).where(eq(notes.fleetId, fleet));
      // A pinned note on demo.active's record, and one on her latest booking.
      expect(activeNotes.some((n) => n.userId === active && n.pinned)).toBe(true);
      const [active1] = await db.select({ id: bookings.id }).from(bookings).where(eq(bookings.bid, 'BID1000000001'));
      expect(activeNotes.some((n) => n.subjectType === 'BOOKING' && n.bookingId === active1!.id)).toBe(true);
      const rows = await db.select().from(contacts).where(eq(contacts.fleetId, fleet));
      expect(
        rows
          .filter((c) => c.userId === active)
          .map((c) => c.status)
          .sort(),
      ).toEqual(['OPEN', 'RESOLVED']);
      for (const c of rows.filter((r) => r.status === 'RESOLVED')) expect(c.resolvedAt!.getTime()).toBeGreaterThan(c.createdAt.getTime());
      const logged = await db
        .select()
        .from(events)
        .where(and(eq(events.fleetId, fleet), eq(events.affectedUsername, 'demo.active'), sql`${events.textParts}->0->>'id' like 'contact%'`));
      // One "logged" per contact, and one "resolved" for the resolved one, all before the seed's base time.
      expect(logged.map((e) => e.textParts[0]!.id).sort()).toEqual(['contactLogged', 'contactLogged', 'contactResolved']);
      for (const e of logged) expect(e.occurred.getTime()).toBeLessThanOrEqual(BASE.getTime());
      const noteEvents = await db
        .select()
        .from(events)
        .where(and(eq(events.fleetId, fleet), eq(events.affectedUsername, 'demo.active'), sql`${events.textParts}->0->>'id' like 'note%'`));
      expect(noteEvents).toHaveLength(activeNotes.filter((n) => n.userId === active || n.subjectType === 'BOOKING').length);
    }
  });

  it('has damage, alarms in both states, and the archived booking shows no user', async () => {
    const ds = await db.select().from(damages);
    expect(ds.some((d) => d.fixDate !== null) && ds.some((d) => d.fixDate === null)).toBe(true);
    for (const d of ds) {
      expect(Object.keys(d.descriptions).sort()).toEqual(d.fleetId === 'fjord' ? ['en', 'nb'] : ['en', 'sv']);
      for (const text of Object.values(d.descriptions)) expect(text.length).toBeLessThanOrEqual(80);
      expect(d.imageKey).toBeNull();
    }
    const as = await db.select().from(alarms);
    expect(new Set(as.map((a) => a.state))).toEqual(new Set(['TRIGGERED', 'HANDLED']));
    expect(new Set(as.filter((a) => a.state === 'TRIGGERED').map((a) => a.name))).toEqual(new Set(['EXTERNAL_BATTERY', 'FUEL', 'KEY_HOLDER']));
    expect(as.filter((a) => a.state === 'HANDLED').every((a) => a.handledAt && a.handledBy)).toBe(true);
    const archived = await db.select().from(bookings).where(isNull(bookings.userId));
    expect(archived.map((b) => b.state)).toEqual(['FINISHED', 'FINISHED']);
  });

  it('matches the handy identifiers listed in docs/demo-data.md', async () => {
    const doc = readFileSync(new URL('../../../docs/demo-data.md', import.meta.url), 'utf8');
    const ticks = [...doc.matchAll(/`([^`]+)`/g)].map((m) => m[1] ?? '');
    const bids = ticks.filter((t) => /^BID\d{10}$/.test(t));
    const vins = ticks.filter((t) => /^[A-HJ-NPR-Z0-9]{17}$/.test(t));
    const regs = ticks.filter((t) => /^([A-Z]{2} \d{5}|[A-Z]{3} \d{2}[A-Z0-9])$/.test(t));
    expect(bids.length).toBeGreaterThanOrEqual(8);
    expect(vins.length).toBeGreaterThanOrEqual(6);
    expect(regs.length).toBeGreaterThanOrEqual(6);
    const foundBids = await db.select({ bid: bookings.bid }).from(bookings).where(inArray(bookings.bid, bids));
    expect(foundBids.map((b) => b.bid).sort()).toEqual([...new Set(bids)].sort());
    const foundVins = await db.select({ vin: vehicles.vin }).from(vehicles).where(inArray(vehicles.vin, vins));
    expect(foundVins.map((v) => v.vin).sort()).toEqual([...new Set(vins)].sort());
    const foundRegs = await db.select({ reg: vehicles.registrationNumber }).from(vehicles).where(inArray(vehicles.registrationNumber, regs));
    expect(new Set(foundRegs.map((v) => v.reg))).toEqual(new Set(regs));
    const docUsers = ticks.filter((t) => /^demo\.[a-z.]+$/.test(t) && !/\.(ts|md)$/.test(t));
    expect(docUsers.length).toBeGreaterThanOrEqual(7);
    const foundUsers = await db.select({ u: users.username }).from(users).where(inArray(users.username, docUsers));
    expect(new Set(foundUsers.map((u) => u.u))).toEqual(new Set(docUsers));
    const orders = ticks.filter((t) => /^(BOK|EVE)\d+$/.test(t));
    expect(orders.length).toBeGreaterThanOrEqual(3);
    const foundOrders = await db.select({ o: payments.orderId }).from(payments).where(inArray(payments.orderId, orders));
    expect(new Set(foundOrders.map((o) => o.o))).toEqual(new Set(orders));
  });

  it('gives the same content for the same now (and tells an empty database apart)', async () => {
    const other = await openTestDatabase();
    try {
      expect(await isDatabaseEmpty(other.db)).toBe(true);
      const again = await seedDemo(other.db, { now: NOW });
      expect(await isDatabaseEmpty(other.db)).toBe(false);
      expect(again.counts).toEqual(summary.counts);
      const snapshot = async (on: Db) => ({
        users: (await on.select({ u: users.username, e: users.emailAddress, p: users.mobilePhone }).from(users).orderBy(users.id)).map(
          (r) => `${r.u}|${r.e}|${r.p}`,
        ),
        bookings: (
          await on
            .select({ bid: bookings.bid, state: bookings.state, start: bookings.startTime, end: bookings.endTime, v: bookings.allocatedVehicleId })
            .from(bookings)
            .orderBy(bookings.id)
        ).map((r) => `${r.bid}|${r.state}|${r.start.toISOString()}|${r.end.toISOString()}|${r.v}`),
        vehicles: (await on.select({ vin: vehicles.vin, reg: vehicles.registrationNumber }).from(vehicles).orderBy(vehicles.id)).map(
          (r) => `${r.vin}|${r.reg}`,
        ),
        payments: (await on.select({ o: payments.orderId, s: payments.status, t: payments.totalPrice }).from(payments).orderBy(payments.id)).map(
          (r) => `${r.o}|${r.s}|${r.t}`,
        ),
        events: (
          await on
            .select({
              n: sql<number>`count(*)::int`,
              h: sql<string>`md5(string_agg(${events.displayText} || ${events.occurred}::text, ',' order by ${events.id}))`,
            })
            .from(events)
        )[0],
      });
      expect(await snapshot(other.db)).toEqual(await snapshot(db));
    } finally {
      await other.close();
    }
  }, 120_000);
});

describe('seedScale', () => {
  it('generates users, vehicles, bookings and events in batches, and continues on a second run', async () => {
    const scaleDb = await openTestDatabase();
    try {
      const seen: number[] = [];
      let reportedTotal = 0;
      await seedScale(scaleDb.db, {
        users: 500,
        batchSize: 120,
        now: NOW,
        onProgress: (done, total) => {
          seen.push(done);
          reportedTotal = total;
        },
      });
      const counts = async () => {
        const one = async (table: typeof users | typeof vehicles | typeof bookings | typeof events) =>
          (
            await scaleDb.db
              .select({ n: sql<number>`count(*)::int` })
              .from(table)
              .where(eq(table.fleetId, 'bench'))
          )[0]?.n;
        return { users: await one(users), vehicles: await one(vehicles), bookings: await one(bookings), events: await one(events) };
      };
      expect(await counts()).toEqual({ users: 500, vehicles: 5, bookings: 500, events: 1000 });
      expect(reportedTotal).toBe(500 + 5 + 500 + 1000);
      expect(seen.at(-1)).toBe(reportedTotal);
      expect(seen.length).toBeGreaterThan(4);
      expect(await overlappingAllocations(scaleDb.db)).toEqual([]);
      const sample = await scaleDb.db.select().from(users).where(eq(users.fleetId, 'bench')).limit(50);
      for (const u of sample) {
        expect(u.mobilePhone ?? '').toMatch(PHONE_PATTERN);
        expect(u.emailAddress).toContain('@');
        expect(u.givenName.length).toBeGreaterThan(0);
      }

      await seedScale(scaleDb.db, { users: 500, now: NOW });
      expect(await counts()).toEqual({ users: 1000, vehicles: 10, bookings: 1000, events: 2000 });
      const states = await scaleDb.db
        .selectDistinct({ s: bookings.state })
        .from(bookings)
        .where(and(eq(bookings.fleetId, 'bench')));
      expect(new Set(states.map((s) => s.s))).toEqual(new Set(ZBookingState.options));
      await expect(seedScale(scaleDb.db, { users: 10, fleet: 'no-such-fleet' })).rejects.toThrow(/No fleet/);

      // Negative control: the database itself refuses a double allocation (bookings_no_double_allocation),
      // while a cancelled copy of the same slot is allowed and not counted by the overlap check.
      const copy = (state: string) => sql`
        insert into bookings (bid, fleet_id, user_id, contract_id, state, start_time, end_time, from_pool_id, to_pool_id, spec_type, vehicle_category, allocation_state, allocated_vehicle_id)
        select ${`BID999999999${state === 'CANCELLED' ? '8' : '9'}`}, fleet_id, user_id, contract_id, ${state}, start_time, end_time, from_pool_id, to_pool_id, spec_type, vehicle_category, allocation_state, allocated_vehicle_id
          from bookings where state = 'ACTIVE' limit 1`;
      await expect(scaleDb.db.execute(copy('INACTIVE'))).rejects.toThrow();
      await scaleDb.db.execute(copy('CANCELLED'));
      expect(await overlappingAllocations(scaleDb.db)).toEqual([]);
    } finally {
      await scaleDb.close();
    }
  }, 120_000);
});
