/**
 * Wall-clock times of the operator's zone (Europe/Oslo, Europe/Stockholm) and the instants they name.
 * The form edits times with native `<input type="datetime-local">`, whose value ('YYYY-MM-DDTHH:mm') has no
 * zone: it is read as the operator's local time, whatever zone the browser is in, and sent as ISO-8601 with
 * the operator's offset (spec §7: "times in ISO format with offset").
 */

const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

/** The browser's own zone: the fallback while the operator is unknown (single sign-on sessions). */
export const browserTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;

export interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The wall-clock time of an instant in a zone (seconds dropped). */
export function wallTimeOf(instantMs: number, timeZone: string): WallTime {
  const parts = formatterFor(timeZone).formatToParts(new Date(instantMs));
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((part) => part.type === type)?.value);
  return { year: get('year'), month: get('month'), day: get('day'), hour: get('hour'), minute: get('minute') };
}

const naiveUtc = (w: WallTime) => Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute);

/** The zone's offset from UTC at an instant, in ms (seconds-precise zones are not in use). */
function offsetAt(instantMs: number, timeZone: string): number {
  const flooredToMinute = Math.floor(instantMs / MINUTE_MS) * MINUTE_MS;
  return naiveUtc(wallTimeOf(flooredToMinute, timeZone)) - flooredToMinute;
}

/**
 * The instant a wall-clock time occurs in a zone (fields may overflow, e.g. hour 25). Two passes settle the
 * offset across a daylight-saving change: a time in the spring gap lands an hour later, an ambiguous autumn
 * time on its first occurrence.
 */
export function instantOfWallTime(w: WallTime, timeZone: string): number {
  const naive = naiveUtc(w);
  let guess = naive - offsetAt(naive, timeZone);
  guess = naive - offsetAt(guess, timeZone);
  return guess;
}

const WALL_CLOCK = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::\d{2}(?:\.\d+)?)?$/;
const pad = (value: number, length = 2) => String(value).padStart(length, '0');

/** A datetime-local value ('YYYY-MM-DDTHH:mm') as wall-clock fields; null when blank or malformed. */
export function parseWallClock(value: string | null | undefined): WallTime | null {
  const match = WALL_CLOCK.exec(value ?? '');
  if (!match) return null;
  const [year = 0, month = 0, day = 0, hour = 0, minute = 0] = match.slice(1, 6).map(Number);
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59) return null;
  return { year, month, day, hour, minute };
}

/** Wall-clock fields as a datetime-local value. */
export const formatWallClock = (w: WallTime): string =>
  `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}T${pad(w.hour)}:${pad(w.minute)}`;

/** The instant (epoch ms) a datetime-local value names in the zone; null when blank or malformed. */
export function wallClockToMs(value: string | null | undefined, timeZone: string): number | null {
  const wall = parseWallClock(value);
  return wall ? instantOfWallTime(wall, timeZone) : null;
}

/** An instant as the datetime-local value of the zone. */
export const msToWallClock = (instantMs: number, timeZone: string): string => formatWallClock(wallTimeOf(instantMs, timeZone));

/** An ISO-8601 text (any offset) as the datetime-local value of the zone. */
export const isoToWallClock = (iso: string, timeZone: string): string => msToWallClock(Date.parse(iso), timeZone);

/** An instant as ISO-8601 with the zone's offset, e.g. '2025-06-02T10:00:00+02:00'. */
export function msToIsoWithOffset(instantMs: number, timeZone: string): string {
  const w = wallTimeOf(instantMs, timeZone);
  const offsetMinutes = Math.round(offsetAt(instantMs, timeZone) / MINUTE_MS);
  const sign = offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(offsetMinutes);
  return `${formatWallClock(w)}:00${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/** A datetime-local value as ISO-8601 with the operator's offset; null when blank or malformed. */
export function wallClockToIso(value: string | null | undefined, timeZone: string): string | null {
  const ms = wallClockToMs(value, timeZone);
  return ms === null ? null : msToIsoWithOffset(ms, timeZone);
}

/** Shifts a datetime-local value by elapsed time (the ±1 h pushes of §5), keeping it in the zone. */
export function shiftWallClock(value: string, deltaMs: number, timeZone: string): string | null {
  const ms = wallClockToMs(value, timeZone);
  return ms === null ? null : msToWallClock(ms + deltaMs, timeZone);
}

/** The start of the local day of an instant, as a datetime-local value ('YYYY-MM-DDT00:00'). */
export function startOfLocalDay(instantMs: number, timeZone: string): string {
  const w = wallTimeOf(instantMs, timeZone);
  return formatWallClock({ ...w, hour: 0, minute: 0 });
}

/** The next quarter hour after an instant (a tidy default start). */
export function nextQuarterHour(instantMs: number): number {
  const quarter = 15 * MINUTE_MS;
  return Math.floor(instantMs / quarter) * quarter + quarter;
}

/** The ISO weekday (1 Monday … 7 Sunday) of a wall-clock date. */
export function isoWeekday(w: Pick<WallTime, 'year' | 'month' | 'day'>): number {
  const day = new Date(Date.UTC(w.year, w.month - 1, w.day)).getUTCDay();
  return day === 0 ? 7 : day;
}
