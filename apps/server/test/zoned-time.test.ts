import { describe, expect, it } from 'vitest';
import { startOfLocalDay } from '../src/lib/zoned-time.ts';
import { defaultEventPeriod } from '../src/modules/events/service.ts';

describe('startOfLocalDay', () => {
  it('finds local midnight in Oslo in winter (UTC+1) and summer (UTC+2)', () => {
    expect(startOfLocalDay(new Date('2026-01-15T12:00:00Z'), 'Europe/Oslo').toISOString()).toBe('2026-01-14T23:00:00.000Z');
    expect(startOfLocalDay(new Date('2026-07-15T12:00:00Z'), 'Europe/Oslo').toISOString()).toBe('2026-07-14T22:00:00.000Z');
  });

  it('uses the local date, not the UTC date, just after local midnight', () => {
    // 00:30 in Stockholm on 22 November is still 21 November in UTC.
    expect(startOfLocalDay(new Date('2026-11-21T23:30:00Z'), 'Europe/Stockholm').toISOString()).toBe('2026-11-21T23:00:00.000Z');
  });

  it('steps whole local days across a daylight-saving change', () => {
    // Clocks go forward on 29 March 2026 in Europe: the day before starts at UTC+1, the day itself too.
    expect(startOfLocalDay(new Date('2026-03-30T10:00:00Z'), 'Europe/Oslo', -1).toISOString()).toBe('2026-03-28T23:00:00.000Z');
    expect(startOfLocalDay(new Date('2026-03-30T10:00:00Z'), 'Europe/Oslo').toISOString()).toBe('2026-03-29T22:00:00.000Z');
  });
});

describe('default event period (§5)', () => {
  it('runs from the start of yesterday in the operator zone until now', () => {
    const now = new Date('2026-11-22T00:15:00Z'); // 01:15 in Oslo
    const { start, end } = defaultEventPeriod(now, 'Europe/Oslo');
    expect(start.toISOString()).toBe('2026-11-20T23:00:00.000Z');
    expect(end).toBe(now);
  });
});
