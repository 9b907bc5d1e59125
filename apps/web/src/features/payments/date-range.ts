import dayjs from 'dayjs';

/** A date field's value ('YYYY-MM-DD', the browser's time zone) as the ISO instant its day starts; undefined when blank or invalid. */
export function dayStartIso(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const date = dayjs(value, 'YYYY-MM-DD');
  return date.isValid() ? date.startOf('day').toISOString() : undefined;
}

/** A date field's value as the ISO instant its day ends (the range includes the whole day). */
export function dayEndIso(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const date = dayjs(value, 'YYYY-MM-DD');
  return date.isValid() ? date.endOf('day').toISOString() : undefined;
}

/** 'YYYY-MM-DD' of a day `days` before today (0: today). */
export const daysAgo = (days: number, now: Date = new Date()): string => dayjs(now).subtract(days, 'day').format('YYYY-MM-DD');

/** A strict 'YYYY-MM-DD' (URL values are checked before use). */
export function isDay(value: unknown): value is string {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  // Round-trips only for a real calendar day (2025-13-45 or 2025-02-30 do not).
  return dayjs(value).format('YYYY-MM-DD') === value;
}
