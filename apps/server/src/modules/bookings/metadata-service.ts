import {
  eventText,
  checkMetadata,
  fieldError,
  MESSAGE_IDS,
  MESSAGES,
  metadataProblemRef,
  type ErrorItem,
  type MetadataSpecEntry,
} from '@fleetdesk/contract';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { contracts } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import type { Actor, RequestSession } from '../auth/index.ts';
import { bookingEvent, lockBooking, patchBooking } from './locked-booking.ts';
import { findBookingRow, normalizeBid } from './service.ts';

/**
 * A booking's metadata and its contract's metadata spec (spec §3 metadata, §7 /metadata and /metadataSpec). Values
 * are checked with the one metadata rule of the contract package (checkMetadata).
 */

/** GET /api/bookings/{bid}/metadataSpec: the metadata spec of the booking's contract. */
export async function getBookingMetadataSpec(db: Db, actor: Actor, rawBid: string): Promise<MetadataSpecEntry[]> {
  const row = await findBookingRow(db, actor, rawBid);
  const [contract] = await db.select({ spec: contracts.metadataSpec }).from(contracts).where(eq(contracts.id, row.contractId)).limit(1);
  return contract?.spec ?? [];
}

/** Checks a metadata spec: keys present and unique, a CHOICE with choices. */
function validateMetadataSpec(spec: readonly MetadataSpecEntry[]): ErrorItem[] {
  const errors: ErrorItem[] = [];
  const seen = new Set<string>();
  spec.forEach((e, i) => {
    const key = e.key.trim();
    if (!key) errors.push({ field: `metadataSpec.${i}.key`, message: MESSAGES.required });
    else if (seen.has(key)) errors.push(fieldError(`metadataSpec.${i}.key`, 'metadataKeyTwice', { key }));
    seen.add(key);
    if (!e.label.trim()) errors.push({ field: `metadataSpec.${i}.label`, message: MESSAGES.required });
    if (e.type === 'CHOICE' && !(e.choices ?? []).some((c) => c.trim() !== ''))
      errors.push(fieldError(`metadataSpec.${i}.choices`, 'metadataChoicesRequired'));
  });
  return errors;
}

/**
 * PUT /api/bookings/{bid}/metadataSpec: replaces the metadata spec of the booking's contract. It changes the
 * contract of every booking on it, so only ADMIN staff may do it (403 otherwise).
 */
export async function updateBookingMetadataSpec(
  db: Db,
  session: RequestSession,
  rawBid: string,
  spec: MetadataSpecEntry[],
  now = new Date(),
): Promise<MetadataSpecEntry[]> {
  if (session.role !== 'ADMIN') throw AppError.forbidden();
  const errors = validateMetadataSpec(spec);
  if (errors.length) throw new AppError(MESSAGE_IDS.validationList, 400, MESSAGES.validationFailed, errors);
  const cleaned = spec.map((e) => ({
    ...e,
    key: e.key.trim(),
    choices: e.type === 'CHOICE' ? (e.choices ?? []).map((c) => c.trim()).filter(Boolean) : e.choices,
  }));
  const bid = normalizeBid(rawBid);
  await db.transaction(async (tx) => {
    const b = await lockBooking(tx, session, bid);
    await tx
      .update(contracts)
      .set({ metadataSpec: cleaned })
      .where(and(eq(contracts.id, b.contract.id), eq(contracts.fleetId, session.fleet)));
    await bookingEvent(
      tx,
      session,
      b,
      cleaned.length
        ? eventText('metadataSpecUpdated', { contract: b.contract.name, fields: cleaned.map((e) => e.key).join(', ') })
        : eventText('metadataSpecUpdatedNoFields', { contract: b.contract.name }),
      {
        action: 'METADATA_SPEC_UPDATED',
        contractId: b.contract.id,
        previous: b.contract.metadataSpec,
        metadataSpec: cleaned,
      },
      { occurred: now },
    );
  });
  return cleaned;
}

/** GET /api/bookings/{bid}/metadata */
export async function getBookingMetadata(db: Db, actor: Actor, rawBid: string): Promise<Record<string, string>> {
  return (await findBookingRow(db, actor, rawBid)).metadata;
}

/**
 * PUT /api/bookings/{bid}/metadata: checked against the contract's spec with the one metadata rule (checkMetadata, as
 * creation, update and the booking form): 400 with one item per field. Values are trimmed; blank ones are dropped.
 */
export async function updateBookingMetadata(
  db: Db,
  actor: Actor,
  rawBid: string,
  input: Record<string, string>,
  now = new Date(),
): Promise<Record<string, string>> {
  const bid = normalizeBid(rawBid);
  return db.transaction(async (tx) => {
    const b = await lockBooking(tx, actor, bid);
    const { metadata, problems } = checkMetadata(b.contract.metadataSpec, input);
    const errors: ErrorItem[] = problems.map((p) => ({ field: p.field, ...metadataProblemRef(p) }));
    if (errors.length) throw new AppError(MESSAGE_IDS.validationList, 400, MESSAGES.validationFailed, errors);
    await patchBooking(tx, b.row.id, { metadata }, now);
    await bookingEvent(
      tx,
      actor,
      b,
      eventText('metadataUpdated'),
      { action: 'METADATA_UPDATED', previous: b.row.metadata, metadata },
      { occurred: now },
    );
    return metadata;
  });
}
