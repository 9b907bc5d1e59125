import {
  CONTACT_RESOLUTION_KINDS,
  customerTimelineKindOf,
  eventText,
  eventValue,
  fieldError,
  MESSAGE_IDS,
  type Contact,
  type ContactAssignee,
  type ContactCreateRequest,
  type ContactListQuery,
  type ContactResolution,
  type ContactUpdateRequest,
  type EventTextPart,
} from '@fleetdesk/contract';
import { and, asc, desc, eq, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { bookings, contacts, events, users, vehicles } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import type { Actor } from '../auth/index.ts';
import { appendEvent } from '../events/index.ts';
import { findFleetUser } from '../users/index.ts';

/**
 * Logged customer contacts (issue 18 point 3; docs/decisions/0061-notes-and-contacts.md): who called about what, and
 * whether it is done. Scoped to the session's operator (another operator's contact answers 404); each change writes a
 * USER_ACTION event on the customer in the same transaction.
 */

const PG_INT_MAX = 2_147_483_647;
export const contactNotFound = () => AppError.notFound(MESSAGE_IDS.contactNotFound, 'contactNotFound');

const customer = alias(users, 'customer');
const resolution = alias(events, 'resolution');

function selectContacts(db: Db) {
  return db
    .select({
      contact: contacts,
      username: customer.username,
      givenName: customer.givenName,
      familyName: customer.familyName,
      bid: bookings.bid,
      vin: vehicles.vin,
      registrationNumber: vehicles.registrationNumber,
      resolution: {
        id: resolution.id,
        occurred: resolution.occurred,
        type: resolution.type,
        textParts: resolution.textParts,
        displayText: resolution.displayText,
        bid: resolution.bid,
        properties: resolution.properties,
      },
    })
    .from(contacts)
    .innerJoin(customer, eq(customer.id, contacts.userId))
    .leftJoin(bookings, eq(bookings.id, contacts.bookingId))
    .leftJoin(vehicles, eq(vehicles.id, contacts.vehicleId))
    .leftJoin(resolution, eq(resolution.id, contacts.resolvedByEventId));
}
type ContactRow = Awaited<ReturnType<ReturnType<typeof selectContacts>['where']>>[number];

const textValue = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);
type ResolutionKind = (typeof CONTACT_RESOLUTION_KINDS)[number];
const isResolutionKind = (kind: string | null): kind is ResolutionKind => (CONTACT_RESOLUTION_KINDS as readonly (string | null)[]).includes(kind);

/** The linked action as the answer shows it (null when none, or when its event is gone). */
function toResolution(r: ContactRow['resolution']): ContactResolution | null {
  if (!r) return null;
  const kind = customerTimelineKindOf(r.type, r.textParts[0]?.id);
  if (!isResolutionKind(kind)) return null;
  const params = (r.textParts[0]?.params ?? {}) as Record<string, unknown>;
  return {
    eventId: String(r.id),
    occurred: r.occurred.toISOString(),
    kind,
    type: r.type,
    textParts: r.textParts,
    displayText: r.displayText,
    bid: r.bid,
    orderId: textValue(r.properties.orderId) ?? textValue(params.orderId),
  };
}

function toContact(row: ContactRow): Contact {
  const c = row.contact;
  return {
    id: c.id,
    username: row.username,
    customerName: `${row.givenName} ${row.familyName}`.trim(),
    channel: c.channel,
    reason: c.reason,
    bid: row.bid,
    vin: row.vin,
    registrationNumber: row.registrationNumber,
    note: c.note,
    status: c.status,
    assignee: c.assignee,
    createdBy: c.createdBy,
    createdAt: c.createdAt.toISOString(),
    updatedBy: c.updatedBy,
    updatedAt: c.updatedAt?.toISOString() ?? null,
    resolvedBy: c.resolvedBy,
    resolvedAt: c.resolvedAt?.toISOString() ?? null,
    resolvedWith: toResolution(row.resolution),
  };
}

async function findFleetContact(db: Db, actor: Actor, id: number): Promise<ContactRow> {
  if (id > PG_INT_MAX) throw contactNotFound();
  const [row] = await selectContacts(db)
    .where(and(eq(contacts.id, id), eq(contacts.fleetId, actor.fleet)))
    .limit(1);
  if (!row) throw contactNotFound();
  return row;
}

/** An enabled staff member of the operator, by user name (any case); its stored spelling, else a 400 `staffNotFound` on `assignee`. */
async function staffUsername(db: Db, actor: Actor, name: string): Promise<string> {
  const [row] = await db
    .select({ username: users.username })
    .from(users)
    .where(and(sql`lower(${users.username}) = lower(${name})`, eq(users.fleetId, actor.fleet), ne(users.role, 'CUSTOMER'), isNull(users.disabledAt)))
    .limit(1);
  if (!row) throw AppError.invalidInput([fieldError('assignee', 'staffNotFound')]);
  return row.username;
}

