import { instantOfWallTime, poolTimelinePlacement, type PoolBookingRow, type PoolVehicle, type TimelineKind } from '@fleetdesk/contract';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/** §9 timeline limits: zoom from 2 hours to 7 days, in 15-minute steps. */
export const POOL_TIMELINE_ZOOM_MIN_MS = 2 * HOUR_MS;
export const POOL_TIMELINE_ZOOM_MAX_MS = 7 * DAY_MS;
export const POOL_TIMELINE_STEP_MS = 15 * MINUTE_MS;
/** The zoom buttons (§2): 1, 3 or 7 days. */
export const POOL_TIMELINE_ZOOM_DAYS = [1, 3, 7] as const;
export type PoolTimelineZoomDays = (typeof POOL_TIMELINE_ZOOM_DAYS)[number];
/** §9: the default view is −5 h to +19 h around now; a refresh fetches the view extended by 5 h each side. */
export const POOL_TIMELINE_VIEW_BEFORE_MS = 5 * HOUR_MS;
export const POOL_TIMELINE_VIEW_AFTER_MS = 19 * HOUR_MS;
export const POOL_REFRESH_MARGIN_MS = 5 * HOUR_MS;

/** The §4 colours (legend and items share them). */
export const POOL_TIMELINE_COLOURS: Record<TimelineKind, { background: string; border: string; text: string }> = {
  active: { background: '#2e7d32', border: '#1b5e20', text: '#ffffff' },
  overdue: { background: '#c62828', border: '#8e0000', text: '#ffffff' },
  future: { background: '#1565c0', border: '#0d47a1', text: '#ffffff' },
  historic: { background: '#9e9e9e', border: '#616161', text: '#111111' },
  cancelled: { background: '#fbe9e7', border: '#d84315', text: '#bf360c' },
};
export const POOL_TIMELINE_KINDS: readonly TimelineKind[] = ['active', 'overdue', 'future', 'historic', 'cancelled'];

export interface TimeRange {
  start: number;
  end: number;
}

/** Rounds down to the 15-minute step. */
export const floorToStep = (ms: number): number => Math.floor(ms / POOL_TIMELINE_STEP_MS) * POOL_TIMELINE_STEP_MS;

/** §9 default view: −5 h to +19 h around now (edges on the 15-minute step). */
export const defaultView = (now: number): TimeRange => {
  const start = floorToStep(now - POOL_TIMELINE_VIEW_BEFORE_MS);
  return { start, end: start + POOL_TIMELINE_VIEW_BEFORE_MS + POOL_TIMELINE_VIEW_AFTER_MS };
};

/** Clamps a view's length to the §9 limits (2 h – 7 days) keeping its start, edges on the 15-minute step. */
export function clampView(view: TimeRange): TimeRange {
  const start = floorToStep(view.start);
  const length = Math.min(
    POOL_TIMELINE_ZOOM_MAX_MS,
    Math.max(POOL_TIMELINE_ZOOM_MIN_MS, Math.round((view.end - view.start) / POOL_TIMELINE_STEP_MS) * POOL_TIMELINE_STEP_MS),
  );
  return { start, end: start + length };
}

/** Zoom to 1, 3 or 7 days from the view's start. */
export const zoomView = (view: TimeRange, days: PoolTimelineZoomDays): TimeRange => clampView({ start: view.start, end: view.start + days * DAY_MS });

/** Go to a date ('YYYY-MM-DD', local): the view keeps its length and starts at that day's midnight. */
export function goToDateView(view: TimeRange, date: string, timeZone: string | null = null): TimeRange | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  // Midnight of that day in the operator's zone (the browser's without one).
  const start = timeZone ? instantOfWallTime({ year, month, day }, timeZone) : new Date(year, month - 1, day).getTime();
  if (!Number.isFinite(start)) return null;
  return clampView({ start, end: start + (view.end - view.start) });
}

/** §9 refresh window: the view extended by 5 hours each side. */
export const refreshWindow = (view: TimeRange): { start: string; end: string } => ({
  start: new Date(view.start - POOL_REFRESH_MARGIN_MS).toISOString(),
  end: new Date(view.end + POOL_REFRESH_MARGIN_MS).toISOString(),
});

