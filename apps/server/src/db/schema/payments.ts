import {
  bigint,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import type { Currency, PaymentTimestampType, PaymentStatus, PaymentTarget, PaymentType } from '@fleetdesk/contract';
import { ts, money, createdAt } from './columns.ts';
import { bookings } from './bookings.ts';
import { fleets } from './operators.ts';
import { users, registeredCards } from './users.ts';

/** Payments (§3 Payment) and their lines, and the idempotency keys of retried mutations. */

export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    orderId: text('order_id').notNull(),
    fleetId: text('fleet_id')
      .notNull()
      .references(() => fleets.id),
    bookingId: bigint('booking_id', { mode: 'number' }).references(() => bookings.id, { onDelete: 'set null' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    parentPaymentId: integer('parent_payment_id').references((): AnyPgColumn => payments.id),
    type: text('type').$type<PaymentType>().notNull(),
    status: text('status').$type<PaymentStatus>().notNull(),
    target: text('target').$type<PaymentTarget>().notNull(),
    timestampType: text('timestamp_type').$type<PaymentTimestampType>().notNull().default('CREATED_DATE'),
    timestamp: ts('timestamp').notNull().defaultNow(),
    totalPriceWithoutVat: money('total_price_without_vat').notNull().default(0),
    totalVat: money('total_vat').notNull().default(0),
    totalPrice: money('total_price').notNull().default(0),
    currency: text('currency').$type<Currency>().notNull(),
    externalId: text('external_id'),
    paymentProvider: text('payment_provider'),
    reservationFailed: boolean('reservation_failed').notNull().default(false),
    cardId: integer('card_id').references(() => registeredCards.id, { onDelete: 'set null' }),
    /** The §8 card error code of the last refused charge or reservation, or null. */
    failureCode: text('failure_code'),
    /** What was refunded to the card after it was charged (credits on a paid card payment). */
    refundedAmount: money('refunded_amount').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('payments_order_id_uq').on(t.orderId),
    index('payments_fleet_timestamp_idx').on(t.fleetId, t.timestamp, t.id),
    index('payments_parent_idx').on(t.parentPaymentId),
    index('payments_booking_idx').on(t.bookingId),
    index('payments_user_timestamp_idx').on(t.userId, t.timestamp),
    index('payments_fleet_status_timestamp_idx').on(t.fleetId, t.status, t.timestamp),
  ],
);

export const paymentEvents = pgTable(
  'payment_events',
  {
    id: serial('id').primaryKey(),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    itemName: text('item_name').notNull(),
    itemType: text('item_type').notNull(),
    itemDisplayText: text('item_display_text').notNull(),
    publicComment: text('public_comment'),
    comment: text('comment'),
    unitAmount: doublePrecision('unit_amount').notNull().default(1),
    unitCost: money('unit_cost').notNull(),
    priceWithoutVat: money('price_without_vat').notNull(),
    vat: money('vat').notNull(),
    totalPrice: money('total_price').notNull(),
    manualEvent: boolean('manual_event').notNull().default(false),
    createdBy: text('created_by'),
    createdAt: createdAt(),
  },
  (t) => [index('payment_events_payment_idx').on(t.paymentId)],
);

/** Idempotency keys for retried mutations (payments, commands): the first response is replayed. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    fleetId: text('fleet_id')
      .notNull()
      .references(() => fleets.id),
    key: text('key').notNull(),
    scope: text('scope').notNull(),
    response: jsonb('response'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.fleetId, t.scope, t.key] })],
);
