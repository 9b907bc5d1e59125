import { describe, expect, it } from 'vitest';
import {
  addIsoDuration,
  addLocalDays,
  evaluateBookingLength,
  humanizeDuration,
  parseIsoDuration,
  parseIsoDurationParts,
  scheduleWindowOf,
  touchesWeekdayWindow,
  wallClockToMs,
  WHOLE_DAY,
  type BookableRule,
} from '../src/index.ts';

const OSLO = 'Europe/Oslo';
const STOCKHOLM = 'Europe/Stockholm';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Instants are written with their local offset: +01:00 in winter, +02:00 in summer (Oslo and Stockholm). */
const at = (iso: string) => new Date(iso);

describe('ISO-8601 durations', () => {
  it('parses weeks, days and times to milliseconds', () => {
    expect(parseIsoDuration('PT1H')).toBe(HOUR);
    expect(parseIsoDuration('PT30M')).toBe(30 * 60_000);
    expect(parseIsoDuration('PT15M')).toBe(15 * 60_000);
    expect(parseIsoDuration('P3D')).toBe(3 * DAY);
    expect(parseIsoDuration('P1DT12H')).toBe(36 * HOUR);
    expect(parseIsoDuration('P2W')).toBe(14 * DAY);
    expect(parseIsoDuration('PT1H30M')).toBe(90 * 60_000);
    expect(parseIsoDuration('PT0.5H')).toBe(30 * 60_000);
    expect(parseIsoDuration('PT90S')).toBe(90_000);
    expect(parseIsoDurationParts('P1W2DT3H4M5S')).toEqual({ weeks: 1, days: 2, hours: 3, minutes: 4, seconds: 5 });
  });

  it.each(['', 'P', 'PT', 'P1DT', '1H', 'PT1', 'P1M', 'P1Y', '-PT1H', 'pt1h', ' PT1H', 'PT1H ', 'PT1.H', 'P1H', 'PT1D', 'P1D1W'])(
    'throws RangeError on %j',
    (text) => {
      expect(() => parseIsoDuration(text)).toThrow(RangeError);
    },
  );

  it('humanizes in English', () => {
    expect(humanizeDuration(HOUR)).toBe('1 hour');
    expect(humanizeDuration(2 * HOUR)).toBe('2 hours');
    expect(humanizeDuration(30 * 60_000)).toBe('30 minutes');
    expect(humanizeDuration(60_000)).toBe('1 minute');
    expect(humanizeDuration(3 * DAY)).toBe('3 days');
    expect(humanizeDuration(DAY)).toBe('1 day');
    expect(humanizeDuration(36 * HOUR)).toBe('1 day 12 hours');
    expect(humanizeDuration(parseIsoDuration('P2W'))).toBe('14 days');
    expect(humanizeDuration(90_000)).toBe('1 minute 30 seconds');
    expect(humanizeDuration(0)).toBe('0 minutes');
    expect(humanizeDuration(DAY + HOUR + 60_000, { maxParts: 2 })).toBe('1 day 1 hour');
    expect(() => humanizeDuration(-1)).toThrow(RangeError);
    expect(() => humanizeDuration(Number.NaN)).toThrow(RangeError);
  });

  it('adds calendar days on the local wall clock and times as elapsed time across DST', () => {
    // Spring: Friday 10:00 CET + P3D = Monday 10:00 CEST, only 71 hours later.
    const friday = at('2026-03-27T10:00:00+01:00');
    expect(addIsoDuration(friday, 'P3D', OSLO).toISOString()).toBe('2026-03-30T08:00:00.000Z');
    expect(addIsoDuration(friday, 'PT72H', OSLO).toISOString()).toBe('2026-03-30T09:00:00.000Z');
    expect(addIsoDuration(friday, 'P1DT2H', OSLO).toISOString()).toBe('2026-03-28T11:00:00.000Z');
    // Autumn: Friday 10:00 CEST + P3D = Monday 10:00 CET, 73 hours later.
    expect(addIsoDuration(at('2026-10-23T10:00:00+02:00'), 'P3D', STOCKHOLM).toISOString()).toBe('2026-10-26T09:00:00.000Z');
    expect(addLocalDays(at('2026-10-24T23:30:00+02:00'), 1, OSLO).toISOString()).toBe('2026-10-25T22:30:00.000Z');
  });
});

