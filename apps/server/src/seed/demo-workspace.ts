import { EVENT_TYPE_GROUP, eventText, eventValue, type EventTextPart, type EventType } from '@fleetdesk/contract';
import { and, desc, eq, inArray, lte } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { bookings, contacts, events, notes, users, vehicles } from '../db/schema.ts';
import { eventTextColumns } from '../modules/events/index.ts';
import { count, type FleetWorld, type SharedState } from './demo-world.ts';
import { DAY, HOUR, MINUTE } from './random.ts';

/**
 * The customer workspace's demo history (issue 18 point 5; docs/decisions/0061-notes-and-contacts.md):
 * internal notes and logged contacts for demo.active, demo.blocked and demo.declined, so that a newcomer opening one
 * of them sees a pinned banner, an open contact and a resolved one at once.
 *
 * Appended after the rest of the operator and drawing no random numbers, so no other demo identifier moves. Every
 * time is an offset from the seed's base time. Operators without these personas get nothing. Each note and contact
 * also gets the events the console would have written (added, logged, resolved), so the customer's timeline shows them.
 */
export const WORKSPACE_PERSONAS = ['demo.active', 'demo.blocked', 'demo.declined'] as const;

export async function insertWorkspaceHistory(db: Db, w: FleetWorld, sh: SharedState): Promise<void> {
  const fleetId = w.cat.id;
  const rows = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(and(eq(users.fleetId, fleetId), inArray(users.username, [...WORKSPACE_PERSONAS])));
  const userId = new Map(rows.map((r) => [r.username, r.id]));
  if (userId.size === 0) return;

  const support = w.cat.staff.find((s) => s.role === 'SUPPORT')?.username ?? w.staff[0] ?? 'support';
  // Someone other than the author to assign to: the evening shift if there is one.
  const colleague = w.cat.staff.find((s) => s.role === 'SUPPORT' && s.username !== support)?.username ?? support;
  const admin = w.cat.staff.find((s) => s.role === 'ADMIN')?.username ?? support;
  const at = (ago: number) => new Date(w.base - ago);

  const latestBooking = async (uid: number | undefined) => {
    if (uid === undefined) return undefined;
    const [b] = await db
      .select({ id: bookings.id, bid: bookings.bid, vehicleId: bookings.allocatedVehicleId, vin: vehicles.vin })
      .from(bookings)
      .leftJoin(vehicles, eq(vehicles.id, bookings.allocatedVehicleId))
      // The latest one that has started (demo.active's active trip), not a future one.
      .where(and(eq(bookings.userId, uid), lte(bookings.startTime, new Date(w.base))))
      .orderBy(desc(bookings.startTime), desc(bookings.id))
      .limit(1);
    return b;
  };

  const noteRows: (typeof notes.$inferInsert)[] = [];
  const contactRows: (typeof contacts.$inferInsert)[] = [];
  /** A note on the customer herself, written `ago` before the base time. */
  const userNote = (uid: number, text: string, by: string, ago: number, pinned = false): typeof notes.$inferInsert => ({
    fleetId,
    subjectType: 'USER',
    userId: uid,
    text,
    pinned,
    createdBy: by,
    createdAt: at(ago),
  });
  /** The columns of a contact that `by` resolved `ago` before the base time. */
  const resolvedBy = (by: string, ago: number) =>
    ({ status: 'RESOLVED', updatedBy: by, updatedAt: at(ago), resolvedBy: by, resolvedAt: at(ago) }) as const;

  const active = userId.get('demo.active');
  if (active !== undefined) {
    const booking = await latestBooking(active);
    noteRows.push(
      userNote(active, 'Hard of hearing — reply by SMS, not by phone.', support, 40 * DAY, true),
      userNote(active, 'Prefers bookings from Grünerløkka; asked to be told when a second ID.3 arrives there.', colleague, 12 * DAY),
    );
    if (booking) {
      noteRows.push({
        fleetId,
        subjectType: 'BOOKING',
        bookingId: booking.id,
        text: 'Customer reported the charging cable missing at pick-up; checked the photos with her by SMS.',
        createdBy: support,
        createdAt: at(3 * HOUR),
      });
    }
    contactRows.push(
      {
        fleetId,
        userId: active,
        channel: 'PHONE',
        reason: 'CANT_UNLOCK',
        bookingId: booking?.id ?? null,
        vehicleId: booking?.vehicleId ?? null,
        note: 'Her partner called: the car did not open with the app. Sent an unlock, she will confirm by SMS.',
        status: 'OPEN',
        assignee: colleague,
        createdBy: support,
        createdAt: at(2 * HOUR),
      },
      {
        fleetId,
        userId: active,
        channel: 'EMAIL',
        reason: 'BILLING_QUESTION',
        note: 'Asked why the last trip was charged a cleaning fee. Photos showed the car was clean: credited 250 NOK.',
        assignee: support,
        createdBy: support,
        createdAt: at(9 * DAY),
        ...resolvedBy(support, 9 * DAY - 35 * MINUTE),
      },
    );
  }

  const blocked = userId.get('demo.blocked');
  if (blocked !== undefined) {
    noteRows.push(
      userNote(
        blocked,
        'Blocked after three unpaid parking fines. Unblock only once the fines are settled — check with billing first.',
        admin,
        20 * DAY,
        true,
      ),
    );
    contactRows.push({
      fleetId,
      userId: blocked,
      channel: 'PHONE',
      reason: 'ACCOUNT',
      note: 'Asked why he cannot book. Explained the block and the fines; he will pay this week.',
      assignee: support,
      createdBy: support,
      createdAt: at(18 * DAY),
      ...resolvedBy(support, 18 * DAY - 10 * MINUTE),
    });
  }

  const declined = userId.get('demo.declined');
  if (declined !== undefined) {
    const booking = await latestBooking(declined);
    noteRows.push(
      userNote(
        declined,
        'Card keeps being declined by the bank; she is getting a new card. Do not retry the charge before she calls.',
        support,
        5 * DAY,
      ),
    );
    contactRows.push({
      fleetId,
      userId: declined,
      channel: 'CHAT',
      reason: 'BILLING_QUESTION',
      bookingId: booking?.id ?? null,
      vehicleId: booking?.vehicleId ?? null,
      note: 'Payment for her last trip failed. Waiting for her new card before retrying.',
      status: 'OPEN',
      assignee: support,
      createdBy: support,
      createdAt: at(5 * DAY - 20 * MINUTE),
    });
  }

  const insertedNotes = noteRows.length > 0 ? await db.insert(notes).values(noteRows).returning() : [];
  const insertedContacts = contactRows.length > 0 ? await db.insert(contacts).values(contactRows).returning() : [];

  const usernameOf = new Map([...userId].map(([name, id]) => [id, name]));
  const bookingOf = new Map<number, { bid: string; vin: string | null; userId: number | null }>();
  for (const b of await db
    .select({ id: bookings.id, bid: bookings.bid, vin: vehicles.vin, userId: bookings.userId })
    .from(bookings)
    .leftJoin(vehicles, eq(vehicles.id, bookings.allocatedVehicleId))
    .where(inArray(bookings.userId, [...userId.values()])))
    bookingOf.set(b.id, b);
  const eventRows: (typeof events.$inferInsert)[] = [];
  const event = (
    type: EventType,
    at: Date,
    by: string,
    text: EventTextPart,
    place: { user?: string; bid?: string | null; vin?: string | null },
    properties: Record<string, unknown>,
  ) =>
    eventRows.push({
      fleetId,
      occurred: at,
      received: at,
      bid: place.bid ?? null,
      vin: place.vin ?? null,
      actingUsername: by,
      affectedUsername: place.user ?? null,
      type,
      typeGroup: EVENT_TYPE_GROUP[type],
      ...eventTextColumns(text),
      // Staff notes and contacts are internal: never shown to the customer (the seed marks every event public or not).
      properties: { public: false, ...properties },
    });
  const excerpt = (text: string) => (text.length > 200 ? `${text.slice(0, 199)}…` : text);
  for (const n of insertedNotes) {
    const booking = n.bookingId === null ? undefined : bookingOf.get(n.bookingId);
    const customer = n.userId ?? booking?.userId;
    const owner = customer == null ? undefined : usernameOf.get(customer);
    event(
      n.subjectType === 'BOOKING' ? 'BOOKING_EVENT' : 'USER_ACTION',
      n.createdAt,
      n.createdBy,
      eventText(n.pinned ? 'notePinnedAdded' : 'noteAdded', { text: excerpt(n.text) }),
      { user: owner, bid: booking?.bid, vin: booking?.vin },
      { noteId: n.id, action: 'NOTE_ADDED', subjectType: n.subjectType, subjectId: booking?.bid ?? owner, pinned: n.pinned },
    );
  }
  for (const c of insertedContacts) {
    const booking = c.bookingId === null ? undefined : bookingOf.get(c.bookingId);
    const place = { user: usernameOf.get(c.userId), bid: booking?.bid, vin: booking?.vin };
    event(
      'USER_ACTION',
      c.createdAt,
      c.createdBy,
      eventText('contactLogged', {
        channel: eventValue('contactChannel', c.channel),
        reason: eventValue('contactReason', c.reason),
        status: eventValue('contactStatus', 'OPEN'),
      }),
      place,
      { contactId: c.id, action: 'CONTACT_LOGGED', channel: c.channel, reason: c.reason, status: 'OPEN', assignee: c.assignee },
    );
    if (c.status === 'RESOLVED' && c.resolvedAt && c.resolvedBy)
      event('USER_ACTION', c.resolvedAt, c.resolvedBy, eventText('contactResolved', { id: c.id }), place, {
        contactId: c.id,
        action: 'CONTACT_UPDATED',
        changes: { status: 'RESOLVED', resolvedBy: c.resolvedBy, resolvedAt: c.resolvedAt.toISOString() },
      });
  }
  if (eventRows.length > 0) await db.insert(events).values(eventRows);
  count(sh, 'notes', noteRows.length);
  count(sh, 'contacts', contactRows.length);
}
