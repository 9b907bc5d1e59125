import { z } from 'zod';
import { ZCountryCode, ZCurrency, ZLanguage } from '../enums.ts';

/** The operator (§3 Fleet). */

export const ZFleet = z.object({
  fleet: z.string(),
  name: z.string(),
  country: ZCountryCode,
  currency: ZCurrency,
  DefaultLanguage: ZLanguage,
  timeZone: z.string(),
});
export type Fleet = z.infer<typeof ZFleet>;
