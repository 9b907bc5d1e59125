import { describe, expect, it } from 'vitest';
import {
  addLocalDays,
  formatLocalDateTime,
  instantOfWallTime,
  isoToWallClock,
  isoWeekday,
  msToIsoWithOffset,
  msToWallClock,
  nextQuarterHour,
  parseWallClock,
  shiftWallClock,
  startOfLocalDay,
  wallClockToIso,
  wallClockToMs,
  wallTimeOf,
  zoneOffsetMs,
} from '../src/index.ts';

const OSLO = 'Europe/Oslo';
const STOCKHOLM = 'Europe/Stockholm';
const HOUR = 3_600_000;

describe('wall clock of a zone', () => {
  it('reads the local date and time of an instant, with the offset of the season', () => {
    expect(wallTimeOf(new Date('2026-01-15T12:34:56.789Z'), OSLO)).toEqual({
      year: 2026,
      month: 1,
      day: 15,
      hour: 13,
      minute: 34,
      second: 56,
      millisecond: 789,
    });
    expect(zoneOffsetMs(Date.parse('2026-01-15T12:00:00Z'), OSLO)).toBe(HOUR);
    expect(zoneOffsetMs(Date.parse('2026-07-15T12:00:00Z'), STOCKHOLM)).toBe(2 * HOUR);
    expect(() => wallTimeOf(0, 'Mars/Olympus_Mons')).toThrow(RangeError);
  });

  it('finds the instant of a wall-clock time; the spring gap lands an hour later, an ambiguous autumn time after the change', () => {
    expect(new Date(instantOfWallTime({ year: 2026, month: 6, day: 1, hour: 10 }, OSLO)).toISOString()).toBe('2026-06-01T08:00:00.000Z');
    // 29 March 2026: 02:00 → 03:00 in Oslo; 02:30 does not exist.
    expect(new Date(instantOfWallTime({ year: 2026, month: 3, day: 29, hour: 2, minute: 30 }, OSLO)).toISOString()).toBe('2026-03-29T01:30:00.000Z');
    // 25 October 2026: 03:00 → 02:00; 02:30 happens twice, the second time at UTC+1.
    expect(new Date(instantOfWallTime({ year: 2026, month: 10, day: 25, hour: 2, minute: 30 }, OSLO)).toISOString()).toBe('2026-10-25T01:30:00.000Z');
    // Fields may overflow.
    expect(instantOfWallTime({ year: 2026, month: 1, day: 32, hour: 0 }, OSLO)).toBe(instantOfWallTime({ year: 2026, month: 2, day: 1 }, OSLO));
  });

  it('adds local calendar days, 23 or 25 hours across a daylight-saving change', () => {
    expect(addLocalDays(new Date('2026-03-28T12:00:00+01:00'), 1, OSLO).toISOString()).toBe('2026-03-29T10:00:00.000Z');
    expect(addLocalDays(new Date('2026-10-24T23:30:00+02:00'), 1, OSLO).toISOString()).toBe('2026-10-25T22:30:00.000Z');
  });

  it('gives the ISO weekday of a date', () => {
    expect(isoWeekday({ year: 2026, month: 6, day: 8 })).toBe(1);
    expect(isoWeekday({ year: 2026, month: 6, day: 7 })).toBe(7);
  });

  it("writes 'YYYY-MM-DD HH:mm' in the zone (§9)", () => {
    expect(formatLocalDateTime(new Date('2026-01-15T23:05:00Z'), OSLO)).toBe('2026-01-16 00:05');
    expect(formatLocalDateTime(Date.parse('2026-07-01T08:00:59Z'), STOCKHOLM)).toBe('2026-07-01 10:00');
  });
});

describe('startOfLocalDay', () => {
  it('finds local midnight in Oslo in winter (UTC+1) and summer (UTC+2)', () => {
    expect(startOfLocalDay(new Date('2026-01-15T12:00:00Z'), OSLO).toISOString()).toBe('2026-01-14T23:00:00.000Z');
    expect(startOfLocalDay(new Date('2026-07-15T12:00:00Z'), OSLO).toISOString()).toBe('2026-07-14T22:00:00.000Z');
  });

  it('uses the local date, not the UTC date, just after local midnight', () => {
    // 00:30 in Stockholm on 22 November is still 21 November in UTC.
    expect(startOfLocalDay(new Date('2026-11-21T23:30:00Z'), STOCKHOLM).toISOString()).toBe('2026-11-21T23:00:00.000Z');
  });

  it('steps whole local days and months across a daylight-saving change', () => {
    // Clocks go forward on 29 March 2026 in Europe: the day before starts at UTC+1, the day itself too.
    expect(startOfLocalDay(new Date('2026-03-30T10:00:00Z'), OSLO, -1).toISOString()).toBe('2026-03-28T23:00:00.000Z');
    expect(startOfLocalDay(new Date('2026-03-30T10:00:00Z'), OSLO).toISOString()).toBe('2026-03-29T22:00:00.000Z');
    expect(startOfLocalDay(new Date('2026-04-15T10:00:00Z'), OSLO, 0, -1).toISOString()).toBe('2026-03-14T23:00:00.000Z');
  });
});

describe('datetime-local values in the operator’s zone', () => {
  it('reads a datetime-local value as the operator’s wall-clock time, with its offset', () => {
    expect(wallClockToIso('2025-01-15T10:00', OSLO)).toBe('2025-01-15T10:00:00+01:00');
    expect(wallClockToIso('2025-07-15T10:00', OSLO)).toBe('2025-07-15T10:00:00+02:00');
    expect(wallClockToIso('2025-07-15T10:00', STOCKHOLM)).toBe('2025-07-15T10:00:00+02:00');
    expect(wallClockToIso('2025-07-15T10:00', 'UTC')).toBe('2025-07-15T10:00:00+00:00');
  });

  it('gives null for blank or malformed values', () => {
    expect(wallClockToMs('', OSLO)).toBeNull();
    expect(wallClockToMs('2025-13-01T10:00', OSLO)).toBeNull();
    expect(wallClockToMs('yesterday', OSLO)).toBeNull();
    expect(parseWallClock('2025-01-15T10:00:30')).toEqual({ year: 2025, month: 1, day: 15, hour: 10, minute: 0 });
  });

  it('shows an instant of any offset in the operator’s zone', () => {
    expect(isoToWallClock('2025-01-15T09:00:00Z', OSLO)).toBe('2025-01-15T10:00');
    expect(isoToWallClock('2025-07-15T08:00:00.000Z', OSLO)).toBe('2025-07-15T10:00');
    expect(msToWallClock(Date.parse('2025-01-15T23:30:00Z'), OSLO)).toBe('2025-01-16T00:30');
  });

  it('pushes by elapsed time across a daylight-saving change', () => {
    // 30 March 2025: clocks go from 02:00 to 03:00 in Oslo.
    expect(shiftWallClock('2025-03-30T01:30', HOUR, OSLO)).toBe('2025-03-30T03:30');
    expect(msToIsoWithOffset(Date.parse('2025-03-30T01:30:00Z'), OSLO)).toBe('2025-03-30T03:30:00+02:00');
  });

  it('rounds up to the next quarter hour', () => {
    expect(new Date(nextQuarterHour(Date.parse('2025-01-15T08:07:00Z'))).toISOString()).toBe('2025-01-15T08:15:00.000Z');
    expect(new Date(nextQuarterHour(Date.parse('2025-01-15T08:15:00Z'))).toISOString()).toBe('2025-01-15T08:30:00.000Z');
  });
});
