import { parseSearchWith, stringifySearchWith } from '@tanstack/react-router';

/**
 * How search params are written to and read from the URL (issue 17, docs/decisions/0056-undo-and-plain-urls.md).
 *
 * TanStack Router's default JSON-encodes every value that JSON could read as something else, so a digits-only search
 * "98765432" is written `?search=%2298765432%22` to keep it a string. Here a text that reads back as exactly the same
 * number is written as it is (`?search=98765432`); reading gives the number, and every validateSearch turns a number
 * into its text for a text field (optionalString). Texts that a number would change ("0150", "1.50",
 * "12345678901234567890") are read as text, so nothing typed loses a digit. Booleans, null, arrays and objects keep
 * the default JSON form.
 */

/** A text that JSON reads as a number with the very same text. */
const isExactNumberText = (text: string): boolean => {
  const trimmed = text.trim();
  if (trimmed !== text || text === '') return false;
  const value = Number(text);
  return Number.isFinite(value) && String(value) === text;
};

/** JSON.parse, except that a number whose text would change is not a number (the parse fails; the text is kept). */
export function parseSearchValue(text: string): unknown {
  const value: unknown = JSON.parse(text);
  if (typeof value === 'number' && String(value) !== text) throw new Error('kept as text');
  return value;
}

/** JSON.stringify, except that a text which reads back as the same number is written plain. */
export function stringifySearchValue(value: unknown): string {
  if (typeof value === 'string' && isExactNumberText(value)) return value;
  return JSON.stringify(value);
}

export const parseSearch = parseSearchWith(parseSearchValue);
export const stringifySearch = stringifySearchWith(stringifySearchValue, parseSearchValue);
