import type { TFunction } from 'i18next';
import { z } from 'zod';
import { FEE_REASONS, PAYMENT_LIMITS, ZFeeType, type Booking, type FeeType, type Payment, type PaymentStatus } from '@fleetdesk/contract';

/**
 * The fee / credit form of the booking card (spec §5 "Fee form" and "Before a fee or credit joins the pending list"),
 * as pure functions: the form's zod schema, the VAT division, the signed value sent, and the pending-list checks.
 * docs/decisions/0024-payment-tab.md records the choices (VAT rate, estimated total, credit ceiling).
 */

export type BillingMode = 'fee' | 'credit';
export const CREDITING: FeeType = 'CREDITING';
export const FEE_TYPES: readonly FeeType[] = FEE_REASONS;
const PUBLIC_COMMENT_MAX = PAYMENT_LIMITS.PUBLIC_COMMENT_MAX;

/** Payment statuses of a booking that has not been paid (§5: an unpaid booking cannot be credited). */
const UNPAID_STATUSES: readonly PaymentStatus[] = ['UNPAID', 'ABANDONED', 'RESERVATION_FAILED', 'NEEDS_AUTHORIZATION'];

/**
 * Rounds to øre/öre/cent (2 decimals, half away from zero), as the server's pricing does: the scaled value is cut to
 * 15 significant digits first, so binary noise (0.075 × 100 = 7.499999…) does not move it.
 */
export function roundMoney(amount: number): number {
  const scaled = Number((Math.abs(amount) * 100).toPrecision(15));
  return (Math.sign(amount) * Math.floor(scaled + 0.5)) / 100 + 0;
}

/** An amount as typed ("120", "120.50", "120,50"); NaN when it is not a number, null when blank. */
export function parseAmount(text: string): number | null {
  const trimmed = text.trim();
  if (!trimmed) return null;
  return /^[+-]?(\d+([.,]\d*)?|[.,]\d+)$/.test(trimmed) ? Number(trimmed.replace(',', '.')) : Number.NaN;
}

type VatFacts = Pick<Booking, 'estimatedPriceWithoutVat' | 'estimatedVat'> & {
  payment?: Pick<Payment, 'events' | 'totalPriceWithoutVat' | 'totalVat'> | null;
};

/**
 * The booking's VAT rate as a fraction (0.25), or null when the booking does not show one. The booking carries no
 * price list, so the rate is read from its own amounts: the price lines of its payment that are not manual, else its
 * payment totals, else its estimate. VAT is rounded per line (docs/decisions/0009-pricing.md), so the ratio of the sums
 * is not exact: the rate is the one with the fewest decimals (2, 3, then 4) that gives back every line's VAT. The rate
 * found is also sent as the billing item's `vat`, so the server prices the item with the same rate.
 */
export function vatRateOf(booking: VatFacts): number | null {
  const pairs: { net: number; vat: number }[] = (booking.payment?.events ?? [])
    .filter((line) => !line.manualEvent && line.priceWithoutVat > 0)
    .map((line) => ({ net: line.priceWithoutVat, vat: line.vat }));
  if (pairs.length === 0 && booking.payment && booking.payment.totalPriceWithoutVat > 0) {
    pairs.push({ net: booking.payment.totalPriceWithoutVat, vat: booking.payment.totalVat });
  }
  if (pairs.length === 0 && booking.estimatedPriceWithoutVat !== null && booking.estimatedVat !== null && booking.estimatedPriceWithoutVat > 0) {
    pairs.push({ net: booking.estimatedPriceWithoutVat, vat: booking.estimatedVat });
  }
  const net = pairs.reduce((sum, pair) => sum + pair.net, 0);
  const vat = pairs.reduce((sum, pair) => sum + pair.vat, 0);
  if (net <= 0 || vat < 0) return null;
  const ratio = vat / net;
  for (const decimals of [2, 3, 4]) {
    const factor = 10 ** decimals;
    const rate = Math.round(ratio * factor) / factor;
    if (pairs.every((pair) => Math.abs(roundMoney(rate * pair.net) - pair.vat) < 0.001)) return rate;
  }
  return Math.round(ratio * 10_000) / 10_000;
}

/** §5: with includeVAT the entered amount is divided by 1 + the VAT rate; the value sent is without VAT. */
export function amountWithoutVat(amount: number, includeVat: boolean, vatRate: number | null): number {
  return roundMoney(includeVat && vatRate !== null ? amount / (1 + vatRate) : amount);
}

