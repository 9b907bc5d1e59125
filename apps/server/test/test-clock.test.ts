import { afterEach, describe, expect, it } from 'vitest';
import { advanceTestClock, parseTestNow, resetTestClock, setTestNow } from './support/clock.ts';

// The test clock itself (docs/decisions/0047-test-clock.md): how TEST_NOW is read, and that Date follows it.
const TODAY = Date.parse('2026-11-27T16:00:00Z');

describe('parseTestNow', () => {
  afterEach(() => {
    delete process.env.TEST_NOW_ZONE;
  });

  it('reads a time of day as today in Oslo, or in TEST_NOW_ZONE', () => {
    expect(parseTestNow('23:59', TODAY).toISOString()).toBe('2026-11-27T22:59:00.000Z');
    expect(parseTestNow('08:05:30', TODAY).toISOString()).toBe('2026-11-27T07:05:30.000Z');
    process.env.TEST_NOW_ZONE = 'UTC';
    expect(parseTestNow('23:59', TODAY).toISOString()).toBe('2026-11-27T23:59:00.000Z');
  });

  it('reads a local date-time in the zone (a spring-forward gap lands an hour later) and an instant by its offset', () => {
    expect(parseTestNow('2026-07-01T08:05', TODAY).toISOString()).toBe('2026-07-01T06:05:00.000Z');
    expect(parseTestNow('2027-03-28T02:30', TODAY).toISOString()).toBe('2027-03-28T01:30:00.000Z');
    expect(parseTestNow('2026-11-27T23:59:00+01:00').toISOString()).toBe('2026-11-27T22:59:00.000Z');
  });

  it('refuses anything else', () => {
    expect(() => parseTestNow('noon')).toThrow(/TEST_NOW=noon/);
  });
});

describe('the clock', () => {
  afterEach(() => resetTestClock());

  it('starts where it is set, runs on at the real rate and moves when advanced', async () => {
    const start = Date.parse('2026-03-10T08:05:00+01:00');
    setTestNow(new Date(start));
    expect(Date.now() - start).toBeGreaterThanOrEqual(0);
    expect(Date.now() - start).toBeLessThan(5_000);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(new Date().getTime() - start).toBeGreaterThanOrEqual(25);
    advanceTestClock(3_600_000);
    expect(Date.now() - start).toBeGreaterThanOrEqual(3_600_000);
    // Dates built from a value are untouched, and every Date is still a Date.
    expect(new Date(0).toISOString()).toBe('1970-01-01T00:00:00.000Z');
    expect(new Date() instanceof Date && Object.prototype.toString.call(new Date())).toBe('[object Date]');
  });
});
