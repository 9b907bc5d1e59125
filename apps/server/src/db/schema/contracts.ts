import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core';
import type { BookableRule, ContractType, Currency, MetadataSpecEntry, PriceListEntry } from '@fleetdesk/contract';
import { createdAt } from './columns.ts';
import { companies } from './companies.ts';
import { fleets } from './operators.ts';
import { users } from './users.ts';

/** Contracts (§3 Contract: price list, booking rules, metadata spec) and which users have them. */

export const contracts = pgTable(
  'contracts',
  {
    id: serial('id').primaryKey(),
    fleetId: text('fleet_id')
      .notNull()
      .references(() => fleets.id),
    companyId: integer('company_id').references(() => companies.id),
    name: text('name').notNull(),
    contractType: text('contract_type').$type<ContractType>().notNull(),
    currency: text('currency').$type<Currency>().notNull(),
    /** ISO-8601 durations (PT1H, P7D). */
    minBookingDuration: text('min_booking_duration'),
    maxBookingDuration: text('max_booking_duration'),
    oneWayAllowed: boolean('one_way_allowed').notNull().default(false),
    onlyOneBookingAtTheSameTimeAllowed: boolean('only_one_booking_at_the_same_time_allowed').notNull().default(false),
    taxiFromPools: integer('taxi_from_pools')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    priceList: jsonb('price_list')
      .$type<PriceListEntry[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    metadataSpec: jsonb('metadata_spec')
      .$type<MetadataSpecEntry[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    bookableRules: jsonb('bookable_rules')
      .$type<BookableRule[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    createdAt: createdAt(),
  },
  (t) => [index('contracts_fleet_idx').on(t.fleetId), index('contracts_company_idx').on(t.companyId)],
);

export const userContracts = pgTable(
  'user_contracts',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    contractId: integer('contract_id')
      .notNull()
      .references(() => contracts.id),
  },
  (t) => [primaryKey({ columns: [t.userId, t.contractId] }), index('user_contracts_contract_idx').on(t.contractId)],
);
