import { startOfLocalDay, wallTimeOf, type JournalEvent, type JournalQuery, type JournalResponse, type Language } from '@fleetdesk/contract';
import { and, asc, eq, gte, inArray, lt } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { fleets, journalEntries, pools, users } from '../../db/schema.ts';
import type { Actor } from '../auth/index.ts';
import { findFleetVehicle } from './vehicle-view.ts';

/**
 * The vehicle's journal (§3 Journal event): the drives whose start falls in one calendar month of the operator's
 * time zone, oldest first, with the driver's names and the pool names. Shared by the JSON call and the .xls export.
 */

export interface FleetLocale {
  timeZone: string;
  language: Language;
}

export async function fleetLocale(db: Db, actor: Actor): Promise<FleetLocale> {
  const [row] = await db
    .select({ timeZone: fleets.timeZone, language: fleets.defaultLanguage })
    .from(fleets)
    .where(eq(fleets.id, actor.fleet))
    .limit(1);
  return { timeZone: row?.timeZone ?? 'UTC', language: row?.language ?? 'en-GB' };
}

/** The calendar (year, month) an instant falls on in a zone. */
export function localYearMonth(instant: Date, timeZone: string): { year: number; month: number } {
  const { year, month } = wallTimeOf(instant, timeZone);
  return { year, month };
}

/** The instants a local calendar month begins and the next one begins, in a zone. */
export function monthWindow(year: number, month: number, timeZone: string): { start: Date; end: Date } {
  // Noon UTC on the 1st lies on the 1st in every zone within ±11 h; its local midnight is the month's start.
  const start = startOfLocalDay(new Date(Date.UTC(year, month - 1, 1, 12)), timeZone);
  const end = startOfLocalDay(new Date(Date.UTC(year, month, 1, 12)), timeZone);
  return { start, end };
}

/** Year and month of the query, each defaulting to the current one in the operator's zone. */
export function resolveJournalMonth(q: JournalQuery, timeZone: string, now: Date): { year: number; month: number } {
  const current = localYearMonth(now, timeZone);
  return { year: q.year ?? current.year, month: q.month ?? current.month };
}

export interface JournalMonth extends JournalResponse {
  locale: FleetLocale;
}

/** GET /api/vehicles/by-vin/{vin}/journal: the month's drives; another operator's or an unknown VIN answers 404. */
export async function getJournal(db: Db, actor: Actor, vin: string, q: JournalQuery, now = new Date()): Promise<JournalMonth> {
  const vehicle = await findFleetVehicle(db, actor, vin);
  const locale = await fleetLocale(db, actor);
  const { year, month } = resolveJournalMonth(q, locale.timeZone, now);
  const { start, end } = monthWindow(year, month, locale.timeZone);
  const fromPool = alias(pools, 'from_pool');
  const toPool = alias(pools, 'to_pool');
  const rows = await db
    .select({ j: journalEntries, fromPool: fromPool.name, toPool: toPool.name })
    .from(journalEntries)
    .leftJoin(fromPool, eq(fromPool.id, journalEntries.fromPoolId))
    .leftJoin(toPool, eq(toPool.id, journalEntries.toPoolId))
    .where(
      and(
        eq(journalEntries.vehicleId, vehicle.id),
        eq(journalEntries.fleetId, actor.fleet),
        gte(journalEntries.driveStart, start),
        lt(journalEntries.driveStart, end),
      ),
    )
    .orderBy(asc(journalEntries.driveStart), asc(journalEntries.id));
  const usernames = [...new Set(rows.flatMap((r) => (r.j.username ? [r.j.username] : [])))];
  const people = usernames.length
    ? await db
        .select({ username: users.username, givenName: users.givenName, familyName: users.familyName })
        .from(users)
        .where(and(eq(users.fleetId, actor.fleet), inArray(users.username, usernames)))
    : [];
  const byName = new Map(people.map((p) => [p.username, p]));
  const results = rows.map(({ j, fromPool: from, toPool: to }): JournalEvent => {
    const person = j.username ? byName.get(j.username) : undefined;
    return {
      driveTime: { start: j.driveStart.toISOString(), end: j.driveEnd.toISOString() },
      distance: j.distance,
      odometerStart: j.odometerStart,
      odometerEnd: j.odometerEnd,
      fromPool: from === null ? null : { pool: from },
      toPool: to === null ? null : { pool: to },
      tripType: j.tripType,
      user: j.username,
      userFirstName: person?.givenName ?? null,
      userLastName: person?.familyName ?? null,
      bid: j.bid,
      destination: j.destination,
      purpose: j.purpose,
    };
  });
  return { vin: vehicle.vin, registrationNumber: vehicle.registrationNumber, year, month, results, locale };
}
