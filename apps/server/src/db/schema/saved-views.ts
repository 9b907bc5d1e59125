import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, ts } from './columns.ts';
import { fleets } from './operators.ts';
import { users } from './users.ts';

/**
 * Saved views (issue 19 point 3; docs/decisions/0071-saved-views.md): a list screen's search params (filters, sort,
 * columns) kept under a name by a staff member of an operator, private or shared with the operator's staff. Shared
 * views are the team's work queues. Built-in views (no owner, shared) are kept per operator by `built_in_key`.
 */
export const savedViews = pgTable(
  'saved_views',
  {
    id: serial('id').primaryKey(),
    fleetId: text('fleet_id')
      .notNull()
      .references(() => fleets.id),
    /** The staff member who saved it; null for a built-in view. */
    ownerId: integer('owner_id').references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    screen: text('screen').notNull(),
    /** The screen's search params, validated against the screen's schema (contract `savedViewParamsSchemas`). */
    params: jsonb('params').$type<Record<string, unknown>>().notNull(),
    shared: boolean('shared').notNull().default(false),
    builtIn: boolean('built_in').notNull().default(false),
    /** A built-in view's stable key (e.g. `overdue-bookings`); null for a staff member's own view. */
    builtInKey: text('built_in_key'),
    createdAt: createdAt(),
    updatedAt: ts('updated_at'),
  },
  (t) => [
    // A built-in view has no owner, is shared and has its key; a staff member's view has an owner and no key.
    check(
      'saved_views_built_in_shape',
      sql`(${t.builtIn} and ${t.ownerId} is null and ${t.shared} and ${t.builtInKey} is not null)
        or (not ${t.builtIn} and ${t.ownerId} is not null and ${t.builtInKey} is null)`,
    ),
    uniqueIndex('saved_views_fleet_built_in_key_uq').on(t.fleetId, t.builtInKey),
    index('saved_views_fleet_owner_idx').on(t.fleetId, t.ownerId),
  ],
);
