import type { TFunction } from 'i18next';
import { MESSAGES, type MessageKey } from '@fleetdesk/contract';

const isMessageKey = (value: string): value is MessageKey => Object.hasOwn(MESSAGES, value);
const KEY_BY_TEXT = new Map<string, MessageKey>(Object.entries(MESSAGES).flatMap(([key, text]) => (isMessageKey(key) ? [[text, key] as const] : [])));
const MAXIMUM = /^Maximum characters (\d+)$/;

/**
 * A field message of the contract's schema or of the server's 400 (the contract's English text) in the staff member's
 * language: a text of MESSAGES by its key, the schema's "Maximum characters N" as the §5 counter message (with the
 * length of `value`). Any other text is returned as it is.
 */
export function fieldMessageText(message: string, value: unknown, t: TFunction): string {
  const key = KEY_BY_TEXT.get(message);
  if (key) return t(`messages.${key}`);
  const maximum = MAXIMUM.exec(message);
  if (maximum) return t('messages.maxCharacters', { max: Number(maximum[1]), len: typeof value === 'string' ? value.trim().length : 0 });
  return message;
}
