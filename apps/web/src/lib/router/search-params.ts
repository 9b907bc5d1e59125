/** Helpers for validateSearch functions: URL values arrive as unknown (strings, numbers, arrays …). */

/** A non-blank string (numbers are kept as their text, since TanStack parses `?q=123` as a number). */
export function optionalString(value: unknown): string | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value !== 'string') return undefined;
  return value.trim() === '' ? undefined : value;
}
