import { describe, expect, it } from 'vitest';
import { defaultEventPeriod } from '../src/modules/events/service.ts';

// The zoned-time helpers themselves are tested with the shared rules (packages/contract/test/rules-zoned-time.test.ts).
describe('default event period (§5)', () => {
  it('runs from the start of yesterday in the operator zone until now', () => {
    const now = new Date('2026-11-22T00:15:00Z'); // 01:15 in Oslo
    const { start, end } = defaultEventPeriod(now, 'Europe/Oslo');
    expect(start.toISOString()).toBe('2026-11-20T23:00:00.000Z');
    expect(end).toBe(now);
  });
});
