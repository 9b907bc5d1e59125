import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import type { ContactChannel, ContactReason, ContactStatus, NoteSubjectType } from '@fleetdesk/contract';
import { createdAt, ts } from './columns.ts';
import { bookings } from './bookings.ts';
import { fleets } from './operators.ts';
import { users } from './users.ts';
import { vehicles } from './vehicles.ts';

/**
 * The customer workspace (issue 18; docs/decisions/0061-notes-and-contacts.md): staff-only notes on a user, a booking
 * or a vehicle, and logged customer contacts. Subjects are held by their row id (a renamed user keeps its notes) and
 * go with their subject.
 */

export const notes = pgTable(
  'notes',
  {
    id: serial('id').primaryKey(),
    fleetId: text('fleet_id')
      .notNull()
      .references(() => fleets.id),
    subjectType: text('subject_type').$type<NoteSubjectType>().notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    bookingId: bigint('booking_id', { mode: 'number' }).references(() => bookings.id, { onDelete: 'cascade' }),
    vehicleId: integer('vehicle_id').references(() => vehicles.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    pinned: boolean('pinned').notNull().default(false),
    createdBy: text('created_by').notNull(),
    createdAt: createdAt(),
    updatedBy: text('updated_by'),
    updatedAt: ts('updated_at'),
  },
  (t) => [
    // Exactly the subject's own column is set.
    check(
      'notes_one_subject',
      sql`(${t.subjectType} = 'USER' and ${t.userId} is not null and ${t.bookingId} is null and ${t.vehicleId} is null)
        or (${t.subjectType} = 'BOOKING' and ${t.bookingId} is not null and ${t.userId} is null and ${t.vehicleId} is null)
        or (${t.subjectType} = 'VEHICLE' and ${t.vehicleId} is not null and ${t.userId} is null and ${t.bookingId} is null)`,
    ),
    index('notes_user_idx').on(t.userId, t.createdAt),
    index('notes_booking_idx').on(t.bookingId, t.createdAt),
    index('notes_vehicle_idx').on(t.vehicleId, t.createdAt),
  ],
);

export const contacts = pgTable(
  'contacts',
  {
    id: serial('id').primaryKey(),
    fleetId: text('fleet_id')
      .notNull()
      .references(() => fleets.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    channel: text('channel').$type<ContactChannel>().notNull(),
    reason: text('reason').$type<ContactReason>().notNull(),
    bookingId: bigint('booking_id', { mode: 'number' }).references(() => bookings.id, { onDelete: 'set null' }),
    vehicleId: integer('vehicle_id').references(() => vehicles.id, { onDelete: 'set null' }),
    note: text('note'),
    status: text('status').$type<ContactStatus>().notNull(),
    assignee: text('assignee'),
    createdBy: text('created_by').notNull(),
    createdAt: createdAt(),
    updatedBy: text('updated_by'),
    updatedAt: ts('updated_at'),
    resolvedBy: text('resolved_by'),
    resolvedAt: ts('resolved_at'),
    /**
     * The action (a payment action or remote command of the customer's) the contact was resolved with; null while OPEN.
     * No foreign key: the event log is to be partitioned by time and its old partitions dropped (issue 20), which a
     * reference into it would block. A link whose event is gone answers `resolvedWith: null`.
     */
    resolvedByEventId: bigint('resolved_by_event_id', { mode: 'number' }),
  },
  (t) => [
    // The team's list: open contacts of the operator (by assignee), newest first; and a customer's contacts.
    index('contacts_fleet_status_created_idx').on(t.fleetId, t.status, t.createdAt, t.id),
    index('contacts_user_created_idx').on(t.userId, t.createdAt),
  ],
);
