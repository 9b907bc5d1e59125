import { isApiError } from '../api/api-error';
import { i18n } from '../i18n/i18n';
import { AUTO_HIDE_MS, type AppNotification } from './notification';
import { showSnackbar } from './snackbars';

/** Shows a notification; notistack (loaded with the first one) renders it with a close button. */
export function notify(notification: AppNotification): void {
  showSnackbar(notification.message, {
    variant: notification.variant,
    persist: notification.persist ?? false,
    autoHideDuration: notification.persist ? null : AUTO_HIDE_MS[notification.variant],
  });
}

export const notifySuccess = (message: string) => notify({ variant: 'success', message });
export const notifyInfo = (message: string) => notify({ variant: 'info', message });
export const notifyWarning = (message: string) => notify({ variant: 'warning', message });

/**
 * Shows what went wrong, as §8 says (see errorToNotifications). Unexpected errors are logged too. The wording of
 * errors (with the message catalogue) loads with the first error, not with the first page (issue 15).
 */
export function notifyError(error: unknown): void {
  if (!isApiError(error)) console.error(error);
  void import('./error-notifications').then(({ errorToNotifications }) => errorToNotifications(error, i18n.t).forEach(notify));
}
