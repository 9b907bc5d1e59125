import { z } from 'zod';
import { ZBookingRuleCause, ZContractType, ZCurrency, ZMetadataFieldType } from '../enums.ts';
import { ZIsoDateTime, ZMoney, ZPinCode } from './common.ts';

/** Contracts (§3 Contract): price lists, metadata specs, booking rules, the price estimate and the charging PIN. */

export const ZPriceListEntry = z.object({ name: z.string(), cost: ZMoney });
export type PriceListEntry = z.infer<typeof ZPriceListEntry>;
export const ZMetadataSpecEntry = z.object({
  key: z.string(),
  label: z.string(),
  description: z.string().nullable(),
  type: ZMetadataFieldType,
  choices: z.array(z.string()).nullable(),
  placeholder: z.string().nullable(),
  required: z.boolean(),
});
export type MetadataSpecEntry = z.infer<typeof ZMetadataSpecEntry>;
export const ZBookableRule = z.object({
  /** ISO-8601 durations, e.g. PT1H, P3D. */
  minDuration: z.string().nullable(),
  maxDuration: z.string().nullable(),
  /** ALWAYS, or SCHEDULED: only when the booking touches the Mon–Fri window appliesDuring. */
  appliedDuring: z.enum(['ALWAYS', 'SCHEDULED']),
  appliesDuring: z.object({ from: z.string(), to: z.string() }).nullable(),
});
export type BookableRule = z.infer<typeof ZBookableRule>;
export const ZContract = z.object({
  id: z.number().int(),
  name: z.string(),
  contractType: ZContractType,
  adminFee: ZMoney.nullable(),
  currency: ZCurrency,
  maxBookingDuration: z.string().nullable(),
  minBookingDuration: z.string().nullable(),
  oneWayAllowed: z.boolean(),
  onlyOneBookingAtTheSameTimeAllowed: z.boolean(),
  taxiFromPools: z.array(z.number().int()),
  priceList: z.array(ZPriceListEntry),
  metaDataSpec: z.array(ZMetadataSpecEntry),
  bookableRules: z.array(ZBookableRule),
  companyId: z.number().int().nullable(),
});
export type Contract = z.infer<typeof ZContract>;
export const ZBookingRule = z.object({
  ruleName: z.string(),
  description: z.string(),
  overridable: z.boolean(),
  bookingRuleCause: ZBookingRuleCause,
});
export type BookingRule = z.infer<typeof ZBookingRule>;
export const ZPriceEstimate = z.object({ totalPriceWithVat: ZMoney, totalVat: ZMoney, currency: ZCurrency });
export type PriceEstimate = z.infer<typeof ZPriceEstimate>;
export const ZChargingPin = z.object({ pinCode: ZPinCode, recommendedTerminalNumber: z.string(), validUntil: ZIsoDateTime });
