import {
  BID_PATTERN, CARD_ERROR_MESSAGES, MESSAGE_IDS, PAYMENT_EXCEPTION_PREFIX,
  type Booking, type CardErrorCode, type MessageKey, type PaymentStatus, type PaymentType,
} from '@fleetdesk/contract';
import { and, asc, desc, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { bookings, contracts, paymentEvents, payments, registeredCards, users, vehicles } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import { idempotent } from '../../http/idempotency.ts';
import type { PaymentProvider } from '../../integrations/payments/provider.ts';
import type { Actor } from '../auth/session.ts';
import { freshEventOrderId } from '../bookings/identifiers.ts';
import { roundMoney, vatRateOf } from '../bookings/pricing.ts';
import { bookingNotFound, getBooking, mainBookingPayment } from '../bookings/service.ts';
import { appendEvent } from '../events/service.ts';
import {
  BILLING_COMMENT_MAX, checkBillingItems, CREDITING, FEE_DISPLAY_TEXTS, mixConflict, type BillingItem, type BillingItemInput,
} from './billing-items.ts';

/**
 * Billing (§5 fee form and its rules, §7 POST /api/bookings/{bid}/billing) and the fixed price (§3, §5 fixed price
 * form, §7 /fixedprice). Choices: docs/decisions/0022-billing.md.
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

type BookingRow = typeof bookings.$inferSelect;
type PaymentRow = typeof payments.$inferSelect;
type UserRow = typeof users.$inferSelect;
type ContractRow = typeof contracts.$inferSelect;
type CardRow = typeof registeredCards.$inferSelect;

/** A booking payment in one of these states has not been paid, so it cannot be credited (§5). */
export const UNCREDITABLE_STATUSES: readonly PaymentStatus[] = ['UNPAID', 'ABANDONED', 'RESERVATION_FAILED', 'NEEDS_AUTHORIZATION', 'NO_CHARGE'];

const conflict = (key: MessageKey) => AppError.of(MESSAGE_IDS.conflict, 409, key);
const ore = (amount: number) => Math.round(amount * 100);
const fromOre = (n: number) => n / 100 + 0;
/** Amounts with 2 decimals (§9). */
const money = (amount: number, currency: string) => `${amount.toFixed(2)} ${currency}`;

function normalizeBid(rawBid: string): string {
  const bid = rawBid.trim().toUpperCase();
  if (!BID_PATTERN.test(bid)) throw bookingNotFound();
  return bid;
}

interface LockedBooking {
  row: BookingRow;
  user: UserRow | null;
  contract: ContractRow;
  vin: string | null;
}

/** Locks the actor's booking for the rest of the transaction; another operator's answers 404 like an unknown one. */
async function lockBooking(tx: Db, actor: Actor, bid: string): Promise<LockedBooking> {
  const [row] = await tx.select().from(bookings).where(and(eq(bookings.bid, bid), eq(bookings.fleetId, actor.fleet))).limit(1).for('update');
  if (!row) throw bookingNotFound();
  const [contractRows, userRows, vehicleRows] = await Promise.all([
    tx.select().from(contracts).where(eq(contracts.id, row.contractId)).limit(1),
    row.userId !== null ? tx.select().from(users).where(eq(users.id, row.userId)).limit(1) : Promise.resolve([]),
    row.allocatedVehicleId !== null ? tx.select({ vin: vehicles.vin }).from(vehicles).where(eq(vehicles.id, row.allocatedVehicleId)).limit(1) : Promise.resolve([]),
  ]);
  const contract = contractRows[0];
  if (!contract) throw new Error(`booking ${row.bid} refers to a missing contract ${row.contractId}`);
  return { row, user: userRows[0] ?? null, contract, vin: vehicleRows[0]?.vin ?? null };
}

async function paymentEvent(tx: Db, actor: Actor, b: LockedBooking, displayText: string, properties: Record<string, unknown>, now: Date) {
  await appendEvent(tx, actor, {
    type: 'PAYMENT_ACTION',
    displayText,
    bid: b.row.bid,
    vin: b.vin,
    affectedUsername: b.user?.username ?? null,
    properties: Object.fromEntries(Object.entries(properties).filter(([, v]) => v !== undefined)),
    occurred: now,
  });
}

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
  db: Db, actor: Actor, rawBid: string, input: readonly BillingItemInput[], deps: BillingDeps,
  o: { idempotencyKey?: string | undefined } = {}, now = new Date(),
): Promise<{ booking: Booking; replayed: boolean }> {
  const { items, errors } = checkBillingItems(input);
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
  tx: Db, actor: Actor, b: LockedBooking, main: PaymentRow | null, items: readonly BillingItem[], deps: BillingDeps,
  providerKey: (i: number, fallback: string) => string, now: Date,
): Promise<void> {
  if (!main || UNCREDITABLE_STATUSES.includes(main.status)) throw conflict('unpaidBookingCannotBeCredited');
  const creditOre = items.reduce((sum, x) => sum - ore(x.value), 0);
  if (creditOre > ore(main.totalPriceWithoutVat)) throw conflict('creditExceedsTotal');
  const contractRate = vatRateOf(b.contract.priceList);
  const refundable = main.type === 'CREDITCARD' && main.status === 'PAID' && main.externalId !== null;

  for (const [i, item] of items.entries()) {
    const p = priceOf(item.value, item.vatRate ?? contractRate);
    const [line] = await tx.insert(paymentEvents).values({
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
    }).returning({ id: paymentEvents.id });
    if (!line) throw new Error('payment line insert returned no row');
    await tx.update(payments).set({
      totalPriceWithoutVat: sql`${payments.totalPriceWithoutVat} + ${p.priceWithoutVat}`,
      totalVat: sql`${payments.totalVat} + ${p.vat}`,
      totalPrice: sql`${payments.totalPrice} + ${p.totalPrice}`,
    }).where(eq(payments.id, main.id));

    // The money goes back last, after everything else of the credit is written: a refusal rolls the credit back.
    let refunded = 0;
    if (refundable && main.externalId && p.totalPrice < 0) {
      const amount = -p.totalPrice;
      const r = await deps.payments.refund(main.externalId, amount, providerKey(i, `refund:${main.orderId}:${line.id}`));
      if (!r.ok) throw cardRefused(r.code);
      refunded = amount;
      await tx.update(payments).set({ refundedAmount: sql`${payments.refundedAmount} + ${amount}` }).where(eq(payments.id, main.id));
    }
    const c = main.currency;
    await paymentEvent(tx, actor, b,
      `Credit added to ${main.orderId}: ${money(p.priceWithoutVat, c)} + VAT ${money(p.vat, c)} = ${money(p.totalPrice, c)}${refunded ? `; ${money(refunded, c)} refunded to the card` : ''}`,
      {
        action: 'CREDIT_ADDED', orderId: main.orderId, itemType: CREDITING, priceWithoutVat: p.priceWithoutVat, vat: p.vat, totalPrice: p.totalPrice,
        currency: c, refunded, comment: item.comment ?? undefined, publicComment: item.publicComment ?? undefined,
      }, now);
  }
}

