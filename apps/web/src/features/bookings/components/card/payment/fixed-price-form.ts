import type { TFunction } from 'i18next';
import { z } from 'zod';
import { parseAmount } from './billing-rules';

/** The fixed price form's values, as the inputs hold them. */
export interface FixedPriceFormValues {
  price: string;
  comment: string;
}

/** The longest comment kept with a fixed price. */
export const FIXED_PRICE_COMMENT_MAX = 500;

/**
 * §5 Fixed price form: the amount is required, must be a number and must not be negative, each with its own message
 * (messages.amountRequired, amountNotNumber, amountNegative).
 */
export function fixedPriceFormSchema(t: TFunction) {
  return z
    .object({ price: z.string(), comment: z.string() })
    .superRefine((values, ctx) => {
      const price = parseAmount(values.price);
      if (price === null) ctx.addIssue({ code: 'custom', path: ['price'], message: t('messages.amountRequired') });
      else if (Number.isNaN(price)) ctx.addIssue({ code: 'custom', path: ['price'], message: t('messages.amountNotNumber') });
      else if (price < 0) ctx.addIssue({ code: 'custom', path: ['price'], message: t('messages.amountNegative') });
      const length = values.comment.trim().length;
      if (length > FIXED_PRICE_COMMENT_MAX) {
        ctx.addIssue({ code: 'custom', path: ['comment'], message: t('messages.maxCharacters', { max: FIXED_PRICE_COMMENT_MAX, len: length }) });
      }
    });
}
