import type { BookableRule } from '../entities.ts';
import { SCHEDULED_RULE_MAX_DAYS } from '../limits.ts';
import { addLocalDays, DAY_MS, HOUR_MS, instantOfWallTime, isoWeekday, MINUTE_MS, SECOND_MS, wallTimeOf } from './zoned-time.ts';

/**
 * The §5 booking length rules, once for both sides: the server judges every new or changed booking with them (and
 * words the §3 Booking rules), the booking form checks them while staff type. The contract's own minimum and maximum
 * always apply, then each bookable rule — ALWAYS, or SCHEDULED when the booking shares time with its Monday–Friday
 * window. Weeks and days are local calendar days of the operator's zone; a booking of SCHEDULED_RULE_MAX_DAYS local
 * days or more always breaks a scheduled maximum. docs/decisions/0010-booking-rules.md, 0045-shared-rules.md.
 */

// ---------------------------------------------------------------------------------------------------------------
// ISO-8601 durations
// ---------------------------------------------------------------------------------------------------------------

/** The components of an ISO-8601 duration; weeks and days are calendar units, the rest elapsed time. */
export interface IsoDurationParts {
  weeks: number;
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

const NUM = '(\\d+(?:[.,]\\d+)?)';
const ISO_DURATION = new RegExp(`^P(?:${NUM}W)?(?:${NUM}D)?(?:T(?:${NUM}H)?(?:${NUM}M)?(?:${NUM}S)?)?$`);

const toNumber = (value: string | undefined): number => (value === undefined ? 0 : Number(value.replace(',', '.')));

/** Splits PnW, PnD, PTnHnMnS and their combinations (e.g. P1DT12H). Years and months are refused (RangeError). */
export function parseIsoDurationParts(text: string): IsoDurationParts {
  const match = ISO_DURATION.exec(text);
  // 'P' alone and a dangling 'T' (P1DT) carry no component.
  if (!match || text === 'P' || text.endsWith('T')) throw new RangeError(`Not an ISO-8601 duration: ${JSON.stringify(text)}`);
  const [, w, d, h, m, s] = match;
  return { weeks: toNumber(w), days: toNumber(d), hours: toNumber(h), minutes: toNumber(m), seconds: toNumber(s) };
}

const timeMs = (p: IsoDurationParts) => p.hours * HOUR_MS + p.minutes * MINUTE_MS + p.seconds * SECOND_MS;

/** An ISO-8601 duration in milliseconds, a day counted as 24 hours. Throws RangeError on anything else. */
export function parseIsoDuration(text: string): number {
  const p = parseIsoDurationParts(text);
  return Math.round((p.weeks * 7 + p.days) * DAY_MS + timeMs(p));
}

/**
 * `instant` plus an ISO duration in the operator's zone: weeks and days move the local calendar (keeping the
 * wall-clock time), hours, minutes and seconds are elapsed time. So P3D from Friday 10:00 ends Monday 10:00 even
 * across a daylight-saving change, while PT72H is always 72 real hours.
 */
export function addIsoDuration(instant: Date, iso: string, timeZone: string): Date {
  const p = parseIsoDurationParts(iso);
  const totalDays = p.weeks * 7 + p.days;
  const wholeDays = Math.trunc(totalDays);
  const base = wholeDays === 0 ? instant.getTime() : addLocalDays(instant, wholeDays, timeZone).getTime();
  return new Date(base + Math.round((totalDays - wholeDays) * DAY_MS + timeMs(p)));
}

export interface HumanizeOptions {
  /** Keep at most this many units, largest first (the rest is dropped, not rounded). */
  maxParts?: number;
}

const UNITS = [
  { ms: DAY_MS, one: 'day', many: 'days' },
  { ms: HOUR_MS, one: 'hour', many: 'hours' },
  { ms: MINUTE_MS, one: 'minute', many: 'minutes' },
  { ms: SECOND_MS, one: 'second', many: 'seconds' },
] as const;

/**
 * English text for a duration (the server's messages): '1 hour', '30 minutes', '3 days', '1 day 12 hours';
 * '0 minutes' for zero. Weeks are written as days. The web words durations in the staff member's language.
 */
export function humanizeDuration(ms: number, options: HumanizeOptions = {}): string {
  if (!Number.isFinite(ms) || ms < 0) throw new RangeError(`Not a duration: ${ms}`);
  let rest = Math.round(ms / SECOND_MS) * SECOND_MS;
  const parts: string[] = [];
  for (const unit of UNITS) {
    const count = Math.floor(rest / unit.ms);
    rest -= count * unit.ms;
    if (count > 0) parts.push(`${count} ${count === 1 ? unit.one : unit.many}`);
  }
  const kept = options.maxParts === undefined ? parts : parts.slice(0, Math.max(1, options.maxParts));
  return kept.length === 0 ? '0 minutes' : kept.join(' ');
}

// ---------------------------------------------------------------------------------------------------------------
// The Monday–Friday schedule window of SCHEDULED rules
// ---------------------------------------------------------------------------------------------------------------

export interface ScheduleWindow {
  /** Local wall-clock times 'HH:mm'; `to` may be '24:00'. `to` at or before `from` runs into the next day. */
  from: string;
  to: string;
}

/** A SCHEDULED rule without appliesDuring applies to the whole weekday. */
export const WHOLE_DAY: ScheduleWindow = { from: '00:00', to: '24:00' };

/** The window a bookable rule applies in: null for an ALWAYS rule. */
export const scheduleWindowOf = (rule: Pick<BookableRule, 'appliedDuring' | 'appliesDuring'>): ScheduleWindow | null =>
  rule.appliedDuring === 'SCHEDULED' ? (rule.appliesDuring ?? WHOLE_DAY) : null;

function parseClock(text: string, allow24: boolean): { hour: number; minute: number } {
  const match = /^(\d{1,2}):(\d{2})$/.exec(text);
  const hour = Number(match?.[1]);
  const minute = Number(match?.[2]);
  const ok = match !== null && minute < 60 && (hour < 24 || (allow24 && hour === 24 && minute === 0));
  if (!ok) throw new RangeError(`Not a time of day (HH:mm): ${JSON.stringify(text)}`);
  return { hour, minute };
}

/**
 * Whether [start, end) shares any time with the window [from, to) on a Monday–Friday in the zone. Windows are found
 * per local date, so they follow the wall clock across daylight-saving changes. A window that runs past midnight
 * belongs to the weekday it starts on. Throws RangeError for a time that is not 'HH:mm'.
 */
export function touchesWeekdayWindow(start: Date, end: Date, window: ScheduleWindow, timeZone: string): boolean {
  const from = parseClock(window.from, false);
  const to = parseClock(window.to, true);
  const overnight = to.hour * 60 + to.minute <= from.hour * 60 + from.minute ? 1 : 0;
  const startMs = start.getTime();
  const endMs = end.getTime();
  if (endMs <= startMs) return false;
  // Eight days or more contain every weekday's window whole.
  if (endMs - startMs >= 8 * DAY_MS) return true;
  const first = wallTimeOf(startMs, timeZone);
  // From the day before the start (an overnight window may still be running) until a window opens after the end.
  for (let offset = -1; ; offset++) {
    const date = new Date(Date.UTC(first.year, first.month - 1, first.day + offset));
    const day = { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
    const opens = instantOfWallTime({ ...day, hour: from.hour, minute: from.minute }, timeZone);
    if (opens >= endMs) return false;
    if (isoWeekday(day) > 5) continue;
    const closes = instantOfWallTime({ ...day, day: day.day + overnight, hour: to.hour, minute: to.minute }, timeZone);
    if (startMs < closes && endMs > opens) return true;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// The rules
// ---------------------------------------------------------------------------------------------------------------

/** What the length rules read of a contract (the §3 Contract and the contract-rules answer both have it). */
export interface BookingLengthLimits {
  minBookingDuration: string | null;
  maxBookingDuration: string | null;
  bookableRules: readonly BookableRule[];
}

/** A broken length rule; each side words it (the server in English, the form in the staff member's language). */
export interface BookingLengthViolation {
  kind: 'MIN_DURATION' | 'MAX_DURATION';
  /** The §3 rule name, as in the server's 400 answers: contract.minBookingDuration, bookableRules[2].maxDuration … */
  ruleName: string;
  /** The limit to name, in ms (for a scheduled maximum over the SCHEDULED_RULE_MAX_DAYS cap: the smaller of both). */
  durationMs: number;
  /** The Monday–Friday window of a SCHEDULED rule, else null. */
  window: ScheduleWindow | null;
}

interface Limit {
  ruleName: string;
  iso: string;
  window: ScheduleWindow | null;
}

/**
 * Every length rule the booking [start, end) breaks: the contract's limits first, then ALWAYS rules, then SCHEDULED
 * ones (so that of two equal texts the one that applies always is kept); a violation of the same kind and length as an
 * earlier one is dropped (the contract usually repeats a rule). Empty when start is not before end ('Start has to be
 * before end' is not a length rule). Throws RangeError when the contract holds an unreadable duration or time.
 */
export function evaluateBookingLength(limits: BookingLengthLimits, start: Date, end: Date, timeZone: string): BookingLengthViolation[] {
  const startMs = start.getTime();
  const endMs = end.getTime();
  if (!(startMs < endMs)) return [];
  const mins: Limit[] = [];
  const maxes: Limit[] = [];
  if (limits.minBookingDuration) mins.push({ ruleName: 'contract.minBookingDuration', iso: limits.minBookingDuration, window: null });
  if (limits.maxBookingDuration) maxes.push({ ruleName: 'contract.maxBookingDuration', iso: limits.maxBookingDuration, window: null });
  const indexed = limits.bookableRules.map((rule, index) => ({ rule, index }));
  const ordered = [...indexed.filter((r) => r.rule.appliedDuring === 'ALWAYS'), ...indexed.filter((r) => r.rule.appliedDuring !== 'ALWAYS')];
  for (const { rule, index } of ordered) {
    const window = scheduleWindowOf(rule);
    if (rule.minDuration) mins.push({ ruleName: `bookableRules[${index}].minDuration`, iso: rule.minDuration, window });
    if (rule.maxDuration) maxes.push({ ruleName: `bookableRules[${index}].maxDuration`, iso: rule.maxDuration, window });
  }

  const touched = new Map<string, boolean>();
  const touches = (window: ScheduleWindow): boolean => {
    const key = `${window.from}-${window.to}`;
    let result = touched.get(key);
    if (result === undefined) {
      result = touchesWeekdayWindow(start, end, window, timeZone);
      touched.set(key, result);
    }
    return result;
  };

  const violations: BookingLengthViolation[] = [];
  for (const min of mins) {
    if (endMs >= addIsoDuration(start, min.iso, timeZone).getTime()) continue;
    if (min.window !== null && !touches(min.window)) continue;
    violations.push({ kind: 'MIN_DURATION', ruleName: min.ruleName, durationMs: parseIsoDuration(min.iso), window: min.window });
  }
  const capEnd = addLocalDays(start, SCHEDULED_RULE_MAX_DAYS, timeZone).getTime();
  for (const max of maxes) {
    const longest = addIsoDuration(start, max.iso, timeZone).getTime();
    const limitMs = parseIsoDuration(max.iso);
    const violation = { kind: 'MAX_DURATION' as const, ruleName: max.ruleName, durationMs: limitMs, window: max.window };
    if (max.window === null) {
      if (endMs > longest) violations.push(violation);
    } else if (endMs >= capEnd) {
      // §5: a booking of SCHEDULED_RULE_MAX_DAYS local days or more always violates a scheduled maximum.
      violations.push({ ...violation, durationMs: Math.min(limitMs, SCHEDULED_RULE_MAX_DAYS * DAY_MS) });
    } else if (endMs > longest && touches(max.window)) {
      violations.push(violation);
    }
  }
  const seen = new Set<string>();
  return violations.filter((violation) => {
    const key = `${violation.kind}:${violation.durationMs}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
