import {
  formatMessage, SCHEDULED_RULE_MAX_DAYS,
  type BookableRule, type BookingRule, type ErrorItem, type MetadataSpecEntry, type OptionalService,
} from '@fleetdesk/contract';

/**
 * Contract rules for new and updated bookings (spec §3 Contract / Booking rule / Bookable rule, §4 override
 * step, §5 booking length rules and "New or updated booking"). Pure functions: the caller loads the contract
 * and the user's live bookings. Choices are recorded in docs/decisions/0010-booking-rules.md.
 */

const SECOND_MS = 1_000;
const MINUTE_MS = 60 * SECOND_MS;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

// ---------------------------------------------------------------------------------------------------------
// ISO-8601 durations
// ---------------------------------------------------------------------------------------------------------

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

/** Splits PnW, PnD, PTnHnMnS and their combinations (e.g. P1DT12H). Years and months are refused. */
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

/** English text for a duration: '1 hour', '30 minutes', '3 days', '1 day 12 hours'; '0 minutes' for zero. */
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

// ---------------------------------------------------------------------------------------------------------
// Wall-clock arithmetic in the operator's zone (DST-safe)
// ---------------------------------------------------------------------------------------------------------

interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  millisecond: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

function wallTime(instantMs: number, timeZone: string): WallTime {
  const parts = formatterFor(timeZone).formatToParts(new Date(instantMs));
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  return {
    year: get('year'), month: get('month'), day: get('day'), hour: get('hour'), minute: get('minute'), second: get('second'),
    millisecond: ((instantMs % SECOND_MS) + SECOND_MS) % SECOND_MS,
  };
}

const naiveUtc = (w: WallTime) => Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second, w.millisecond);

/** The zone's offset from UTC at an instant, in ms. */
const offsetAt = (instantMs: number, timeZone: string) => naiveUtc(wallTime(instantMs, timeZone)) - instantMs;

/**
 * The instant a local wall-clock time occurs (fields may overflow, e.g. day 32). Two passes settle the
 * offset across a DST change; a time inside the spring-forward gap lands an hour later, an ambiguous
 * autumn time on its second occurrence.
 */
function instantOf(w: WallTime, timeZone: string): number {
  const naive = naiveUtc(w);
  let guess = naive - offsetAt(naive, timeZone);
  guess = naive - offsetAt(guess, timeZone);
  return guess;
}

/** The same local wall-clock time `days` calendar days later (23 or 25 hours across a DST change). */
export function addLocalDays(instant: Date, days: number, timeZone: string): Date {
  const w = wallTime(instant.getTime(), timeZone);
  return new Date(instantOf({ ...w, day: w.day + days }, timeZone));
}

/**
 * `instant` plus an ISO duration in the operator's zone: weeks and days move the local calendar (keeping
 * the wall-clock time), hours, minutes and seconds are elapsed time. So P3D from Friday 10:00 ends Monday
 * 10:00 even across a DST change, while PT72H is always 72 real hours.
 */
export function addIsoDuration(instant: Date, iso: string, timeZone: string): Date {
  const p = parseIsoDurationParts(iso);
  const totalDays = p.weeks * 7 + p.days;
  const wholeDays = Math.trunc(totalDays);
  const base = wholeDays === 0 ? instant.getTime() : addLocalDays(instant, wholeDays, timeZone).getTime();
  return new Date(base + Math.round((totalDays - wholeDays) * DAY_MS + timeMs(p)));
}

// ---------------------------------------------------------------------------------------------------------
// The Monday–Friday schedule window of SCHEDULED rules
// ---------------------------------------------------------------------------------------------------------

export interface ScheduleWindow {
  /** Local wall-clock times 'HH:mm'; `to` may be '24:00'. `to` at or before `from` runs into the next day. */
  from: string;
  to: string;
}

/** A SCHEDULED rule without appliesDuring applies to the whole weekday. */
export const WHOLE_DAY: ScheduleWindow = { from: '00:00', to: '24:00' };

function parseClock(text: string, allow24: boolean): { hour: number; minute: number } {
  const match = /^(\d{1,2}):(\d{2})$/.exec(text);
  const hour = Number(match?.[1]);
  const minute = Number(match?.[2]);
  const ok = match !== null && minute < 60 && (hour < 24 || (allow24 && hour === 24 && minute === 0));
  if (!ok) throw new RangeError(`Not a time of day (HH:mm): ${JSON.stringify(text)}`);
  return { hour, minute };
}

/**
 * Whether [start, end) shares any time with the window [from, to) on a Monday–Friday in the zone. Windows
 * are found per local date, so they follow the wall clock across DST changes. A window that runs past
 * midnight belongs to the weekday it starts on.
 */
