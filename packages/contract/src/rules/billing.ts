import { ZFeeType, type FeeType, type PaymentStatus } from '../enums.ts';
import { PUBLIC_COMMENT_MAX } from '../limits.ts';
import type { MessageKey } from '../messages.ts';
import { roundMoney, toOre } from './money.ts';

/**
 * The §5 fee and credit rules, once for both sides (docs/decisions/0022-billing.md, 0024-payment-tab.md,
 * 0045-shared-rules.md): POST /api/bookings/{bid}/billing checks its request with them, the booking card's fee form
 * checks each field and the pending list with the same functions while staff type.
 *
 * - Item rules (400 on the server, field errors in the form): a known type; an amount that is a number, at most
 *   BILLING_AMOUNT_MAX, positive for a fee and negative for a credit; a VAT rate in [0, 1); a public comment for OTHER,
 *   at most PUBLIC_COMMENT_MAX characters for OTHER and CREDITING (BILLING_COMMENT_MAX for the others); an internal
 *   comment of at most BILLING_COMMENT_MAX characters.
 * - Mix rules (409): fees before a credit → creditingConflict, a credit before fees → commitCreditingFirst. Several
 *   credits may go together.
 * - Credit rules (409): a booking payment that is missing or not paid (UNCREDITABLE_STATUSES) cannot be credited, one
 *   with nothing charged neither; the credits together may not exceed its total without VAT (equal is allowed) — the
 *   one credit ceiling.
 */

/** Largest amount (without VAT) of one billing item or a fixed price; the money columns hold 10 digits before the point. */
export const BILLING_AMOUNT_MAX = 1_000_000;
/** Longest internal comment on a billing item or a fixed price. */
export const BILLING_COMMENT_MAX = 1_000;
export const CREDITING: FeeType = 'CREDITING';

/** A booking payment in one of these states has not been paid, so it cannot be credited (§5; NO_CHARGE: nothing was charged). */
export const UNCREDITABLE_STATUSES: readonly PaymentStatus[] = ['UNPAID', 'ABANDONED', 'RESERVATION_FAILED', 'NEEDS_AUTHORIZATION', 'NO_CHARGE'];

// ---------------------------------------------------------------------------------------------------------------
// Reading what staff typed
// ---------------------------------------------------------------------------------------------------------------

