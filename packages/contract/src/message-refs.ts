import { formatMessage, MESSAGES, type MessageKey } from './messages.ts';

/**
 * Messages that travel as a key of MESSAGES and its parameters (issue 17 point 6, docs/decisions/0059): the server
 * puts the key in an error item's `messageId` and the values of its `{{placeholders}}` in `params`, next to the English
 * `message` for API clients; the web translates `messages.<messageId>` with the params and falls back to `message`
 * when it does not know the id.
 */
/** The values of a message's `{{placeholders}}` (its schema, ZMessageParams, is in error-envelope.ts). */
export type MessageParams = Record<string, string | number>;

/** A message by key: the key, its params (where the message has placeholders) and the English text. */
export interface MessageRef {
  messageId: MessageKey;
  params?: MessageParams;
  message: string;
}

export const isMessageKey = (value: unknown): value is MessageKey => typeof value === 'string' && Object.hasOwn(MESSAGES, value);

/** The message `key` with `params`, worded in English. */
export function messageRef(key: MessageKey, params?: MessageParams): MessageRef {
  return params && Object.keys(params).length > 0
    ? { messageId: key, params, message: formatMessage(key, params) }
    : { messageId: key, message: MESSAGES[key] };
}

/** A field error of the §8 envelope by message key: `fieldError('name', 'maxLength', { max: 60 })`. */
export function fieldError(field: string, key: MessageKey, params?: MessageParams): MessageRef & { field: string } {
  return { field, ...messageRef(key, params) };
}

/**
 * For messages with a count: the param that is the count, so that clients pick the plural form (i18next `count`).
 */
export const MESSAGE_COUNT_PARAMS: Partial<Record<MessageKey, string>> = {
  maxLength: 'max',
  maxCharacters: 'max',
  minLength: 'min',
  publicCommentTooLong: 'max',
  passwordTooShort: 'min',
  imageTooLarge: 'max',
  batchUsersCreated: 'count',
  batchUsersFailed: 'count',
};

/** The key of a contract text without placeholders ("Required" → required). */
const KEY_BY_TEXT = new Map<string, MessageKey>(
  Object.keys(MESSAGES)
    .filter(isMessageKey)
    .filter((key) => !MESSAGES[key].includes('{{'))
    .map((key) => [MESSAGES[key], key] as const),
);
const MAX_LENGTH_TEXT = /^Maximum characters (\d+)$/;

/**
 * The key and params of a text the contract's schemas write: a MESSAGES text without placeholders, or the schemas'
 * "Maximum characters N" (MESSAGES.maxLength). Undefined for any other text. The schemas word their messages in
 * English (the forms validate with the same schemas), so this is how a schema's message becomes an id again.
 */
export function messageRefOfText(text: string): Omit<MessageRef, 'message'> | undefined {
  const key = KEY_BY_TEXT.get(text);
  if (key) return { messageId: key };
  const max = MAX_LENGTH_TEXT.exec(text);
  if (max) return { messageId: 'maxLength', params: { max: Number(max[1]) } };
  return undefined;
}

/** The part of a zod issue (or of fastify's validation error made from one) that names its message. */
export interface IssueLike {
  code?: string | undefined;
  message?: string | undefined;
  origin?: unknown;
  maximum?: unknown;
  values?: unknown;
}

/**
 * The key and params of a zod issue of the contract's schemas: its text when that is a contract text (see
 * messageRefOfText), else by its kind: a string too long → maxLength {max}, a value not among the choices →
 * notAChoice {choices}. Undefined when the issue has no message of the catalogue (clients show its text).
 */
export function issueMessageRef(issue: IssueLike): Omit<MessageRef, 'message'> | undefined {
  const byText = issue.message ? messageRefOfText(issue.message) : undefined;
  if (byText) return byText;
  if (issue.code === 'too_big' && issue.origin === 'string' && typeof issue.maximum === 'number') {
    return { messageId: 'maxLength', params: { max: issue.maximum } };
  }
  if (issue.code === 'invalid_value' && Array.isArray(issue.values) && issue.values.length > 0) {
    return { messageId: 'notAChoice', params: { choices: issue.values.map(String).join(', ') } };
  }
  return undefined;
}

/** An error item with the key and params of its message added, when its text is one the contract knows. */
export function withMessageRef<T extends { message: string; messageId?: string | undefined; params?: MessageParams | undefined }>(item: T): T {
  if (item.messageId) return item;
  const ref = messageRefOfText(item.message);
  return ref ? { ...item, ...ref } : item;
}
