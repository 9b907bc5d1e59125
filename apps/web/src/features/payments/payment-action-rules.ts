import type { Payment, PaymentType } from '@fleetdesk/contract';

/** The §4 payment actions one payment can offer. */
export type PaymentActionKind =
  | 'markInvoiceSent'
  | 'markInvoicePaid'
  | 'markInvoiceUnpaid'
  | 'retry'
  | 'release'
  | 'switchType'
  | 'replace'
  | 'cancelEventPayment';

/** Why an offered action cannot run now (shown as the disabled button's tooltip: `payments.disabledReason.<key>`). */
export type DisabledReason =
  | 'invoiceToCard'
  | 'noRegisteredCard'
  | 'settled'
  | 'noCharge'
  | 'releaseRule'
  | 'eventPaymentPaid'
  | 'replacePaid';

export type ActionAvailability = { kind: PaymentActionKind; enabled: true } | { kind: PaymentActionKind; enabled: false; reason: DisabledReason };

/** The type a switch goes to: credit card ↔ user invoice (an INVOICE never turns into a card, §4). */
export const switchTarget = (type: PaymentType): PaymentType => (type === 'CREDITCARD' ? 'USER_INVOICE' : 'CREDITCARD');

export const isEventPayment = (payment: Pick<Payment, 'orderId'>): boolean => payment.orderId.startsWith('EVE');

/**
 * The actions a payment offers, in the order of the bar, with exactly §4's rules:
 * - USER_INVOICE: mark as sent only from UNPAID; mark as received (PAID) and set unpaid only from INVOICE_SENT
 *   (the steps that do not apply are not offered);
 * - revive/retry: a CREDITCARD payment that is ABANDONED or UNPAID (otherwise not offered);
 * - release: enabled only for an INVOICE that is not NO_CHARGE or a CREDITCARD that is ABANDONED (offered, disabled
 *   with a reason, for the other card and company-invoice payments);
 * - switch type: disabled for an INVOICE, without a registered card, or when PAID or NO_CHARGE;
 * - cancel an event payment (EVE): disabled once PAID;
 * - replace (§7 "replace a booking's payment with a type"): a booking payment only, not once PAID (credit it instead)
 *   or NO_CHARGE.
 */
export function paymentActions(payment: Pick<Payment, 'orderId' | 'type' | 'status' | 'target'>, hasRegisteredCard: boolean): ActionAvailability[] {
  const { type, status } = payment;
  const actions: ActionAvailability[] = [];
  const enabled = (kind: PaymentActionKind): ActionAvailability => ({ kind, enabled: true });
  const disabled = (kind: PaymentActionKind, reason: DisabledReason): ActionAvailability => ({ kind, enabled: false, reason });

  if (type === 'USER_INVOICE') {
    if (status === 'UNPAID') actions.push(enabled('markInvoiceSent'));
    if (status === 'INVOICE_SENT') actions.push(enabled('markInvoicePaid'), enabled('markInvoiceUnpaid'));
  }
  if (type === 'CREDITCARD' && (status === 'ABANDONED' || status === 'UNPAID')) actions.push(enabled('retry'));

  if (type === 'INVOICE') actions.push(status !== 'NO_CHARGE' ? enabled('release') : disabled('release', 'noCharge'));
  if (type === 'CREDITCARD') actions.push(status === 'ABANDONED' ? enabled('release') : disabled('release', 'releaseRule'));

  if (type === 'INVOICE') actions.push(disabled('switchType', 'invoiceToCard'));
  else if (status === 'PAID' || status === 'NO_CHARGE') actions.push(disabled('switchType', 'settled'));
  else if (!hasRegisteredCard) actions.push(disabled('switchType', 'noRegisteredCard'));
  else actions.push(enabled('switchType'));

  if (payment.target === 'BOOKING' && !isEventPayment(payment)) {
    if (status === 'PAID') actions.push(disabled('replace', 'replacePaid'));
    else if (status === 'NO_CHARGE') actions.push(disabled('replace', 'noCharge'));
    else actions.push(enabled('replace'));
  }

  if (isEventPayment(payment)) {
    actions.push(status === 'PAID' ? disabled('cancelEventPayment', 'eventPaymentPaid') : enabled('cancelEventPayment'));
  }
  return actions;
}

/** The types a booking payment can be replaced with: the other two. */
export const replacementTypes = (type: PaymentType): PaymentType[] =>
  (['CREDITCARD', 'USER_INVOICE', 'INVOICE'] as const).filter((t) => t !== type);
