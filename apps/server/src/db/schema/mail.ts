import { index, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { ts, createdAt } from './columns.ts';
import { fleets } from './operators.ts';

/** The mail outbox: mail is written in the transaction and sent after it. */

export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    fleetId: text('fleet_id').references(() => fleets.id),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body'),
    createdAt: createdAt(),
    sentAt: ts('sent_at'),
    error: text('error'),
  },
  (t) => [index('mail_outbox_created_idx').on(t.createdAt)],
);
