import {
  PAYMENT_HISTORY_MONTHS,
  type PaymentListRow,
  type PaymentMethodsResponse,
  type PaymentStatus,
  type PaymentsResponse,
  type UserPaymentsResponse,
  type ZPaymentsQuery,
  type ZUserPaymentsQuery,
  fieldError,
} from '@fleetdesk/contract';
import { and, count, desc, eq, gte, inArray, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { bookings, payments, registeredCards, users } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import type { Actor } from '../auth/index.ts';
import { escapeLike, findFleetUser } from '../users/index.ts';
import { loadPayments } from './payment-view.ts';

/** Unsettled payments (§3 outstandingPayments): counted per currency over all dates. */
export const OUTSTANDING_STATUSES: readonly PaymentStatus[] = ['UNPAID', 'INVOICE_SENT', 'ABANDONED', 'RESERVATION_FAILED'];

/** `now` minus `months` calendar months (UTC), the day clamped to the target month's length. */
export function monthsBefore(now: Date, months: number): Date {
  const d = new Date(now);
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() - months);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d;
}

/**
 * GET /api/users/{username}/payments: the user's payments with a timestamp in [startDate, endDate] (default: the last
 * PAYMENT_HISTORY_MONTHS months up to now), newest first, and the outstanding payments of any date per currency.
 */
export async function listUserPayments(
  db: Db,
  actor: Actor,
  username: string,
  q: z.infer<typeof ZUserPaymentsQuery>,
  now = new Date(),
): Promise<UserPaymentsResponse> {
  const user = await findFleetUser(db, actor, username);
  const end = q.endDate ? new Date(q.endDate) : now;
  const start = q.startDate ? new Date(q.startDate) : monthsBefore(end, PAYMENT_HISTORY_MONTHS);
  if (start > end) throw AppError.invalidInput([fieldError('startDate', 'startNotAfterEnd')]);
  const mine = and(eq(payments.userId, user.id), eq(payments.fleetId, actor.fleet));
  const [rows, outstanding] = await Promise.all([
    db
      .select()
      .from(payments)
      .where(and(mine, gte(payments.timestamp, start), lte(payments.timestamp, end)))
      .orderBy(desc(payments.timestamp), desc(payments.id)),
    db
      .select({
        currency: payments.currency,
        n: sql<number>`count(*)::int`,
        total: sql<string>`coalesce(sum(${payments.totalPrice}), 0)::text`,
      })
      .from(payments)
      .where(and(mine, inArray(payments.status, [...OUTSTANDING_STATUSES])))
      .groupBy(payments.currency)
      .orderBy(payments.currency),
  ]);
  return {
    startDate: start.toISOString(),
    endDate: end.toISOString(),
    payments: await loadPayments(db, rows),
    outstandingPayments: outstanding.map((o) => ({
      numberOfPayments: o.n,
      totalCost: Math.round(Number(o.total) * 100) / 100,
      currencyCode: o.currency,
    })),
  };
}

/** GET /api/users/{username}/payments/methods: the registered cards, newest first. */
export async function listPaymentMethods(db: Db, actor: Actor, username: string): Promise<PaymentMethodsResponse> {
  const user = await findFleetUser(db, actor, username);
  const cards = await db
    .select()
    .from(registeredCards)
    .where(and(eq(registeredCards.userId, user.id), eq(registeredCards.fleetId, actor.fleet)))
    .orderBy(desc(registeredCards.createdAt), desc(registeredCards.id));
  return { registeredCards: cards.map((c) => ({ id: String(c.id), cardTypeAndMaskedNumber: c.cardTypeAndMaskedNumber, expires: c.expires })) };
}

type ListCursor = { t: string; id: number };
const encodeCursor = (c: ListCursor) => Buffer.from(JSON.stringify(c)).toString('base64url');
function decodeCursor(raw: string): ListCursor {
  try {
    const c = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as Partial<ListCursor>;
    if (typeof c.t === 'string' && !Number.isNaN(Date.parse(c.t)) && typeof c.id === 'number' && Number.isSafeInteger(c.id))
      return { t: c.t, id: c.id };
  } catch {
    // fall through
  }
  throw AppError.invalidInput([fieldError('cursor', 'invalidCursor')]);
}

