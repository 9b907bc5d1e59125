import {
  type EventTextPart,
  eventValue,
  eventMoney,
  eventText,
  BILLING_COMMENT_MAX,
  billingRequestRefusal,
  CARD_ERROR_MESSAGES,
  checkBillingItems,
  CREDITING,
  fieldError,
  MESSAGE_IDS,
  mixConflict,
  PAYMENT_EXCEPTION_PREFIX,
  roundMoney,
  type BillingItem,
  type BillingItemInput,
  type Booking,
  type CardErrorCode,
  type FeeType,
  type MessageKey,
  type PaymentStatus,
  type PaymentType,
} from '@fleetdesk/contract';
import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { paymentEvents, payments, registeredCards } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import { idempotent } from '../../http/idempotency.ts';
import type { PaymentProvider } from '../../integrations/payments/provider.ts';
import type { Actor } from '../auth/index.ts';
import { freshEventOrderId } from '../bookings/index.ts';
import { vatRateOf } from '../bookings/index.ts';
import { fixedPriceRefusal } from '../bookings/index.ts';
import { bookingEvent, lockBooking, patchBooking, type LockedBooking } from '../bookings/index.ts';
import { getBooking, mainBookingPayment, normalizeBid } from '../bookings/index.ts';
import { chooseUserCard, type RegisteredCardRow } from '../users/index.ts';

/**
 * Billing (§5 fee form and its rules, §7 POST /api/bookings/{bid}/billing) and the fixed price (§3, §5 fixed price
 * form, §7 /fixedprice). Choices: docs/decisions/0022-billing.md. The item, mix and credit rules are the ones the fee
 * form runs (packages/contract/src/rules/billing.ts); the card is the one `chooseUserCard` picks.
 *
 * - A fee becomes an event payment (EVE…, target EVENT) whose parent is the booking payment (BOK…), of the same
 *   type, with one manual line. A card fee is charged at once through the PaymentProvider (PAID; a refusal leaves
 *   it UNPAID with the card error code); an invoice fee is UNPAID.
 * - A credit becomes a negative manual CREDITING line of the booking payment, whose totals go down; on a paid card
 *   payment the credit with VAT is refunded to the card.
 * - Everything of one request runs in one transaction on the locked booking, and an Idempotency-Key applies it once.
 */

export interface BillingDeps {
  payments: PaymentProvider;
}

type PaymentRow = typeof payments.$inferSelect;
type CardRow = RegisteredCardRow;

/** English display texts of the fee types (the payment line's itemDisplayText). */
export const FEE_DISPLAY_TEXTS: Record<FeeType, string> = {
  PARKING_TICKET: 'Parking ticket',
  SPEED_TICKET: 'Speed ticket',
  RECONDITIONING_FEE: 'Reconditioning fee',
  NOT_REFUELED: 'Not refuelled',
  DEDUCTIBLE_FEE: 'Deductible',
  TOLL_FEE: 'Toll fee',
  DISTANCE_FEE: 'Distance fee',
  EV_CHARGING: 'EV charging',
  OTHER: 'Other fee',
  CREDITING: 'Credit',
};

const conflict = (key: MessageKey) => AppError.of(MESSAGE_IDS.conflict, 409, key);
const ore = (amount: number) => Math.round(amount * 100);
const fromOre = (n: number) => n / 100 + 0;
/** The booking's PAYMENT_ACTION event (its vehicle and customer from the locked booking). */
const paymentEvent = (tx: Db, actor: Actor, b: LockedBooking, text: EventTextPart, properties: Record<string, unknown>, now: Date) =>
  bookingEvent(tx, actor, b, text, properties, { type: 'PAYMENT_ACTION', occurred: now });

/** A line's price: the value without VAT, its VAT rounded to øre, and the sum. */
function priceOf(value: number, rate: number) {
  const priceWithoutVat = roundMoney(value);
  const vat = roundMoney(priceWithoutVat * rate);
  return { priceWithoutVat, vat, totalPrice: fromOre(ore(priceWithoutVat) + ore(vat)) };
}

// ---------- Billing ----------

