import { z } from 'zod';
import { MESSAGES } from './messages.ts';

/**
 * The input guard's rules (issue 14; docs/decisions/0042-hardened-api.md), shared by the server's one pre-validation
 * step and the request schemas:
 *
 * - **Text** must be well-formed Unicode without NUL: PostgreSQL cannot store U+0000 in text or jsonb, and an unpaired
 *   UTF-16 surrogate (U+D800–U+DFFF alone) is no character at all. `findUnsafeText` walks any parsed input (path
 *   parameters, query strings, JSON bodies at any depth and their keys, multipart fields and file names, CSV cells,
 *   the header values the server reads) and names each offending field.
 * - **Integers** that meet a database column must fit it: ids and integer columns are PostgreSQL `integer` (int4).
 *   `ZIntId` (1 … 2147483647) is every integer id of a request, `ZIntIdParam` the same read from a path or query
 *   string, and `ZDbInt` any other integer stored in an int4 column.
 */

/** PostgreSQL `integer` (int4): the range of every integer id and integer column. */
export const DB_INT_MIN = -2_147_483_648;
export const DB_INT_MAX = 2_147_483_647;

/** True when `text` has no NUL and no unpaired surrogate (what PostgreSQL can store and JSON can carry as UTF-8). */
export function isSafeText(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 0) return false;
    if (code >= 0xd800 && code <= 0xdbff) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        i++;
        continue;
      }
      return false;
    }
    if (code >= 0xdc00 && code <= 0xdfff) return false;
  }
  return true;
}

/** A field name fit to send back: NUL and unpaired surrogates become U+FFFD. */
const printable = (text: string) => (isSafeText(text) ? text : Array.from(text, (c) => (isSafeText(c) ? c : '\uFFFD')).join(''));

export interface UnsafeTextIssue {
  field: string;
  message: string;
}

/** At most this many unsafe fields are reported per request (the first ones found). */
export const UNSAFE_TEXT_MAX_ISSUES = 20;

/**
 * Every string in `value` (at any depth, object keys included) that `isSafeText` refuses, as `{field, message}` in
 * the error envelope's field style: the path from `root` joined with dots (`comment`, `items.0.comment`), `root`
 * itself for a top-level string. Iterative, so that no nesting depth can overflow the stack.
 */
export function findUnsafeText(value: unknown, root = ''): UnsafeTextIssue[] {
  const issues: UnsafeTextIssue[] = [];
  const join = (base: string, key: string | number) => (base ? `${base}.${key}` : String(key));
  // Depth first, in document order; `badKey` marks an object key the guard refuses (its value is not looked at).
  const stack: { value: unknown; field: string; badKey?: true }[] = [{ value, field: root }];
  while (stack.length > 0 && issues.length < UNSAFE_TEXT_MAX_ISSUES) {
    const { value: current, field, badKey } = stack.pop()!;
    if (badKey) issues.push({ field: printable(field), message: MESSAGES.unsafeTextKey });
    else if (typeof current === 'string') {
      if (!isSafeText(current)) issues.push({ field: printable(field), message: MESSAGES.unsafeText });
    } else if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i--) stack.push({ value: current[i], field: join(field, i) });
    } else if (current !== null && typeof current === 'object') {
      const entries = Object.entries(current);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, inner] = entries[i]!;
        stack.push(isSafeText(key) ? { value: inner, field: join(field, key) } : { value: undefined, field: join(field, key), badKey: true });
      }
    }
  }
  return issues.slice(0, UNSAFE_TEXT_MAX_ISSUES);
}

const idError = { error: MESSAGES.idOutOfRange };

/** An integer id in a JSON body: 1 … 2147483647 (int4 serial). */
export const ZIntId = z.number(idError).int(idError).min(1, idError).max(DB_INT_MAX, idError);
/** An integer id in a path or query string (coerced from its text): 1 … 2147483647. */
export const ZIntIdParam = z.coerce.number(idError).int(idError).min(1, idError).max(DB_INT_MAX, idError);

const intError = { error: MESSAGES.intOutOfRange };
/** Any other integer stored in an int4 column; narrow it further with `.min()`/`.max()` where the field needs to. */
export const ZDbInt = z.number(intError).int(intError).min(DB_INT_MIN, intError).max(DB_INT_MAX, intError);
