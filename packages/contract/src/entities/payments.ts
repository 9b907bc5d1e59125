import { z } from 'zod';
import { ZCardErrorCode, ZCurrency, ZPaymentStatus, ZPaymentTarget, ZPaymentTimestampType, ZPaymentType } from '../enums.ts';
import { ZPaymentAbilities } from '../abilities.ts';
import { ZIsoDateTime, ZMoney } from './common.ts';

/** Payments (§3 Payment), their lines, billing items and the fixed price. */

export const ZPaymentEvent = z.object({
  id: z.number().int(),
  itemName: z.string(),
  itemType: z.string(),
  itemDisplayText: z.string(),
  publicComment: z.string().nullable(),
  comment: z.string().nullable(),
  unitAmount: z.number(),
  unitCost: ZMoney,
  priceWithoutVat: ZMoney,
  vat: ZMoney,
  totalPrice: ZMoney,
  manualEvent: z.boolean(),
});
export type PaymentEvent = z.infer<typeof ZPaymentEvent>;
export const ZPayment = z.object({
  orderId: z.string().regex(/^(BOK|EVE)\d+$/),
  bid: z.string().nullable(),
  username: z.string().nullable(),
  type: ZPaymentType,
  status: ZPaymentStatus,
  target: ZPaymentTarget,
  timestamp: z.object({ type: ZPaymentTimestampType, timestamp: ZIsoDateTime }),
  totalPriceWithoutVat: ZMoney,
  totalVat: ZMoney,
  totalPrice: ZMoney,
  currency: ZCurrency,
  events: z.array(ZPaymentEvent),
  singleEventPayments: z.array(z.object({ orderId: z.string(), status: ZPaymentStatus, totalPrice: ZMoney })),
  externalId: z.string().nullable(),
  paymentProvider: z.string().nullable(),
  reservationFailed: z.boolean(),
  /**
   * Why the card payment failed: the §8 card error code the provider gave for the last refused reservation or charge
   * (with RESERVATION_FAILED), else null. Optional for older servers; this one always sends it.
   */
  failureCode: ZCardErrorCode.nullable().optional(),
  /** The §4 payment actions the acting staff member may take now, with the reason when not. */
  abilities: ZPaymentAbilities,
});
export type Payment = z.infer<typeof ZPayment>;
export const ZBillingItem = z.object({
  value: z.number(),
  type: z.string().transform((t) => t.replace(/ /g, '_')),
  vat: z.number().optional(),
  comment: z.string().nullable().optional(),
  publicComment: z.string().nullable().optional(),
});
export const ZFixedPrice = z.object({ price: z.number().min(0), comment: z.string().nullable().optional() });
