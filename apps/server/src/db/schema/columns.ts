import { numeric, timestamp } from 'drizzle-orm/pg-core';

/** The column kinds every table shares: times are timestamptz; money is numeric(12,2) read as number. */
export const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
export const money = (name: string) => numeric(name, { precision: 12, scale: 2, mode: 'number' });
export const createdAt = () => ts('created_at').notNull().defaultNow();
