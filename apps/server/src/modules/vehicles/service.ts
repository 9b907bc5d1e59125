import {
  DAY_MS,
  eventText,
  fieldError,
  MESSAGE_IDS,
  STATUS_FOR_MAX_VINS,
  VEHICLE_BOOKINGS_INITIAL_WINDOW_MS,
  type SearchBooking,
  type Vehicle,
  type VehicleListQuery,
  type VehicleStatus,
} from '@fleetdesk/contract';
import { and, asc, eq, gt, ilike, inArray, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { ZVehicleListResponse } from '@fleetdesk/contract';
import type { Db } from '../../db/client.ts';
import { bookings, pools, vehicleModels, vehicles } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import type { Actor } from '../auth/index.ts';
import { loadBookingRows } from '../bookings/index.ts';
import { appendEvent } from '../events/index.ts';
import { findFleetVehicle, getVehicle, loadVehicles, statusesByVehicle } from './vehicle-view.ts';

/**
 * The vehicle calls of §7 apart from remote commands and damage (docs/decisions/0016-vehicles-journal-alarms.md):
 * the fleet's vehicle list and free-text search, the public note and parking place info, status (single and for
 * a list of VINs) and the vehicle's bookings in a window. Every query is scoped by the session's operator.
 */

type VehicleListResponse = z.infer<typeof ZVehicleListResponse>;

/** At most this many VINs in one GET /api/vehicles/statusFor (the cards on one screen are far fewer). */
/** The longest window GET …/bookings answers; the timeline zooms out to 7 days at most (§9). */
export const VEHICLE_BOOKINGS_MAX_WINDOW_MS = 31 * 24 * 60 * 60 * 1000;

const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);
const contains = (text: string) => `%${escapeLike(text)}%`;

export const noHitsForVehicles = () => AppError.of(MESSAGE_IDS.noHitsForVehicles, 404, 'noHitsForVehicles');

/**
 * GET /api/vehicles: with `query`, every word must match the VIN, registration number, model name, long
 * presentation, pool name or city (a registration typed without its space, 'EL12345', matches too); no hit
 * answers 404 'no hits for vehicles' (§8). Without `query` it lists the operator's vehicles (hidden ones left
 * out), which with `pool` is the pool's fleet. Ordered by registration number; one extra row tells `moreResults`.
 */
export async function listVehicles(db: Db, actor: Actor, q: VehicleListQuery): Promise<VehicleListResponse> {
  const query = q.query?.trim() ?? '';
  const where: SQL[] = [eq(vehicles.fleetId, actor.fleet)];
  if (q.pool !== undefined) where.push(eq(vehicles.poolId, q.pool));
  if (query) {
    const words = query.split(/\s+/).filter(Boolean);
    const wordMatches = (word: string) =>
      or(
        ilike(vehicles.vin, contains(word)),
        ilike(vehicles.registrationNumber, contains(word)),
        ilike(vehicles.longPresentation, contains(word)),
        ilike(vehicleModels.modelName, contains(word)),
        ilike(pools.name, contains(word)),
        ilike(pools.city, contains(word)),
      )!;
    const phrase = and(...words.map(wordMatches))!;
    const compact = query.replace(/[\s-]/g, '');
    // 'EL12345' for 'EL 12345' (and 'EL 123 45' for 'EL12345'): compare without spaces and dashes.
    const plate = sql`replace(replace(${vehicles.registrationNumber}, ' ', ''), '-', '') ilike ${contains(compact)}`;
    where.push(compact.length >= 2 ? or(phrase, plate)! : phrase);
  } else {
    where.push(eq(vehicles.hidden, false));
  }
  const rows = await db
    .select({ id: vehicles.id })
    .from(vehicles)
    .innerJoin(vehicleModels, eq(vehicleModels.id, vehicles.modelId))
    .leftJoin(pools, eq(pools.id, vehicles.poolId))
    .where(and(...where))
    .orderBy(asc(vehicles.registrationNumber), asc(vehicles.id))
    .limit(q.pageSize + 1)
    .offset(q.page * q.pageSize);
  if (query && q.page === 0 && rows.length === 0) throw noHitsForVehicles();
  const page = rows.slice(0, q.pageSize);
  return {
    results: await loadVehicles(
      db,
      actor,
      page.map((r) => r.id),
    ),
    moreResults: rows.length > q.pageSize,
    currentPage: q.page,
  };
}

/** Treats a blank text as "cleared" (null). */
const blankToNull = (text: string | null): string | null => (text === null || text.trim() === '' ? null : text.trim());

/** PUT /api/vehicles/by-vin/{vin}: the public note; a VEHICLE_ADMIN event keeps the old and new note. */
export async function updateVehiclePublicNote(db: Db, actor: Actor, vin: string, publicNote: string | null): Promise<Vehicle> {
  const note = blankToNull(publicNote);
  await db.transaction(async (tx) => {
    const row = await findFleetVehicle(tx, actor, vin);
    await tx.update(vehicles).set({ publicNote: note }).where(eq(vehicles.id, row.id));
    await appendEvent(tx, actor, {
      type: 'VEHICLE_ADMIN',
      vin: row.vin,
      text: note === null ? eventText('publicNoteRemoved') : eventText('publicNoteUpdated', { note }),
      properties: { field: 'publicNote', oldValue: row.publicNote, newValue: note },
    });
  });
  return getVehicle(db, actor, vin);
}

