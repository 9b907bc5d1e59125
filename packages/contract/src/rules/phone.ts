import { PHONE_PATTERN } from '../limits.ts';
import type { MessageKey } from '../messages.ts';

/**
 * §5 phone rule: a leading + then 6 to 21 digits ('Invalid phone number'). People type and paste numbers with spaces
 * ("+47 987 65 432"); those are dropped before the rule is applied, as the batch import does.
 */
export const normalizePhoneNumber = (text: string): string => text.replace(/\s/g, '');

/** The §5 message key of a typed phone number, null when it is valid (after normalizePhoneNumber). */
export function phoneNumberMessage(text: string): Extract<MessageKey, 'invalidPhoneNumber'> | null {
  return PHONE_PATTERN.test(normalizePhoneNumber(text)) ? null : 'invalidPhoneNumber';
}
