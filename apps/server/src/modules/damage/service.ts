import { randomUUID } from 'node:crypto';
import { eventText, MESSAGE_IDS, type Damage } from '@fleetdesk/contract';
import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { bookings, damages, fleets, vehicles } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import type { FileStorage } from '../../integrations/storage/file-storage.ts';
import type { Actor } from '../auth/index.ts';
import { appendEvent } from '../events/index.ts';
import { findFleetVehicle } from '../vehicles/index.ts';
import type { DamageReportInput } from './report-form.ts';

type DamageRow = typeof damages.$inferSelect;
export type PhotoVariant = 'image' | 'thumbnail';

const PG_INT_MAX = 2_147_483_647;
export const damageNotFound = () => AppError.notFound(MESSAGE_IDS.damageNotFound, 'damageNotFound');

export function toDamage(row: DamageRow, vin: string): Damage {
  const hasPhoto = Boolean(row.imageKey);
  return {
    id: row.id,
    vin,
    registrationDate: row.registrationDate.toISOString(),
    fixDate: row.fixDate?.toISOString() ?? null,
    imageUrl: hasPhoto ? `/api/damage/${row.id}/image` : null,
    thumbnailUrl: hasPhoto && row.thumbnailKey ? `/api/damage/${row.id}/thumbnail` : null,
    descriptions: row.descriptions,
    reportedBy: row.reportedBy,
  };
}

/** The English description for the event log (the operator's one when there is no English text). */
const englishText = (row: DamageRow) => row.descriptions.en ?? Object.values(row.descriptions)[0] ?? '';

async function activeBookingBid(tx: Db, actor: Actor, vehicleId: number): Promise<string | null> {
  const [row] = await tx
    .select({ bid: bookings.bid })
    .from(bookings)
    .where(and(eq(bookings.allocatedVehicleId, vehicleId), eq(bookings.state, 'ACTIVE'), eq(bookings.fleetId, actor.fleet)))
    .limit(1);
  return row?.bid ?? null;
}

/** One damage of the actor's operator with its vehicle's VIN; unknown ids and other operators' damage answer 404. */
async function findFleetDamage(db: Db, actor: Actor, id: number): Promise<{ damage: DamageRow; vin: string }> {
  if (id > PG_INT_MAX) throw damageNotFound();
  const [row] = await db
    .select({ damage: damages, vin: vehicles.vin })
    .from(damages)
    .innerJoin(vehicles, eq(vehicles.id, damages.vehicleId))
    .where(and(eq(damages.id, id), eq(damages.fleetId, actor.fleet)))
    .limit(1);
  if (!row) throw damageNotFound();
  return row;
}

/** GET /api/damage/by-vin/{vin}: the vehicle's damage, unfixed before fixed, then newest registration first (§4). */
export async function listDamage(db: Db, actor: Actor, vin: string, includeFixed: boolean): Promise<Damage[]> {
  const vehicle = await findFleetVehicle(db, actor, vin);
  const where = [eq(damages.vehicleId, vehicle.id), eq(damages.fleetId, actor.fleet)];
  if (!includeFixed) where.push(isNull(damages.fixDate));
  const rows = await db
    .select()
    .from(damages)
    .where(and(...where))
    .orderBy(asc(sql`${damages.fixDate} is not null`), desc(damages.registrationDate), desc(damages.id));
  return rows.map((row) => toDamage(row, vehicle.vin));
}

/**
 * POST /api/damage/by-vin/{vin}: reads the form (`readInput`), stores the photo and its thumbnail, then writes the damage and its event in
 * one transaction. Descriptions are kept as {<operator language>: text, en: text}. When the database write
 * fails the stored files are removed again, so no orphan is left behind.
 */
