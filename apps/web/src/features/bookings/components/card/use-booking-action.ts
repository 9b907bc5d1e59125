import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/lib/api/api-error';
import { useFormat } from '@/lib/format/use-format';
import { notify, notifyError, notifySuccess, notifyWarning } from '@/lib/notifications/notify';
import { notifyUndoable } from '@/lib/notifications/undo-notification';
import { mailReceipt, runBookingAction, undoExtension, type BookingActionRequest } from '../../api/booking-card-api';
import { applyBookingUpdate, bookingKeys } from '../../api/booking-query';
import { actionErrorNotifications, actionSuccessMessage } from './booking-action-feedback';

interface BookingActionOptions {
  /** A form that shows the error itself (field errors) answers true; then no notification is raised. */
  handleError?: (error: unknown, request: BookingActionRequest) => boolean;
}

/**
 * Runs a booking action: the pending state drives the loading indicators, success stores the returned booking
 * and re-fetches every booking query (applyBookingUpdate), and both outcomes are told as spec §8 says.
 */
export function useBookingAction(bid: string, options: BookingActionOptions = {}) {
  const { t } = useTranslation();
  const format = useFormat();
  const queryClient = useQueryClient();
  // The extension's Undo (issue 17): the server takes back this staff member's latest extension, or says why not.
  const undoLastExtension = () =>
    void undoExtension(bid).then(
      (booking) => {
        notifySuccess(t('messages.extensionUndone', { end: format.dateTime(booking.bookedInterval.end) }));
        void applyBookingUpdate(queryClient, booking);
      },
      (error: unknown) => {
        notifyError(error);
        void queryClient.invalidateQueries({ queryKey: bookingKeys.get(bid) });
      },
    );
  return useMutation({
    mutationKey: ['bookings', 'action', { bid: bid.toUpperCase() }],
    mutationFn: (request: BookingActionRequest) => runBookingAction(bid, request),
    meta: { notifyErrors: false },
    onSuccess: (booking, request) => {
      const message = actionSuccessMessage(request.kind, t);
      // An extension is reversible: it runs without a further question and its toast offers Undo.
      if (request.kind === 'extend')
        notifyUndoable({ message, what: t('bookingCard.extend.undoWhat', { bid: booking.bid }), onUndo: undoLastExtension });
      else notifySuccess(message);
      void applyBookingUpdate(queryClient, booking);
    },
    onError: (error, request) => {
      // The booking may have changed under the card (a stale cancel, a colleague's action): show what the server has.
      void queryClient.invalidateQueries({ queryKey: bookingKeys.get(bid) });
      if (options.handleError?.(error, request)) return;
      actionErrorNotifications(error, request.kind, t).forEach(notify);
    },
  });
}

/**
 * Mails the receipt (§8): a 2xx is 'Receipt sent'; a non-2xx answer the warning 'The receipt could not be sent';
 * a thrown error its message, or the warning.
 */
export function useMailReceipt(bid: string) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['bookings', 'receipt', { bid: bid.toUpperCase() }],
    mutationFn: () => mailReceipt(bid),
    meta: { notifyErrors: false },
    onSuccess: () => {
      notifySuccess(t('messages.receiptSent'));
      void queryClient.invalidateQueries({ queryKey: bookingKeys.get(bid) });
    },
    onError: (error) => {
      if (isApiError(error) || !(error instanceof Error) || !error.message) notifyWarning(t('messages.receiptFailed'));
      else notifyWarning(error.message);
    },
  });
}