/** The customer's booking by bid (400 `noSuchBookingId` on `bid` when the operator has none, or it is another customer's). */
async function customerBooking(db: Db, actor: Actor, userId: number, rawBid: string) {
  const [row] = await db
    .select({ id: bookings.id, userId: bookings.userId, vehicleId: bookings.allocatedVehicleId })
    .from(bookings)
    .where(and(eq(bookings.bid, rawBid.trim().toUpperCase()), eq(bookings.fleetId, actor.fleet)))
    .limit(1);
  // Another customer's booking reads like an unknown one: the answer tells nothing about other customers.
  if (!row || row.userId !== userId) throw AppError.invalidInput([fieldError('bid', 'noSuchBookingId')]);
  return row;
}

/** The operator's vehicle by VIN (400 on `vin` when there is none). */
async function fleetVehicleId(db: Db, actor: Actor, rawVin: string): Promise<number> {
  const [row] = await db
    .select({ id: vehicles.id })
    .from(vehicles)
    .where(and(eq(sql`upper(${vehicles.vin})`, rawVin.trim().toUpperCase()), eq(vehicles.fleetId, actor.fleet)))
    .limit(1);
  if (!row) throw AppError.invalidInput([fieldError('vin', 'vehicleNotFound')]);
  return row.id;
}

/**
 * The action a contact is resolved with: an event of the operator's whose affected user is the contact's customer and
 * whose timeline kind is `payment` or `command` (the same rule as the customer timeline's kinds, so the web's
 * candidates are what the server accepts). Anything else, another customer's or operator's event included, is one
 * 400 `contactActionNotFound` on `resolvedByEventId`: the answer tells nothing about other customers.
 */
async function resolvingAction(db: Db, actor: Actor, username: string, rawId: string): Promise<number> {
  const id = Number(rawId);
  const notFound = () => AppError.invalidInput([fieldError('resolvedByEventId', 'contactActionNotFound')]);
  if (!Number.isSafeInteger(id)) throw notFound();
  const [row] = await db
    .select({ id: events.id, type: events.type, textParts: events.textParts })
    .from(events)
    .where(
      and(
        eq(events.id, id),
        eq(events.fleetId, actor.fleet),
        eq(events.affectedUsername, username),
        inArray(events.type, ['PAYMENT_ACTION', 'REMOTE_COMMAND']),
      ),
    )
    .limit(1);
  if (!row || !isResolutionKind(customerTimelineKindOf(row.type, row.textParts[0]?.id))) throw notFound();
  return row.id;
}

/** POST /api/users/{username}/contacts: logs a contact with the customer (OPEN unless said otherwise). */
export async function createContact(db: Db, actor: Actor, username: string, body: ContactCreateRequest, now = new Date()): Promise<Contact> {
  const user = await findFleetUser(db, actor, username);
  const booking = body.bid ? await customerBooking(db, actor, user.id, body.bid) : null;
  const vehicleId = body.vin ? await fleetVehicleId(db, actor, body.vin) : (booking?.vehicleId ?? null);
  const assignee = body.assignee ? await staffUsername(db, actor, body.assignee) : null;
  const status = body.status ?? 'OPEN';
  const id = await db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(contacts)
      .values({
        fleetId: actor.fleet,
        userId: user.id,
        channel: body.channel,
        reason: body.reason,
        bookingId: booking?.id ?? null,
        vehicleId,
        note: body.note ?? null,
        status,
        assignee,
        createdBy: actor.username,
        createdAt: now,
        ...(status === 'RESOLVED' ? { resolvedBy: actor.username, resolvedAt: now } : {}),
      })
      .returning({ id: contacts.id });
    if (!inserted) throw new Error('contact insert returned no row');
    const [place] = await tx
      .select({ bid: bookings.bid, vin: vehicles.vin })
      .from(contacts)
      .leftJoin(bookings, eq(bookings.id, contacts.bookingId))
      .leftJoin(vehicles, eq(vehicles.id, contacts.vehicleId))
      .where(eq(contacts.id, inserted.id));
    await appendEvent(tx, actor, {
      type: 'USER_ACTION',
      affectedUsername: user.username,
      bid: place?.bid ?? null,
      vin: place?.vin ?? null,
      occurred: now,
      text: eventText('contactLogged', {
        channel: eventValue('contactChannel', body.channel),
        reason: eventValue('contactReason', body.reason),
        status: eventValue('contactStatus', status),
      }),
      properties: { contactId: inserted.id, action: 'CONTACT_LOGGED', channel: body.channel, reason: body.reason, status, assignee },
    });
    return inserted.id;
  });
  return toContact(await findFleetContact(db, actor, id));
}

