import {
  eventValue,
  eventMoney,
  eventText,
  ADMIN_FEE_ITEM,
  adminFeeOf,
  DEFAULT_ESTIMATED_DISTANCE_KM,
  roundMoney,
  type Currency,
  type PaymentStatus,
} from '@fleetdesk/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { paymentEvents, payments, registeredCards } from '../../db/schema.ts';
import type { PaymentProvider } from '../../integrations/payments/provider.ts';
import type { Actor } from '../auth/index.ts';
import { appendEvent } from '../events/index.ts';
import { chooseUserCard } from '../users/index.ts';
import { freshOrderId } from './identifiers.ts';
import { bookingEvent, lockMainBookingPayment, type BookingRow, type LockedBooking } from './locked-booking.ts';
import { FIXED_PRICE_ITEM, fixedPriceLine, priceBooking, vatRateOf, type PriceResult } from './pricing.ts';

/**
 * The booking ledger: what the booking's own changes write to its booking payment (BOK) — the payment created
 * when the booking has none, the admin fee of an extension, the fixed price applied when the booking finishes, the
 * estimate after an extension, and the payment following a new estimate on update. Fees and credits staff add are
 * billing's (modules/billing); the payment actions are payments' (modules/payments).
 */

type PaymentRow = typeof payments.$inferSelect;

const ADMIN_FEE_DISPLAY_TEXT = 'Admin booking fee';

/**
 * The booking payment (BOK), locked; created (UNPAID; CREDITCARD with the card `chooseUserCard` picks — the user's
 * newest card that has not expired — else USER_INVOICE) when the booking has none.
 */
export async function ensureBookingPayment(tx: Db, actor: Actor, b: LockedBooking, now: Date): Promise<{ payment: PaymentRow; created: boolean }> {
  const existing = await lockMainBookingPayment(tx, b.row);
  if (existing) return { payment: existing, created: false };
  const { card } = await chooseUserCard(tx, actor.fleet, b.user?.id ?? null, now);
  const [inserted] = await tx
    .insert(payments)
    .values({
      orderId: await freshOrderId(tx),
      fleetId: actor.fleet,
      bookingId: b.row.id,
      userId: b.row.userId,
      type: card ? 'CREDITCARD' : 'USER_INVOICE',
      status: 'UNPAID',
      target: 'BOOKING',
      timestampType: 'CREATED_DATE',
      timestamp: now,
      currency: b.contract.currency,
      paymentProvider: card ? 'sandbox' : 'invoice',
      cardId: card?.id ?? null,
      createdAt: now,
    })
    .returning();
  if (!inserted) throw new Error('payment insert returned no row');
  return { payment: inserted, created: true };
}

/**
 * Adds the ADMIN_BOOKING_FEE line (VAT from the price list's VAT entry) to the booking payment and its totals;
 * creates the payment (UNPAID; CREDITCARD with the user's valid card, else USER_INVOICE) when there is none.
 */
export async function addAdminFee(tx: Db, actor: Actor, b: LockedBooking, comment: string, now: Date) {
  const cost = adminFeeOf(b.contract.priceList);
  if (cost === null) return null;
  const { payment, created } = await ensureBookingPayment(tx, actor, b, now);
  const rate = vatRateOf(b.contract.priceList);
  const priceWithoutVat = roundMoney(cost);
  const vat = roundMoney(priceWithoutVat * rate);
  const totalPrice = roundMoney(priceWithoutVat + vat);
  const [line] = await tx
    .insert(paymentEvents)
    .values({
      paymentId: payment.id,
      itemName: ADMIN_FEE_ITEM,
      itemType: ADMIN_FEE_ITEM,
      itemDisplayText: ADMIN_FEE_DISPLAY_TEXT,
      comment,
      unitAmount: 1,
      unitCost: cost,
      priceWithoutVat,
      vat,
      totalPrice,
      manualEvent: true,
      createdBy: actor.username,
      createdAt: now,
    })
    .returning({ id: paymentEvents.id });
  await tx
    .update(payments)
    .set({
      totalPriceWithoutVat: sql`${payments.totalPriceWithoutVat} + ${priceWithoutVat}`,
      totalVat: sql`${payments.totalVat} + ${vat}`,
      totalPrice: sql`${payments.totalPrice} + ${totalPrice}`,
    })
    .where(eq(payments.id, payment.id));
  return { orderId: payment.orderId, lineId: line!.id, priceWithoutVat, vat, totalPrice, currency: payment.currency, created };
}