/** The fee type of a sent or linked type ('PARKING TICKET', 'parking_ticket', 'toll-fee' …), or null when it names none. */
export function feeTypeOf(raw: string): FeeType | null {
  const normalized = raw
    .trim()
    .replace(/[\s_-]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .toUpperCase();
  const parsed = ZFeeType.safeParse(normalized);
  return parsed.success ? parsed.data : null;
}

/** An amount as typed ("120", "120.50", "120,50"); NaN when it is not a number, null when blank. */
export function parseAmount(text: string): number | null {
  const trimmed = text.trim();
  if (!trimmed) return null;
  return /^[+-]?(\d+([.,]\d*)?|[.,]\d+)$/.test(trimmed) ? Number(trimmed.replace(',', '.')) : Number.NaN;
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

// ---------------------------------------------------------------------------------------------------------------
// Item rules
// ---------------------------------------------------------------------------------------------------------------

/** A billing item as sent (ZBillingItem): `type` as given, `value` without VAT and signed. */
export interface BillingItemInput {
  value: number;
  type: string;
  vat?: number | null | undefined;
  comment?: string | null | undefined;
  publicComment?: string | null | undefined;
}

/** A checked billing item: a known type, the amount rounded to øre (negative for a credit), trimmed comments. */
export interface BillingItem {
  type: FeeType;
  /** Without VAT; > 0 for a fee, < 0 for a credit. */
  value: number;
  /** VAT rate given with the item (0.25 = 25 %), or null for the contract's VAT entry. */
  vatRate: number | null;
  comment: string | null;
  publicComment: string | null;
}

/** A broken item rule: the item's field, and the message key (MESSAGES) with its placeholders. */
export interface BillingItemProblem {
  field: 'type' | 'value' | 'vat' | 'comment' | 'publicComment';
  message: MessageKey;
  params: Record<string, string | number>;
}

const blankToNull = (s: string | null | undefined): string | null => {
  const t = s?.trim();
  return t ? t : null;
};

/** The item rules for one item: the checked item (null without a known type) and every broken rule. */
export function checkBillingItem(raw: BillingItemInput): { item: BillingItem | null; problems: BillingItemProblem[] } {
  const problems: BillingItemProblem[] = [];
  const fail = (field: BillingItemProblem['field'], message: MessageKey, params: Record<string, string | number> = {}) =>
    problems.push({ field, message, params });
  const type = feeTypeOf(raw.type);
  if (!type) fail('type', 'specifyBillingType');

  const value = Number.isFinite(raw.value) ? roundMoney(raw.value) : Number.NaN;
  if (Number.isNaN(value)) fail('value', 'amountNotNumber');
  else if (Math.abs(value) > BILLING_AMOUNT_MAX) fail('value', 'amountTooLarge', { max: BILLING_AMOUNT_MAX.toFixed(2) });
  else if (type === CREDITING && !(value < 0)) fail('value', 'creditMustBeNegative');
  else if (type && type !== CREDITING && !(value > 0)) fail('value', 'feeMustBePositive');

  const vat = raw.vat ?? null;
  if (vat !== null && !(Number.isFinite(vat) && vat >= 0 && vat < 1)) fail('vat', 'vatRateInvalid');

  const publicComment = blankToNull(raw.publicComment);
  const comment = blankToNull(raw.comment);
  const shortPublicComment = type === 'OTHER' || type === CREDITING;
  if (type === 'OTHER' && !publicComment) fail('publicComment', 'publicCommentRequired');
  if (publicComment && shortPublicComment && publicComment.length > PUBLIC_COMMENT_MAX) {
    fail('publicComment', 'publicCommentTooLong', { max: PUBLIC_COMMENT_MAX });
  } else if (publicComment && !shortPublicComment && publicComment.length > BILLING_COMMENT_MAX) {
    fail('publicComment', 'maxCharacters', { max: BILLING_COMMENT_MAX, len: publicComment.length });
  }
  if (comment && comment.length > BILLING_COMMENT_MAX) fail('comment', 'maxCharacters', { max: BILLING_COMMENT_MAX, len: comment.length });

  return { item: type ? { type, value, vatRate: vat, comment, publicComment } : null, problems };
}

/** The item rules for a request: the checked items when every item passes, else each problem with its item's index. */
export function checkBillingItems(items: readonly BillingItemInput[]): {
  items: BillingItem[];
  problems: (BillingItemProblem & { index: number })[];
} {
  const checked: BillingItem[] = [];
  const problems: (BillingItemProblem & { index: number })[] = [];
  items.forEach((raw, index) => {
    const result = checkBillingItem(raw);
    problems.push(...result.problems.map((p) => ({ ...p, index })));
    if (result.item) checked.push(result.item);
  });
  return { items: problems.length ? [] : checked, problems };
}

// ---------------------------------------------------------------------------------------------------------------
// Mix and credit rules
// ---------------------------------------------------------------------------------------------------------------

export type BillingRefusal =
  'creditingConflict' | 'commitCreditingFirst' | 'unpaidBookingCannotBeCredited' | 'nothingToCredit' | 'creditExceedsTotal';

/**
 * §5 "A credit cannot be added while other fees are pending" and "Fees must be committed before a credit is added":
 * fees and a credit together are refused — creditingConflict when a fee comes before a credit, commitCreditingFirst
 * when a credit comes before a fee. Null when the mix is allowed (only fees, or only credits).
 */
export function mixConflict(items: readonly Pick<BillingItem, 'type'>[]): 'creditingConflict' | 'commitCreditingFirst' | null {
  const firstCredit = items.findIndex((x) => x.type === CREDITING);
  const firstFee = items.findIndex((x) => x.type !== CREDITING);
  if (firstCredit < 0 || firstFee < 0) return null;
  return firstFee < firstCredit ? 'creditingConflict' : 'commitCreditingFirst';
}

/** What the credit rules read of the booking payment (BOK). */
export interface CreditablePayment {
  status: PaymentStatus;
  /** With VAT. */
  totalPrice: number;
  totalPriceWithoutVat: number;
}

/** §5: a credit needs a paid booking payment with something charged (also the booking's `credit` ability). */
export function creditRefusal(
  payment: Pick<CreditablePayment, 'status' | 'totalPrice'> | null | undefined,
): 'unpaidBookingCannotBeCredited' | 'nothingToCredit' | null {
  if (!payment || UNCREDITABLE_STATUSES.includes(payment.status)) return 'unpaidBookingCannotBeCredited';
  return payment.totalPrice > 0 ? null : 'nothingToCredit';
}

/** The credits' total (a positive amount, without VAT) of billing items. */
export const creditTotal = (items: readonly Pick<BillingItem, 'type' | 'value'>[]): number =>
  items.filter((x) => x.type === CREDITING).reduce((sum, x) => sum + Math.abs(toOre(x.value)), 0) / 100;

/** §5 "A credit cannot exceed the total price without VAT": the credits together, to the øre; equal is allowed. */
export function creditCeilingRefusal(
  items: readonly Pick<BillingItem, 'type' | 'value'>[],
  payment: Pick<CreditablePayment, 'totalPriceWithoutVat'>,
): 'creditExceedsTotal' | null {
  return toOre(creditTotal(items)) > toOre(payment.totalPriceWithoutVat) ? 'creditExceedsTotal' : null;
}

/**
 * The refusal of a billing request (items that passed the item rules) on a booking payment, or null: the mix rules,
 * then, when it holds credits, the credit rules. The server answers it with 409; the form refuses the pending item.
 */
export function billingRequestRefusal(
  items: readonly Pick<BillingItem, 'type' | 'value'>[],
  payment: CreditablePayment | null | undefined,
): BillingRefusal | null {
  const mix = mixConflict(items);
  if (mix) return mix;
  if (!items.some((x) => x.type === CREDITING)) return null;
  const refused = creditRefusal(payment);
  if (refused || !payment) return refused ?? 'unpaidBookingCannotBeCredited';
  return creditCeilingRefusal(items, payment);
}

// ---------------------------------------------------------------------------------------------------------------
// The form's pending list
// ---------------------------------------------------------------------------------------------------------------

/** Why an item may not join the pending list (a message key). */
export type PendingItemRefusal = 'specifyBillingType' | BillingRefusal;
export type PendingItemCheck = { outcome: 'refused'; message: PendingItemRefusal } | { outcome: 'confirm' } | { outcome: 'accepted' };

/**
 * §5 "Before a fee or credit joins the pending list": the list with the new item must be a request the server takes
 * (specifyBillingType without a type, then billingRequestRefusal); a credit that brings the credits above the booking's
 * estimated total without VAT asks for confirmation ('confirm').
 */
export function checkPendingItem(
  item: { type: FeeType | ''; value: number },
  pending: readonly Pick<BillingItem, 'type' | 'value'>[],
  facts: { payment: CreditablePayment | null | undefined; estimatedPriceWithoutVat: number | null },
): PendingItemCheck {
  if (!item.type) return { outcome: 'refused', message: 'specifyBillingType' };
  const list = [...pending, { type: item.type, value: item.value }];
  const refused = billingRequestRefusal(list, facts.payment);
  if (refused) return { outcome: 'refused', message: refused };
  if (item.type === CREDITING && facts.estimatedPriceWithoutVat !== null && toOre(creditTotal(list)) > toOre(facts.estimatedPriceWithoutVat)) {
    return { outcome: 'confirm' };
  }
  return { outcome: 'accepted' };
}