/**
 * POST /api/bookings/{bid}/billing: adds fees and/or a credit to a booking. 400 for an item that breaks a §5 rule,
 * 409 for fees mixed with a credit, a credit on an unpaid booking or above its total without VAT; 404 for an
 * unknown or another operator's booking. With `idempotencyKey`, a retry answers the first result and adds nothing.
 */
export async function addBillingItems(
  db: Db,
  actor: Actor,
  rawBid: string,
  input: readonly BillingItemInput[],
  deps: BillingDeps,
  o: { idempotencyKey?: string | undefined } = {},
  now = new Date(),
): Promise<{ booking: Booking; replayed: boolean }> {
  const { items, problems } = checkBillingItems(input);
  const errors = problems.map((p) => fieldError(`${p.index}.${p.field}`, p.message, p.params));
  if (errors.length) throw AppError.invalidInput(errors, errors[0]?.message);
  const mix = mixConflict(items);
  if (mix) throw conflict(mix);
  const bid = normalizeBid(rawBid);
  const { result, replayed } = await idempotent(db, actor.fleet, `billing:${bid}`, o.idempotencyKey, async (tx) => {
    const b = await lockBooking(tx, actor, bid);
    const bookingPayments = await tx.select().from(payments).where(eq(payments.bookingId, b.row.id)).orderBy(asc(payments.id)).for('update');
    const main = mainBookingPayment(bookingPayments);
    const providerKey = (i: number, fallback: string) => (o.idempotencyKey ? `billing:${actor.fleet}:${bid}:${o.idempotencyKey}:${i}` : fallback);
    const credits = items.filter((x) => x.type === CREDITING);
    if (credits.length) {
      await addCredits(tx, actor, b, main, items, deps, providerKey, now);
    } else {
      await addFees(tx, actor, b, main, items, deps, providerKey, now);
    }
    return getBooking(tx, actor, bid, now);
  });
  return { booking: result, replayed };
}

async function addCredits(
  tx: Db,
  actor: Actor,
  b: LockedBooking,
  main: PaymentRow | null,
  items: readonly BillingItem[],
  deps: BillingDeps,
  providerKey: (i: number, fallback: string) => string,
  now: Date,
): Promise<void> {
  // The rules of the fee form's pending list, and the credit rule of the booking's `credit` ability.
  const refused = billingRequestRefusal(items, main);
  if (refused) throw conflict(refused);
  if (!main) throw new Error('a creditable booking has a payment');
  const contractRate = vatRateOf(b.contract.priceList);
  const refundable = main.type === 'CREDITCARD' && main.status === 'PAID' && main.externalId !== null;

  for (const [i, item] of items.entries()) {
    const p = priceOf(item.value, item.vatRate ?? contractRate);
    const [line] = await tx
      .insert(paymentEvents)
      .values({
        paymentId: main.id,
        itemName: CREDITING,
        itemType: CREDITING,
        itemDisplayText: FEE_DISPLAY_TEXTS.CREDITING,
        publicComment: item.publicComment,
        comment: item.comment,
        unitAmount: 1,
        unitCost: p.priceWithoutVat,
        ...p,
        manualEvent: true,
        createdBy: actor.username,
        createdAt: now,
      })
      .returning({ id: paymentEvents.id });
    if (!line) throw new Error('payment line insert returned no row');
    await tx
      .update(payments)
      .set({
        totalPriceWithoutVat: sql`${payments.totalPriceWithoutVat} + ${p.priceWithoutVat}`,
        totalVat: sql`${payments.totalVat} + ${p.vat}`,
        totalPrice: sql`${payments.totalPrice} + ${p.totalPrice}`,
      })
      .where(eq(payments.id, main.id));

    // The money goes back last, after everything else of the credit is written: a refusal rolls the credit back.
    let refunded = 0;
    if (refundable && main.externalId && p.totalPrice < 0) {
      const amount = -p.totalPrice;
      const r = await deps.payments.refund(main.externalId, amount, providerKey(i, `refund:${main.orderId}:${line.id}`));
      if (!r.ok) throw cardRefused(r.code);
      refunded = amount;
      await tx
        .update(payments)
        .set({ refundedAmount: sql`${payments.refundedAmount} + ${amount}` })
        .where(eq(payments.id, main.id));
    }
    const c = main.currency;
    await paymentEvent(
      tx,
      actor,
      b,
      eventText(refunded ? 'creditAddedRefunded' : 'creditAdded', {
        orderId: main.orderId,
        withoutVat: eventMoney(p.priceWithoutVat, c),
        vat: eventMoney(p.vat, c),
        total: eventMoney(p.totalPrice, c),
        refunded: refunded ? eventMoney(refunded, c) : undefined,
      }),
      {
        action: 'CREDIT_ADDED',
        orderId: main.orderId,
        itemType: CREDITING,
        priceWithoutVat: p.priceWithoutVat,
        vat: p.vat,
        totalPrice: p.totalPrice,
        currency: c,
        refunded,
        comment: item.comment ?? undefined,
        publicComment: item.publicComment ?? undefined,
      },
      now,
    );
  }
}

