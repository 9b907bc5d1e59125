import { formatMessage, MESSAGES, PUBLIC_COMMENT_MAX, ZFeeType, type ErrorItem, type FeeType } from '@fleetdesk/contract';
import { roundMoney } from '../bookings/pricing.ts';

/**
 * The §5 rules for billing items (fees and credits) that need no database: each item's type, amount, VAT rate
 * and comments, and how fees and a credit may be mixed in one request. Choices: docs/decisions/0022-billing.md.
 */

/** Largest amount (without VAT) of one billing item or a fixed price; the money columns hold 10 digits before the point. */
export const BILLING_AMOUNT_MAX = 1_000_000;
/** Longest internal comment on a billing item or a fixed price. */
export const BILLING_COMMENT_MAX = 1_000;
export const CREDITING: FeeType = 'CREDITING';

/** A billing item as the contract parses it (ZBillingItem): `type` already has its spaces replaced by underscores. */
export interface BillingItemInput {
  value: number;
  type: string;
  vat?: number | undefined;
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

/** The fee type of a sent type ('PARKING TICKET', 'parking_ticket' …), or null when it names none. */
export function feeTypeOf(raw: string): FeeType | null {
  const normalized = raw.trim().replace(/[\s_]+/g, '_').replace(/^_+|_+$/g, '').toUpperCase();
  const parsed = ZFeeType.safeParse(normalized);
  return parsed.success ? parsed.data : null;
}

const blankToNull = (s: string | null | undefined): string | null => {
  const t = s?.trim();
  return t ? t : null;
};

/**
 * Checks every item (400 rules) and answers the checked items, or the field errors (`{index}.{field}`, the same
 * paths as the request validation) when any rule fails.
 */
export function checkBillingItems(items: readonly BillingItemInput[]): { items: BillingItem[]; errors: ErrorItem[] } {
  const errors: ErrorItem[] = [];
  const checked: BillingItem[] = [];
  items.forEach((raw, i) => {
    const fail = (field: string, message: string) => errors.push({ field: `${i}.${field}`, message });
    const type = feeTypeOf(raw.type);
    if (!type) fail('type', MESSAGES.specifyBillingType);

    const value = Number.isFinite(raw.value) ? roundMoney(raw.value) : Number.NaN;
    if (Number.isNaN(value)) fail('value', MESSAGES.amountNotNumber);
    else if (Math.abs(value) > BILLING_AMOUNT_MAX) fail('value', `The amount can be at most ${BILLING_AMOUNT_MAX.toFixed(2)}`);
    else if (type === CREDITING && !(value < 0)) fail('value', MESSAGES.creditMustBeNegative);
    else if (type && type !== CREDITING && !(value > 0)) fail('value', MESSAGES.feeMustBePositive);

    if (raw.vat !== undefined && !(Number.isFinite(raw.vat) && raw.vat >= 0 && raw.vat < 1)) {
      fail('vat', 'The VAT is a rate between 0 and 1 (0.25 = 25 %)');
    }

    const publicComment = blankToNull(raw.publicComment);
    const comment = blankToNull(raw.comment);
    if (type === 'OTHER' && !publicComment) fail('publicComment', MESSAGES.publicCommentRequired);
    const publicMax = type === 'OTHER' || type === CREDITING ? PUBLIC_COMMENT_MAX : BILLING_COMMENT_MAX;
    if (publicComment && publicComment.length > publicMax) {
      fail('publicComment', type === 'OTHER' || type === CREDITING
        ? formatMessage('publicCommentTooLong', { max: PUBLIC_COMMENT_MAX })
        : formatMessage('maxCharacters', { max: BILLING_COMMENT_MAX, len: publicComment.length }));
    }
    if (comment && comment.length > BILLING_COMMENT_MAX) fail('comment', formatMessage('maxCharacters', { max: BILLING_COMMENT_MAX, len: comment.length }));

    if (type) checked.push({ type, value, vatRate: raw.vat ?? null, comment, publicComment });
  });
  return { items: errors.length ? [] : checked, errors };
}

/**
 * §5 "A credit cannot be added while other fees are pending" and "Fees must be committed before a credit is added":
 * a request holding both fees and a credit is refused — creditingConflict when a fee comes before a credit,
 * commitCreditingFirst when a credit comes before a fee. Answers the message key, or null when the mix is allowed.
 */
export function mixConflict(items: readonly Pick<BillingItem, 'type'>[]): 'creditingConflict' | 'commitCreditingFirst' | null {
  const firstCredit = items.findIndex((x) => x.type === CREDITING);
  const firstFee = items.findIndex((x) => x.type !== CREDITING);
  if (firstCredit < 0 || firstFee < 0) return null;
  return firstFee < firstCredit ? 'creditingConflict' : 'commitCreditingFirst';
}