/** §5: credits are sent as negative amounts, fees as positive ones. */
export function signedValue(type: FeeType, amountWithoutVatValue: number): number {
  const magnitude = Math.abs(amountWithoutVatValue);
  return type === CREDITING ? -magnitude : magnitude;
}

/** The form's values, as the inputs hold them. */
export interface BillingFormValues {
  /** A fee type of FEE_TYPES, CREDITING, or '' before one is chosen. */
  type: FeeType | '';
  amount: string;
  includeVat: boolean;
  comment: string;
  publicComment: string;
}

export interface BillingFormContext {
  /** The booking payment's current total (with VAT): a credit may not exceed it (§5). */
  currentPrice: number | null;
  currency: string;
  formatMoney: (amount: number) => string;
}

/**
 * §5 Fee form: feeType required; amount required and numeric (and above zero: a fee is positive and the credit's sign
 * is added when sending); for CREDITING not above the current price; publicComment required for OTHER and at most
 * 100 characters for OTHER or CREDITING.
 */
export function billingFormSchema(t: TFunction, context: BillingFormContext) {
  return z
    .object({
      type: z.union([ZFeeType, z.literal('')]),
      amount: z.string(),
      includeVat: z.boolean(),
      comment: z.string(),
      publicComment: z.string(),
    })
    .superRefine((values, ctx) => {
      if (!values.type) ctx.addIssue({ code: 'custom', path: ['type'], message: t('messages.specifyBillingType') });
      const amount = parseAmount(values.amount);
      if (amount === null) ctx.addIssue({ code: 'custom', path: ['amount'], message: t('messages.amountRequired') });
      else if (Number.isNaN(amount)) ctx.addIssue({ code: 'custom', path: ['amount'], message: t('messages.amountNotNumber') });
      else if (amount <= 0) ctx.addIssue({ code: 'custom', path: ['amount'], message: t('messages.mustBePositive') });
      else if (values.type === CREDITING && context.currentPrice !== null && amount > context.currentPrice) {
        ctx.addIssue({
          code: 'custom',
          path: ['amount'],
          message: t('bookingCard.billing.creditAboveCurrentPrice', { price: context.formatMoney(context.currentPrice) }),
        });
      }
      const publicComment = values.publicComment.trim();
      if (values.type === 'OTHER' && !publicComment) {
        ctx.addIssue({ code: 'custom', path: ['publicComment'], message: t('messages.publicCommentRequired') });
      }
      if ((values.type === 'OTHER' || values.type === CREDITING) && publicComment.length > PUBLIC_COMMENT_MAX) {
        ctx.addIssue({ code: 'custom', path: ['publicComment'], message: t('messages.publicCommentTooLong', { max: PUBLIC_COMMENT_MAX }) });
      }
    });
}

/** One entry of the pending list: what will be sent, and what the user typed (for the list's display). */
export interface PendingBillingItem {
  id: string;
  type: FeeType;
  /** Without VAT, signed: negative for a credit. */
  value: number;
  /** The VAT rate sent with the item, or null for the server's (the contract's VAT entry). */
  vat: number | null;
  comment: string | null;
  publicComment: string | null;
  /** The amount as entered, and whether it included VAT. */
  enteredAmount: number;
  vatIncluded: boolean;
}

/** Builds a pending item from valid form values. */
export function toPendingItem(values: BillingFormValues, vatRate: number | null, id: string): PendingBillingItem {
  const type = values.type as FeeType;
  const entered = parseAmount(values.amount) ?? 0;
  const includeVat = values.includeVat && vatRate !== null;
  const optional = (text: string) => (text.trim() ? text.trim() : null);
  return {
    id,
    type,
    value: signedValue(type, amountWithoutVat(entered, includeVat, vatRate)),
    vat: vatRate,
    comment: optional(values.comment),
    publicComment: optional(values.publicComment),
    enteredAmount: entered,
    vatIncluded: includeVat,
  };
}

/** What the checks read of the booking. */
export interface PendingListFacts {
  payment: Pick<Payment, 'status' | 'totalPrice' | 'totalPriceWithoutVat'> | null | undefined;
  /** The booking's estimated total without VAT, when it has one. */
  estimatedPriceWithoutVat: number | null;
}

