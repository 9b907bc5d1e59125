import type { TFunction } from 'i18next';
import { messageRefOfText } from '@fleetdesk/contract';
import { serverMessageText } from '@/lib/i18n/server-message';

/**
 * A message of the contract's schemas run in the browser (a form's own validation, which words its messages in the
 * contract's English) in the staff member's language: the contract names its key (`messageRefOfText`: a MESSAGES
 * text, or "Maximum characters N" as maxLength, shown with the length of `value`). Any other text is returned as it is.
 * Messages from the server need none of this: they carry their key and params (serverMessageText).
 */
export function fieldMessageText(message: string, value: unknown, t: TFunction): string {
  return serverMessageText({ ...messageRefOfText(message), message }, t, value);
}
