import type { TFunction } from 'i18next';
import { z } from 'zod';
import {
  amountWithoutVat,
  checkBillingItem,
  creditCeilingRefusal,
  CREDITING,
  FEE_REASONS,
  feeTypeOf,
  parseAmount,
  roundMoney,
  signedValue,
  ZFeeType,
  type Booking,
  type FeeType,
  type Payment,
} from '@fleetdesk/contract';

/**
 * The fee / credit form of the booking card (spec §5 "Fee form" and "Before a fee or credit joins the pending list").
 * The rules themselves — each item's rules, the mix of fees and credits, the credit ceiling, the pending-list check —
 * are the server's, from `@fleetdesk/contract` (packages/contract/src/rules/billing.ts); this module holds what only the
 * form needs: reading the typed values into an item, the VAT rate shown, the pending list and the ?addFee prefill.
 * docs/decisions/0024-payment-tab.md, 0045-shared-rules.md.
 */

export type BillingMode = 'fee' | 'credit';
export const FEE_TYPES: readonly FeeType[] = FEE_REASONS;

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
  /** The booking payment: a credit may not exceed its total without VAT (§5, the server's ceiling). */
  payment: Pick<Payment, 'totalPriceWithoutVat'> | null;
  /** The VAT rate an amount with VAT is divided by (vatRateOf), or null. */
  vatRate: number | null;
}

/** The form fields the item rules' fields are shown on. */
const FORM_FIELD = { type: 'type', value: 'amount', vat: 'amount', comment: 'comment', publicComment: 'publicComment' } as const;

/**
 * §5 Fee form: the amount must be given, read as a number and be above zero (the credit's sign is added when sending);
 * then the item as it will be sent must pass the server's item rules (type, amount, comments) and, for a credit, the
 * credit ceiling — each shown on its field, in the staff member's language.
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
      const amount = parseAmount(values.amount);
      const amountOk = amount !== null && !Number.isNaN(amount) && amount > 0;
      if (amount === null) ctx.addIssue({ code: 'custom', path: ['amount'], message: t('messages.amountRequired') });
      else if (Number.isNaN(amount)) ctx.addIssue({ code: 'custom', path: ['amount'], message: t('messages.amountNotNumber') });
      else if (amount <= 0) ctx.addIssue({ code: 'custom', path: ['amount'], message: t('messages.mustBePositive') });

      const type = values.type || null;
      const value = amountOk && type ? signedValue(type, amountWithoutVat(amount, values.includeVat, context.vatRate)) : type === CREDITING ? -1 : 1;
      const { item, problems } = checkBillingItem({ type: values.type, value, comment: values.comment, publicComment: values.publicComment });
      const shown = new Set<string>();
      for (const problem of problems) {
        const path = FORM_FIELD[problem.field];
        if (path === 'amount' && !amountOk) continue;
        if (shown.has(path)) continue;
        shown.add(path);
        ctx.addIssue({ code: 'custom', path: [path], message: t(`messages.${problem.message}`, problem.params) });
      }
      if (item && amountOk && !shown.has('amount') && context.payment && creditCeilingRefusal([item], context.payment)) {
        ctx.addIssue({ code: 'custom', path: ['amount'], message: t('messages.creditExceedsTotal') });
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

/** What opens the fee / credit dialog prefilled: ?addFee=1&comment&amount&type&vatIncluded, or a button (mode only). */
export interface BillingPrefill {
  mode: BillingMode;
  type?: FeeType;
  amount?: number;
  comment?: string;
  vatIncluded?: boolean;
}

/**
 * The prefill of /booking/{bid}?addFee=1&comment=…&amount=…&type=…&vatIncluded=… (§2): the type is read loosely as
 * the server reads it (feeTypeOf: 'toll fee' = TOLL_FEE); CREDITING opens the credit form; an unknown type is left for
 * the user to choose; comment fills the internal comment.
 */
export function billingPrefillFromSearch(search: { comment?: string; amount?: number; type?: string; vatIncluded?: boolean }): BillingPrefill {
  const type = search.type ? feeTypeOf(search.type) : null;
  return {
    mode: type === CREDITING ? 'credit' : 'fee',
    ...(type && type !== CREDITING ? { type } : {}),
    ...(search.amount !== undefined ? { amount: Math.abs(search.amount) } : {}),
    ...(search.comment ? { comment: search.comment } : {}),
    ...(search.vatIncluded !== undefined ? { vatIncluded: search.vatIncluded } : {}),
  };
}
