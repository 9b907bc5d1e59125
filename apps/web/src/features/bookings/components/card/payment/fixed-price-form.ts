import type { TFunction } from 'i18next';
import { z } from 'zod';
import { BILLING_AMOUNT_MAX, BILLING_COMMENT_MAX, parseAmount } from '@fleetdesk/contract';

/** The fixed price form's values, as the inputs hold them. */
export interface FixedPriceFormValues {
  price: string;
  comment: string;
}

/** The longest comment kept with a fixed price (the server's limit). */
export const FIXED_PRICE_COMMENT_MAX = BILLING_COMMENT_MAX;

/**
 * §5 Fixed price form: the amount is required, must be a number, must not be negative and not above the server's
 * BILLING_AMOUNT_MAX, each with its own message (messages.amountRequired, amountNotNumber, amountNegative, amountTooLarge).
 */
export function fixedPriceFormSchema(t: TFunction) {
  return z.object({ price: z.string(), comment: z.string() }).superRefine((values, ctx) => {
    const price = parseAmount(values.price);
    if (price === null) ctx.addIssue({ code: 'custom', path: ['price'], message: t('messages.amountRequired') });
    else if (Number.isNaN(price)) ctx.addIssue({ code: 'custom', path: ['price'], message: t('messages.amountNotNumber') });
    else if (price < 0) ctx.addIssue({ code: 'custom', path: ['price'], message: t('messages.amountNegative') });
    else if (price > BILLING_AMOUNT_MAX)
      ctx.addIssue({ code: 'custom', path: ['price'], message: t('messages.amountTooLarge', { max: BILLING_AMOUNT_MAX.toFixed(2) }) });
    const length = values.comment.trim().length;
    if (length > FIXED_PRICE_COMMENT_MAX) {
      ctx.addIssue({ code: 'custom', path: ['comment'], message: t('messages.maxCharacters', { max: FIXED_PRICE_COMMENT_MAX, len: length }) });
    }
  });
}
