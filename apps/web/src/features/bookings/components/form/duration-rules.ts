import { SCHEDULED_RULE_MAX_DAYS, type BookableRule } from '@fleetdesk/contract';
import { DAY_MS, HOUR_MS, instantOfWallTime, isoWeekday, wallTimeOf } from './operator-time';

/**
 * The §5 booking length rules, checked live in the form as the server checks them on submit
 * (docs/decisions/0010-booking-rules.md): the contract's min/max always apply, then each bookable rule —
 * ALWAYS, or SCHEDULED when the booking shares time with its Monday–Friday window. A booking of 4 local
 * calendar days or more always breaks a scheduled maximum. Days are local calendar days of the operator.
 */

const SECOND_MS = 1_000;
const MINUTE_MS = 60 * SECOND_MS;

export interface DurationLimits {
  minBookingDuration: string | null;
  maxBookingDuration: string | null;
  bookableRules: readonly BookableRule[];
}

export interface ScheduleWindow {
  from: string;
  to: string;
}

/** A broken length rule; the form words it (inline, and expanded with the schedule times). */
export interface DurationViolation {
  kind: 'MIN_DURATION' | 'MAX_DURATION';
  /** The limit to name, in ms (for a scheduled maximum over the 4-day cap: the cap). */
  durationMs: number;
  /** The Monday–Friday window of a SCHEDULED rule, else null. */
  window: ScheduleWindow | null;
}

interface DurationParts {
  days: number;
  timeMs: number;
}

const NUM = '(\\d+(?:[.,]\\d+)?)';
const ISO_DURATION = new RegExp(`^P(?:${NUM}W)?(?:${NUM}D)?(?:T(?:${NUM}H)?(?:${NUM}M)?(?:${NUM}S)?)?$`);
const toNumber = (value: string | undefined) => (value === undefined ? 0 : Number(value.replace(',', '.')));

/** PnW, PnD, PTnHnMnS and combinations; null for anything else (the server refuses those contracts). */
function parseDuration(text: string): DurationParts | null {
  const match = ISO_DURATION.exec(text);
  if (!match || text === 'P' || text.endsWith('T')) return null;
  const [, w, d, h, m, s] = match;
  return {
    days: toNumber(w) * 7 + toNumber(d),
    timeMs: toNumber(h) * HOUR_MS + toNumber(m) * MINUTE_MS + toNumber(s) * SECOND_MS,
  };
}

/** An ISO-8601 duration in ms, a day counted as 24 hours; null when unreadable. */
export function isoDurationMs(text: string): number | null {
  const parts = parseDuration(text);
  return parts === null ? null : Math.round(parts.days * DAY_MS + parts.timeMs);
}

/** The same wall-clock time `days` local calendar days later. */
function addLocalDays(instantMs: number, days: number, timeZone: string): number {
  const w = wallTimeOf(instantMs, timeZone);
  const seconds = instantMs % MINUTE_MS;
  return instantOfWallTime({ ...w, day: w.day + days }, timeZone) + seconds;
}

/** Weeks and days move the local calendar; hours, minutes and seconds are elapsed time. */
function addDuration(instantMs: number, parts: DurationParts, timeZone: string): number {
  const wholeDays = Math.trunc(parts.days);
  const base = wholeDays === 0 ? instantMs : addLocalDays(instantMs, wholeDays, timeZone);
  return base + Math.round((parts.days - wholeDays) * DAY_MS + parts.timeMs);
}

const CLOCK = /^(\d{1,2}):(\d{2})$/;
function clockMinutes(text: string): number | null {
  const match = CLOCK.exec(text);
  if (!match) return null;
  const hour = Number(match[1]);
  const minute = Number(match[2]);
  if (minute > 59 || hour > 24 || (hour === 24 && minute > 0)) return null;
  return hour * 60 + minute;
}

