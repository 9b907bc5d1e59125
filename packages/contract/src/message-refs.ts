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
  tooManyVins: 'max',
  windowTooLong: 'days',
  pagingLimit: 'max',
  atMostCharacters: 'max',
  csvTooManyUsers: 'count',
  tooManyEmailDomains: 'max',
  tooManyUsernames: 'max',
  tooFewItems: 'min',
  tooManyItems: 'max',
};

/** The key of a contract text without placeholders ("Required" → required). */
const KEY_BY_TEXT = new Map<string, MessageKey>(
  Object.keys(MESSAGES)
    .filter(isMessageKey)
    .filter((key) => !MESSAGES[key].includes('{{'))
    .map((key) => [MESSAGES[key], key] as const),
);
const MAX_LENGTH_TEXT = /^Maximum characters (\d+)$/;

/** The key and params of the schema texts with values (schemaMessage), by their English text. */
const REF_BY_SCHEMA_TEXT = new Map<string, Omit<MessageRef, 'message'>>();

/**
 * A schema's message with values, by key: its English text (what zod reports and the forms show), remembered so that
 * an issue with this text names its key and params again (messageRefOfText): `.max(20, schemaMessage('tooManyEmailDomains', { max: 20 }))`.
 */
export function schemaMessage(key: MessageKey, params: MessageParams): string {
  const { message, ...ref } = messageRef(key, params);
  REF_BY_SCHEMA_TEXT.set(message, ref);
  return message;
}

/**
 * The key and params of a text the contract's schemas write: a MESSAGES text without placeholders, or the schemas'
 * "Maximum characters N" (MESSAGES.maxLength). Undefined for any other text. The schemas word their messages in
 * English (the forms validate with the same schemas), so this is how a schema's message becomes an id again.
 */
export function messageRefOfText(text: string): Omit<MessageRef, 'message'> | undefined {
  const key = KEY_BY_TEXT.get(text);
  if (key) return { messageId: key };
  const withValues = REF_BY_SCHEMA_TEXT.get(text);
  if (withValues) return withValues;
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
  minimum?: unknown;
  inclusive?: unknown;
  expected?: unknown;
  format?: unknown;
  divisor?: unknown;
  keys?: unknown;
  values?: unknown;
}

type IssueRef = Omit<MessageRef, 'message'>;
const ref = (messageId: MessageKey, params?: MessageParams): IssueRef => (params ? { messageId, params } : { messageId });
const numeric = (value: unknown): number | undefined => (typeof value === 'number' ? value : typeof value === 'bigint' ? Number(value) : undefined);

/** A value of the wrong type, by the type expected; zod words a missing value "…, received undefined". */
function wrongTypeRef(issue: IssueLike): IssueRef {
  if (issue.message?.endsWith('received undefined')) return ref('required');
  switch (issue.expected) {
    case 'string':
      return ref('mustBeText');
    case 'number':
    case 'bigint':
      return ref('mustBeNumber');
    case 'int':
      return ref('mustBeWholeNumber');
    case 'boolean':
      return ref('mustBeTrueOrFalse');
    case 'array':
    case 'tuple':
    case 'set':
      return ref('mustBeList');
    case 'object':
    case 'record':
    case 'map':
      return ref('mustBeObject');
    case 'date':
      return ref('invalidDate');
    default:
      return ref('wrongType');
  }
}

/** A value out of range: a string by its length, a number by its bound, a list by its items. */
function sizeRef(issue: IssueLike, big: boolean): IssueRef | undefined {
  const bound = numeric(big ? issue.maximum : issue.minimum);
  if (bound === undefined) return undefined;
  const exclusive = issue.inclusive === false;
  switch (issue.origin) {
    case 'string':
      return big ? ref('maxLength', { max: bound }) : ref('minLength', { min: bound });
    case 'number':
    case 'int':
    case 'bigint':
      return big
        ? ref(exclusive ? 'numberTooLargeExclusive' : 'numberTooLarge', { max: bound })
        : ref(exclusive ? 'numberTooSmallExclusive' : 'numberTooSmall', { min: bound });
    case 'array':
    case 'set':
    case 'file':
      return big ? ref('tooManyItems', { max: bound }) : ref('tooFewItems', { min: bound });
    default:
      return undefined;
  }
}

function formatRef(issue: IssueLike): IssueRef {
  switch (issue.format) {
    case 'email':
      return ref('invalidEmail');
    case 'date':
      return ref('invalidDate');
    case 'datetime':
      return ref('invalidDateTime');
    default:
      return ref('invalidFormat');
  }
}

/**
 * The key and params of a zod issue of the contract's schemas: its text when that is a contract text (see
 * messageRefOfText), else by its kind (zod's own default texts): a wrong type (mustBeText, mustBeNumber, …; a missing
 * value is `required`), a string too long or short (maxLength {max}, minLength {min}), a number out of range
 * (numberTooLarge {max}, …), too many or too few items, a wrong format, a value not among the choices (notAChoice
 * {choices}), a number not a multiple (notMultipleOf {divisor}), unknown keys (unknownFields {keys}); a union, key or element that fits
 * nothing is `invalid`. A refinement whose own text is not in the catalogue has none (clients show its text). Clients word the key in their language; the issue's own text stays the English message.
 */
export function issueMessageRef(issue: IssueLike): IssueRef | undefined {
  const byText = issue.message ? messageRefOfText(issue.message) : undefined;
  if (byText) return byText;
  switch (issue.code) {
    case 'invalid_type':
      return wrongTypeRef(issue);
    case 'too_big':
    case 'too_small':
      return sizeRef(issue, issue.code === 'too_big') ?? ref('invalid');
    case 'invalid_format':
      return formatRef(issue);
    case 'invalid_value':
      return Array.isArray(issue.values) && issue.values.length > 0
        ? ref('notAChoice', { choices: issue.values.map(String).join(', ') })
        : ref('invalid');
    case 'not_multiple_of': {
      const divisor = numeric(issue.divisor);
      return divisor === undefined ? ref('invalid') : ref('notMultipleOf', { divisor });
    }
    case 'unrecognized_keys':
      return Array.isArray(issue.keys) && issue.keys.length > 0 ? ref('unknownFields', { keys: issue.keys.map(String).join(', ') }) : ref('invalid');
    case 'invalid_union':
    case 'invalid_key':
    case 'invalid_element':
      return ref('invalid');
    default:
      // A refinement's own text that is not in the catalogue: clients show it as it is rather than a bare "Invalid".
      return undefined;
  }
}

/** An error item with the key and params of its message added, when its text is one the contract knows. */
export function withMessageRef<T extends { message: string; messageId?: string | undefined; params?: MessageParams | undefined }>(item: T): T {
  if (item.messageId) return item;
  const ref = messageRefOfText(item.message);
  return ref ? { ...item, ...ref } : item;
}
