import {
  type EventTextPart,
  eventText,
  CARD_ERROR_MESSAGES,
  MESSAGE_IDS,
  PAYMENT_EXCEPTION_PREFIX,
  type CardErrorCode,
  type Payment,
  type PaymentStatus,
} from '@fleetdesk/contract';
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { bookings, payments, registeredCards, users } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import type { PaymentCard, PaymentProvider, Reservation } from '../../integrations/payments/provider.ts';
import { isCardExpired } from '../../integrations/payments/sandbox.ts';
import type { Actor } from '../auth/index.ts';
import { appendEvent } from '../events/index.ts';
import { chooseUserCard } from '../users/index.ts';
import { loadPayments, type PaymentRow } from './payment-view.ts';
import { type PaymentFacts } from '../bookings/index.ts';

/**
 * What the payment operations of service.ts share: locking a payment, its facts for the abilities, the event it
 * records, the cards it may use and the provider calls that charge, reserve or release (split from service.ts).
 */

export interface PaymentDeps {
  payments: PaymentProvider;
}

export type CardRow = typeof registeredCards.$inferSelect;
export type BookingRow = typeof bookings.$inferSelect;

const ORDER_ID = /^(BOK|EVE)\d{1,18}$/;
/** Card statuses that hold (or wait for) money at the provider. */
export const HELD: readonly PaymentStatus[] = ['RESERVED', 'NEEDS_AUTHORIZATION'];

export const paymentNotFound = () => AppError.notFound(MESSAGE_IDS.paymentNotFound, 'paymentNotFound');
export const conflict = (message: string) => new AppError(MESSAGE_IDS.conflict, 409, message);
/** §8: the id carries the card error code, which the client translates; the message is the canonical English one. */
export const cardRefused = (code: CardErrorCode, httpCode = 400) =>
  new AppError(`${PAYMENT_EXCEPTION_PREFIX}${code}`, httpCode, CARD_ERROR_MESSAGES[code]);

export const normalizeOrderId = (raw: string): string => {
  const id = raw.trim().toUpperCase();
  if (!ORDER_ID.test(id)) throw paymentNotFound();
  return id;
};

export async function lockPayment(tx: Db, actor: Actor, orderId: string): Promise<PaymentRow> {
  const [row] = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.fleetId, actor.fleet)))
    .limit(1)
    .for('update');
  if (!row) throw paymentNotFound();
  return row;
}

/**
 * The facts the payment abilities need (abilities.ts). The card check is left to the card code that follows a switch
 * to a card (it tells a missing card from an expired one), so it counts as present here.
 */
export const factsOf = (p: PaymentRow): PaymentFacts => ({
  orderId: p.orderId,
  type: p.type,
  status: p.status,
  target: p.target,
  hasValidCard: true,
});

export async function bookingOf(tx: Db, p: PaymentRow): Promise<BookingRow | null> {
  if (p.bookingId === null) return null;
  const [b] = await tx.select().from(bookings).where(eq(bookings.id, p.bookingId)).limit(1);
  return b ?? null;
}

async function usernameOf(tx: Db, userId: number | null): Promise<string | null> {
  if (userId === null) return null;
  const [u] = await tx.select({ username: users.username }).from(users).where(eq(users.id, userId)).limit(1);
  return u?.username ?? null;
}

/** One PAYMENT_ACTION event: acting staff, bid, affected user, orderId, previous and new status. */
export async function recordAction(
  tx: Db,
  actor: Actor,
  p: PaymentRow,
  status: PaymentStatus,
  text: EventTextPart | EventTextPart[],
  now: Date,
  extra: Record<string, unknown> = {},
): Promise<void> {
  const booking = await bookingOf(tx, p);
  await appendEvent(tx, actor, {
    type: 'PAYMENT_ACTION',
    text,
    bid: booking?.bid ?? null,
    affectedUsername: await usernameOf(tx, p.userId),
    occurred: now,
    properties: { orderId: p.orderId, previousStatus: p.status, status, paymentType: p.type, ...extra },
  });
}

export const withReason = (text: EventTextPart, reason: string | undefined): EventTextPart[] =>
  reason ? [text, eventText('withReason', { reason })] : [text];

export async function reload(tx: Db, id: number): Promise<Payment> {
  const [row] = await tx.select().from(payments).where(eq(payments.id, id)).limit(1);
  if (!row) throw paymentNotFound();
  const [payment] = await loadPayments(tx, [row]);
  return payment!;
}

const asCard = (c: CardRow): PaymentCard => ({
  cardTypeAndMaskedNumber: c.cardTypeAndMaskedNumber,
  providerToken: c.providerToken,
  expires: c.expires,
});

async function cardsOf(tx: Db, fleet: string, userId: number | null): Promise<CardRow[]> {
  if (userId === null) return [];
  return tx
    .select()
    .from(registeredCards)
    .where(and(eq(registeredCards.userId, userId), eq(registeredCards.fleetId, fleet)))
    .orderBy(desc(registeredCards.createdAt), desc(registeredCards.id));
}

/**
 * The card a retry charges: the payment's own card while it is valid, else the user's newest valid card, else the
 * newest expired one (which the provider refuses with expired_card); null without any card (`missing`).
 */
export async function retryCard(tx: Db, fleet: string, p: PaymentRow, now: Date): Promise<CardRow | null> {
  const cards = await cardsOf(tx, fleet, p.userId);
  const valid = cards.filter((c) => !isCardExpired(c.expires, now));
  return valid.find((c) => c.id === p.cardId) ?? valid[0] ?? cards[0] ?? null;
}

/** The card for a switch to card payment: the one `chooseUserCard` picks; 409 `missing` / `expired_card` as PUT paymentType. */
export async function switchCard(tx: Db, fleet: string, userId: number | null, now: Date): Promise<CardRow> {
  const { card, refusal } = await chooseUserCard(tx, fleet, userId, now);
  if (!card) throw cardRefused(refusal, 409);
  return card;
}

/** A finished or cancelled booking, or no booking (an event payment), is charged; a coming one gets a reservation. */
export const chargesAtOnce = (p: PaymentRow, booking: BookingRow | null) =>
  p.target !== 'BOOKING' || booking === null || booking.state === 'FINISHED' || booking.state === 'CANCELLED';

export type CardOutcome =
  { ok: true; status: 'PAID' | 'RESERVED' | 'NEEDS_AUTHORIZATION'; externalId: string } | { ok: false; code: CardErrorCode; externalId?: string };

export async function chargeOrReserve(
  deps: PaymentDeps,
  card: CardRow,
  atOnce: boolean,
  amount: number,
  currency: PaymentRow['currency'],
  key: string,
  now: Date,
): Promise<CardOutcome> {
  if (atOnce) {
    const r = await deps.payments.charge(asCard(card), amount, currency, key, now);
    return r.ok ? { ok: true, status: r.status, externalId: r.externalId } : { ok: false, code: r.code };
  }
  const r: Reservation = await deps.payments.reserve(asCard(card), amount, currency, now);
  if (r.status === 'RESERVATION_FAILED') return { ok: false, code: r.failureCode ?? 'card_declined', externalId: r.externalId };
  return { ok: true, status: r.status, externalId: r.externalId };
}

export const releaseQuietly = async (deps: PaymentDeps, externalId: string | null) => {
  if (externalId) await deps.payments.release(externalId).catch(() => undefined);
};