/** GET /api/contacts: the operator's contacts, newest first, by status, assignee and customer. */
export async function listContacts(db: Db, actor: Actor, query: ContactListQuery): Promise<Contact[]> {
  const where: SQL[] = [eq(contacts.fleetId, actor.fleet)];
  if (query.status) where.push(eq(contacts.status, query.status));
  if (query.assignee) where.push(sql`lower(${contacts.assignee}) = lower(${query.assignee})`);
  if (query.username) where.push(sql`lower(${customer.username}) = lower(${query.username})`);
  const rows = await selectContacts(db)
    .where(and(...where))
    .orderBy(desc(contacts.createdAt), desc(contacts.id))
    .limit(query.limit);
  return rows.map(toContact);
}

/**
 * PATCH /api/contacts/{id}: status, assignee, note, reason or channel. Resolving records who and when; reopening
 * clears them. Values the contact already has change nothing (200, no event).
 */
export async function updateContact(db: Db, actor: Actor, id: number, body: ContactUpdateRequest, now = new Date()): Promise<Contact> {
  const before = await findFleetContact(db, actor, id);
  const c = before.contact;
  const assignee = body.assignee === undefined ? undefined : body.assignee === null ? null : await staffUsername(db, actor, body.assignee);
  const changes: Partial<typeof contacts.$inferInsert> = {};
  const parts: EventTextPart[] = [];
  const status = body.status ?? c.status;
  // The action it was resolved with: only on a resolved contact (400 otherwise); reopening removes it.
  let resolvedByEventId = body.resolvedByEventId === undefined ? c.resolvedByEventId : body.resolvedByEventId === null ? null : undefined;
  if (body.resolvedByEventId) {
    if (status !== 'RESOLVED') throw AppError.invalidInput([fieldError('resolvedByEventId', 'contactActionNeedsResolved')]);
    resolvedByEventId = await resolvingAction(db, actor, before.username, body.resolvedByEventId);
  }
  if (status === 'OPEN') resolvedByEventId = null;
  const linkChanged = resolvedByEventId !== c.resolvedByEventId;
  if (linkChanged) changes.resolvedByEventId = resolvedByEventId ?? null;
  if (body.status !== undefined && body.status !== c.status) {
    changes.status = body.status;
    changes.resolvedBy = body.status === 'RESOLVED' ? actor.username : null;
    changes.resolvedAt = body.status === 'RESOLVED' ? now : null;
    parts.push(
      body.status === 'RESOLVED'
        ? resolvedByEventId
          ? eventText('contactResolvedWith', { id: c.id, eventId: String(resolvedByEventId) })
          : eventText('contactResolved', { id: c.id })
        : eventText('contactReopened', { id: c.id }),
    );
  } else if (linkChanged) {
    parts.push(
      resolvedByEventId
        ? eventText('contactResolutionLinked', { id: c.id, eventId: String(resolvedByEventId) })
        : eventText('contactResolutionUnlinked', { id: c.id, eventId: String(c.resolvedByEventId) }),
    );
  }
  if (assignee !== undefined && assignee !== c.assignee) {
    changes.assignee = assignee;
    parts.push(assignee ? eventText('contactAssigned', { id: c.id, assignee }) : eventText('contactUnassigned', { id: c.id }));
  }
  const fields: string[] = [];
  if (body.note !== undefined && (body.note ?? null) !== c.note) {
    changes.note = body.note ?? null;
    fields.push('note');
  }
  if (body.reason !== undefined && body.reason !== c.reason) {
    changes.reason = body.reason;
    fields.push('reason');
  }
  if (body.channel !== undefined && body.channel !== c.channel) {
    changes.channel = body.channel;
    fields.push('channel');
  }
  if (fields.length) parts.push(eventText('contactUpdated', { id: c.id, fields: fields.join(', ') }));
  if (!parts.length) return toContact(before);
  await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(contacts)
      .set({ ...changes, updatedBy: actor.username, updatedAt: now })
      .where(and(eq(contacts.id, c.id), eq(contacts.fleetId, actor.fleet)))
      .returning({ id: contacts.id });
    if (!updated) throw contactNotFound();
    await appendEvent(tx, actor, {
      type: 'USER_ACTION',
      affectedUsername: before.username,
      bid: before.bid,
      vin: before.vin,
      occurred: now,
      text: parts,
      properties: {
        contactId: c.id,
        action: 'CONTACT_UPDATED',
        changes: Object.fromEntries(Object.entries(changes).map(([k, v]) => [k, v instanceof Date ? v.toISOString() : v])),
      },
    });
  });
  return toContact(await findFleetContact(db, actor, c.id));
}

/** GET /api/contacts/assignees: the operator's enabled staff, whom a contact may be assigned to. */
export async function listContactAssignees(db: Db, actor: Actor): Promise<ContactAssignee[]> {
  const rows = await db
    .select({ username: users.username, givenName: users.givenName, familyName: users.familyName })
    .from(users)
    .where(and(eq(users.fleetId, actor.fleet), ne(users.role, 'CUSTOMER'), isNull(users.disabledAt)))
    .orderBy(asc(users.username));
  return rows.map((r) => ({ username: r.username, name: `${r.givenName} ${r.familyName}`.trim() }));
}
