import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { PAYMENT_EXCEPTION_PREFIX, paymentSwitchTarget, type Payment, type PaymentType } from '@fleetdesk/contract';
import { isApiError } from '@/lib/api/api-error';
import { queryKeyPrefix } from '@/lib/query/query-keys';
import { errorToNotifications } from '@/lib/notifications/error-notifications';
import type { AppNotification } from '@/lib/notifications/notification';
import { notify, notifyError, notifySuccess } from '@/lib/notifications/notify';
import { notifyUndoable } from '@/lib/notifications/undo-notification';
import type { PaymentActionKind } from '../payment-action-rules';
import {
  cancelEventPayment,
  paymentKeys,
  releasePayment,
  replaceBookingPayment,
  retryPayment,
  setInvoiceStatus,
  switchPaymentType,
} from './payments-api';

/** Runs one §4 action on a payment; answers the payment after the change. */
export function runPaymentAction(
  kind: PaymentActionKind,
  payment: Payment,
  bid: string | null,
  paymentType?: PaymentType,
  reason?: string,
): Promise<Payment> {
  switch (kind) {
    case 'replace': {
      const bookingBid = bid ?? payment.bid;
      if (!bookingBid || !paymentType) return Promise.reject(new Error('replace needs the booking and a payment type'));
      return replaceBookingPayment(bookingBid, paymentType);
    }
    case 'markInvoiceSent':
      return setInvoiceStatus(payment.orderId, 'INVOICE_SENT');
    case 'markInvoicePaid':
      return setInvoiceStatus(payment.orderId, 'PAID');
    case 'markInvoiceUnpaid':
      return setInvoiceStatus(payment.orderId, 'UNPAID');
    case 'retry':
      return retryPayment(payment.orderId);
    case 'release':
      return releasePayment(payment.orderId, reason);
    case 'cancelEventPayment':
      return cancelEventPayment(payment.orderId, reason);
    case 'switchType':
      return switchPaymentType(payment, bid, paymentSwitchTarget(payment.type));
  }
}

/** The §8 success text of each action. */
export function paymentActionSuccessMessage(kind: PaymentActionKind, after: Payment, t: TFunction): string {
  switch (kind) {
    case 'markInvoiceSent':
      return t('messages.invoiceMarkedSent');
    case 'markInvoicePaid':
      return t('messages.invoiceMarkedPaid');
    case 'markInvoiceUnpaid':
      return t('messages.invoiceMarkedUnpaid');
    case 'retry':
      return t('messages.paymentRetried', { status: t(`payments.status.${after.status}`) });
    case 'release':
      return t('messages.paymentReleased');
    case 'cancelEventPayment':
      return t('messages.eventPaymentCancelled');
    case 'switchType':
      return t('messages.paymentMethodUpdated');
    case 'replace':
      return t('messages.paymentReplaced');
  }
}

/**
 * What a failed action shows. §8 says failures of the payment action bars are not shown; a refused card is the
 * exception (docs/decisions/0023): the staff member must learn that the retry reached the card and why it failed,
 * so a PaymentException answer shows its translated card error. Other failures stay silent (the data is re-fetched,
 * so the bar shows the payment as it really is).
 */
export function paymentActionErrorNotifications(error: unknown, t: TFunction, kind?: PaymentActionKind, payment?: Payment): AppNotification[] {
  if (!isApiError(error) || !error.envelope.messageId.startsWith(PAYMENT_EXCEPTION_PREFIX)) return [];
  // §8 "Payment method change": a refused card on a type switch says so in the words of §8 — for the booking payment
  // the reservation text, for an event order the card-issuer text — rather than the bare card code.
  if (kind === 'switchType' && error.envelope.httpCode === 400 && payment) {
    const message = payment.target === 'BOOKING' ? t('messages.reservationFailed') : t('messages.paymentMethodDeclined');
    return [{ variant: 'error', message }];
  }
  return errorToNotifications(error, t);
}

/** After a change: every booking query (the booking card shows the payment) and every payments query re-fetch. */
export function invalidatePaymentQueries(queryClient: QueryClient, changed?: Payment) {
  if (changed) queryClient.setQueryData(paymentKeys.one(changed.orderId), changed);
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeyPrefix('bookings') }),
    queryClient.invalidateQueries({ queryKey: paymentKeys.all() }),
  ]);
}

export interface PaymentActionVariables {
  kind: PaymentActionKind;
  payment: Payment;
  bid: string | null;
  /** The new type, for 'replace'. */
  paymentType?: PaymentType;
  /** Why (release, cancel event payment): into the event log. */
  reason?: string;
}

/**
 * The payment action mutation: `pendingKind` drives each button's loading state; success tells the §8 message,
 * calls onChanged with the payment after the change and re-fetches bookings and payments.
 */
export function usePaymentActions(options: { onChanged?: (payment: Payment) => void } = {}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const onChanged = options.onChanged;
  // Undo of 'mark as sent': the server's reverse operation, set as unpaid. A refusal (a colleague moved the invoice on)
  // is shown, since the staff member asked for it, and the payment is re-fetched either way.
  const undoInvoiceSent = (payment: Payment) =>
    void setInvoiceStatus(payment.orderId, 'UNPAID').then(
      (reverted) => {
        notifySuccess(t('common.undone'));
        onChanged?.(reverted);
        void invalidatePaymentQueries(queryClient, reverted);
      },
      (error: unknown) => {
        notifyError(error);
        void invalidatePaymentQueries(queryClient);
      },
    );
  const mutation = useMutation({
    mutationKey: ['payments', 'action'],
    mutationFn: ({ kind, payment, bid, paymentType, reason }: PaymentActionVariables) => runPaymentAction(kind, payment, bid, paymentType, reason),
    meta: { notifyErrors: false },
    onSuccess: (after, { kind }) => {
      const message = paymentActionSuccessMessage(kind, after, t);
      // Marking an invoice sent is reversible (back to UNPAID, §4 'set as unpaid'): it runs at once and the toast
      // offers Undo instead of asking first (issue 17).
      if (kind === 'markInvoiceSent') notifyUndoable({ message, what: message, onUndo: () => undoInvoiceSent(after) });
      else notifySuccess(message);
      options.onChanged?.(after);
      void invalidatePaymentQueries(queryClient, after);
    },
    onError: (error, { kind, payment }) => {
      paymentActionErrorNotifications(error, t, kind, payment).forEach(notify);
      void invalidatePaymentQueries(queryClient);
    },
  });
  return {
    run: (variables: PaymentActionVariables, callbacks?: { onSettled?: () => void }) => mutation.mutate(variables, callbacks),
    pendingKind: mutation.isPending ? (mutation.variables?.kind ?? null) : null,
    isPending: mutation.isPending,
  };
}
