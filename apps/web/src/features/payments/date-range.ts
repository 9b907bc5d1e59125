/*
 * Days of the payments list's date fields ('YYYY-MM-DD', in the browser's time zone, as the date fields show them),
 * with the Date API only: this module is imported by the route tree (the URL's check), so it is in the first load,
 * and day.js would bring 6 kB gzipped to the login page for these four functions (issue 15).
 */

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const pad = (value: number, length = 2) => String(value).padStart(length, '0');

/** The local midnight a strict 'YYYY-MM-DD' starts with; undefined for anything else (2025-13-45, 2025-02-30). */
function localDay(value: string): Date | undefined {
  const match = DAY.exec(value);
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(year, month - 1, day);
  date.setFullYear(year); // years 0–99 are not 1900–1999
  return date.getFullYear() === year && date.getMonth() === month - 1 && date.getDate() === day ? date : undefined;
}

const formatDay = (date: Date) => `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

/** A date field's value as the ISO instant its day starts; undefined when blank or invalid. */
export function dayStartIso(value: string | undefined): string | undefined {
  return value ? localDay(value)?.toISOString() : undefined;
}

/** A date field's value as the ISO instant its day ends (the range includes the whole day, to the millisecond). */
export function dayEndIso(value: string | undefined): string | undefined {
  const start = value ? localDay(value) : undefined;
  if (!start) return undefined;
  const nextDay = new Date(start);
  nextDay.setDate(start.getDate() + 1); // calendar arithmetic: a 23- or 25-hour day at a clock change is still one day
  return new Date(nextDay.getTime() - 1).toISOString();
}

/** 'YYYY-MM-DD' of a day `days` before today (0: today). */
export function daysAgo(days: number, now: Date = new Date()): string {
  const date = new Date(now);
  date.setDate(date.getDate() - days);
  return formatDay(date);
}

/** A strict 'YYYY-MM-DD' of a real calendar day (URL values are checked before use). */
export function isDay(value: unknown): value is string {
  return typeof value === 'string' && localDay(value) !== undefined;
}
