import { describe, expect, it } from 'vitest';
import {
  eventSearchDefaultGroups,
  eventSearchDefaultPeriod,
  filterPools,
  mergePoolBookings,
  overdueHours,
  poolTimelinePlacement,
} from '../src/index.ts';

const row = (bid: string, start: string, end: string, extra: Record<string, unknown> = {}) => ({ bid, startTime: start, endTime: end, ...extra });

describe('mergePoolBookings', () => {
  it('keeps the union, drops rows with the same start, end and bid, and sorts by start then bid', () => {
    const first = [
      row('BID0000000002', '2025-03-01T10:00:00Z', '2025-03-01T12:00:00Z', { from: 'first' }),
      row('BID0000000001', '2025-03-01T08:00:00Z', '2025-03-01T09:00:00Z'),
    ];
    const second = [
      row('BID0000000002', '2025-03-01T11:00:00+01:00', '2025-03-01T13:00:00+01:00', { from: 'second' }), // same instants
      row('BID0000000003', '2025-03-02T08:00:00Z', '2025-03-02T09:00:00Z'),
      row('BID0000000001', '2025-03-01T08:00:00Z', '2025-03-01T10:00:00Z'), // extended: a different booking version
      row('BID0000000000', '2025-03-01T08:00:00Z', '2025-03-01T09:30:00Z'),
    ];
    const merged = mergePoolBookings(first, second);
    expect(merged.map((b) => b.bid)).toEqual(['BID0000000000', 'BID0000000001', 'BID0000000001', 'BID0000000002', 'BID0000000003']);
    expect(merged.find((b) => b.bid === 'BID0000000002')).toMatchObject({ from: 'first' });
    expect(mergePoolBookings([], [])).toEqual([]);
  });
});

describe('poolTimelinePlacement (§4)', () => {
  const now = new Date('2025-03-01T12:00:00Z');
  const base = { startTime: '2025-03-01T08:00:00.000Z', endTime: '2025-03-01T10:00:00.000Z', usageEnd: null, allocationState: 'ALLOCATED' as const };
  it('places finished bookings only when allocated, to the usage end', () => {
    expect(poolTimelinePlacement({ ...base, state: 'FINISHED', allocationState: 'NOT_ALLOCATED' }, now)).toBeNull();
    expect(poolTimelinePlacement({ ...base, state: 'FINISHED', usageEnd: '2025-03-01T10:30:00.000Z' }, now)).toEqual({
      start: base.startTime,
      end: '2025-03-01T10:30:00.000Z',
      kind: 'historic',
    });
    expect(poolTimelinePlacement({ ...base, state: 'FINISHED' }, now)?.end).toBe(base.endTime);
  });
  it('draws an overrunning active booking to now as overdue, and colours the rest', () => {
    expect(poolTimelinePlacement({ ...base, state: 'ACTIVE' }, now)).toEqual({ start: base.startTime, end: now.toISOString(), kind: 'overdue' });
    expect(poolTimelinePlacement({ ...base, state: 'ACTIVE', endTime: '2025-03-01T13:00:00.000Z' }, now)?.kind).toBe('active');
    expect(poolTimelinePlacement({ ...base, state: 'INACTIVE' }, now)?.kind).toBe('future');
    expect(poolTimelinePlacement({ ...base, state: 'CANCELLED', allocationState: 'NOT_ALLOCATED' }, now)?.kind).toBe('cancelled');
  });
});

describe('filterPools (§2 sidebar)', () => {
  const all = [
    { pool: 'Grünerløkka', city: 'Oslo', disabled: false },
    { pool: 'Skøyen stasjon', city: 'Oslo', disabled: true },
    { pool: 'Bryggen', city: 'Bergen', disabled: false },
  ];
  it('matches city or pool, trimmed and case-insensitive, hiding disabled pools unless asked', () => {
    expect(filterPools(all, '  oSLo ', false).map((p) => p.pool)).toEqual(['Grünerløkka']);
    expect(filterPools(all, 'oslo', true).map((p) => p.pool)).toEqual(['Grünerløkka', 'Skøyen stasjon']);
    expect(filterPools(all, 'brygg', false).map((p) => p.pool)).toEqual(['Bryggen']);
    expect(filterPools(all, '', false)).toHaveLength(2);
  });
});

describe('overdueHours', () => {
  it('counts hours past the end, rounded down to one decimal', () => {
    const now = new Date('2025-03-01T12:00:00Z');
    expect(overdueHours('2025-03-01T09:33:00Z', now)).toBe(2.4);
    expect(overdueHours('2025-03-01T12:30:00Z', now)).toBe(0);
  });
});

describe('event search screen defaults (§5)', () => {
  it('turns heartbeat on only with a vin and bluetooth never', () => {
    expect(eventSearchDefaultGroups(false)).not.toContain('HEARTBEAT');
    expect(eventSearchDefaultGroups(true)).toContain('HEARTBEAT');
    expect(eventSearchDefaultGroups(true)).not.toContain('BLUETOOTH');
    expect(eventSearchDefaultGroups(false)).toEqual(
      expect.arrayContaining(['BOOKING', 'VEHICLE', 'PAYMENT', 'REMOTE_COMMAND', 'USER_ACTION', 'ROAD_TOLL']),
    );
  });
  it('spans one month back to the end of today in the operator time zone', () => {
    // 2025-03-31 22:30 UTC is already 1 April in Oslo (UTC+2 in summer time).
    expect(eventSearchDefaultPeriod(new Date('2025-03-31T22:30:00Z'), 'Europe/Oslo')).toEqual({
      startDate: '2025-02-28T23:00:00.000Z',
      endDate: '2025-04-01T22:00:00.000Z',
    });
    expect(eventSearchDefaultPeriod(new Date('2025-06-15T10:00:00Z'), 'Europe/Stockholm')).toEqual({
      startDate: '2025-05-14T22:00:00.000Z',
      endDate: '2025-06-15T22:00:00.000Z',
    });
  });
});
