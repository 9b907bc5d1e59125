import { z } from 'zod';
import { ZCurrency, ZPaymentStatus, ZPaymentTarget, ZPaymentType } from '../enums.ts';
import { ZBillingItem, ZBooking, ZFixedPrice, ZIsoDateTime, ZMoney, ZOutstandingPayments, ZPayment, ZRegisteredCard } from '../entities.ts';
import { PAYMENT_HISTORY_MONTHS, PUBLIC_COMMENT_MAX } from '../limits.ts';
import { emptyToUndefined, optText } from './query-params.ts';

/**
 * Payments and billing (§3 Payment, Billing item, Fixed price; §4 payment actions; §5 fee and fixed price forms;
 * §7 billing, fixedprice, payments, payment operations; docs/decisions/0021-payments.md).
 *
 * Mutations that move money take an optional `Idempotency-Key` header (IDEMPOTENCY_KEY_HEADER): a retried request
 * with the same key is applied once and answers what the first one answered.
 */

export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
/** Most billing items one POST /api/bookings/{bid}/billing may carry (the form's pending list). */
export const BILLING_MAX_ITEMS = 20;
/** Page size of the payments screen (GET /api/payments). */
export const PAYMENTS_PAGE_SIZE = 25;
/** Re-exported for the payment forms: §9 limits used here. */
export const PAYMENT_LIMITS = { PAYMENT_HISTORY_MONTHS, PUBLIC_COMMENT_MAX } as const;

/**
 * POST /api/bookings/{bid}/billing: an array of billing items (§7). `value` is without VAT (the form divides an
 * amount entered with VAT by 1 + the VAT rate); fees are positive, a CREDITING item is negative. `type` has its
 * spaces replaced by underscores. `vat` (optional) is the VAT rate as a fraction (0.25); the contract's VAT entry
 * when absent. Answers the updated booking (its `payment` and the fee orders in `singleEventPayments`).
 */
export const ZBillingRequest = z.array(ZBillingItem).min(1).max(BILLING_MAX_ITEMS);
export type BillingRequest = z.input<typeof ZBillingRequest>;
export const ZBillingResponse = ZBooking;

/** POST and PUT /api/bookings/{bid}/fixedprice: {price, comment}; DELETE removes it. Answer: the booking. */
export const ZFixedPriceRequest = ZFixedPrice;
export type FixedPriceRequest = z.infer<typeof ZFixedPriceRequest>;
export const ZFixedPriceResponse = ZBooking;

/** GET /api/bookings/{bid}/payments: the booking payment (BOK) first, then its event payments (EVE), oldest first. */
export const ZBookingPaymentsResponse = z.array(ZPayment);

// ---------- payment operations (paths not shown in the spec: chosen here) ----------

/** PUT /api/payments/{orderId}/status: §4 invoice status changes (UNPAID → INVOICE_SENT → PAID, INVOICE_SENT → UNPAID). */
export const ZInvoiceStatus = z.enum(['INVOICE_SENT', 'PAID', 'UNPAID']);
export type InvoiceStatus = z.infer<typeof ZInvoiceStatus>;
export const ZPaymentStatusRequest = z.object({ status: ZInvoiceStatus });
export type PaymentStatusRequest = z.infer<typeof ZPaymentStatusRequest>;

/** PUT /api/payments/{orderId}/paymentType: switch an event order between CREDITCARD and USER_INVOICE (§7). */
export const ZOrderPaymentTypeRequest = z.object({ paymentType: ZPaymentType });
export type OrderPaymentTypeRequest = z.infer<typeof ZOrderPaymentTypeRequest>;

/**
 * POST /api/bookings/{bid}/payment/replace: replaces the booking payment with a new one of `paymentType` carrying
 * the same lines; the old one becomes NO_CHARGE (its reservation released).
 */
export const ZReplacePaymentRequest = z.object({ paymentType: ZPaymentType });
export type ReplacePaymentRequest = z.infer<typeof ZReplacePaymentRequest>;

