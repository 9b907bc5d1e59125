import { randomUUID } from 'node:crypto';
import {
  type EventTextId,
  eventValue,
  eventText,
  MESSAGES,
  formatMessage,
  type CardErrorCode,
  type InvoiceStatus,
  type Payment,
  type PaymentType,
  type PaymentAbilityKey,
} from '@fleetdesk/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { payments } from '../../db/schema.ts';
import { idempotent } from '../../http/idempotency.ts';
import { type SandboxAuthorizationOutcome, type SandboxPaymentProvider } from '../../integrations/payments/sandbox.ts';
import type { Actor } from '../auth/index.ts';
import { findBookingRow, mainBookingPayment } from '../bookings/index.ts';
import { setBookingPaymentType } from '../bookings/index.ts';
import { loadPayments } from './payment-view.ts';
import {
  bookingOf,
  type CardOutcome,
  cardRefused,
  chargeOrReserve,
  chargesAtOnce,
  conflict,
  factsOf,
  HELD,
  lockPayment,
  normalizeOrderId,
  paymentNotFound,
  recordAction,
  releaseQuietly,
  reload,
  retryCard,
  switchCard,
  withReason,
  type PaymentDeps,
} from './payment-support.ts';
export type { PaymentDeps } from './payment-support.ts';
export { replaceBookingPayment } from './replace-payment.ts';
import { assertPaymentAllowed } from '../bookings/index.ts';

/**
 * Payment operations (§4 payment actions, §7 payment operations; docs/decisions/0021-payments.md). Each runs on the
 * locked payment row in one transaction and appends one PAYMENT_ACTION event; a payment of another operator, or
 * an unknown order id, answers 404. A card the provider refuses answers 400 with PAYMENT_EXCEPTION_PREFIX + the §8
 * card error code; on a retry the refusal is recorded on the payment (failureCode, reservationFailed) in a
 * transaction that commits before the 400 is thrown.
 */

// ---------- reads ----------

/** GET /api/payments/{orderId} */
export async function getPayment(db: Db, actor: Actor, rawOrderId: string): Promise<Payment> {
  const orderId = normalizeOrderId(rawOrderId);
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.fleetId, actor.fleet)))
    .limit(1);
  if (!row) throw paymentNotFound();
  const [payment] = await loadPayments(db, [row]);
  return payment!;
}

/** GET /api/bookings/{bid}/payments: the booking payment (BOK) first, then the other orders (EVE, replaced BOKs), oldest first. */
export async function listBookingPayments(db: Db, actor: Actor, rawBid: string): Promise<Payment[]> {
  const booking = await findBookingRow(db, actor, rawBid);
  const rows = await db
    .select()
    .from(payments)
    .where(and(eq(payments.bookingId, booking.id), eq(payments.fleetId, actor.fleet)))
    .orderBy(asc(payments.id));
  const main = mainBookingPayment(rows);
  return loadPayments(db, [...(main ? [main] : []), ...rows.filter((p) => p !== main)]);
}

// ---------- §4 invoice status ----------

/** The action each invoice status is set by (its rule in abilities.ts). */
const INVOICE_ACTION: Record<InvoiceStatus, PaymentAbilityKey> = {
  INVOICE_SENT: 'markInvoiceSent',
  PAID: 'markInvoicePaid',
  UNPAID: 'markInvoiceUnpaid',
};
const INVOICE_TEXT: Record<InvoiceStatus, EventTextId> = {
  INVOICE_SENT: 'invoiceMarkedSent',
  PAID: 'invoiceMarkedPaid',
  UNPAID: 'invoiceMarkedUnpaid',
};

/** PUT /api/payments/{orderId}/status: USER_INVOICE only; UNPAID → INVOICE_SENT → PAID, INVOICE_SENT → UNPAID. */
export async function setInvoiceStatus(db: Db, actor: Actor, rawOrderId: string, status: InvoiceStatus, now = new Date()): Promise<Payment> {
  const orderId = normalizeOrderId(rawOrderId);
  return db.transaction(async (tx) => {
    const p = await lockPayment(tx, actor, orderId);
    assertPaymentAllowed(
      INVOICE_ACTION[status],
      factsOf(p),
      p.type !== 'USER_INVOICE' ? MESSAGES.onlyUserInvoiceStatus : formatMessage('invoiceStatusNotAllowed', { from: p.status, to: status }),
    );
    const stamp =
      status === 'PAID'
        ? { timestampType: 'PAYMENT_DATE' as const, timestamp: now }
        : status === 'INVOICE_SENT'
          ? { timestampType: 'INVOICE_DATE' as const, timestamp: now }
          : { timestampType: 'CREATED_DATE' as const, timestamp: p.createdAt };
    await tx
      .update(payments)
      .set({ status, ...stamp })
      .where(eq(payments.id, p.id));
    await recordAction(tx, actor, p, status, eventText(INVOICE_TEXT[status], { orderId: p.orderId }), now);
    return reload(tx, p.id);
  });
}

// ---------- revive / retry ----------

