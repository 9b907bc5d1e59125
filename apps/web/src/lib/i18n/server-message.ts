import type { TFunction, TOptions } from 'i18next';
import { isMessageKey, MESSAGE_COUNT_PARAMS, type MessageParams } from '@fleetdesk/contract';
import { formatDuration } from '../format/format';
import { currentLanguage } from './i18n';

/** A message as the server sends it (an error item of §8, a batch line error): key, params and the English text. */
export interface ServerMessage {
  messageId?: string | undefined;
  params?: MessageParams | undefined;
  message: string;
}

/**
 * A server message in the staff member's language (docs/decisions/0059): `messages.<messageId>` with its params, and
 * `count` from the param the contract names for that message (MESSAGE_COUNT_PARAMS) so plural forms apply. When the id
 * is not a key of the catalogue (or there is none), the server's English `message`.
 *
 * `value` is the form's value of the field, when known: a too-long text (maxLength) then shows the §5 counter message
 * "Maximum characters 60 (61/60)" with the length typed.
 */
export function serverMessageText(item: ServerMessage, t: TFunction, value?: unknown): string {
  const { messageId, params = {} } = item;
  if (!isMessageKey(messageId)) return item.message;
  if (messageId === 'maxLength' && typeof value === 'string' && typeof params.max === 'number') {
    return t('messages.maxCharacters', { max: params.max, len: value.trim().length });
  }
  const countParam = MESSAGE_COUNT_PARAMS[messageId];
  const count = countParam === undefined ? undefined : Number(params[countParam]);
  const options: TOptions = count !== undefined && Number.isFinite(count) ? { ...params, count } : { ...params };
  // A length travels as milliseconds beside its English words ("3 days"): worded here in the UI language.
  if (typeof params.durationMs === 'number') options.duration = formatDuration(params.durationMs, currentLanguage());
  // A country travels as its code beside its English name ("Norway"): named here in the UI language ("Norge").
  if (typeof params.countryCode === 'string') options.country = countryName(params.countryCode, currentLanguage()) ?? params.country;
  return t(`messages.${messageId}`, options);
}

/** A region's name in `language` (Intl.DisplayNames), or undefined for a code it does not know. */
function countryName(code: string, language: string): string | undefined {
  try {
    const name = new Intl.DisplayNames([language], { type: 'region', fallback: 'none' }).of(code.toUpperCase());
    return name || undefined;
  } catch {
    return undefined; // not a well-formed region code
  }
}

/** A field's message as one line: "field: message" (errors.fieldMessage), or the message alone without a field. */
export function serverFieldMessageText(item: ServerMessage & { field?: string | undefined }, t: TFunction): string {
  const text = serverMessageText(item, t);
  return item.field ? t('errors.fieldMessage', { field: item.field, message: text }) : text;
}