const cardRefused = (code: CardErrorCode) => new AppError(`${PAYMENT_EXCEPTION_PREFIX}${code}`, 400, CARD_ERROR_MESSAGES[code]);

/** The card a fee is charged on: the booking payment's card, else the card `chooseUserCard` picks for the user. */
async function cardFor(tx: Db, actor: Actor, b: LockedBooking, main: PaymentRow | null, now: Date): Promise<CardRow | null> {
  if (main?.cardId) {
    const [card] = await tx.select().from(registeredCards).where(eq(registeredCards.id, main.cardId)).limit(1);
    if (card) return card;
  }
  return (await chooseUserCard(tx, actor.fleet, b.user?.id ?? null, now)).card;
}

async function addFees(
  tx: Db,
  actor: Actor,
  b: LockedBooking,
  main: PaymentRow | null,
  items: readonly BillingItem[],
  deps: BillingDeps,
  providerKey: (i: number, fallback: string) => string,
  now: Date,
): Promise<void> {
  const contractRate = vatRateOf(b.contract.priceList);
  const fallbackCard = main ? null : await cardFor(tx, actor, b, null, now);
  const type: PaymentType = main?.type ?? (fallbackCard ? 'CREDITCARD' : 'USER_INVOICE');
  const card = type === 'CREDITCARD' ? (fallbackCard ?? (await cardFor(tx, actor, b, main, now))) : null;
  const currency = main?.currency ?? b.contract.currency;

  for (const [i, item] of items.entries()) {
    const p = priceOf(item.value, item.vatRate ?? contractRate);
    const orderId = await freshEventOrderId(tx);
    const [eve] = await tx
      .insert(payments)
      .values({
        orderId,
        fleetId: actor.fleet,
        bookingId: b.row.id,
        userId: b.row.userId,
        parentPaymentId: main?.id ?? null,
        type,
        status: 'UNPAID',
        target: 'EVENT',
        timestampType: 'CREATED_DATE',
        timestamp: now,
        totalPriceWithoutVat: p.priceWithoutVat,
        totalVat: p.vat,
        totalPrice: p.totalPrice,
        currency,
        paymentProvider: type === 'CREDITCARD' ? deps.payments.name : 'invoice',
        cardId: card?.id ?? null,
        createdAt: now,
      })
      .returning();
    if (!eve) throw new Error('payment insert returned no row');
    await tx.insert(paymentEvents).values({
      paymentId: eve.id,
      itemName: item.type,
      itemType: item.type,
      itemDisplayText: FEE_DISPLAY_TEXTS[item.type],
      publicComment: item.publicComment,
      comment: item.comment,
      unitAmount: 1,
      unitCost: p.priceWithoutVat,
      ...p,
      manualEvent: true,
      createdBy: actor.username,
      createdAt: now,
    });

    let status: PaymentStatus = 'UNPAID';
    let failureCode: CardErrorCode | null = null;
    if (type === 'CREDITCARD') {
      if (!card) {
        failureCode = 'missing';
      } else {
        const r = await deps.payments.charge(card, p.totalPrice, currency, providerKey(i, `charge:${orderId}`), now);
        if (r.ok) {
          status = r.status;
          await tx
            .update(payments)
            .set({
              status,
              externalId: r.externalId,
              ...(status === 'PAID' ? { timestampType: 'PAYMENT_DATE' as const, timestamp: now } : {}),
            })
            .where(eq(payments.id, eve.id));
        } else {
          failureCode = r.code;
        }
      }
      if (failureCode) await tx.update(payments).set({ failureCode, reservationFailed: true }).where(eq(payments.id, eve.id));
    }
    await paymentEvent(
      tx,
      actor,
      b,
      eventText(failureCode ? 'feeAddedFailed' : 'feeAdded', {
        feeType: eventValue('feeType', item.type),
        withoutVat: eventMoney(p.priceWithoutVat, currency),
        vat: eventMoney(p.vat, currency),
        total: eventMoney(p.totalPrice, currency),
        orderId,
        status: eventValue('paymentStatus', status),
        failureCode: failureCode ?? undefined,
      }),
      {
        action: 'FEE_ADDED',
        orderId,
        parentOrderId: main?.orderId ?? null,
        itemType: item.type,
        paymentType: type,
        status,
        failureCode: failureCode ?? undefined,
        priceWithoutVat: p.priceWithoutVat,
        vat: p.vat,
        totalPrice: p.totalPrice,
        currency,
        comment: item.comment ?? undefined,
        publicComment: item.publicComment ?? undefined,
      },
      now,
    );
  }
}

