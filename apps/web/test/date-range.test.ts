import { describe, expect, it } from 'vitest';
import { dayEndIso, dayStartIso, daysAgo, isDay } from '@/features/payments/date-range';

// Hold in any time zone the tests run in; in Europe/Oslo (try TZ=Europe/Oslo) 2026-03-29 has 23 hours, 2026-10-25 has 25.
describe('payments date range (browser time zone)', () => {
  it('accepts real calendar days only', () => {
    expect(isDay('2026-02-28')).toBe(true);
    expect(isDay('2028-02-29')).toBe(true);
    expect(isDay('2026-02-29')).toBe(false);
    expect(isDay('2026-13-01')).toBe(false);
    expect(isDay('2026-1-01')).toBe(false);
    expect(isDay(' 2026-01-01')).toBe(false);
    expect(isDay(20260101)).toBe(false);
  });

  it('turns a day into the instants it starts and ends with, across clock changes', () => {
    const offsetMinutes = (iso: string) => new Date(iso).getTimezoneOffset();
    const start = dayStartIso('2026-03-29')!;
    const end = dayEndIso('2026-03-29')!;
    expect(new Date(start).getHours()).toBe(0);
    expect(new Date(end).getHours()).toBe(23);
    expect(new Date(end).getMinutes()).toBe(59);
    expect(new Date(end).getMilliseconds()).toBe(999);
    expect(new Date(end).getTime() - new Date(start).getTime() + 1).toBe(24 * 3_600_000 + (offsetMinutes(end) - offsetMinutes(start)) * 60_000);
    expect(new Date(dayEndIso('2026-10-25')!).getDate()).toBe(25);
    expect(dayStartIso('2026-02-30')).toBeUndefined();
    expect(dayEndIso('')).toBeUndefined();
    expect(dayStartIso(undefined)).toBeUndefined();
  });

  it('counts days back from a given now', () => {
    const now = new Date(2026, 2, 1, 0, 30); // 1 March, half past midnight local
    expect(daysAgo(0, now)).toBe('2026-03-01');
    expect(daysAgo(1, now)).toBe('2026-02-28');
    expect(daysAgo(30, new Date(2026, 10, 29, 23, 59))).toBe('2026-10-30');
  });
});