/**
 * GET /api/payments: the operator's payments newest first (timestamp, id), keyset-paged with one extra row fetched
 * for `moreResults`; filters: statuses, type, timestamp from/to, user name, order id or bid prefix.
 * Served by payments_fleet_timestamp_idx (and payments_fleet_status_timestamp_idx with a status filter).
 */
/**
 * The payments screen's filters (everything but the page cursor) as conditions on payments joined with their booking;
 * null when they can match nothing (an unknown user). Shared by the list and the saved views' count.
 */
async function paymentConditions(db: Db, actor: Actor, q: z.infer<typeof ZPaymentsQuery>, now: Date): Promise<SQL[] | null> {
  const where: SQL[] = [eq(payments.fleetId, actor.fleet)];
  if (q.status?.length) where.push(inArray(payments.status, q.status));
  if (q.type) where.push(eq(payments.type, q.type));
  if (q.from) where.push(gte(payments.timestamp, new Date(q.from)));
  if (q.to) where.push(lte(payments.timestamp, new Date(q.to)));
  if (q.olderThanDays !== undefined) where.push(lt(payments.timestamp, new Date(now.getTime() - q.olderThanDays * 86_400_000)));
  if (q.user) {
    const [u] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(sql`lower(${users.username}) = lower(${q.user.trim()})`, eq(users.fleetId, actor.fleet)))
      .limit(1);
    if (!u) return null;
    where.push(eq(payments.userId, u.id));
  }
  if (q.search) {
    const term = q.search.trim().toUpperCase();
    if (term) {
      const prefix = `${escapeLike(term)}%`;
      where.push(or(sql`${payments.orderId} like ${prefix}`, sql`${bookings.bid} like ${prefix}`)!);
    }
  }
  return where;
}

/** How many payments the screen's filters match (the saved views' count; the cursor and page size are not used). */
export async function countPayments(db: Db, actor: Actor, q: z.infer<typeof ZPaymentsQuery>, now = new Date()): Promise<number> {
  const where = await paymentConditions(db, actor, q, now);
  if (!where) return 0;
  const [row] = await db
    .select({ n: count() })
    .from(payments)
    .leftJoin(bookings, eq(bookings.id, payments.bookingId))
    .where(and(...where));
  return row?.n ?? 0;
}

export async function listPayments(db: Db, actor: Actor, q: z.infer<typeof ZPaymentsQuery>, now = new Date()): Promise<PaymentsResponse> {
  const where = await paymentConditions(db, actor, q, now);
  if (!where) return { results: [], moreResults: false, nextCursor: null };
  if (q.cursor) {
    const c = decodeCursor(q.cursor);
    // Compared in the database at its microsecond precision (a JS Date would round the key to milliseconds).
    where.push(sql`(${payments.timestamp}, ${payments.id}) < (${c.t}::timestamptz, ${c.id})`);
  }
  const rows = await db
    .select({
      p: payments,
      key: sql<string>`to_char(${payments.timestamp} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
      bid: bookings.bid,
      username: users.username,
      givenName: users.givenName,
      familyName: users.familyName,
    })
    .from(payments)
    .leftJoin(bookings, eq(bookings.id, payments.bookingId))
    .leftJoin(users, eq(users.id, payments.userId))
    .where(and(...where))
    .orderBy(desc(payments.timestamp), desc(payments.id))
    .limit(q.pageSize + 1);
  const page = rows.slice(0, q.pageSize);
  const last = page.at(-1);
  const results: PaymentListRow[] = page.map(({ p, bid, username, givenName, familyName }) => ({
    orderId: p.orderId,
    bid: bid ?? null,
    username: username ?? null,
    fullNameLastFirst: username ? `${familyName}, ${givenName}` : null,
    type: p.type,
    status: p.status,
    target: p.target,
    timestamp: p.timestamp.toISOString(),
    totalPrice: p.totalPrice,
    currency: p.currency,
    reservationFailed: p.reservationFailed,
  }));
  const moreResults = rows.length > q.pageSize;
  return { results, moreResults, nextCursor: moreResults && last ? encodeCursor({ t: last.key, id: last.p.id }) : null };
}