export function touchesWeekdayWindow(start: Date, end: Date, window: ScheduleWindow, timeZone: string): boolean {
  const from = parseClock(window.from, false);
  const to = parseClock(window.to, true);
  const fromMinutes = from.hour * 60 + from.minute;
  const toMinutes = to.hour * 60 + to.minute;
  const windowDays = toMinutes <= fromMinutes ? 1 : 0;
  const startMs = start.getTime();
  const endMs = end.getTime();
  if (endMs <= startMs) return false;
  // Eight days or more contain every weekday's window whole.
  if (endMs - startMs >= 8 * DAY_MS) return true;
  const first = wallTime(startMs, timeZone);
  // From the day before the start (an overnight window may still be running) until a window opens after the end.
  for (let offset = -1; ; offset++) {
    const date = new Date(Date.UTC(first.year, first.month - 1, first.day + offset));
    const day = { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate(), second: 0, millisecond: 0 };
    const opens = instantOf({ ...day, hour: from.hour, minute: from.minute }, timeZone);
    if (opens >= endMs) return false;
    const weekday = date.getUTCDay();
    if (weekday < 1 || weekday > 5) continue;
    const closes = instantOf({ ...day, day: day.day + windowDays, hour: to.hour, minute: to.minute }, timeZone);
    if (startMs < closes && endMs > opens) return true;
  }
}

// ---------------------------------------------------------------------------------------------------------
// Rule evaluation
// ---------------------------------------------------------------------------------------------------------

/** The contract columns the rules read: the shape of the `contracts` row (apps/server/src/db/schema.ts). */
export interface RuleContract {
  minBookingDuration: string | null;
  maxBookingDuration: string | null;
  oneWayAllowed: boolean;
  onlyOneBookingAtTheSameTimeAllowed: boolean;
  taxiFromPools: readonly number[];
  bookableRules: readonly BookableRule[];
  metadataSpec: readonly MetadataSpecEntry[];
}

/** One of the user's live (INACTIVE or ACTIVE) bookings; the caller passes an overdue one with its effective end. */
export interface OwnBooking {
  bid: string;
  start: Date;
  end: Date;
}

export interface BookingRuleInput {
  contract: RuleContract;
  start: Date;
  end: Date;
  fromPoolId: number;
  /** null or the from-pool: a round trip. */
  toPoolId: number | null;
  /** The operator's zone (Europe/Oslo, Europe/Stockholm): schedule windows and calendar days are local. */
  timeZone: string;
  /** The user's live bookings; those not sharing time with [start, end) are ignored. */
  ownOverlappingBookings: readonly OwnBooking[];
  /** On update: the booking being changed, never counted as overlapping itself. */
  excludeBid?: string | null;
  taxiAcceptable?: OptionalService | null;
  metadata?: Readonly<Record<string, string | null | undefined>> | null;
}

/** What broke a rule; the contract's BookingRuleCause has no value for taxi pools and metadata. */
export type RuleKind = 'MIN_DURATION' | 'MAX_DURATION' | 'ONE_WAY_NOT_ALLOWED' | 'OVERLAPPING_BOOKING' | 'TAXI_POOL' | 'METADATA';

/**
 * A broken rule: the §3 Booking rule (ruleName, description, overridable, bookingRuleCause) plus the §5
 * texts.
 */
export interface RuleViolation extends BookingRule {
  kind: RuleKind;
  /** The inline §5 text, e.g. 'Bookings can be at most 3 days.' */
  message: string;
  /** The expanded text: with the schedule times for SCHEDULED rules, else the same as `message`. */
  expandedMessage: string;
  /** The form field it belongs to: endTime, toLocation, taxiAcceptable, metadata.<key>. */
  field?: string;
  /** OVERLAPPING_BOOKING: the booking it overlaps. */
  overlappingBid?: string;
}

const formatLocal = (key: 'bookingTooShortScheduled' | 'taxiNotFromPool' | 'notAChoice', params: Record<string, string>) => formatMessage(key, params);

interface DurationLimit {
  ruleName: string;
  iso: string;
  scheduled: ScheduleWindow | null;
}

function durationViolation(kind: 'MIN_DURATION' | 'MAX_DURATION', limit: DurationLimit, durationText: string): RuleViolation {
  const min = kind === 'MIN_DURATION';
  const message = formatMessage(min ? 'bookingTooShort' : 'bookingTooLong', { duration: durationText });
  const window = limit.scheduled;
  const expandedMessage = window === null
    ? message
    : min
      ? formatLocal('bookingTooShortScheduled', { duration: durationText, from: window.from, to: window.to })
      : formatMessage('bookingTooLongScheduled', { duration: durationText, from: window.from, to: window.to });
  const when = window === null ? '' : ` on weekdays ${window.from}–${window.to}`;
  return {
    kind,
    ruleName: limit.ruleName,
    description: `${min ? 'Minimum' : 'Maximum'} booking duration${when}: ${durationText}`,
    overridable: true,
    bookingRuleCause: kind,
    message,
    expandedMessage,
    field: 'endTime',
  };
}

