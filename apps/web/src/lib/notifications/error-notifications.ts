import type { TFunction } from 'i18next';
import { MESSAGE_IDS, PAYMENT_EXCEPTION_PREFIX, type ErrorEnvelope } from '@fleetdesk/contract';
import { isApiError } from '../api/api-error';
import { serverFieldMessageText, serverMessageText } from '../i18n/server-message';
import type { AppNotification } from './notification';

/** Card error codes of spec §8 that have their own text (`paymentErrors.<code>`). */
export const PAYMENT_ERROR_CODES = [
  'card_declined',
  'expired_card',
  'incorrect_cvc',
  'incorrect_number',
  'incorrect_zip',
  'invalid_cvc',
  'invalid_expiry_month',
  'invalid_expiry_year',
  'invalid_number',
  'insufficient_funds',
  'missing',
  'processing_error',
  'rate_limit',
  'general_error',
] as const;
export type PaymentErrorCode = (typeof PAYMENT_ERROR_CODES)[number];

const isPaymentErrorCode = (code: string): code is PaymentErrorCode => (PAYMENT_ERROR_CODES as readonly string[]).includes(code);

/** Server errors stay until dismissed (§8; issue 17: a declined card must not vanish while the agent is on the phone). */
const listed = (message: string): AppNotification => ({ variant: 'error', message, persist: true });

/**
 * Turns a server error envelope into notifications, exactly as spec §8 says:
 * - 'core.validation.validation.error.exist': one notification per error, with its message;
 * - 'errorId.apigw.invalid.input': one per error, "field: message";
 *   each error's message translated by its messageId and params, else its English text (docs/decisions/0059);
 * - 'errorId.core.PaymentException.<code>': the translated text for the code, else the general payment error;
 * - otherwise the envelope's message; when that is the text of its one error with a message id (a refusal's reason),
 *   that error translated.
 */
export function envelopeToNotifications(envelope: ErrorEnvelope, t: TFunction): AppNotification[] {
  const { messageId, message, errors } = envelope;

  if (messageId === MESSAGE_IDS.validationList && errors.length > 0) {
    return errors.map((error) => listed(serverMessageText(error, t)));
  }
  if (messageId === MESSAGE_IDS.invalidInput && errors.length > 0) {
    return errors.map((error) => listed(serverFieldMessageText(error, t)));
  }
  if (messageId.startsWith(PAYMENT_EXCEPTION_PREFIX)) {
    const code = messageId.slice(PAYMENT_EXCEPTION_PREFIX.length);
    return [listed(isPaymentErrorCode(code) ? t(`paymentErrors.${code}`) : t('messages.generalPaymentError'))];
  }
  // A refusal with its reason as a catalogue message (a 409 of an ability's rule, an undo that came too late): the
  // envelope's message is that reason's English text, so the reason is told in the staff member's language instead.
  const reason = errors.length === 1 ? errors[0] : undefined;
  if (reason?.messageId && !reason.field && reason.message === message) return [listed(serverMessageText(reason, t))];
  return [listed(message || t('messages.genericError'))];
}

/** Any thrown error as notifications: API errors by their envelope, anything else as a generic 'status 500'. */
export function errorToNotifications(error: unknown, t: TFunction): AppNotification[] {
  if (isApiError(error)) return envelopeToNotifications(error.envelope, t);
  return [{ variant: 'error', message: t('errors.statusError', { message: t('messages.genericError'), status: 500 }) }];
}