type RetryResult = { payment: Payment } | { refused: CardErrorCode };

/**
 * POST /api/payments/{orderId}/retry: a CREDITCARD payment that is ABANDONED or UNPAID is charged again (finished or
 * cancelled booking, event payment: PAID or NEEDS_AUTHORIZATION) or reserved again (a booking still to come:
 * RESERVED or NEEDS_AUTHORIZATION). With an Idempotency-Key the first answer (or refusal) is replayed.
 */
export async function retryPayment(
  db: Db,
  actor: Actor,
  rawOrderId: string,
  key: string | undefined,
  deps: PaymentDeps,
  now = new Date(),
): Promise<Payment> {
  const orderId = normalizeOrderId(rawOrderId);
  const providerKey = `${actor.fleet}:${orderId}:retry:${key ?? randomUUID()}`;
  const { result } = await idempotent<RetryResult>(db, actor.fleet, `payment-retry:${orderId}`, key, async (tx) => {
    const p = await lockPayment(tx, actor, orderId);
    assertPaymentAllowed('retry', factsOf(p), MESSAGES.retryNotAllowed);
    const booking = await bookingOf(tx, p);
    const card = await retryCard(tx, actor.fleet, p, now);
    const atOnce = chargesAtOnce(p, booking);
    const amount = Math.max(0, Math.round((p.totalPrice - p.refundedAmount) * 100) / 100);
    const outcome: CardOutcome = card
      ? await chargeOrReserve(deps, card, atOnce, amount, p.currency, providerKey, now)
      : { ok: false, code: 'missing' };
    if (!outcome.ok) {
      // Kept: this transaction commits, and the 400 is thrown after it.
      await tx.update(payments).set({ failureCode: outcome.code, reservationFailed: true }).where(eq(payments.id, p.id));
      await recordAction(tx, actor, p, p.status, eventText('paymentRetriedRefused', { orderId: p.orderId, code: outcome.code }), now, {
        failureCode: outcome.code,
        ...(outcome.externalId ? { externalId: outcome.externalId } : {}),
      });
      return { refused: outcome.code };
    }
    await tx
      .update(payments)
      .set({
        status: outcome.status,
        externalId: outcome.externalId,
        paymentProvider: deps.payments.name,
        cardId: card!.id,
        reservationFailed: false,
        failureCode: null,
        ...(outcome.status === 'PAID' ? { timestampType: 'PAYMENT_DATE' as const, timestamp: now } : {}),
      })
      .where(eq(payments.id, p.id));
    await recordAction(
      tx,
      actor,
      p,
      outcome.status,
      eventText('paymentRetried', { status: eventValue('paymentStatus', outcome.status), orderId: p.orderId }),
      now,
      {
        externalId: outcome.externalId,
        amount,
        charged: atOnce,
      },
    );
    return { payment: await reload(tx, p.id) };
  });
  if ('refused' in result) throw cardRefused(result.refused);
  return result.payment;
}

// ---------- release and cancel ----------

/** POST /api/payments/{orderId}/release: an INVOICE payment not NO_CHARGE, or an ABANDONED CREDITCARD one → NO_CHARGE. */
export async function releasePayment(
  db: Db,
  actor: Actor,
  rawOrderId: string,
  deps: PaymentDeps,
  reason?: string,
  now = new Date(),
): Promise<Payment> {
  const orderId = normalizeOrderId(rawOrderId);
  let held: string | null = null;
  const payment = await db.transaction(async (tx) => {
    const p = await lockPayment(tx, actor, orderId);
    assertPaymentAllowed('release', factsOf(p), MESSAGES.releaseNotAllowed);
    if (HELD.includes(p.status)) held = p.externalId;
    await tx.update(payments).set({ status: 'NO_CHARGE' }).where(eq(payments.id, p.id));
    await recordAction(
      tx,
      actor,
      p,
      'NO_CHARGE',
      withReason(eventText('paymentReleased', { orderId: p.orderId }), reason),
      now,
      reason ? { reason } : {},
    );
    return reload(tx, p.id);
  });
  await releaseQuietly(deps, held);
  return payment;
}

/** POST /api/payments/{orderId}/cancel: an event payment (EVE) that is not PAID → NO_CHARGE (NO_CHARGE again: unchanged). */
export async function cancelEventPayment(
  db: Db,
  actor: Actor,
  rawOrderId: string,
  deps: PaymentDeps,
  reason?: string,
  now = new Date(),
): Promise<Payment> {
  const orderId = normalizeOrderId(rawOrderId);
  let held: string | null = null;
  const payment = await db.transaction(async (tx) => {
    const p = await lockPayment(tx, actor, orderId);
    assertPaymentAllowed('cancelEventPayment', factsOf(p), MESSAGES.cancelEventPaymentNotAllowed);
    if (HELD.includes(p.status)) held = p.externalId;
    await tx.update(payments).set({ status: 'NO_CHARGE' }).where(eq(payments.id, p.id));
    await recordAction(
      tx,
      actor,
      p,
      'NO_CHARGE',
      withReason(eventText('eventPaymentCancelled', { orderId: p.orderId }), reason),
      now,
      reason ? { reason } : {},
    );
    return reload(tx, p.id);
  });
  await releaseQuietly(deps, held);
  return payment;
}