export async function reportDamage(
  db: Db,
  storage: FileStorage,
  actor: Actor,
  vin: string,
  readInput: () => Promise<DamageReportInput>,
): Promise<Damage> {
  // The vehicle first: an unknown or another operator's VIN is a 404 before any upload is read.
  const vehicle = await findFleetVehicle(db, actor, vin);
  const input = await readInput();
  const [fleet] = await db.select({ language: fleets.defaultLanguage }).from(fleets).where(eq(fleets.id, actor.fleet)).limit(1);
  const descriptions: Record<string, string> = {
    [fleet?.language ?? 'en-GB']: input.fields.description_operator,
    en: input.fields.description_en,
  };
  // Keys are made here, never from client input: damage/<fleet>/<uuid>.jpg and <uuid>-thumb.jpg.
  const folder = `damage/${actor.fleet.toLowerCase().replace(/[^a-z0-9_-]/g, '-')}`;
  const name = randomUUID();
  const imageKey = `${folder}/${name}.jpg`;
  const thumbnailKey = `${folder}/${name}-thumb.jpg`;
  try {
    await storage.put(imageKey, input.photo.image);
    await storage.put(thumbnailKey, input.photo.thumbnail);
    const row = await db.transaction(async (tx) => {
      const [inserted] = await tx
        .insert(damages)
        .values({
          fleetId: actor.fleet,
          vehicleId: vehicle.id,
          registrationDate: new Date(),
          imageKey,
          thumbnailKey,
          imageContentType: input.photo.contentType,
          descriptions,
          reportedBy: actor.username,
        })
        .returning();
      if (!inserted) throw new Error('damage insert returned no row');
      await appendEvent(tx, actor, {
        type: 'VEHICLE_ADMIN',
        vin: vehicle.vin,
        bid: await activeBookingBid(tx, actor, vehicle.id),
        text: eventText('damageRegistered', { description: input.fields.description_en }),
        properties: { damageId: inserted.id, action: 'DAMAGE_REGISTERED' },
      });
      return inserted;
    });
    return toDamage(row, vehicle.vin);
  } catch (error) {
    await Promise.allSettled([storage.remove(imageKey), storage.remove(thumbnailKey)]);
    throw error;
  }
}

/** POST /api/damage/{id}/fix: sets the fix date to now; an already fixed damage answers 409. */
export async function fixDamage(db: Db, actor: Actor, id: number): Promise<Damage> {
  const { damage, vin } = await findFleetDamage(db, actor, id);
  const row = await db.transaction(async (tx) => {
    // The condition on fix_date makes two concurrent fixes end in one 200 and one 409.
    const [updated] = await tx
      .update(damages)
      .set({ fixDate: new Date() })
      .where(and(eq(damages.id, damage.id), eq(damages.fleetId, actor.fleet), isNull(damages.fixDate)))
      .returning();
    if (!updated) throw AppError.of(MESSAGE_IDS.damageAlreadyFixed, 409, 'damageAlreadyFixed');
    await appendEvent(tx, actor, {
      type: 'VEHICLE_ADMIN',
      vin,
      bid: await activeBookingBid(tx, actor, updated.vehicleId),
      text: eventText('damageFixed', { description: englishText(updated) }),
      properties: { damageId: updated.id, action: 'DAMAGE_FIXED' },
    });
    return updated;
  });
  return toDamage(row, vin);
}

/** DELETE /api/damage/{id}: removes the damage (with its event) and then its stored files. */
export async function deleteDamage(
  db: Db,
  storage: FileStorage,
  actor: Actor,
  id: number,
  log?: { warn(obj: object, msg: string): void },
): Promise<void> {
  const { damage, vin } = await findFleetDamage(db, actor, id);
  const removed = await db.transaction(async (tx) => {
    const [row] = await tx
      .delete(damages)
      .where(and(eq(damages.id, damage.id), eq(damages.fleetId, actor.fleet)))
      .returning();
    if (!row) throw damageNotFound();
    await appendEvent(tx, actor, {
      type: 'VEHICLE_ADMIN',
      vin,
      bid: await activeBookingBid(tx, actor, row.vehicleId),
      text: eventText('damageDeleted', { description: englishText(row) }),
      properties: { damageId: row.id, action: 'DAMAGE_DELETED', fixDate: row.fixDate?.toISOString() ?? null },
    });
    return row;
  });
  // After the commit: a file that cannot be removed is an orphan on disk, never a damage without its photo.
  const keys = [removed.imageKey, removed.thumbnailKey].filter((k): k is string => Boolean(k));
  const results = await Promise.allSettled(keys.map((key) => storage.remove(key)));
  results.forEach((r, i) => {
    if (r.status === 'rejected') log?.warn({ err: r.reason, key: keys[i] }, 'could not remove a deleted damage photo');
  });
}

/** GET /api/damage/{id}/image|thumbnail: the stored bytes and their content type; 404 when there is no photo. */
export async function readDamagePhoto(
  db: Db,
  storage: FileStorage,
  actor: Actor,
  id: number,
  variant: PhotoVariant,
): Promise<{ data: Buffer; contentType: string }> {
  const { damage } = await findFleetDamage(db, actor, id);
  const key = variant === 'image' ? damage.imageKey : damage.thumbnailKey;
  if (!key) throw damageNotFound();
  const data = await storage.get(key);
  if (!data) throw damageNotFound();
  // Thumbnails are always JPEG; the photo has the type recorded when it was stored.
  const contentType = variant === 'thumbnail' ? 'image/jpeg' : (damage.imageContentType ?? 'application/octet-stream');
  return { data, contentType };
}
