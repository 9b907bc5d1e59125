import type { Payment } from '@fleetdesk/contract';
import { asc, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { toPayment } from '../bookings/index.ts';
import { usersWithValidCard } from '../bookings/index.ts';
import { bookings, paymentEvents, payments, users } from '../../db/schema.ts';

export type PaymentRow = typeof payments.$inferSelect;

/** One payment row as the contract's Payment (§3): the booking card's mapping, shared. */
export { toPayment };

/** Payment rows as Payments, in the given order: one query each for lines, child orders, users, bookings and cards. */
export async function loadPayments(db: Db, rows: readonly PaymentRow[], now = new Date()): Promise<Payment[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const userIds = [...new Set(rows.map((r) => r.userId).filter((v): v is number => v !== null))];
  const bookingIds = [...new Set(rows.map((r) => r.bookingId).filter((v): v is number => v !== null))];
  const [lines, children, userRows, bookingRows, withCard] = await Promise.all([
    db.select().from(paymentEvents).where(inArray(paymentEvents.paymentId, ids)).orderBy(asc(paymentEvents.id)),
    db.select().from(payments).where(inArray(payments.parentPaymentId, ids)).orderBy(asc(payments.id)),
    userIds.length ? db.select({ id: users.id, username: users.username }).from(users).where(inArray(users.id, userIds)) : Promise.resolve([]),
    bookingIds.length
      ? db.select({ id: bookings.id, bid: bookings.bid }).from(bookings).where(inArray(bookings.id, bookingIds))
      : Promise.resolve([]),
    usersWithValidCard(db, rows[0]!.fleetId, userIds, now),
  ]);
  const username = new Map(userRows.map((u) => [u.id, u.username]));
  const bid = new Map(bookingRows.map((b) => [b.id, b.bid]));
  return rows.map((p) =>
    toPayment(
      p,
      lines.filter((l) => l.paymentId === p.id),
      children.filter((c) => c.parentPaymentId === p.id),
      p.userId === null ? null : (username.get(p.userId) ?? null),
      p.bookingId === null ? null : (bid.get(p.bookingId) ?? null),
      p.userId !== null && withCard.has(p.userId),
    ),
  );
}