// ---------- payment type of an order ----------

/**
 * PUT /api/payments/{orderId}/paymentType. A booking payment (BOK) goes through PUT /api/bookings/{bid}/paymentType's
 * rules (setBookingPaymentType). An event order follows the same §4 rules: INVOICE never changes ("Can't turn from
 * invoice to credit card"), nothing switches to INVOICE, PAID and NO_CHARGE keep their type, the same type is a
 * no-op; to CREDITCARD needs a valid registered card and charges the order at once (a refusal answers 400 and
 * changes nothing); to USER_INVOICE makes it UNPAID and releases a held authorisation.
 */
export async function setOrderPaymentType(
  db: Db,
  actor: Actor,
  rawOrderId: string,
  paymentType: PaymentType,
  deps: PaymentDeps,
  now = new Date(),
): Promise<Payment> {
  const orderId = normalizeOrderId(rawOrderId);
  const [found] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.fleetId, actor.fleet)))
    .limit(1);
  if (!found) throw paymentNotFound();
  if (found.target === 'BOOKING' && found.parentPaymentId === null) {
    const booking = await bookingOf(db, found);
    if (!booking) throw paymentNotFound();
    await setBookingPaymentType(db, actor, booking.bid, paymentType, deps, now);
    return getPayment(db, actor, orderId);
  }
  let held: string | null = null;
  const providerKey = `${actor.fleet}:${orderId}:type:${randomUUID()}`;
  const payment = await db.transaction(async (tx) => {
    const p = await lockPayment(tx, actor, orderId);
    const from = p.type;
    if (from === paymentType) return reload(tx, p.id);
    if (from === 'INVOICE' && paymentType !== 'CREDITCARD') throw conflict(MESSAGES.companyInvoiceTypeFixed);
    if (paymentType === 'INVOICE') throw conflict(MESSAGES.paymentSwitchCardInvoiceOnly);
    assertPaymentAllowed('switchType', factsOf(p), MESSAGES.paymentSwitchCardInvoiceOnly);
    let patch: Partial<typeof payments.$inferInsert>;
    if (paymentType === 'USER_INVOICE') {
      if (HELD.includes(p.status)) held = p.externalId;
      patch = { type: 'USER_INVOICE', status: 'UNPAID', paymentProvider: 'invoice', reservationFailed: false, failureCode: null, cardId: null };
    } else {
      const card = await switchCard(tx, actor.fleet, p.userId, now);
      const outcome = await chargeOrReserve(deps, card, true, p.totalPrice, p.currency, providerKey, now);
      if (!outcome.ok) throw cardRefused(outcome.code);
      patch = {
        type: 'CREDITCARD',
        status: outcome.status,
        paymentProvider: deps.payments.name,
        externalId: outcome.externalId,
        cardId: card.id,
        reservationFailed: false,
        failureCode: null,
        ...(outcome.status === 'PAID' ? { timestampType: 'PAYMENT_DATE' as const, timestamp: now } : {}),
      };
    }
    await tx.update(payments).set(patch).where(eq(payments.id, p.id));
    await recordAction(
      tx,
      actor,
      p,
      patch.status!,
      eventText('paymentTypeChanged', {
        from: eventValue('paymentTypeCode', from),
        to: eventValue('paymentTypeCode', paymentType),
        orderId: p.orderId,
      }),
      now,
      { from, to: paymentType },
    );
    return reload(tx, p.id);
  });
  await releaseQuietly(deps, held);
  return payment;
}

// ---------- sandbox: the customer's authorisation ----------

/** POST /api/sandbox/payments/{orderId}/authorize: NEEDS_AUTHORIZATION → RESERVED (AUTHORIZED) or ABANDONED. */
export async function authorizeSandboxPayment(
  db: Db,
  actor: Actor,
  rawOrderId: string,
  outcome: SandboxAuthorizationOutcome,
  sandbox: SandboxPaymentProvider,
  now = new Date(),
): Promise<Payment> {
  const orderId = normalizeOrderId(rawOrderId);
  return db.transaction(async (tx) => {
    const p = await lockPayment(tx, actor, orderId);
    if (p.status !== 'NEEDS_AUTHORIZATION') throw conflict(`The payment does not wait for authorisation (it is ${p.status})`);
    const { status } = await sandbox.authorize(p.externalId ?? `sandbox_pi_${p.orderId}`, outcome);
    await tx.update(payments).set({ status, reservationFailed: false, failureCode: null }).where(eq(payments.id, p.id));
    await recordAction(
      tx,
      actor,
      p,
      status,
      eventText('cardAuthorisation', { orderId: p.orderId, status: eventValue('paymentStatus', status) }),
      now,
      { outcome },
    );
    return reload(tx, p.id);
  });
}
