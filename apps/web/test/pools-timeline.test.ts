import { describe, expect, it } from 'vitest';
import type { PoolBookingRow, PoolVehicle } from '@fleetdesk/contract';
import {
  POOL_TIMELINE_ZOOM_MAX_MS,
  POOL_TIMELINE_ZOOM_MIN_MS,
  clampView,
  defaultView,
  goToDateView,
  poolTimelineModel,
  refreshWindow,
  unallocatedGroupId,
  vehicleGroupId,
  zoomView,
} from '@/features/pools/pool-timeline-model';
import { DEFAULT_POOL_BOOKINGS_SORT, sortPoolBookings } from '@/features/pools/pool-bookings-sort';

const HOUR = 3_600_000;
const NOW = Date.parse('2026-11-22T12:07:00.000Z');
const iso = (ms: number) => new Date(ms).toISOString();

const vehicle = (vin: string, registrationNumber: string, hidden = false): PoolVehicle => ({
  vin,
  registrationNumber,
  longPresentation: `VW ID.3 (${registrationNumber})`,
  modelName: 'VW ID.3',
  priceClass: 'MEDIUM',
  vehicleCategory: 'CAR',
  hidden,
});

let seq = 0;
const booking = (over: Partial<PoolBookingRow>): PoolBookingRow =>
  ({
    bid: `BID10000000${String(++seq).padStart(2, '0')}`,
    state: 'INACTIVE',
    displayState: 'INACTIVE',
    allocationState: 'ALLOCATED',
    vehicle: null,
    specification: { type: 'CLASS', priceClass: 'MEDIUM', modelId: null, modelName: null, vehicleCategory: 'CAR' },
    startTime: iso(NOW + HOUR),
    endTime: iso(NOW + 3 * HOUR),
    usageStart: null,
    usageEnd: null,
    overdue: false,
    user: { username: 'kari', fullNameLastFirst: 'Nordmann, Kari' },
    toPoolId: 1,
    ...over,
  }) as PoolBookingRow;

const onVehicle = (vin: string, reg: string) => ({ vin, registrationNumber: reg, longPresentation: reg });