const cardRefused = (code: CardErrorCode) => new AppError(`${PAYMENT_EXCEPTION_PREFIX}${code}`, 400, CARD_ERROR_MESSAGES[code]);

/** The card a fee is charged on: the booking payment's card, else the user's latest card that has not expired. */
async function cardFor(tx: Db, b: LockedBooking, main: PaymentRow | null, now: Date): Promise<CardRow | null> {
  if (main?.cardId) {
    const [card] = await tx.select().from(registeredCards).where(eq(registeredCards.id, main.cardId)).limit(1);
    if (card) return card;
  }
  if (!b.user) return null;
  const month = now.toISOString().slice(0, 7);
  const [card] = await tx.select().from(registeredCards)
    .where(and(eq(registeredCards.userId, b.user.id), gte(registeredCards.expires, month)))
    .orderBy(desc(registeredCards.id)).limit(1);
  return card ?? null;
}

async function addFees(
  tx: Db, actor: Actor, b: LockedBooking, main: PaymentRow | null, items: readonly BillingItem[], deps: BillingDeps,
  providerKey: (i: number, fallback: string) => string, now: Date,
): Promise<void> {
  const contractRate = vatRateOf(b.contract.priceList);
  const fallbackCard = main ? null : await cardFor(tx, b, null, now);
  const type: PaymentType = main?.type ?? (fallbackCard ? 'CREDITCARD' : 'USER_INVOICE');
  const card = type === 'CREDITCARD' ? (fallbackCard ?? (await cardFor(tx, b, main, now))) : null;
  const currency = main?.currency ?? b.contract.currency;

  for (const [i, item] of items.entries()) {
    const p = priceOf(item.value, item.vatRate ?? contractRate);
    const orderId = await freshEventOrderId(tx);
    const [eve] = await tx.insert(payments).values({
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
    }).returning();
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
          await tx.update(payments).set({
            status, externalId: r.externalId, ...(status === 'PAID' ? { timestampType: 'PAYMENT_DATE' as const, timestamp: now } : {}),
          }).where(eq(payments.id, eve.id));
        } else {
          failureCode = r.code;
        }
      }
      if (failureCode) await tx.update(payments).set({ failureCode, reservationFailed: true }).where(eq(payments.id, eve.id));
    }
    await paymentEvent(tx, actor, b,
      `Fee added: ${FEE_DISPLAY_TEXTS[item.type]} ${money(p.priceWithoutVat, currency)} + VAT ${money(p.vat, currency)} = ${money(p.totalPrice, currency)} (${orderId}, ${status}${failureCode ? `: ${failureCode}` : ''})`,
      {
        action: 'FEE_ADDED', orderId, parentOrderId: main?.orderId ?? null, itemType: item.type, paymentType: type, status,
        failureCode: failureCode ?? undefined, priceWithoutVat: p.priceWithoutVat, vat: p.vat, totalPrice: p.totalPrice, currency,
        comment: item.comment ?? undefined, publicComment: item.publicComment ?? undefined,
      }, now);
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
export async function updateFixedPrice(db: Db, actor: Actor, rawBid: string, mode: FixedPriceMode, input: FixedPriceInput | null, now = new Date()): Promise<Booking> {
  const bid = normalizeBid(rawBid);
  const price = input ? roundMoney(input.price) : null;
  const comment = input?.comment?.trim() ? input.comment.trim().slice(0, BILLING_COMMENT_MAX) : null;
  await db.transaction(async (tx) => {
    const b = await lockBooking(tx, actor, bid);
    const r = b.row;
    if (r.state === 'FINISHED' || r.state === 'CANCELLED') throw conflict('fixedPriceNotOnFinished');
    if (mode === 'SET' && r.fixedPrice !== null) throw conflict('fixedPriceExists');
    if (mode !== 'SET' && r.fixedPrice === null) throw conflict('fixedPriceMissing');
    const c = b.contract.currency;
    const next = mode === 'REMOVE' ? { fixedPrice: null, fixedPriceComment: null, fixedPriceSetBy: null } : { fixedPrice: price, fixedPriceComment: comment, fixedPriceSetBy: actor.username };
    await tx.update(bookings).set({ ...next, updatedAt: now }).where(eq(bookings.id, r.id));
    const withComment = (text: string) => (comment ? `${text} (${comment})` : text);
    const texts: Record<FixedPriceMode, () => string> = {
      SET: () => withComment(`Fixed price set: ${money(price ?? 0, c)} without VAT`),
      CHANGE: () => withComment(`Fixed price changed: ${money(r.fixedPrice ?? 0, c)} → ${money(price ?? 0, c)} without VAT`),
      REMOVE: () => `Fixed price removed (was ${money(r.fixedPrice ?? 0, c)} without VAT)`,
    };
    await paymentEvent(tx, actor, b, texts[mode](), {
      action: { SET: 'FIXED_PRICE_SET', CHANGE: 'FIXED_PRICE_CHANGED', REMOVE: 'FIXED_PRICE_REMOVED' }[mode],
      previous: r.fixedPrice !== null ? { price: r.fixedPrice, comment: r.fixedPriceComment } : null,
      fixedPrice: mode === 'REMOVE' ? null : { price, comment },
      currency: c,
    }, now);
  });
  return getBooking(db, actor, bid, now);
}
