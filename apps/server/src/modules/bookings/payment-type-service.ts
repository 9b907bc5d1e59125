import {
  BID_PATTERN, CARD_ERROR_MESSAGES, MESSAGE_IDS, MESSAGES, PAYMENT_EXCEPTION_PREFIX, type Booking, type CardErrorCode, type PaymentStatus, type PaymentType,
} from '@fleetdesk/contract';
import { and, asc, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { bookings, payments, registeredCards, users } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import type { PaymentProvider, Reservation } from '../../integrations/payments/provider.ts';
import { isCardExpired } from '../../integrations/payments/sandbox.ts';
import type { Actor } from '../auth/session.ts';
import { appendEvent } from '../events/service.ts';
import { bookingNotFound, getBooking, mainBookingPayment } from './service.ts';

/**
 * PUT /api/bookings/{bid}/paymentType (§4 payment actions, §4 "Converted to invoice", §7): switches the booking
 * payment (the BOK payment: target BOOKING, no parent) between CREDITCARD and USER_INVOICE.
 *
 * Rules, checked on the locked rows in one transaction:
 * - the same type again is a no-op (idempotent PUT: the booking is returned, no event);
 * - an INVOICE (company invoice) payment never changes type: 409, "Can't turn from invoice to credit card" when
 *   asked for CREDITCARD; switching *to* INVOICE is not a console action either (409);
 * - PAID or NO_CHARGE payments keep their type (409);
 * - CREDITCARD → USER_INVOICE: UNPAID, no provider, no card; a RESERVED or NEEDS_AUTHORIZATION reservation is
 *   released at the provider after the commit (externalId kept for reference), reservationFailed cleared;
 * - USER_INVOICE → CREDITCARD: needs a registered, unexpired card of the booking's user (409 otherwise); the
 *   total is reserved on the newest such card: RESERVED or NEEDS_AUTHORIZATION (the 3-D Secure card). A declined
 *   reservation refuses the switch with 400 (§8 "It was not possible to reserve the above amount on your card").
 *   Card refusals carry §8 payment exception ids (PAYMENT_EXCEPTION_PREFIX + missing / expired_card / card_declined).
 * Each switch appends one PAYMENT_ACTION event ('Payment type changed from X to Y'). Another operator's booking,
 * or a booking without a payment, answers 404.
 */

export interface PaymentTypeDeps {
  payments: PaymentProvider;
}

type PaymentRow = typeof payments.$inferSelect;
type CardRow = typeof registeredCards.$inferSelect;

const conflict = (message: string) => new AppError(MESSAGE_IDS.conflict, 409, message);
const paymentNotFound = () => AppError.notFound();
/** §8: a payment exception id carries the card error code, which the client translates. */
const cardProblem = (code: CardErrorCode, httpCode: number, message: string = CARD_ERROR_MESSAGES[code]) =>
  new AppError(`${PAYMENT_EXCEPTION_PREFIX}${code}`, httpCode, message);

const LOCKED_STATUSES: readonly PaymentStatus[] = ['PAID', 'NO_CHARGE'];
/** Card statuses that hold (or wait for) a reservation at the provider. */
const HELD_STATUSES: readonly PaymentStatus[] = ['RESERVED', 'NEEDS_AUTHORIZATION'];

/** The newest registered card of the user that has not expired; 409 'missing' or 'expired_card' when there is none. */
async function usableCard(tx: Db, fleet: string, userId: number | null, now: Date): Promise<CardRow> {
  const cards = userId === null ? [] : await tx.select().from(registeredCards)
    .where(and(eq(registeredCards.userId, userId), eq(registeredCards.fleetId, fleet)))
    .orderBy(desc(registeredCards.createdAt), desc(registeredCards.id));
  const card = cards.find((c) => !isCardExpired(c.expires, now));
  if (!card) throw cards.length ? cardProblem('expired_card', 409) : cardProblem('missing', 409);
  return card;
}

function refuseSwitch(from: PaymentType, to: PaymentType, status: PaymentStatus): void {
  if (from === 'INVOICE') {
    throw conflict(to === 'CREDITCARD' ? MESSAGES.cantTurnInvoiceToCard : MESSAGES.companyInvoiceTypeFixed);
  }
  if (to === 'INVOICE') throw conflict(MESSAGES.paymentSwitchCardInvoiceOnly);
  if (LOCKED_STATUSES.includes(status)) throw conflict(`The payment type cannot be changed when the payment is ${status}`);
}

export async function setBookingPaymentType(
  db: Db, actor: Actor, rawBid: string, paymentType: PaymentType, deps: PaymentTypeDeps, now = new Date(),
): Promise<Booking> {
  const bid = rawBid.trim().toUpperCase();
  if (!BID_PATTERN.test(bid)) throw bookingNotFound();
  /** Reservation made in the transaction: released again if the transaction fails. */
  let made: Reservation | null = null;
  /** Reservation to release once the switch to invoice has committed. */
  let toRelease: string | null = null;
  try {
    await db.transaction(async (tx) => {
      const [booking] = await tx.select().from(bookings)
        .where(and(eq(bookings.bid, bid), eq(bookings.fleetId, actor.fleet))).limit(1).for('update');
      if (!booking) throw bookingNotFound();
      const main: PaymentRow | null = mainBookingPayment(await tx.select().from(payments)
        .where(and(eq(payments.bookingId, booking.id), eq(payments.target, 'BOOKING'), isNull(payments.parentPaymentId), eq(payments.fleetId, actor.fleet)))
        .orderBy(asc(payments.id)).for('update'));
      if (!main) throw paymentNotFound();
      const from = main.type;
      if (from === paymentType) return;
      refuseSwitch(from, paymentType, main.status);

      let patch: Partial<typeof payments.$inferInsert>;
      if (paymentType === 'USER_INVOICE') {
        if (main.externalId && HELD_STATUSES.includes(main.status)) toRelease = main.externalId;
        patch = { type: 'USER_INVOICE', status: 'UNPAID', paymentProvider: 'invoice', reservationFailed: false, cardId: null };
      } else {
        const card = await usableCard(tx, actor.fleet, booking.userId, now);
        made = await deps.payments.reserve(card, main.totalPrice, main.currency, now);
        if (made.status === 'RESERVATION_FAILED') throw cardProblem('card_declined', 400, MESSAGES.reservationFailed);
        patch = { type: 'CREDITCARD', status: made.status, paymentProvider: deps.payments.name, externalId: made.externalId, reservationFailed: false, cardId: card.id };
      }
      await tx.update(payments).set(patch).where(eq(payments.id, main.id));

      const [user] = booking.userId !== null ? await tx.select({ username: users.username }).from(users).where(eq(users.id, booking.userId)).limit(1) : [];
      await appendEvent(tx, actor, {
        type: 'PAYMENT_ACTION',
        displayText: `Payment type changed from ${from} to ${paymentType}`,
        bid: booking.bid,
        affectedUsername: user?.username ?? null,
        occurred: now,
        properties: {
          from, to: paymentType, orderId: main.orderId, previousStatus: main.status, status: patch.status,
          ...(patch.externalId ? { externalId: patch.externalId } : {}),
          ...(toRelease ? { releasedExternalId: toRelease } : {}),
        },
      });
    });
  } catch (err) {
    const pending = made as Reservation | null;
    if (pending) await deps.payments.release(pending.externalId).catch(() => undefined);
    throw err;
  }
  const released = toRelease as string | null;
  if (released) await deps.payments.release(released).catch(() => undefined);
  return getBooking(db, actor, bid, now);
}
