/**
 * Wall-clock time in an operator's zone (Europe/Oslo, Europe/Stockholm) and the instants it names, without a date
 * library. `Intl.DateTimeFormat` (ECMAScript, no DOM) reads a zone's wall clock at an instant; the instant of a
 * wall-clock time is found by settling the zone's offset in two passes, so every helper here is safe across
 * daylight-saving changes. The server uses them for rules, default periods and event texts, the web for the booking
 * form's `<input type="datetime-local">` values (read as the operator's time whatever zone the browser is in).
 * docs/decisions/0045-shared-rules.md.
 */

export const SECOND_MS = 1_000;
export const MINUTE_MS = 60 * SECOND_MS;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

/** A wall-clock time of a zone; month 1–12, day 1–31, hour 0–23. */
export interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  millisecond: number;
}

/** A wall-clock time to look up: the date, and the time of day (missing parts are 0). Fields may overflow (day 32). */
export type WallTimeFields = Pick<WallTime, 'year' | 'month' | 'day'> & Partial<Omit<WallTime, 'year' | 'month' | 'day'>>;

const formatters = new Map<string, Intl.DateTimeFormat>();
/** One formatter per zone; an unknown zone throws RangeError. */
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

const msOf = (instant: Date | number): number => (typeof instant === 'number' ? instant : instant.getTime());

/** The wall-clock time of an instant in a zone. */
export function wallTimeOf(instant: Date | number, timeZone: string): WallTime {
  const ms = msOf(instant);
  const parts = formatterFor(timeZone).formatToParts(new Date(ms));
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((part) => part.type === type)?.value);
  return {
    year: get('year'),
    month: get('month'),
    day: get('day'),
    hour: get('hour'),
    minute: get('minute'),
    second: get('second'),
    millisecond: ((ms % SECOND_MS) + SECOND_MS) % SECOND_MS,
  };
}

const naiveUtc = (w: WallTimeFields): number => Date.UTC(w.year, w.month - 1, w.day, w.hour ?? 0, w.minute ?? 0, w.second ?? 0, w.millisecond ?? 0);

/** The zone's offset from UTC at an instant, in ms (+02:00 → 7 200 000). */
export const zoneOffsetMs = (instant: Date | number, timeZone: string): number => naiveUtc(wallTimeOf(instant, timeZone)) - msOf(instant);

/**
 * The instant (epoch ms) a wall-clock time occurs in a zone. Two passes settle the offset across a daylight-saving
 * change: a time inside the spring-forward gap lands an hour later (02:30 → 03:30), an ambiguous autumn time on its
 * second occurrence (after the clocks went back).
 */
export function instantOfWallTime(w: WallTimeFields, timeZone: string): number {
  const naive = naiveUtc(w);
  let guess = naive - zoneOffsetMs(naive, timeZone);
  guess = naive - zoneOffsetMs(guess, timeZone);
  return guess;
}

/** The same local wall-clock time `days` calendar days later (23 or 25 hours across a daylight-saving change). */
export function addLocalDays(instant: Date, days: number, timeZone: string): Date {
  const w = wallTimeOf(instant, timeZone);
  return new Date(instantOfWallTime({ ...w, day: w.day + days }, timeZone));
}

/**
 * The instant local midnight begins on the local day of `instant`, moved by `dayOffset` days and `monthOffset`
 * calendar months (a day past the month's end runs into the next month, as Date.UTC does).
 */
export function startOfLocalDay(instant: Date, timeZone: string, dayOffset = 0, monthOffset = 0): Date {
  const w = wallTimeOf(instant, timeZone);
  return new Date(instantOfWallTime({ year: w.year, month: w.month + monthOffset, day: w.day + dayOffset }, timeZone));
}

/** The ISO weekday (1 Monday … 7 Sunday) of a calendar date. */
export function isoWeekday(date: Pick<WallTime, 'year' | 'month' | 'day'>): number {
  const day = new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay();
  return day === 0 ? 7 : day;
}

/** A number with leading zeros to `length` digits: the fields of a 'YYYY-MM-DD HH:mm' text (here and on the web). */
export const pad = (value: number, length = 2) => String(value).padStart(length, '0');

/** 'YYYY-MM-DD HH:mm' (§9) of an instant in a zone: event texts, receipts and the journal export. */
export function formatLocalDateTime(instant: Date | number, timeZone: string): string {
  const w = wallTimeOf(instant, timeZone);
  return `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)} ${pad(w.hour)}:${pad(w.minute)}`;
}

// ---------------------------------------------------------------------------------------------------------------
// datetime-local values ('YYYY-MM-DDTHH:mm'): the operator's wall clock in forms
// ---------------------------------------------------------------------------------------------------------------

const WALL_CLOCK = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::\d{2}(?:\.\d+)?)?$/;

/** A datetime-local value as wall-clock fields (seconds dropped); null when blank or malformed. */
export function parseWallClock(value: string | null | undefined): WallTimeFields | null {
  const match = WALL_CLOCK.exec(value ?? '');
  if (!match) return null;
  const [year = 0, month = 0, day = 0, hour = 0, minute = 0] = match.slice(1, 6).map(Number);
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59) return null;
  return { year, month, day, hour, minute };
}

/** Wall-clock fields as a datetime-local value (to the minute). */
export const formatWallClock = (w: WallTimeFields): string =>
  `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}T${pad(w.hour ?? 0)}:${pad(w.minute ?? 0)}`;

/** The instant (epoch ms) a datetime-local value names in the zone; null when blank or malformed. */
export function wallClockToMs(value: string | null | undefined, timeZone: string): number | null {
  const wall = parseWallClock(value);
  return wall ? instantOfWallTime(wall, timeZone) : null;
}

/** An instant as the datetime-local value of the zone (seconds dropped). */
export const msToWallClock = (instant: Date | number, timeZone: string): string => formatWallClock(wallTimeOf(instant, timeZone));

/** An ISO-8601 text (any offset) as the datetime-local value of the zone. */
export const isoToWallClock = (iso: string, timeZone: string): string => msToWallClock(Date.parse(iso), timeZone);

/** An instant as ISO-8601 with the zone's offset, to the minute, e.g. '2025-06-02T10:00:00+02:00' (§7 "times with offset"). */
export function msToIsoWithOffset(instant: Date | number, timeZone: string): string {
  const offsetMinutes = Math.round(zoneOffsetMs(instant, timeZone) / MINUTE_MS);
  const sign = offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(offsetMinutes);
  return `${msToWallClock(instant, timeZone)}:00${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/** A datetime-local value as ISO-8601 with the zone's offset; null when blank or malformed. */
export function wallClockToIso(value: string | null | undefined, timeZone: string): string | null {
  const ms = wallClockToMs(value, timeZone);
  return ms === null ? null : msToIsoWithOffset(ms, timeZone);
}

/** Shifts a datetime-local value by elapsed time (the ±1 h pushes of §5), keeping it in the zone. */
export function shiftWallClock(value: string, deltaMs: number, timeZone: string): string | null {
  const ms = wallClockToMs(value, timeZone);
  return ms === null ? null : msToWallClock(ms + deltaMs, timeZone);
}

/** The next quarter hour after an instant (a tidy default start). */
export function nextQuarterHour(instantMs: number): number {
  const quarter = 15 * MINUTE_MS;
  return Math.floor(instantMs / quarter) * quarter + quarter;
}
