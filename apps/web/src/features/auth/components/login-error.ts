import type { TFunction } from 'i18next';
import { MESSAGE_IDS } from '@fleetdesk/contract';
import { isApiError } from '@/lib/api/api-error';

/** The inline text for a failed login (spec §8 Login): 401, 403 and 429 have their own; anything else is logged. */
export function loginErrorMessage(error: unknown, t: TFunction): string {
  if (isApiError(error)) {
    if (error.status === 401) return t('messages.wrongCredentials');
    if (error.status === 403) {
      // A member an administrator disabled is told so (issue 13), not just that the account cannot sign in.
      if (error.envelope.messageId === MESSAGE_IDS.accountDisabled) return t('messages.accountDisabled');
      return error.envelope.messageId === MESSAGE_IDS.passwordLoginNotAllowed ? t('messages.passwordLoginNotAllowed') : t('messages.loginDenied');
    }
    if (error.status === 429) return t('messages.tooManyAttempts');
  }
  console.error('Login failed', error);
  return t('auth.loginFailed');
}