/**
 * Takes an admin fee line (addAdminFee's lineId) off the booking's payment and its totals, while that payment is not
 * yet paid or invoiced: 'CHARGED' when it is, false when the line is gone already, true when removed.
 */
export async function removeAdminFeeLine(tx: Db, b: LockedBooking, lineId: number): Promise<boolean | 'CHARGED'> {
  const payment = await lockMainBookingPayment(tx, b.row);
  if (!payment) return false;
  const [line] = await tx
    .select()
    .from(paymentEvents)
    .where(and(eq(paymentEvents.id, lineId), eq(paymentEvents.paymentId, payment.id), eq(paymentEvents.itemName, ADMIN_FEE_ITEM)))
    .limit(1);
  if (!line) return false;
  if (payment.status === 'PAID' || payment.status === 'INVOICE_SENT') return 'CHARGED';
  await tx.delete(paymentEvents).where(eq(paymentEvents.id, line.id));
  await tx
    .update(payments)
    .set({
      totalPriceWithoutVat: sql`${payments.totalPriceWithoutVat} - ${line.priceWithoutVat}`,
      totalVat: sql`${payments.totalVat} - ${line.vat}`,
      totalPrice: sql`${payments.totalPrice} - ${line.totalPrice}`,
    })
    .where(eq(payments.id, payment.id));
  return true;
}

const FIXED_PRICE_DISPLAY_TEXT = 'Fixed price';

/**
 * A booking with a fixed price (§3) that becomes FINISHED is priced at it: the computed lines of its booking payment
 * (those that are not manual events) give way to one FIXED line at the fixed price plus VAT, manual lines (admin
 * fees, credits) stay, and the totals become the sum of the lines. The payment is created when there is none
 * (docs/decisions/0022-billing.md). No fixed price: nothing changes.
 */
export async function applyFixedPrice(tx: Db, actor: Actor, b: LockedBooking, now: Date): Promise<void> {
  const price = b.row.fixedPrice;
  if (price === null) return;
  const { payment } = await ensureBookingPayment(tx, actor, b, now);
  await tx.delete(paymentEvents).where(and(eq(paymentEvents.paymentId, payment.id), eq(paymentEvents.manualEvent, false)));
  const l = fixedPriceLine(price, vatRateOf(b.contract.priceList));
  await tx.insert(paymentEvents).values({
    paymentId: payment.id,
    itemName: FIXED_PRICE_ITEM,
    itemType: FIXED_PRICE_ITEM,
    itemDisplayText: FIXED_PRICE_DISPLAY_TEXT,
    comment: b.row.fixedPriceComment,
    unitAmount: l.unitAmount,
    unitCost: l.unitCost,
    priceWithoutVat: l.priceWithoutVat,
    vat: l.vat,
    totalPrice: l.totalPrice,
    manualEvent: false,
    createdBy: actor.username,
    createdAt: now,
  });
  const lines = await tx.select().from(paymentEvents).where(eq(paymentEvents.paymentId, payment.id));
  const ore = (x: number) => Math.round(x * 100);
  const without = lines.reduce((sum, x) => sum + ore(x.priceWithoutVat), 0);
  const vat = lines.reduce((sum, x) => sum + ore(x.vat), 0);
  const totals = { totalPriceWithoutVat: without / 100, totalVat: vat / 100, totalPrice: (without + vat) / 100 };
  await tx.update(payments).set(totals).where(eq(payments.id, payment.id));
  await bookingEvent(
    tx,
    actor,
    b,
    eventText('fixedPriceApplied', {
      orderId: payment.orderId,
      withoutVat: eventMoney(l.priceWithoutVat, payment.currency),
      vat: eventMoney(l.vat, payment.currency),
      total: eventMoney(totals.totalPrice, payment.currency),
    }),
    {
      action: 'FIXED_PRICE_APPLIED',
      orderId: payment.orderId,
      fixedPrice: price,
      ...totals,
      currency: payment.currency,
    },
    { type: 'PAYMENT_ACTION', occurred: now },
  );
}

