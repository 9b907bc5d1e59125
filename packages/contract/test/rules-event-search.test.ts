import { describe, expect, it } from 'vitest';
import {
  DAY_MS,
  EVENT_SEARCH_LAST_HOURS_MAX,
  EVENT_SEARCH_UNSCOPED_MAX_DAYS,
  ZEventSearchQuery,
  eventSearchIsRunnable,
  eventSearchLastHoursPeriod,
  eventSearchPeriodTooLong,
} from '../src/index.ts';

// The event search's failed-commands exception and its bounds (docs/decisions/0071-saved-views.md).
describe('event search scope', () => {
  it('needs a subject, except for the failed-commands search', () => {
    expect(eventSearchIsRunnable({})).toBe(false);
    expect(eventSearchIsRunnable({ failedCommands: false })).toBe(false);
    expect(eventSearchIsRunnable({ failedCommands: true })).toBe(true);
    expect(eventSearchIsRunnable({ vin: 'VIN1' })).toBe(true);
    expect(ZEventSearchQuery.safeParse({ lastHours: '24' }).success).toBe(false);
    expect(ZEventSearchQuery.parse({ failedCommands: 'true', lastHours: '24' })).toMatchObject({ failedCommands: true, lastHours: 24 });
    expect(ZEventSearchQuery.safeParse({ failedCommands: 'yes' }).success).toBe(false);
    expect(ZEventSearchQuery.safeParse({ failedCommands: 'true', lastHours: String(EVENT_SEARCH_LAST_HOURS_MAX + 1) }).success).toBe(false);
  });

  it('bounds the period of a search without a subject to five weeks', () => {
    const end = Date.parse('2026-03-31T22:00:00Z');
    const limit = EVENT_SEARCH_UNSCOPED_MAX_DAYS * DAY_MS;
    expect(eventSearchPeriodTooLong({ failedCommands: true }, end - limit, end)).toBe(false);
    expect(eventSearchPeriodTooLong({ failedCommands: true }, end - limit - 1, end)).toBe(true);
    expect(eventSearchPeriodTooLong({ failedCommands: true, vin: 'VIN1' }, 0, end)).toBe(false);
    // The screen's default month (up to 32 days and an hour) fits.
    expect(eventSearchPeriodTooLong({ failedCommands: true }, end - 32 * DAY_MS - 3_600_000, end)).toBe(false);
  });

  it('counts the last hours back from the moment given', () => {
    const now = new Date('2026-03-10T12:00:00Z');
    expect(eventSearchLastHoursPeriod(24, now)).toEqual({ start: new Date('2026-03-09T12:00:00Z'), end: now });
  });
});