// ---------- groups and items ----------

export type PoolGroupKind = 'unallocated' | 'vehicle';

export interface PoolTimelineGroup {
  id: string;
  kind: PoolGroupKind;
  /** Unallocated: price class; vehicle: registration number. */
  title: string;
  /** Unallocated: the model name (null for a class booking); vehicle: model / long presentation. */
  subtitle: string | null;
  hidden: boolean;
  order: number;
}

export interface PoolTimelineItem {
  id: string;
  bid: string;
  group: string;
  start: string;
  end: string;
  kind: TimelineKind;
  className: string;
  row: PoolBookingRow;
}

export const unallocatedGroupId = (priceClass: string | null, modelName: string | null) => `unallocated|${priceClass ?? ''}|${modelName ?? ''}`;
export const vehicleGroupId = (vin: string) => `vehicle|${vin}`;

const compareText = (a: string, b: string) => a.localeCompare(b, undefined, { sensitivity: 'base', numeric: true });

export interface PoolTimelineModel {
  groups: PoolTimelineGroup[];
  items: PoolTimelineItem[];
}

/**
 * The timeline of a pool (§2, §4): unallocated bookings in groups by price class and model (first, sorted), then one
 * row per vehicle of the pool (the server's registration order; hidden vehicles only with `showHidden`), plus a row for a
 * vehicle a booking is allocated to that is no longer in the pool. Items are placed and coloured by the contract's
 * poolTimelinePlacement at `now`; bookings it does not place (finished, not allocated) are left out, as are bookings
 * of hidden vehicles while those are not shown.
 */
export function poolTimelineModel(
  vehicles: readonly PoolVehicle[],
  bookings: readonly PoolBookingRow[],
  now: Date,
  showHidden: boolean,
): PoolTimelineModel {
  const vehicleGroups = new Map<string, PoolTimelineGroup>();
  vehicles.forEach((vehicle) => {
    vehicleGroups.set(vehicle.vin, {
      id: vehicleGroupId(vehicle.vin),
      kind: 'vehicle',
      title: vehicle.registrationNumber,
      subtitle: vehicle.modelName,
      hidden: vehicle.hidden,
      order: 0,
    });
  });
  const unallocated = new Map<string, PoolTimelineGroup>();
  const items: PoolTimelineItem[] = [];

  for (const row of bookings) {
    const placement = poolTimelinePlacement(row, now);
    if (!placement) continue;
    let group: PoolTimelineGroup;
    if (row.vehicle) {
      const known = vehicleGroups.get(row.vehicle.vin);
      if (known) group = known;
      else {
        group = {
          id: vehicleGroupId(row.vehicle.vin),
          kind: 'vehicle',
          title: row.vehicle.registrationNumber,
          subtitle: row.vehicle.longPresentation,
          hidden: false,
          order: 0,
        };
        vehicleGroups.set(row.vehicle.vin, group);
      }
    } else {
      const id = unallocatedGroupId(row.specification.priceClass, row.specification.modelName);
      const known = unallocated.get(id);
      if (known) group = known;
      else {
        group = {
          id,
          kind: 'unallocated',
          title: row.specification.priceClass ?? '',
          subtitle: row.specification.modelName,
          hidden: false,
          order: 0,
        };
        unallocated.set(id, group);
      }
    }
    if (group.hidden && !showHidden) continue;
    items.push({
      id: `${row.bid}|${Date.parse(row.startTime)}|${Date.parse(row.endTime)}`,
      bid: row.bid,
      group: group.id,
      start: placement.start,
      end: placement.end,
      kind: placement.kind,
      className: `pool-booking pool-booking--${placement.kind}`,
      row,
    });
  }

  const unallocatedSorted = [...unallocated.values()].sort(
    (a, b) => compareText(a.title, b.title) || compareText(a.subtitle ?? '', b.subtitle ?? ''),
  );
  const groups = [...unallocatedSorted, ...[...vehicleGroups.values()].filter((g) => showHidden || !g.hidden)].map((g, order) => ({ ...g, order }));
  return { groups, items };
}