describe('pool timeline groups and items (§2, §4)', () => {
  const vehicles = [vehicle('V1', 'EL 10001'), vehicle('V2', 'EL 10002'), vehicle('V3', 'TR 1', true)];

  it('puts unallocated bookings in groups by price class and model, allocated ones on their vehicle', () => {
    const rows = [
      booking({
        bid: 'BID1000000001',
        state: 'ACTIVE',
        vehicle: onVehicle('V1', 'EL 10001'),
        startTime: iso(NOW - 2 * HOUR),
        endTime: iso(NOW + HOUR),
      }),
      booking({
        bid: 'BID1000000002',
        allocationState: 'NOT_ALLOCATED',
        specification: { type: 'MODEL', priceClass: 'LARGE', modelId: 3, modelName: 'Tesla Model Y', vehicleCategory: 'CAR' },
      }),
      booking({
        bid: 'BID1000000003',
        allocationState: 'NOT_ALLOCATED',
        specification: { type: 'CLASS', priceClass: 'CARGO', modelId: null, modelName: null, vehicleCategory: 'CARGO_BIKE' },
      }),
      booking({
        bid: 'BID1000000004',
        allocationState: 'NOT_ALLOCATED',
        specification: { type: 'MODEL', priceClass: 'LARGE', modelId: 3, modelName: 'Tesla Model Y', vehicleCategory: 'CAR' },
        startTime: iso(NOW + 5 * HOUR),
        endTime: iso(NOW + 6 * HOUR),
      }),
    ];
    const model = poolTimelineModel(vehicles, rows, new Date(NOW), false);
    expect(model.groups.map((g) => g.id)).toEqual([
      unallocatedGroupId('CARGO', null),
      unallocatedGroupId('LARGE', 'Tesla Model Y'),
      vehicleGroupId('V1'),
      vehicleGroupId('V2'),
    ]);
    expect(model.groups.map((g) => g.order)).toEqual([0, 1, 2, 3]);
    expect(Object.fromEntries(model.items.map((i) => [i.bid, i.group]))).toEqual({
      BID1000000001: vehicleGroupId('V1'),
      BID1000000002: unallocatedGroupId('LARGE', 'Tesla Model Y'),
      BID1000000003: unallocatedGroupId('CARGO', null),
      BID1000000004: unallocatedGroupId('LARGE', 'Tesla Model Y'),
    });
  });

  it('places and colours items with the contract (overdue drawn to now, finished to its usage end, unallocated finished left out)', () => {
    const now = new Date(NOW);
    const rows = [
      booking({
        bid: 'BID1000000010',
        state: 'ACTIVE',
        vehicle: onVehicle('V1', 'EL 10001'),
        startTime: iso(NOW - 5 * HOUR),
        endTime: iso(NOW - 2 * HOUR),
        overdue: true,
      }),
      booking({
        bid: 'BID1000000011',
        state: 'FINISHED',
        vehicle: onVehicle('V2', 'EL 10002'),
        startTime: iso(NOW - 9 * HOUR),
        endTime: iso(NOW - 6 * HOUR),
        usageEnd: iso(NOW - 7 * HOUR),
      }),
      booking({
        bid: 'BID1000000012',
        state: 'FINISHED',
        allocationState: 'NOT_ALLOCATED',
        startTime: iso(NOW - 9 * HOUR),
        endTime: iso(NOW - 6 * HOUR),
      }),
      booking({ bid: 'BID1000000013', state: 'CANCELLED', allocationState: 'NOT_ALLOCATED' }),
      booking({
        bid: 'BID1000000014',
        state: 'INACTIVE',
        vehicle: onVehicle('V2', 'EL 10002'),
        startTime: iso(NOW + 4 * HOUR),
        endTime: iso(NOW + 8 * HOUR),
      }),
    ];
    const items = Object.fromEntries(poolTimelineModel(vehicles, rows, now, false).items.map((i) => [i.bid, i]));
    expect(Object.keys(items).sort()).toEqual(['BID1000000010', 'BID1000000011', 'BID1000000013', 'BID1000000014']);
    expect(items.BID1000000010).toMatchObject({ kind: 'overdue', end: now.toISOString(), className: 'pool-booking pool-booking--overdue' });
    expect(items.BID1000000011).toMatchObject({ kind: 'historic', end: iso(NOW - 7 * HOUR) });
    expect(items.BID1000000013?.kind).toBe('cancelled');
    expect(items.BID1000000014).toMatchObject({ kind: 'future', start: iso(NOW + 4 * HOUR), end: iso(NOW + 8 * HOUR) });
  });

  it("shows hidden vehicles and their bookings only with 'show hidden'", () => {
    const rows = [booking({ bid: 'BID1000000020', vehicle: onVehicle('V3', 'TR 1') })];
    const without = poolTimelineModel(vehicles, rows, new Date(NOW), false);
    expect(without.groups.some((g) => g.id === vehicleGroupId('V3'))).toBe(false);
    expect(without.items).toHaveLength(0);
    const withHidden = poolTimelineModel(vehicles, rows, new Date(NOW), true);
    expect(withHidden.groups.find((g) => g.id === vehicleGroupId('V3'))).toMatchObject({ hidden: true, title: 'TR 1' });
    expect(withHidden.items.map((i) => i.group)).toEqual([vehicleGroupId('V3')]);
  });

  it('adds a row for a vehicle that has left the pool but carries one of its bookings', () => {
    const rows = [booking({ bid: 'BID1000000030', vehicle: onVehicle('V9', 'EB 40404') })];
    const model = poolTimelineModel(vehicles.slice(0, 1), rows, new Date(NOW), false);
    expect(model.groups.map((g) => g.title)).toEqual(['EL 10001', 'EB 40404']);
    expect(model.items[0]?.group).toBe(vehicleGroupId('V9'));
  });
});