/**
 * The estimate after an extension: the stored estimate plus what the longer interval adds under the contract
 * (priceBooking of the new interval minus that of the old one, estimated distance and start-up fee alike) plus the
 * admin fee added now. Whatever the stored estimate already held (an admin fee at creation, earlier extension
 * fees) stays in; a booking without an estimate starts from the price of its old interval.
 */
export function extendedEstimate(b: LockedBooking, newEnd: Date, timeZone: string, feeAdded: { priceWithoutVat: number; vat: number } | null) {
  const priceOf = (end: Date) =>
    priceBooking({
      start: b.row.startTime,
      end,
      distanceKm: b.row.estimatedDistance ?? DEFAULT_ESTIMATED_DISTANCE_KM,
      priceList: b.contract.priceList,
      currency: b.contract.currency,
      timeZone,
    });
  const before = priceOf(b.row.endTime);
  const after = priceOf(newEnd);
  const baseWithoutVat = b.row.estimatedPriceWithoutVat ?? before.totalPriceWithoutVat;
  const baseVat = b.row.estimatedVat ?? before.totalVat;
  return {
    withoutVat: roundMoney(baseWithoutVat + after.totalPriceWithoutVat - before.totalPriceWithoutVat + (feeAdded?.priceWithoutVat ?? 0)),
    vat: roundMoney(baseVat + after.totalVat - before.totalVat + (feeAdded?.vat ?? 0)),
  };
}

/**
 * Keeps the booking payment in step with a new estimate while nothing is paid yet: the totals follow, and a card
 * reservation (RESERVED or RESERVATION_FAILED) is made again for the new amount.
 */
export async function syncBookingPayment(
  tx: Db,
  actor: Actor,
  deps: { payments: PaymentProvider },
  b: BookingRow,
  username: string | null,
  estimate: PriceResult,
  currency: Currency,
  now: Date,
): Promise<void> {
  // The main booking payment (mainBookingPayment), as the card, the abilities and the payment actions see it.
  const main = await lockMainBookingPayment(tx, b);
  if (!main || !['RESERVED', 'RESERVATION_FAILED', 'NEEDS_AUTHORIZATION', 'UNPAID', 'NO_CHARGE'].includes(main.status)) return;
  const total = estimate.totalPriceWithVat;
  if (total === main.totalPrice && estimate.totalVat === main.totalVat) return;
  let status: PaymentStatus = main.status;
  let externalId = main.externalId;
  if (total <= 0) status = 'NO_CHARGE';
  else if (
    main.type === 'CREDITCARD' &&
    (main.status === 'RESERVED' || main.status === 'RESERVATION_FAILED' || main.status === 'NO_CHARGE') &&
    main.cardId !== null
  ) {
    const [card] = await tx.select().from(registeredCards).where(eq(registeredCards.id, main.cardId)).limit(1);
    if (card) {
      const reservation = await deps.payments.reserve(card, total, currency, now);
      if (main.externalId) await deps.payments.release(main.externalId).catch(() => undefined);
      status = reservation.status;
      externalId = reservation.externalId;
    }
  } else if (main.status === 'NO_CHARGE') status = 'UNPAID';
  await tx
    .update(payments)
    .set({
      totalPriceWithoutVat: estimate.totalPriceWithoutVat,
      totalVat: estimate.totalVat,
      totalPrice: total,
      status,
      externalId,
      reservationFailed: status === 'RESERVATION_FAILED',
    })
    .where(eq(payments.id, main.id));
  await appendEvent(tx, actor, {
    type: 'PAYMENT_ACTION',
    text: eventText('paymentFollowsEstimate', {
      orderId: main.orderId,
      amount: eventMoney(total, currency),
      status: eventValue('paymentStatus', status),
    }),
    bid: b.bid,
    affectedUsername: username,
    occurred: now,
    properties: { orderId: main.orderId, previousTotal: main.totalPrice, amount: total, currency, status },
  });
}