// ---------- Fixed price ----------

export interface FixedPriceInput {
  price: number;
  comment?: string | null | undefined;
}

type FixedPriceMode = 'SET' | 'CHANGE' | 'REMOVE';

/**
 * POST (SET), PUT (CHANGE) and DELETE (REMOVE) /api/bookings/{bid}/fixedprice. Not on a FINISHED or CANCELLED
 * booking (409 fixedPriceNotOnFinished); SET refuses a booking that has one (409 fixedPriceExists), CHANGE and
 * REMOVE one that has none (409 fixedPriceMissing). Each leaves a PAYMENT_ACTION event. Answers the booking.
 */
export async function updateFixedPrice(
  db: Db,
  actor: Actor,
  rawBid: string,
  mode: FixedPriceMode,
  input: FixedPriceInput | null,
  now = new Date(),
): Promise<Booking> {
  const bid = normalizeBid(rawBid);
  const price = input ? roundMoney(input.price) : null;
  const comment = input?.comment?.trim() ? input.comment.trim().slice(0, BILLING_COMMENT_MAX) : null;
  await db.transaction(async (tx) => {
    const b = await lockBooking(tx, actor, bid);
    const r = b.row;
    const refused = fixedPriceRefusal(r);
    if (refused) throw conflict(refused);
    if (mode === 'SET' && r.fixedPrice !== null) throw conflict('fixedPriceExists');
    if (mode !== 'SET' && r.fixedPrice === null) throw conflict('fixedPriceMissing');
    const c = b.contract.currency;
    const next =
      mode === 'REMOVE'
        ? { fixedPrice: null, fixedPriceComment: null, fixedPriceSetBy: null }
        : { fixedPrice: price, fixedPriceComment: comment, fixedPriceSetBy: actor.username };
    await patchBooking(tx, r.id, next, now);
    const withComment = (text: EventTextPart) => (comment ? [text, eventText('withComment', { comment })] : [text]);
    const texts: Record<FixedPriceMode, () => EventTextPart[]> = {
      SET: () => withComment(eventText('fixedPriceSet', { price: eventMoney(price ?? 0, c) })),
      CHANGE: () => withComment(eventText('fixedPriceChanged', { previous: eventMoney(r.fixedPrice ?? 0, c), price: eventMoney(price ?? 0, c) })),
      REMOVE: () => [eventText('fixedPriceRemoved', { previous: eventMoney(r.fixedPrice ?? 0, c) })],
    };
    await bookingEvent(
      tx,
      actor,
      b,
      texts[mode](),
      {
        action: { SET: 'FIXED_PRICE_SET', CHANGE: 'FIXED_PRICE_CHANGED', REMOVE: 'FIXED_PRICE_REMOVED' }[mode],
        previous: r.fixedPrice !== null ? { price: r.fixedPrice, comment: r.fixedPriceComment } : null,
        fixedPrice: mode === 'REMOVE' ? null : { price, comment },
        currency: c,
      },
      { type: 'PAYMENT_ACTION', occurred: now },
    );
  });
  return getBooking(db, actor, bid, now);
}
