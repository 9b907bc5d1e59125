import type { TFunction } from 'i18next';
import { MESSAGE_IDS } from '@fleetdesk/contract';
import { isApiError } from '@/lib/api/api-error';
import { errorToNotifications } from '@/lib/notifications/error-notifications';
import type { AppNotification } from '@/lib/notifications/notification';
import type { BookingActionKind } from '../../api/booking-card-api';

/** The §8 success text of each action (`messages.<key>`, or the card's own for what §8 leaves unnamed). */
export function actionSuccessMessage(kind: BookingActionKind, t: TFunction): string {
  switch (kind) {
    case 'activate':
      return t('messages.bookingActivated');
    case 'deactivate':
    case 'forceEnd':
      return t('messages.bookingDeactivated');
    case 'cancel':
      return t('messages.bookingCancelled');
    case 'replaceWithTaxi':
      return t('messages.replacedByTaxi');
    case 'replaceWithRideshare':
      return t('messages.replacedByRideshare');
    case 'technicalIssue':
      return t('bookingCard.technicalIssue.reported');
    case 'extend':
    case 'lockForUser':
    case 'checkout':
    case 'adjustValues':
      return t('messages.bookingUpdated');
  }
}

/** The action's name as the menu shows it, for 'X is not supported for this booking'. */
export function actionName(kind: BookingActionKind, t: TFunction): string {
  switch (kind) {
    case 'activate':
      return t('bookingCard.actions.activate');
    case 'deactivate':
      return t('bookingCard.actions.deactivate');
    case 'forceEnd':
      return t('bookingCard.actions.forceEnd');
    case 'cancel':
      return t('bookingCard.actions.cancel');
    case 'replaceWithTaxi':
      return t('bookingCard.actions.replaceWithTaxi');
    case 'replaceWithRideshare':
      return t('bookingCard.actions.replaceWithRideshare');
    case 'extend':
      return t('bookingCard.actions.extend');
    case 'lockForUser':
      return t('bookingCard.actions.lockForUser');
    case 'checkout':
      return t('bookingCard.actions.checkout');
    case 'technicalIssue':
      return t('bookingCard.actions.reportTechnicalIssue');
    case 'adjustValues':
      return t('bookingCard.actions.adjustValues');
  }
}

/** Activate, deactivate and force-deactivate answer 400 when the booking's state does not allow them. */
const STATE_CHECKED: readonly BookingActionKind[] = ['activate', 'deactivate', 'forceEnd'];
/** Validation envelopes list what was wrong; those are shown as they are, not as 'not supported'. */
const VALIDATION_IDS: readonly string[] = [MESSAGE_IDS.validationList, MESSAGE_IDS.invalidInput];

/**
 * §8 Booking errors of a card action:
 * - 400 on activate, deactivate or force-deactivate: '{action} is not supported for this booking';
 * - 404: 'Booking not found.';
 * - otherwise the envelope mapping of lib/notifications (validation lists, payment errors, the message).
 */
export function actionErrorNotifications(error: unknown, kind: BookingActionKind, t: TFunction): AppNotification[] {
  if (isApiError(error)) {
    const { status, envelope } = error;
    if (status === 400 && STATE_CHECKED.includes(kind) && !VALIDATION_IDS.includes(envelope.messageId)) {
      return [{ variant: 'error', message: t('messages.actionNotSupported', { action: actionName(kind, t) }) }];
    }
    if (status === 404 && envelope.messageId !== MESSAGE_IDS.routeNotFound) {
      return [{ variant: 'error', message: t('messages.bookingNotFound') }];
    }
  }
  return errorToNotifications(error, t);
}
