import {
  eventText,
  MESSAGE_IDS,
  type EventTextPart,
  type EventType,
  type Note,
  type NoteCreateRequest,
  type NoteListQuery,
  type NoteSubjectType,
  type NoteUpdateRequest,
} from '@fleetdesk/contract';
import { and, desc, eq, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { bookings, notes, users, vehicles } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import type { Actor } from '../auth/index.ts';
import { findBookingRow } from '../bookings/index.ts';
import { appendEvent } from '../events/index.ts';
import { findFleetUser } from '../users/index.ts';
import { findFleetVehicle } from '../vehicles/index.ts';

/**
 * Internal notes on a user, a booking or a vehicle (issue 18 point 2; docs/decisions/0061-notes-and-contacts.md).
 * Every note belongs to the session's operator; another operator's note, or a note on another operator's subject,
 * answers 404 like an unknown one. Each change writes its event in the same transaction.
 */

/** The longest excerpt of a note that goes into the event log's text (the whole note is on the note). */
export const NOTE_EVENT_TEXT_MAX = 200;
const PG_INT_MAX = 2_147_483_647;

export const noteNotFound = () => AppError.notFound(MESSAGE_IDS.noteNotFound, 'noteNotFound');

const excerpt = (text: string) => (text.length > NOTE_EVENT_TEXT_MAX ? `${text.slice(0, NOTE_EVENT_TEXT_MAX - 1)}…` : text);

/** What a note is about, and where its events are filed (the booking's customer and vehicle for a booking note). */
interface Subject {
  type: NoteSubjectType;
  /** The user name, bid or VIN. */
  key: string;
  column: { userId: number } | { bookingId: number } | { vehicleId: number };
  event: { type: EventType; affectedUsername: string | null; bid: string | null; vin: string | null };
}

async function resolveSubject(db: Db, actor: Actor, type: NoteSubjectType, subjectId: string): Promise<Subject> {
  if (type === 'USER') {
    const user = await findFleetUser(db, actor, subjectId);
    return {
      type,
      key: user.username,
      column: { userId: user.id },
      event: { type: 'USER_ACTION', affectedUsername: user.username, bid: null, vin: null },
    };
  }
  if (type === 'VEHICLE') {
    const vehicle = await findFleetVehicle(db, actor, subjectId);
    return {
      type,
      key: vehicle.vin,
      column: { vehicleId: vehicle.id },
      event: { type: 'VEHICLE_ADMIN', affectedUsername: null, bid: null, vin: vehicle.vin },
    };
  }
  const booking = await findBookingRow(db, actor, subjectId);
  const [context] = await db
    .select({ username: users.username, vin: vehicles.vin })
    .from(bookings)
    .leftJoin(users, eq(users.id, bookings.userId))
    .leftJoin(vehicles, eq(vehicles.id, bookings.allocatedVehicleId))
    .where(eq(bookings.id, booking.id))
    .limit(1);
  return {
    type,
    key: booking.bid,
    column: { bookingId: booking.id },
    event: { type: 'BOOKING_EVENT', affectedUsername: context?.username ?? null, bid: booking.bid, vin: context?.vin ?? null },
  };
}

const bookingUser = alias(users, 'booking_user');
const bookingVehicle = alias(vehicles, 'booking_vehicle');

/** Notes with what the answer, the events and the support search need of their subject. */
export function selectNotes(db: Db) {
  return db
    .select({
      note: notes,
      username: users.username,
      givenName: users.givenName,
      familyName: users.familyName,
      bid: bookings.bid,
      bookingUsername: bookingUser.username,
      bookingVin: bookingVehicle.vin,
      vin: vehicles.vin,
      registrationNumber: vehicles.registrationNumber,
    })
    .from(notes)
    .leftJoin(users, eq(users.id, notes.userId))
    .leftJoin(bookings, eq(bookings.id, notes.bookingId))
    .leftJoin(bookingUser, eq(bookingUser.id, bookings.userId))
    .leftJoin(bookingVehicle, eq(bookingVehicle.id, bookings.allocatedVehicleId))
    .leftJoin(vehicles, eq(vehicles.id, notes.vehicleId));
}
export type NoteRow = Awaited<ReturnType<ReturnType<typeof selectNotes>['where']>>[number];

/** The note's subject as the API names it: a username, a BID or a VIN. */
export const subjectKey = (row: NoteRow): string => {
  const key = row.note.subjectType === 'USER' ? row.username : row.note.subjectType === 'BOOKING' ? row.bid : row.vin;
  return key ?? '';
};

function eventPlace(row: NoteRow): Subject['event'] {
  switch (row.note.subjectType) {
    case 'USER':
      return { type: 'USER_ACTION', affectedUsername: row.username, bid: null, vin: null };
    case 'BOOKING':
      return { type: 'BOOKING_EVENT', affectedUsername: row.bookingUsername, bid: row.bid, vin: row.bookingVin };
    case 'VEHICLE':
      return { type: 'VEHICLE_ADMIN', affectedUsername: null, bid: null, vin: row.vin };
  }
}

export function toNote(row: NoteRow): Note {
  const { note } = row;
  return {
    id: note.id,
    subjectType: note.subjectType,
    subjectId: subjectKey(row),
    text: note.text,
    pinned: note.pinned,
    createdBy: note.createdBy,
    createdAt: note.createdAt.toISOString(),
    updatedBy: note.updatedBy,
    updatedAt: note.updatedAt?.toISOString() ?? null,
  };
}

async function findFleetNote(db: Db, actor: Actor, id: number): Promise<NoteRow> {
  if (id > PG_INT_MAX) throw noteNotFound();
  const [row] = await selectNotes(db)
    .where(and(eq(notes.id, id), eq(notes.fleetId, actor.fleet)))
    .limit(1);
  if (!row) throw noteNotFound();
  return row;
}

const subjectColumn = (subject: Subject): SQL => {
  const c = subject.column;
  if ('userId' in c) return eq(notes.userId, c.userId);
  if ('bookingId' in c) return eq(notes.bookingId, c.bookingId);
  return eq(notes.vehicleId, c.vehicleId);
};

/** GET /api/notes: the subject's notes, pinned first, then newest first; `pinned=true` the pinned ones only. */
export async function listNotes(db: Db, actor: Actor, query: NoteListQuery): Promise<Note[]> {
  const subject = await resolveSubject(db, actor, query.subjectType, query.subjectId);
  const where = [eq(notes.fleetId, actor.fleet), eq(notes.subjectType, subject.type), subjectColumn(subject)];
  if (query.pinned !== undefined) where.push(eq(notes.pinned, query.pinned));
  const rows = await selectNotes(db)
    .where(and(...where))
    .orderBy(desc(notes.pinned), desc(notes.createdAt), desc(notes.id));
  return rows.map(toNote);
}

/** POST /api/notes: adds a note by the acting staff member, and its event. */
export async function createNote(db: Db, actor: Actor, body: NoteCreateRequest, now = new Date()): Promise<Note> {
  const subject = await resolveSubject(db, actor, body.subjectType, body.subjectId);
  const pinned = body.pinned ?? false;
  const id = await db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(notes)
      .values({
        fleetId: actor.fleet,
        subjectType: subject.type,
        ...subject.column,
        text: body.text,
        pinned,
        createdBy: actor.username,
        createdAt: now,
      })
      .returning({ id: notes.id });
    if (!inserted) throw new Error('note insert returned no row');
    await appendEvent(tx, actor, {
      ...subject.event,
      occurred: now,
      text: eventText(pinned ? 'notePinnedAdded' : 'noteAdded', { text: excerpt(body.text) }),
      properties: { noteId: inserted.id, action: 'NOTE_ADDED', subjectType: subject.type, subjectId: subject.key, pinned },
    });
    return inserted.id;
  });
  return toNote(await findFleetNote(db, actor, id));
}

