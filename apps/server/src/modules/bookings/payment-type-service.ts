import {
  eventValue,
  eventText,
  CARD_ERROR_MESSAGES,
  MESSAGE_IDS,
  MESSAGES,
  PAYMENT_EXCEPTION_PREFIX,
  type Booking,
  type CardErrorCode,
  type PaymentStatus,
  type PaymentType,
} from '@fleetdesk/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { payments, users } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import type { PaymentProvider, Reservation } from '../../integrations/payments/provider.ts';
import type { Actor } from '../auth/index.ts';
import { appendEvent } from '../events/index.ts';
import { assertPaymentAllowed } from './payment-abilities.ts';
import { lockBookingRow, lockMainBookingPayment } from './locked-booking.ts';
import { getBooking, normalizeBid } from './service.ts';
import { chooseUserCard, type RegisteredCardRow } from '../users/index.ts';

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
type CardRow = RegisteredCardRow;

const conflict = (message: string) => new AppError(MESSAGE_IDS.conflict, 409, message);
const paymentNotFound = () => AppError.notFound();
/** §8: a payment exception id carries the card error code, which the client translates. */
const cardProblem = (code: CardErrorCode, httpCode: number, message: string = CARD_ERROR_MESSAGES[code]) =>
  new AppError(`${PAYMENT_EXCEPTION_PREFIX}${code}`, httpCode, message);

/** Card statuses that hold (or wait for) a reservation at the provider. */
const HELD_STATUSES: readonly PaymentStatus[] = ['RESERVED', 'NEEDS_AUTHORIZATION'];

/** The card `chooseUserCard` picks (the newest that has not expired); 409 'missing' or 'expired_card' when there is none. */
async function usableCard(tx: Db, fleet: string, userId: number | null, now: Date): Promise<CardRow> {
  const { card, refusal } = await chooseUserCard(tx, fleet, userId, now);
  if (!card) throw cardProblem(refusal, 409);
  return card;
}

/**
 * The switch's rules: the payment's `switchType` ability (payment-abilities.ts; the card is checked by usableCard,
 * which tells a missing card from an expired one), and the two targets the console never switches to.
 */
function refuseSwitch(p: PaymentRow, to: PaymentType): void {
  if (p.type === 'INVOICE' && to !== 'CREDITCARD') throw conflict(MESSAGES.companyInvoiceTypeFixed);
  if (to === 'INVOICE') throw conflict(MESSAGES.paymentSwitchCardInvoiceOnly);
  assertPaymentAllowed(
    'switchType',
    { orderId: p.orderId, type: p.type, status: p.status, target: p.target, hasValidCard: true },
    MESSAGES.paymentSwitchCardInvoiceOnly,
  );
}

export async function setBookingPaymentType(
  db: Db,
  actor: Actor,
  rawBid: string,
  paymentType: PaymentType,
  deps: PaymentTypeDeps,
  now = new Date(),
): Promise<Booking> {
  const bid = normalizeBid(rawBid);
  /** Reservation made in the transaction: released again if the transaction fails. */
  let made: Reservation | null = null;
  /** Reservation to release once the switch to invoice has committed. */
  let toRelease: string | null = null;
  try {
    await db.transaction(async (tx) => {
      const booking = await lockBookingRow(tx, actor, bid);
      const main: PaymentRow | null = await lockMainBookingPayment(tx, booking);
      if (!main) throw paymentNotFound();
      const from = main.type;
      if (from === paymentType) return;
      refuseSwitch(main, paymentType);

      let patch: Partial<typeof payments.$inferInsert>;
      if (paymentType === 'USER_INVOICE') {
        if (main.externalId && HELD_STATUSES.includes(main.status)) toRelease = main.externalId;
        patch = { type: 'USER_INVOICE', status: 'UNPAID', paymentProvider: 'invoice', reservationFailed: false, failureCode: null, cardId: null };
      } else {
        const card = await usableCard(tx, actor.fleet, booking.userId, now);
        made = await deps.payments.reserve(card, main.totalPrice, main.currency, now);
        if (made.status === 'RESERVATION_FAILED') throw cardProblem('card_declined', 400, MESSAGES.reservationFailed);
        patch = {
          type: 'CREDITCARD',
          status: made.status,
          paymentProvider: deps.payments.name,
          externalId: made.externalId,
          reservationFailed: false,
          failureCode: null,
          cardId: card.id,
        };
      }
      await tx.update(payments).set(patch).where(eq(payments.id, main.id));

      const [user] =
        booking.userId !== null ? await tx.select({ username: users.username }).from(users).where(eq(users.id, booking.userId)).limit(1) : [];
      await appendEvent(tx, actor, {
        type: 'PAYMENT_ACTION',
        text: eventText('bookingPaymentTypeChanged', { from: eventValue('paymentTypeCode', from), to: eventValue('paymentTypeCode', paymentType) }),
        bid: booking.bid,
        affectedUsername: user?.username ?? null,
        occurred: now,
        properties: {
          from,
          to: paymentType,
          orderId: main.orderId,
          previousStatus: main.status,
          status: patch.status,
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