function evaluateDurations(input: BookingRuleInput): RuleViolation[] {
  const { contract, start, end, timeZone } = input;
  const endMs = end.getTime();
  const violations: RuleViolation[] = [];
  const mins: DurationLimit[] = [];
  const maxes: DurationLimit[] = [];
  if (contract.minBookingDuration) mins.push({ ruleName: 'contract.minBookingDuration', iso: contract.minBookingDuration, scheduled: null });
  if (contract.maxBookingDuration) maxes.push({ ruleName: 'contract.maxBookingDuration', iso: contract.maxBookingDuration, scheduled: null });
  // ALWAYS rules before SCHEDULED ones, so that a duplicate text keeps the rule that applies always.
  const indexed = contract.bookableRules.map((rule, index) => ({ rule, index }));
  const ordered = [...indexed.filter((r) => r.rule.appliedDuring === 'ALWAYS'), ...indexed.filter((r) => r.rule.appliedDuring !== 'ALWAYS')];
  for (const { rule, index } of ordered) {
    const scheduled = rule.appliedDuring === 'SCHEDULED' ? (rule.appliesDuring ?? WHOLE_DAY) : null;
    if (rule.minDuration) mins.push({ ruleName: `bookableRules[${index}].minDuration`, iso: rule.minDuration, scheduled });
    if (rule.maxDuration) maxes.push({ ruleName: `bookableRules[${index}].maxDuration`, iso: rule.maxDuration, scheduled });
  }

  const touched = new Map<string, boolean>();
  const touchesWindow = (window: ScheduleWindow): boolean => {
    const key = `${window.from}-${window.to}`;
    let result = touched.get(key);
    if (result === undefined) {
      result = touchesWeekdayWindow(start, end, window, timeZone);
      touched.set(key, result);
    }
    return result;
  };
  const capEnd = addLocalDays(start, SCHEDULED_RULE_MAX_DAYS, timeZone).getTime();

  for (const limit of mins) {
    const shortest = addIsoDuration(start, limit.iso, timeZone).getTime();
    if (endMs >= shortest) continue;
    if (limit.scheduled !== null && !touchesWindow(limit.scheduled)) continue;
    violations.push(durationViolation('MIN_DURATION', limit, humanizeDuration(parseIsoDuration(limit.iso))));
  }
  for (const limit of maxes) {
    const longest = addIsoDuration(start, limit.iso, timeZone).getTime();
    const limitMs = parseIsoDuration(limit.iso);
    if (limit.scheduled === null) {
      if (endMs > longest) violations.push(durationViolation('MAX_DURATION', limit, humanizeDuration(limitMs)));
      continue;
    }
    // §5: a booking of SCHEDULED_RULE_MAX_DAYS local days or more always violates a scheduled maximum.
    const capMs = SCHEDULED_RULE_MAX_DAYS * DAY_MS;
    if (endMs >= capEnd) {
      violations.push(durationViolation('MAX_DURATION', limit, humanizeDuration(Math.min(limitMs, capMs))));
    } else if (endMs > longest && touchesWindow(limit.scheduled)) {
      violations.push(durationViolation('MAX_DURATION', limit, humanizeDuration(limitMs)));
    }
  }
  // The contract's own min/max usually repeats an ALWAYS rule: one text per kind and duration is enough.
  const seen = new Set<string>();
  return violations.filter((v) => {
    const key = `${v.kind}\u0000${v.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

const isBlank = (value: string | null | undefined): boolean => value === null || value === undefined || value.trim() === '';
const INTEGER = /^[+-]?\d+$/;

function evaluateMetadata(spec: readonly MetadataSpecEntry[], metadata: BookingRuleInput['metadata']): RuleViolation[] {
  const violations: RuleViolation[] = [];
  for (const entry of spec) {
    const raw = metadata?.[entry.key];
    let message: string | null = null;
    if (isBlank(raw)) {
      if (entry.required) message = formatMessage('required');
    } else {
      const value = (raw ?? '').trim();
      if (entry.type === 'INTEGER' && !(INTEGER.test(value) && Number.isSafeInteger(Number(value)))) {
        message = formatMessage('mustBeNumber');
      } else if (entry.type === 'CHOICE' && entry.choices !== null && entry.choices.length > 0 && !entry.choices.includes(value)) {
        message = formatLocal('notAChoice', { choices: entry.choices.join(', ') });
      }
    }
    if (message === null) continue;
    violations.push({
      kind: 'METADATA',
      ruleName: `contract.metadataSpec.${entry.key}`,
      description: `${entry.label}: ${entry.required ? 'required ' : ''}${entry.type.toLowerCase()} field`,
      overridable: false,
      bookingRuleCause: 'METADATA',
      message,
      expandedMessage: `${entry.label}: ${message}`,
      field: `metadata.${entry.key}`,
    });
  }
  return violations;
}

/** [a.start, a.end) and [b.start, b.end) share time; back-to-back bookings do not. */
export const intervalsOverlap = (a: { start: Date; end: Date }, b: { start: Date; end: Date }): boolean =>
  a.start.getTime() < b.end.getTime() && b.start.getTime() < a.end.getTime();

/**
 * Every contract rule the booking [start, end) breaks, in a stable order: durations, one-way, overlaps,
 * taxi pool, metadata (in the spec's order). Empty when the booking is fine. Throws RangeError when start is
 * not before end (check with validateStartEnd first) or when the contract holds an unreadable duration or time.
 */
export function evaluateBookingRules(input: BookingRuleInput): RuleViolation[] {
  const { contract, start, end } = input;
  if (!(start.getTime() < end.getTime())) throw new RangeError('evaluateBookingRules needs start before end');
  const violations = evaluateDurations(input);

  if (!contract.oneWayAllowed && input.toPoolId !== null && input.toPoolId !== input.fromPoolId) {
    const message = formatMessage('oneWayNotAllowed');
    violations.push({
      kind: 'ONE_WAY_NOT_ALLOWED', ruleName: 'contract.oneWayAllowed', description: 'One-way bookings are not allowed',
      overridable: false, bookingRuleCause: 'ONE_WAY_NOT_ALLOWED', message, expandedMessage: message, field: 'toLocation',
    });
  }

  if (contract.onlyOneBookingAtTheSameTimeAllowed) {
    const overlapping = input.ownOverlappingBookings
      .filter((b) => b.bid !== input.excludeBid && intervalsOverlap(b, input))
      .sort((a, b) => a.start.getTime() - b.start.getTime() || a.bid.localeCompare(b.bid));
    for (const booking of overlapping) {
      const message = formatMessage('bookingsOverlap', { bid: booking.bid });
      violations.push({
        kind: 'OVERLAPPING_BOOKING', ruleName: 'contract.onlyOneBookingAtTheSameTimeAllowed',
        description: 'Only one booking at a time', overridable: true, bookingRuleCause: 'OVERLAPPING_BOOKING',
        message, expandedMessage: message, overlappingBid: booking.bid,
      });
    }
  }

  if (input.taxiAcceptable === 'ENABLED' && !contract.taxiFromPools.includes(input.fromPoolId)) {
    const message = formatLocal('taxiNotFromPool', {});
    violations.push({
      kind: 'TAXI_POOL', ruleName: 'contract.taxiFromPools', description: "Taxi only from the contract's taxi pools",
      overridable: false, bookingRuleCause: 'TAXI_POOL', message, expandedMessage: message, field: 'taxiAcceptable',
    });
  }

  violations.push(...evaluateMetadata(contract.metadataSpec, input.metadata));
  return violations;
}

// ---------------------------------------------------------------------------------------------------------
// Answering the client
// ---------------------------------------------------------------------------------------------------------

/** Error items for the 400 answer with messageId MESSAGE_IDS.validationList: the expanded text, one per violation. */
export function violationsToErrorItems(violations: readonly RuleViolation[]): ErrorItem[] {
  return violations.map((v) => ({
    ...(v.field === undefined ? {} : { field: v.field }),
    message: v.expandedMessage,
    overridable: v.overridable,
    ruleName: v.ruleName,
  }));
}

/** True when there is something to override and all of it may be overridden: the client then offers §4's override step. */
export const allOverridable = (violations: readonly RuleViolation[]): boolean =>
  violations.length > 0 && violations.every((v) => v.overridable);

/** What still blocks the booking: everything, or with the Override / ignore-rules tick only the non-overridable rules. */
export const blockingViolations = (violations: readonly RuleViolation[], override: boolean): RuleViolation[] =>
  override ? violations.filter((v) => !v.overridable) : [...violations];

/** §5 'Start has to be before end'; a missing or invalid time is 'Required' on its own field. */
export function validateStartEnd(start: Date | null | undefined, end: Date | null | undefined): ErrorItem[] {
  const valid = (d: Date | null | undefined): d is Date => d instanceof Date && !Number.isNaN(d.getTime());
  const errors: ErrorItem[] = [];
  if (!valid(start)) errors.push({ field: 'startTime', message: formatMessage('required') });
  if (!valid(end)) errors.push({ field: 'endTime', message: formatMessage('required') });
  if (valid(start) && valid(end) && start.getTime() >= end.getTime()) errors.push({ field: 'endTime', message: formatMessage('startBeforeEnd') });
  return errors;
}