/**
 * PATCH /api/notes/{id}: a new text and/or the pinned flag. Values the note already has change nothing (200, no
 * event); otherwise the note records who changed it when, and one event tells what changed.
 */
export async function updateNote(db: Db, actor: Actor, id: number, body: NoteUpdateRequest, now = new Date()): Promise<Note> {
  const before = await findFleetNote(db, actor, id);
  const textChanged = body.text !== undefined && body.text !== before.note.text;
  const pinChanged = body.pinned !== undefined && body.pinned !== before.note.pinned;
  if (!textChanged && !pinChanged) return toNote(before);
  await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(notes)
      .set({
        ...(textChanged ? { text: body.text } : {}),
        ...(pinChanged ? { pinned: body.pinned } : {}),
        updatedBy: actor.username,
        updatedAt: now,
      })
      .where(and(eq(notes.id, before.note.id), eq(notes.fleetId, actor.fleet)))
      .returning();
    if (!updated) throw noteNotFound();
    const text = excerpt(updated.text);
    const parts: EventTextPart[] = [];
    if (textChanged) parts.push(eventText('noteEdited', { text }));
    if (pinChanged && textChanged) parts.push(eventText(updated.pinned ? 'notePinnedPart' : 'noteUnpinnedPart'));
    if (pinChanged && !textChanged) parts.push(eventText(updated.pinned ? 'notePinned' : 'noteUnpinned', { text }));
    await appendEvent(tx, actor, {
      ...eventPlace(before),
      occurred: now,
      text: parts,
      properties: {
        noteId: updated.id,
        action: textChanged ? 'NOTE_EDITED' : updated.pinned ? 'NOTE_PINNED' : 'NOTE_UNPINNED',
        subjectType: updated.subjectType,
        subjectId: subjectKey(before),
        pinned: updated.pinned,
        ...(textChanged ? { previousText: before.note.text } : {}),
      },
    });
  });
  return toNote(await findFleetNote(db, actor, before.note.id));
}

/** DELETE /api/notes/{id}: removes the note; the event keeps its text. */
export async function deleteNote(db: Db, actor: Actor, id: number, now = new Date()): Promise<void> {
  const before = await findFleetNote(db, actor, id);
  await db.transaction(async (tx) => {
    const [removed] = await tx
      .delete(notes)
      .where(and(eq(notes.id, before.note.id), eq(notes.fleetId, actor.fleet)))
      .returning({ id: notes.id });
    if (!removed) throw noteNotFound();
    await appendEvent(tx, actor, {
      ...eventPlace(before),
      occurred: now,
      text: eventText('noteDeleted', { text: excerpt(before.note.text) }),
      properties: {
        noteId: before.note.id,
        action: 'NOTE_DELETED',
        subjectType: before.note.subjectType,
        subjectId: subjectKey(before),
        text: before.note.text,
      },
    });
  });
}
