import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { CompanyType } from '@fleetdesk/contract';
import { createdAt } from './columns.ts';
import { fleets } from './operators.ts';

/** Customer companies, a tree per operator (§3 Company). */

export const companies = pgTable(
  'companies',
  {
    id: serial('id').primaryKey(),
    fleetId: text('fleet_id')
      .notNull()
      .references(() => fleets.id),
    parentId: integer('parent_id').references((): AnyPgColumn => companies.id),
    name: text('name').notNull(),
    type: text('type').$type<CompanyType>().notNull(),
    marketSegment: text('market_segment'),
    microSegment: text('micro_segment'),
    emailDomains: text('email_domains')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    contactFirstName: text('contact_first_name'),
    contactLastName: text('contact_last_name'),
    contactEmail: text('contact_email'),
    contactPhone: text('contact_phone'),
    companyCode: text('company_code'),
    /** Housing-association divisions: membership must be confirmed (§5). */
    requiresMembershipConfirmation: boolean('requires_membership_confirmation').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('companies_fleet_parent_idx').on(t.fleetId, t.parentId), index('companies_name_trgm').using('gin', t.name.op('gin_trgm_ops'))],
);
