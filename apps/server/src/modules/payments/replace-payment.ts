import { randomUUID } from 'node:crypto';
import { eventValue, eventText, MESSAGE_IDS, MESSAGES, type Payment, type PaymentType } from '@fleetdesk/contract';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { paymentEvents, payments } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import type { Actor } from '../auth/index.ts';
import { lockBookingRow, lockMainBookingPayment } from '../bookings/index.ts';
import { findBookingRow } from '../bookings/index.ts';
import { freshOrderId } from '../bookings/index.ts';
import {
  cardRefused,
  chargeOrReserve,
  chargesAtOnce,
  factsOf,
  HELD,
  recordAction,
  releaseQuietly,
  reload,
  switchCard,
  type PaymentDeps,
} from './payment-support.ts';
export type { PaymentDeps } from './payment-support.ts';
import { assertPaymentAllowed } from '../bookings/index.ts';

/**
 * POST /api/bookings/{bid}/payments/replace (split from service.ts; the shared helpers are in payment-support.ts).
 */

/**
 * POST /api/bookings/{bid}/payment/replace: a new BOK payment of `paymentType` with the same lines and totals; the
 * old one becomes NO_CHARGE (its reservation released) and stays as a record; the event orders move to the new one,
 * which mainBookingPayment picks as the booking payment (docs/decisions/0021-payments.md). A paid payment is not
 * replaced (409: credit it instead).
 */
export async function replaceBookingPayment(
  db: Db,
  actor: Actor,
  rawBid: string,
  paymentType: PaymentType,
  deps: PaymentDeps,
  now = new Date(),
): Promise<Payment> {
  const bid = (await findBookingRow(db, actor, rawBid)).bid;
  let held: string | null = null;
  let made: string | null = null;
  const providerKey = `${actor.fleet}:${bid}:replace:${randomUUID()}`;
  try {
    const payment = await db.transaction(async (tx) => {
      const booking = await lockBookingRow(tx, actor, bid);
      const old = await lockMainBookingPayment(tx, booking);
      if (!old) throw new AppError(MESSAGE_IDS.paymentNotFound, 404, MESSAGES.noPaymentToReplace);
      assertPaymentAllowed('replace', factsOf(old), MESSAGES.paymentReplacePaid);

      let fields: Partial<typeof payments.$inferInsert> = { status: 'UNPAID', paymentProvider: 'invoice', externalId: null, cardId: null };
      if (paymentType === 'CREDITCARD') {
        const card = await switchCard(tx, actor.fleet, booking.userId, now);
        const outcome = await chargeOrReserve(deps, card, chargesAtOnce(old, booking), old.totalPrice, old.currency, providerKey, now);
        if (!outcome.ok) {
          made = outcome.externalId ?? null;
          throw cardRefused(outcome.code);
        }
        if (outcome.status !== 'PAID') made = outcome.externalId;
        fields = {
          status: outcome.status,
          paymentProvider: deps.payments.name,
          externalId: outcome.externalId,
          cardId: card.id,
          ...(outcome.status === 'PAID' ? { timestampType: 'PAYMENT_DATE' as const, timestamp: now } : {}),
        };
      }
      const [created] = await tx
        .insert(payments)
        .values({
          orderId: await freshOrderId(tx),
          fleetId: actor.fleet,
          bookingId: booking.id,
          userId: old.userId,
          parentPaymentId: null,
          type: paymentType,
          target: 'BOOKING',
          timestampType: 'CREATED_DATE',
          timestamp: now,
          totalPriceWithoutVat: old.totalPriceWithoutVat,
          totalVat: old.totalVat,
          totalPrice: old.totalPrice,
          currency: old.currency,
          status: 'UNPAID',
          ...fields,
          createdAt: now,
        })
        .returning();
      const lines = await tx.select().from(paymentEvents).where(eq(paymentEvents.paymentId, old.id)).orderBy(asc(paymentEvents.id));
      if (lines.length) {
        await tx
          .insert(paymentEvents)
          .values(lines.map(({ id: _id, paymentId: _p, createdAt: _c, ...l }) => ({ ...l, paymentId: created!.id, createdAt: now })));
      }
      // The event orders follow the new payment; the old one stays beside it as NO_CHARGE (mainBookingPayment skips it).
      await tx.update(payments).set({ parentPaymentId: created!.id }).where(eq(payments.parentPaymentId, old.id));
      await tx.update(payments).set({ status: 'NO_CHARGE' }).where(eq(payments.id, old.id));
      if (HELD.includes(old.status)) held = old.externalId;
      await recordAction(
        tx,
        actor,
        old,
        'NO_CHARGE',
        eventText('paymentReplaced', {
          orderId: old.orderId,
          newOrderId: created!.orderId,
          paymentType: eventValue('paymentTypeCode', paymentType),
          status: eventValue('paymentStatus', created!.status),
        }),
        now,
        {
          newOrderId: created!.orderId,
          newStatus: created!.status,
          newPaymentType: paymentType,
        },
      );
      return reload(tx, created!.id);
    });
    await releaseQuietly(deps, held);
    return payment;
  } catch (err) {
    await releaseQuietly(deps, made);
    throw err;
  }
}