/** PUT /api/vehicles/by-vin/{vin}/parkingPlaceInfo: where the vehicle stands (e.g. 'P2, space 114'). */
export async function updateParkingPlaceInfo(db: Db, actor: Actor, vin: string, parkingPlaceInfo: string | null): Promise<void> {
  const info = blankToNull(parkingPlaceInfo);
  await db.transaction(async (tx) => {
    const row = await findFleetVehicle(tx, actor, vin);
    await tx.update(vehicles).set({ currentParkingPlaceInfo: info }).where(eq(vehicles.id, row.id));
    await appendEvent(tx, actor, {
      type: 'VEHICLE_ADMIN',
      vin: row.vin,
      text: info === null ? eventText('parkingPlaceRemoved') : eventText('parkingPlaceUpdated', { info }),
      properties: { field: 'currentParkingPlaceInfo', oldValue: row.currentParkingPlaceInfo, newValue: info },
    });
  });
}

/** GET /api/vehicles/by-vin/{vin}/status: 404 while the vehicle has not reported a status (the web stays silent). */
export async function getVehicleStatus(db: Db, actor: Actor, vin: string): Promise<VehicleStatus> {
  const row = await findFleetVehicle(db, actor, vin);
  const status = (await statusesByVehicle(db, [row])).get(row.id);
  if (!status) throw new AppError(MESSAGE_IDS.notFound, 404, 'The vehicle has not reported a status yet');
  return status;
}

/**
 * GET /api/vehicles/statusFor: the statuses of the operator's vehicles among `vins` (case-insensitive, duplicates
 * ignored), in the order asked. VINs that are unknown, another operator's or without a status are left out.
 */
export async function statusFor(db: Db, actor: Actor, vins: readonly string[] | undefined): Promise<VehicleStatus[]> {
  if (!vins?.length) throw AppError.invalidInput([fieldError('vin', 'vinRequired')]);
  const wanted = [...new Set(vins.map((v) => v.trim().toUpperCase()))];
  if (wanted.length > STATUS_FOR_MAX_VINS) {
    throw AppError.invalidInput([fieldError('vin', 'tooManyVins', { max: STATUS_FOR_MAX_VINS })]);
  }
  const rows = await db
    .select({ id: vehicles.id, vin: vehicles.vin })
    .from(vehicles)
    .where(and(eq(vehicles.fleetId, actor.fleet), inArray(sql`upper(${vehicles.vin})`, wanted)));
  const statuses = await statusesByVehicle(db, rows);
  const idByVin = new Map(rows.map((r) => [r.vin.toUpperCase(), r.id]));
  return wanted.flatMap((vin) => {
    const id = idByVin.get(vin);
    const status = id === undefined ? undefined : statuses.get(id);
    return status ? [status] : [];
  });
}

/**
 * GET /api/vehicles/by-vin/{vin}/bookings: the bookings allocated to the vehicle that overlap the window
 * (default now ± 3 days, §9), start ascending. Cancelled bookings do not hold the vehicle and are left out; an
 * active booking past its end (overdue) still holds it and is kept.
 */
export async function listVehicleBookings(
  db: Db,
  actor: Actor,
  vin: string,
  window: { startDate?: string | undefined; endDate?: string | undefined },
  now = new Date(),
): Promise<SearchBooking[]> {
  const row = await findFleetVehicle(db, actor, vin);
  const start = window.startDate ? new Date(window.startDate) : new Date(now.getTime() - VEHICLE_BOOKINGS_INITIAL_WINDOW_MS);
  const end = window.endDate ? new Date(window.endDate) : new Date((window.startDate ? start : now).getTime() + VEHICLE_BOOKINGS_INITIAL_WINDOW_MS);
  if (end <= start) throw AppError.invalidInput([fieldError('endDate', 'endAfterStart')]);
  if (end.getTime() - start.getTime() > VEHICLE_BOOKINGS_MAX_WINDOW_MS) {
    throw AppError.invalidInput([fieldError('endDate', 'windowTooLong', { days: VEHICLE_BOOKINGS_MAX_WINDOW_MS / DAY_MS })]);
  }
  const ids = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(
      and(
        eq(bookings.allocatedVehicleId, row.id),
        eq(bookings.fleetId, actor.fleet),
        ne(bookings.state, 'CANCELLED'),
        lt(bookings.startTime, end),
        or(gt(bookings.endTime, start), gt(bookings.usageEnd, start), eq(bookings.state, 'ACTIVE')),
      ),
    )
    .orderBy(asc(bookings.startTime), asc(bookings.id));
  return loadBookingRows(
    db,
    actor,
    ids.map((r) => r.id),
    now,
  );
}