/** Whether [start, end) shares time with the window on a Monday–Friday of the zone. */
export function touchesWeekdayWindow(startMs: number, endMs: number, window: ScheduleWindow, timeZone: string): boolean {
  const from = clockMinutes(window.from);
  const to = clockMinutes(window.to);
  if (from === null || to === null || endMs <= startMs) return false;
  if (endMs - startMs >= 8 * DAY_MS) return true;
  const overnight = to <= from ? 1 : 0;
  const first = wallTimeOf(startMs, timeZone);
  for (let offset = -1; offset < 10; offset++) {
    const date = { year: first.year, month: first.month, day: first.day + offset };
    const normalised = new Date(Date.UTC(date.year, date.month - 1, date.day));
    const day = { year: normalised.getUTCFullYear(), month: normalised.getUTCMonth() + 1, day: normalised.getUTCDate() };
    const opens = instantOfWallTime({ ...day, hour: Math.floor(from / 60), minute: from % 60 }, timeZone);
    if (opens >= endMs) return false;
    if (isoWeekday(day) > 5) continue;
    const closes = instantOfWallTime({ ...day, day: day.day + overnight, hour: Math.floor(to / 60), minute: to % 60 }, timeZone);
    if (startMs < closes && endMs > opens) return true;
  }
  return false;
}

const WHOLE_DAY: ScheduleWindow = { from: '00:00', to: '24:00' };

interface Limit {
  parts: DurationParts;
  ms: number;
  window: ScheduleWindow | null;
}

function limit(iso: string | null, window: ScheduleWindow | null): Limit | null {
  if (!iso) return null;
  const parts = parseDuration(iso);
  const ms = isoDurationMs(iso);
  return parts === null || ms === null ? null : { parts, ms, window };
}

/**
 * Every length rule [start, end) breaks, contract limits first, then ALWAYS rules, then SCHEDULED ones;
 * a violation of the same kind and length as an earlier one is dropped (the contract usually repeats a
 * rule). Empty when start is not before end (that is 'Start has to be before end', not a length rule).
 */
export function evaluateDurationRules(limits: DurationLimits, startMs: number, endMs: number, timeZone: string): DurationViolation[] {
  if (!(startMs < endMs)) return [];
  const mins: Limit[] = [];
  const maxes: Limit[] = [];
  const push = (into: Limit[], value: Limit | null) => {
    if (value) into.push(value);
  };
  push(mins, limit(limits.minBookingDuration, null));
  push(maxes, limit(limits.maxBookingDuration, null));
  const ordered = [
    ...limits.bookableRules.filter((rule) => rule.appliedDuring === 'ALWAYS'),
    ...limits.bookableRules.filter((rule) => rule.appliedDuring !== 'ALWAYS'),
  ];
  for (const rule of ordered) {
    const window = rule.appliedDuring === 'SCHEDULED' ? (rule.appliesDuring ?? WHOLE_DAY) : null;
    push(mins, limit(rule.minDuration, window));
    push(maxes, limit(rule.maxDuration, window));
  }

  const touches = (window: ScheduleWindow) => touchesWeekdayWindow(startMs, endMs, window, timeZone);
  const violations: DurationViolation[] = [];
  for (const min of mins) {
    if (endMs >= addDuration(startMs, min.parts, timeZone)) continue;
    if (min.window !== null && !touches(min.window)) continue;
    violations.push({ kind: 'MIN_DURATION', durationMs: min.ms, window: min.window });
  }
  const capEnd = addLocalDays(startMs, SCHEDULED_RULE_MAX_DAYS, timeZone);
  for (const max of maxes) {
    const longest = addDuration(startMs, max.parts, timeZone);
    if (max.window === null) {
      if (endMs > longest) violations.push({ kind: 'MAX_DURATION', durationMs: max.ms, window: null });
    } else if (endMs >= capEnd) {
      violations.push({ kind: 'MAX_DURATION', durationMs: Math.min(max.ms, SCHEDULED_RULE_MAX_DAYS * DAY_MS), window: max.window });
    } else if (endMs > longest && touches(max.window)) {
      violations.push({ kind: 'MAX_DURATION', durationMs: max.ms, window: max.window });
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
