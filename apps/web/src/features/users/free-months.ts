/** §5 free months: a whole number, zero or more. The message key (`messages.*`) of a typed value, null when valid. */
export function freeMonthsMessage(value: string): 'required' | 'mustBeNumber' | 'valueCanNotBeNegative' | null {
  const trimmed = value.trim();
  if (trimmed === '') return 'required';
  if (!/^[+-]?\d+$/.test(trimmed)) return 'mustBeNumber';
  if (Number(trimmed) < 0) return 'valueCanNotBeNegative';
  return null;
}
