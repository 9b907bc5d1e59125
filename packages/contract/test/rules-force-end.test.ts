import { describe, expect, it } from 'vitest';
import { FORCE_END_FUTURE_TOLERANCE_MS, forceEndUsageProblems } from '../src/index.ts';

describe('forceEndUsageProblems', () => {
  const now = new Date('2026-06-15T12:00:00Z');
  const later = (ms: number) => new Date(now.getTime() + ms).toISOString();

  it('refuses a usage that starts or ends in the future, allowing a minute of clock skew', () => {
    expect(forceEndUsageProblems({ wasNotUsed: false, startDate: later(-3_600_000), endDate: later(FORCE_END_FUTURE_TOLERANCE_MS) }, now)).toEqual(
      [],
    );
    expect(
      forceEndUsageProblems({ wasNotUsed: false, startDate: later(-3_600_000), endDate: later(FORCE_END_FUTURE_TOLERANCE_MS + 1) }, now),
    ).toEqual([{ field: 'endDate', message: 'usageEndInFuture' }]);
    expect(forceEndUsageProblems({ wasNotUsed: false, startDate: later(7_200_000), endDate: later(9_000_000) }, now)).toEqual([
      { field: 'startDate', message: 'usageStartInFuture' },
      { field: 'endDate', message: 'usageEndInFuture' },
    ]);
  });

  it('checks nothing for a booking that was not used, or times not given', () => {
    expect(forceEndUsageProblems({ wasNotUsed: true, startDate: later(7_200_000), endDate: later(9_000_000) }, now)).toEqual([]);
    expect(forceEndUsageProblems({ wasNotUsed: false }, now)).toEqual([]);
  });
});