describe('the Monday–Friday window', () => {
  const WINDOW = { from: '07:00', to: '17:00' };

  it('touches only on weekdays, sharing time with [from, to)', () => {
    expect(touchesWeekdayWindow(at('2026-06-05T16:00+02:00'), at('2026-06-05T18:00+02:00'), WINDOW, OSLO)).toBe(true);
    expect(touchesWeekdayWindow(at('2026-06-06T10:00+02:00'), at('2026-06-06T14:00+02:00'), WINDOW, OSLO)).toBe(false);
    expect(touchesWeekdayWindow(at('2026-06-08T05:00+02:00'), at('2026-06-08T07:00+02:00'), WINDOW, OSLO)).toBe(false);
    expect(touchesWeekdayWindow(at('2026-06-05T17:00+02:00'), at('2026-06-05T19:00+02:00'), WINDOW, OSLO)).toBe(false);
    // A whole DST weekend (Friday 17:00 CET → Monday 07:00 CEST) touches nothing.
    expect(touchesWeekdayWindow(at('2026-03-27T17:00+01:00'), at('2026-03-30T07:00+02:00'), WINDOW, OSLO)).toBe(false);
  });

  it('lets a window past midnight belong to the weekday it starts on, and refuses a bad time', () => {
    const night = { from: '22:00', to: '06:00' };
    expect(touchesWeekdayWindow(at('2026-06-06T05:00+02:00'), at('2026-06-06T05:30+02:00'), night, OSLO)).toBe(true);
    expect(touchesWeekdayWindow(at('2026-06-07T05:00+02:00'), at('2026-06-07T05:30+02:00'), night, OSLO)).toBe(false);
    expect(() => touchesWeekdayWindow(at('2026-06-07T05:00+02:00'), at('2026-06-07T05:30+02:00'), { from: '25:00', to: '06:00' }, OSLO)).toThrow(
      RangeError,
    );
  });

  it('reads the window of a bookable rule: none for ALWAYS, the whole day for SCHEDULED without one', () => {
    expect(scheduleWindowOf({ appliedDuring: 'ALWAYS', appliesDuring: null })).toBeNull();
    expect(scheduleWindowOf({ appliedDuring: 'SCHEDULED', appliesDuring: null })).toEqual(WHOLE_DAY);
    expect(scheduleWindowOf({ appliedDuring: 'SCHEDULED', appliesDuring: WINDOW })).toEqual(WINDOW);
  });
});

describe('booking length rules (§5), as the server judges and the form checks while staff type', () => {
  const always = (min: string | null, max: string | null): BookableRule => ({
    minDuration: min,
    maxDuration: max,
    appliedDuring: 'ALWAYS',
    appliesDuring: null,
  });
  const weekdays: BookableRule = {
    minDuration: 'PT1H',
    maxDuration: 'P3D',
    appliedDuring: 'SCHEDULED',
    appliesDuring: { from: '07:00', to: '17:00' },
  };
  const wall = (value: string) => new Date(wallClockToMs(value, OSLO) ?? Number.NaN);
  const check = (rules: BookableRule[], start: string, end: string, contract: { min?: string; max?: string } = {}) =>
    evaluateBookingLength(
      { minBookingDuration: contract.min ?? null, maxBookingDuration: contract.max ?? null, bookableRules: rules },
      wall(start),
      wall(end),
      OSLO,
    );

  it('finds a booking shorter than the minimum, once even when the contract repeats the rule', () => {
    expect(check([always('PT1H', 'P14D')], '2025-01-15T10:00', '2025-01-15T10:30', { min: 'PT1H', max: 'P14D' })).toEqual([
      { kind: 'MIN_DURATION', ruleName: 'contract.minBookingDuration', durationMs: HOUR, window: null },
    ]);
    expect(check([always('PT1H', 'P14D')], '2025-01-15T10:00', '2025-01-15T11:00')).toEqual([]);
  });

  it('finds a booking longer than the maximum, counting days on the local calendar', () => {
    expect(check([always(null, 'P1D')], '2025-03-29T12:00', '2025-03-30T12:00')).toEqual([]);
    expect(check([always(null, 'P1D')], '2025-03-29T12:00', '2025-03-30T12:01')).toEqual([
      { kind: 'MAX_DURATION', ruleName: 'bookableRules[0].maxDuration', durationMs: 24 * HOUR, window: null },
    ]);
  });

  it('applies a scheduled rule only when the booking shares time with the Monday–Friday window', () => {
    // Wednesday 15 January 2025, 10:00–10:30: inside the window.
    expect(check([weekdays], '2025-01-15T10:00', '2025-01-15T10:30')).toEqual([
      { kind: 'MIN_DURATION', ruleName: 'bookableRules[0].minDuration', durationMs: HOUR, window: { from: '07:00', to: '17:00' } },
    ]);
    // Saturday, and a weekday evening: outside it.
    expect(check([weekdays], '2025-01-18T10:00', '2025-01-18T10:30')).toEqual([]);
    expect(check([weekdays], '2025-01-15T18:00', '2025-01-15T18:30')).toEqual([]);
  });

  it('breaks a scheduled maximum at 4 local days, wherever the booking lies', () => {
    expect(check([weekdays], '2025-01-13T10:00', '2025-01-16T12:00')).toEqual([
      { kind: 'MAX_DURATION', ruleName: 'bookableRules[0].maxDuration', durationMs: 72 * HOUR, window: { from: '07:00', to: '17:00' } },
    ]);
    const longRule: BookableRule = { ...weekdays, maxDuration: 'P10D' };
    // A Saturday-to-Wednesday booking: 4 days.
    expect(check([longRule], '2025-01-18T10:00', '2025-01-22T10:00')).toEqual([
      { kind: 'MAX_DURATION', ruleName: 'bookableRules[0].maxDuration', durationMs: 96 * HOUR, window: { from: '07:00', to: '17:00' } },
    ]);
  });

  it('judges nothing when start is not before end, and throws on an unreadable contract duration', () => {
    expect(check([always('PT1H', null)], '2025-01-15T10:00', '2025-01-15T10:00')).toEqual([]);
    expect(() => check([always(null, 'P1M')], '2025-01-15T10:00', '2025-01-15T11:00')).toThrow(RangeError);
  });
});