describe('pool timeline windows (§9)', () => {
  it('starts 5 h before now and shows 24 h, on the 15-minute step', () => {
    const view = defaultView(NOW);
    expect(iso(view.start)).toBe('2026-11-22T07:00:00.000Z');
    expect(view.end - view.start).toBe(24 * HOUR);
  });

  it('refreshes the view extended by 5 h each side', () => {
    expect(refreshWindow({ start: NOW, end: NOW + 24 * HOUR })).toEqual({ start: iso(NOW - 5 * HOUR), end: iso(NOW + 29 * HOUR) });
  });

  it('zooms to 1, 3 or 7 days and clamps to 2 hours – 7 days in 15-minute steps', () => {
    const view = defaultView(NOW);
    expect(zoomView(view, 7).end - view.start).toBe(7 * 24 * HOUR);
    expect(zoomView(view, 3).end - view.start).toBe(3 * 24 * HOUR);
    expect(clampView({ start: NOW, end: NOW + 10 * 24 * HOUR }).end - floor(NOW)).toBe(POOL_TIMELINE_ZOOM_MAX_MS);
    expect(clampView({ start: NOW, end: NOW + 10 * 60_000 }).end - floor(NOW)).toBe(POOL_TIMELINE_ZOOM_MIN_MS);
    const odd = clampView({ start: NOW, end: NOW + 3 * HOUR + 7 * 60_000 });
    expect((odd.end - odd.start) % (15 * 60_000)).toBe(0);
  });

  it('goes to a date keeping the zoom, and rejects a malformed one', () => {
    const view = { start: NOW, end: NOW + 3 * 24 * HOUR };
    const moved = goToDateView(view, '2026-12-24');
    expect(moved && new Date(moved.start).getDate()).toBe(24);
    expect(moved && new Date(moved.start).getHours()).toBe(0);
    expect(moved && moved.end - moved.start).toBe(3 * 24 * HOUR);
    expect(goToDateView(view, '24.12.2026')).toBeNull();
  });

  it("goes to midnight of the date in the operator's zone when it has one", () => {
    const view = { start: NOW, end: NOW + 24 * HOUR };
    expect(goToDateView(view, '2026-12-24', 'Europe/Oslo')?.start).toBe(Date.parse('2026-12-23T23:00:00Z'));
    expect(goToDateView(view, '2026-07-01', 'Europe/Oslo')?.start).toBe(Date.parse('2026-06-30T22:00:00Z'));
    expect(goToDateView(view, '2026-07-01', 'America/Sao_Paulo')?.start).toBe(Date.parse('2026-07-01T03:00:00Z'));
  });
});

const floor = (ms: number) => Math.floor(ms / (15 * 60_000)) * 15 * 60_000;

describe("the timeline's list order (sortable columns of the bookings list)", () => {
  const vehicles = [vehicle('V1', 'EL 10001'), vehicle('V2', 'EL 10002')];
  const rows = [
    booking({ bid: 'BID1000000031', vehicle: onVehicle('V2', 'EL 10002'), startTime: iso(NOW + 5 * HOUR), endTime: iso(NOW + 6 * HOUR) }),
    booking({ bid: 'BID1000000032', allocationState: 'NOT_ALLOCATED', startTime: iso(NOW + HOUR), endTime: iso(NOW + 9 * HOUR), user: null }),
    booking({
      bid: 'BID1000000033',
      state: 'ACTIVE',
      vehicle: onVehicle('V1', 'EL 10001'),
      startTime: iso(NOW - 2 * HOUR),
      endTime: iso(NOW + 2 * HOUR),
      user: { username: 'ola', fullNameLastFirst: 'Aas, Ola' },
    }),
    booking({ bid: 'BID1000000030', vehicle: onVehicle('V1', 'EL 10001'), startTime: iso(NOW + 5 * HOUR), endTime: iso(NOW + 7 * HOUR) }),
  ];
  const model = poolTimelineModel(vehicles, rows, new Date(NOW), false);
  const order = (field: Parameters<typeof sortPoolBookings>[2]['field'], direction: 'asc' | 'desc' = 'asc') =>
    sortPoolBookings(model.items, model.groups, { field, direction }).map((item) => item.bid);

  it('starts by start time, equal starts by bid', () => {
    expect(order(DEFAULT_POOL_BOOKINGS_SORT.field, DEFAULT_POOL_BOOKINGS_SORT.direction)).toEqual([
      'BID1000000033',
      'BID1000000032',
      'BID1000000030',
      'BID1000000031',
    ]);
    expect(order('start', 'desc')).toEqual(['BID1000000030', 'BID1000000031', 'BID1000000032', 'BID1000000033']);
  });

  it("sorts the row by the timeline's order of rows, the status by the legend's, the end and the bid by value", () => {
    // Unallocated first, then EL 10001, then EL 10002; within a row by start.
    expect(order('row')).toEqual(['BID1000000032', 'BID1000000033', 'BID1000000030', 'BID1000000031']);
    expect(order('row', 'desc')).toEqual(['BID1000000031', 'BID1000000033', 'BID1000000030', 'BID1000000032']);
    expect(order('kind')).toEqual(['BID1000000033', 'BID1000000032', 'BID1000000030', 'BID1000000031']);
    expect(order('end', 'desc')).toEqual(['BID1000000032', 'BID1000000030', 'BID1000000031', 'BID1000000033']);
    expect(order('bid')).toEqual(['BID1000000030', 'BID1000000031', 'BID1000000032', 'BID1000000033']);
  });

  it('sorts users by name, a booking without a user last in either direction', () => {
    expect(order('user')).toEqual(['BID1000000033', 'BID1000000030', 'BID1000000031', 'BID1000000032']);
    expect(order('user', 'desc')).toEqual(['BID1000000030', 'BID1000000031', 'BID1000000033', 'BID1000000032']);
  });
});