/** Message keys (under `messages.`) of the pending-list refusals. */
export type PendingListRefusal =
  | 'specifyBillingType'
  | 'creditingConflict'
  | 'commitCreditingFirst'
  | 'creditExceedsTotal'
  | 'unpaidBookingCannotBeCredited';

export type PendingListCheck =
  | { outcome: 'refused'; message: PendingListRefusal }
  | { outcome: 'confirm' }
  | { outcome: 'accepted' };

/** §5: add credit is disabled when the booking payment's totalPrice is 0 or less (or there is no payment). */
export function canAddCredit(payment: Pick<Payment, 'totalPrice'> | null | undefined): boolean {
  return Boolean(payment && payment.totalPrice > 0);
}

/**
 * §5 "Before a fee or credit joins the pending list", in order:
 * - a type must be specified (specifyBillingType);
 * - a credit cannot be added while other fees are pending (creditingConflict);
 * - after a credit, the credit must be committed before more billing events (commitCreditingFirst, §8);
 * - an unpaid booking cannot be credited (unpaidBookingCannotBeCredited);
 * - a credit cannot exceed the total price without VAT, with the credits already pending (creditExceedsTotal);
 * - a credit above the estimated total asks for confirmation ('confirm').
 */
export function checkPendingItem(item: Pick<PendingBillingItem, 'type' | 'value'> | { type: ''; value: number }, pending: readonly PendingBillingItem[], facts: PendingListFacts): PendingListCheck {
  if (!item.type) return { outcome: 'refused', message: 'specifyBillingType' };
  const isCredit = item.type === CREDITING;
  const pendingCredit = pending.some((entry) => entry.type === CREDITING);
  const pendingFees = pending.some((entry) => entry.type !== CREDITING);
  if (isCredit && pendingFees) return { outcome: 'refused', message: 'creditingConflict' };
  if (pendingCredit) return { outcome: 'refused', message: 'commitCreditingFirst' };
  if (!isCredit) return { outcome: 'accepted' };

  const payment = facts.payment;
  if (!payment || UNPAID_STATUSES.includes(payment.status)) return { outcome: 'refused', message: 'unpaidBookingCannotBeCredited' };
  const credit = Math.abs(item.value);
  if (credit > payment.totalPriceWithoutVat + 0.005) return { outcome: 'refused', message: 'creditExceedsTotal' };
  if (facts.estimatedPriceWithoutVat !== null && credit > facts.estimatedPriceWithoutVat + 0.005) return { outcome: 'confirm' };
  return { outcome: 'accepted' };
}

/** The body of POST /api/bookings/{bid}/billing: {value, type, vat, comment, publicComment} per item. */
export function toBillingRequest(pending: readonly PendingBillingItem[]) {
  return pending.map((item) => ({
    value: item.value,
    type: item.type,
    ...(item.vat !== null ? { vat: item.vat } : {}),
    comment: item.comment,
    publicComment: item.publicComment,
  }));
}

/** A fee type from the URL (?type=…), matched loosely ('parking ticket', 'PARKING_TICKET'); null when unknown. */
export function feeTypeFromParam(value: string | undefined): FeeType | null {
  if (!value) return null;
  const normalised = value.trim().toUpperCase().replace(/[\s-]+/g, '_');
  if (normalised === CREDITING) return CREDITING;
  return FEE_TYPES.find((type) => type === normalised) ?? null;
}

/** What opens the fee / credit dialog prefilled: ?addFee=1&comment&amount&type&vatIncluded, or a button (mode only). */
export interface BillingPrefill {
  mode: BillingMode;
  type?: FeeType;
  amount?: number;
  comment?: string;
  vatIncluded?: boolean;
}

/**
 * The prefill of /booking/{bid}?addFee=1&comment=…&amount=…&type=…&vatIncluded=… (§2): type CREDITING opens the
 * credit form; an unknown type is left for the user to choose; comment fills the internal comment.
 */
export function billingPrefillFromSearch(search: { comment?: string; amount?: number; type?: string; vatIncluded?: boolean }): BillingPrefill {
  const type = feeTypeFromParam(search.type);
  return {
    mode: type === CREDITING ? 'credit' : 'fee',
    ...(type && type !== CREDITING ? { type } : {}),
    ...(search.amount !== undefined ? { amount: Math.abs(search.amount) } : {}),
    ...(search.comment ? { comment: search.comment } : {}),
    ...(search.vatIncluded !== undefined ? { vatIncluded: search.vatIncluded } : {}),
  };
}
