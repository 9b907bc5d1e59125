import { customType, numeric, timestamp } from 'drizzle-orm/pg-core';

/** The column kinds every table shares: times are timestamptz; money is numeric(12,2) read as number. */
export const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
export const money = (name: string) => numeric(name, { precision: 12, scale: 2, mode: 'number' });
export const createdAt = () => ts('created_at').notNull().defaultNow();

/**
 * A 64-bit transaction id (PostgreSQL's xid8), read as its decimal text: the writing transaction of an event, so that a
 * live stream can resume in commit order (docs/decisions/0081-live-stream-commit-order.md).
 */
export const xid8 = customType<{ data: string; driverData: string }>({ dataType: () => 'xid8' });
