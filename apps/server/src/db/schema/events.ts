import { sql } from 'drizzle-orm';
import { bigserial, index, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import type { EventTextPart, EventType, EventTypeGroup } from '@fleetdesk/contract';
import { ts, xid8 } from './columns.ts';
import { fleets } from './operators.ts';

/**
 * The event log (§3 Event): the audit trail every mutation appends to. Partitioned (migration 0018;
 * docs/decisions/0083-event-partitions.md): by LIST on `type`, each type by RANGE on `occurred` (days for a type with a
 * retention, months for one kept), created ahead and dropped when expired by the `event-partitions` job
 * (modules/events/partitions.ts). drizzle-kit cannot express partitioning; the key is in the primary key below.
 */

export const events = pgTable(
  'events',
  {
    /** Unique (one sequence); the primary key adds the partition keys, as PostgreSQL requires of a partitioned table. */
    id: bigserial('id', { mode: 'number' }).notNull(),
    fleetId: text('fleet_id')
      .notNull()
      .references(() => fleets.id),
    occurred: ts('occurred').notNull(),
    received: ts('received').notNull().defaultNow(),
    bid: text('bid'),
    vin: text('vin'),
    actingUsername: text('acting_username'),
    affectedUsername: text('affected_username'),
    type: text('type').$type<EventType>().notNull(),
    typeGroup: text('type_group').$type<EventTypeGroup>().notNull(),
    displayText: text('display_text').notNull(),
    /** The text as ids with parameters, for the reader's language (docs/decisions/0048-event-texts.md); [] on older rows. */
    textParts: jsonb('text_parts')
      .$type<EventTextPart[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    properties: jsonb('properties')
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    /**
     * The transaction that wrote the row (its default): a reconnecting live stream replays from a transaction, not an
     * id, because ids are taken at insert and committed in another order (docs/decisions/0081-live-stream-commit-order.md).
     * Null on rows older than migration 0017.
     */
    tx: xid8('tx').default(sql`pg_current_xact_id()`),
  },
  (t) => [
    primaryKey({ name: 'events_pkey', columns: [t.id, t.occurred, t.type] }),
    index('events_fleet_occurred_idx').on(t.fleetId, t.occurred, t.id),
    index('events_fleet_bid_occurred_idx').on(t.fleetId, t.bid, t.occurred, t.id),
    index('events_fleet_vin_occurred_idx').on(t.fleetId, t.vin, t.occurred, t.id),
    index('events_fleet_affected_occurred_idx').on(t.fleetId, t.affectedUsername, t.occurred, t.id),
    index('events_fleet_acting_occurred_idx').on(t.fleetId, t.actingUsername, t.occurred, t.id),
    index('events_fleet_tx_idx').on(t.fleetId, t.tx),
  ],
);