/**
 * The other operations answer the payment after the change (ZPayment):
 * - POST /api/payments/{orderId}/retry: revive or retry a CREDITCARD payment that is ABANDONED or UNPAID;
 * - POST /api/payments/{orderId}/release: release (cancel) an INVOICE payment not NO_CHARGE, or an ABANDONED CREDITCARD one;
 * - POST /api/payments/{orderId}/cancel: cancel an event payment (EVE) that is not PAID;
 * - GET /api/payments/{orderId}: one payment.
 * A refused card answers 400 with messageId PAYMENT_EXCEPTION_PREFIX + the §8 card error code.
 */
export const ZPaymentResponse = ZPayment;

/**
 * POST /api/sandbox/payments/{orderId}/authorize (only with the sandbox provider): plays the customer's part of a
 * card authorisation (3-D Secure): AUTHORIZED turns NEEDS_AUTHORIZATION into RESERVED, ABANDONED into ABANDONED.
 */
export const ZSandboxAuthorizeRequest = z.object({ outcome: z.enum(['AUTHORIZED', 'ABANDONED']) });
export type SandboxAuthorizeRequest = z.infer<typeof ZSandboxAuthorizeRequest>;

// ---------- user payments ----------

/** GET /api/users/{username}/payments?startDate&endDate: §9 default the last 12 months up to now. */
export const ZUserPaymentsQuery = z.object({
  startDate: z.preprocess(emptyToUndefined, ZIsoDateTime.optional()),
  endDate: z.preprocess(emptyToUndefined, ZIsoDateTime.optional()),
});
export type UserPaymentsQuery = z.infer<typeof ZUserPaymentsQuery>;
export const ZUserPaymentsResponse = z.object({
  startDate: ZIsoDateTime,
  endDate: ZIsoDateTime,
  /** Newest first. */
  payments: z.array(ZPayment),
  /** Unsettled payments of any date (UNPAID, INVOICE_SENT, ABANDONED, RESERVATION_FAILED), per currency. */
  outstandingPayments: z.array(ZOutstandingPayments),
});
export type UserPaymentsResponse = z.infer<typeof ZUserPaymentsResponse>;

/** GET /api/users/{username}/payments/methods */
export const ZPaymentMethodsResponse = z.object({ registeredCards: z.array(ZRegisteredCard) });
export type PaymentMethodsResponse = z.infer<typeof ZPaymentMethodsResponse>;

// ---------- payments screen ----------

/**
 * GET /api/payments: the operator's payments, newest first, keyset-paged. `status` repeats or is comma separated
 * (the screen offers §4's smaller search set); `from`/`to` bound the payment timestamp; `user` is a user name;
 * `search` an order id or bid prefix.
 */
export const ZPaymentsQuery = z.object({
  status: z.preprocess((v) => {
    if (v === undefined || v === null || v === '') return undefined;
    const arr = (Array.isArray(v) ? v : [v]).flatMap((x) => (typeof x === 'string' ? x.split(',') : [x])).filter((x) => x !== '');
    return arr.length ? arr : undefined;
  }, z.array(ZPaymentStatus).optional()),
  type: z.preprocess(emptyToUndefined, ZPaymentType.optional()),
  from: z.preprocess(emptyToUndefined, ZIsoDateTime.optional()),
  to: z.preprocess(emptyToUndefined, ZIsoDateTime.optional()),
  user: optText(200),
  search: optText(40),
  /** Only payments made more than this many days ago (saved views: unpaid invoices older than 14 days). */
  olderThanDays: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(3650).optional()),
  cursor: optText(400),
  pageSize: z.coerce.number().int().min(1).max(100).default(PAYMENTS_PAGE_SIZE),
});
export type PaymentsQuery = z.input<typeof ZPaymentsQuery>;

/** A row of the payments screen. */
export const ZPaymentListRow = z.object({
  orderId: z.string(),
  bid: z.string().nullable(),
  username: z.string().nullable(),
  fullNameLastFirst: z.string().nullable(),
  type: ZPaymentType,
  status: ZPaymentStatus,
  target: ZPaymentTarget,
  timestamp: ZIsoDateTime,
  totalPrice: ZMoney,
  currency: ZCurrency,
  reservationFailed: z.boolean(),
});
export type PaymentListRow = z.infer<typeof ZPaymentListRow>;
export const ZPaymentsResponse = z.object({ results: z.array(ZPaymentListRow), moreResults: z.boolean(), nextCursor: z.string().nullable() });
export type PaymentsResponse = z.infer<typeof ZPaymentsResponse>;
