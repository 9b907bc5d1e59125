import type { TFunction } from 'i18next';
import { isApiError } from '@/lib/api/api-error';
import { fieldMessageText } from '@/lib/forms/field-message-text';

export { abilityReasonText } from '@/lib/abilities/ability-text';
/** The one translation of field messages now lives with the form helpers; re-exported for the staff screens. */
export { fieldMessageText };

/**
 * The text of a failed call: the envelope's message, which the API client has already put in the staff member's
 * language for the fixed-text ids (staffLastAdmin, staffNotFound, …); otherwise a generic message.
 */
export function failureReason(error: unknown, t: TFunction): string {
  if (isApiError(error)) return error.envelope.message ? fieldMessageText(error.envelope.message, undefined, t) : t('messages.genericError');
  return t('messages.genericError');
}
