import { pgTable, text } from 'drizzle-orm/pg-core';
import type { CountryCode, Currency, Language } from '@fleetdesk/contract';
import { createdAt } from './columns.ts';

/** The operators (fleets): every operator-owned row of the other tables carries `fleet_id`. */

export const fleets = pgTable('fleets', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  country: text('country').$type<CountryCode>().notNull(),
  currency: text('currency').$type<Currency>().notNull(),
  defaultLanguage: text('default_language').$type<Language>().notNull(),
  timeZone: text('time_zone').notNull(),
  /** Base URL of the operator's own console, linked from another operator's search hint; null when unknown. */
  consoleUrl: text('console_url'),
  createdAt: createdAt(),
});
