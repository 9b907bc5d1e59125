import { POOL_TIMELINE_KINDS, type PoolTimelineGroup, type PoolTimelineItem } from './pool-timeline-model';

/** The columns of the timeline's list the staff member can sort by. */
export const POOL_BOOKINGS_SORT_FIELDS = ['bid', 'row', 'user', 'start', 'end', 'kind'] as const;
export type PoolBookingsSortField = (typeof POOL_BOOKINGS_SORT_FIELDS)[number];

export interface PoolBookingsSort {
  field: PoolBookingsSortField;
  direction: 'asc' | 'desc';
}

/** The list's order until a header is clicked: by start, as the bookings follow each other on the timeline. */
export const DEFAULT_POOL_BOOKINGS_SORT: PoolBookingsSort = { field: 'start', direction: 'asc' };

/** The list pages the bookings the timeline holds (up to a thousand in a wide window): 25 by default. */
export const POOL_BOOKINGS_LIST_PAGE_SIZE_OPTIONS = [25, 50, 100] as const;
export const POOL_BOOKINGS_LIST_DEFAULT_PAGE_SIZE = 25;

export const isPoolBookingsSortField = (field: string): field is PoolBookingsSortField =>
  (POOL_BOOKINGS_SORT_FIELDS as readonly string[]).includes(field);

const compareText = (a: string, b: string) => a.localeCompare(b, undefined, { sensitivity: 'base', numeric: true });

/**
 * The timeline's bookings in the list's order: by the chosen column — the row in the timeline's order of rows, the
 * status in the legend's order, the user by name with bookings without a user last either way — then by start and bid,
 * so equal values keep a fixed order.
 */
export function sortPoolBookings(
  items: readonly PoolTimelineItem[],
  groups: readonly PoolTimelineGroup[],
  sort: PoolBookingsSort,
): PoolTimelineItem[] {
  const groupOrder = new Map(groups.map((group) => [group.id, group.order]));
  const sign = sort.direction === 'asc' ? 1 : -1;
  const byStart = (a: PoolTimelineItem, b: PoolTimelineItem) => Date.parse(a.row.startTime) - Date.parse(b.row.startTime);
  const tie = (a: PoolTimelineItem, b: PoolTimelineItem) => byStart(a, b) || compareText(a.bid, b.bid);
  const byColumn = (a: PoolTimelineItem, b: PoolTimelineItem): number => {
    switch (sort.field) {
      case 'bid':
        return sign * compareText(a.bid, b.bid);
      case 'row':
        return sign * ((groupOrder.get(a.group) ?? Number.MAX_SAFE_INTEGER) - (groupOrder.get(b.group) ?? Number.MAX_SAFE_INTEGER));
      case 'user': {
        const left = a.row.user?.fullNameLastFirst;
        const right = b.row.user?.fullNameLastFirst;
        if (!left || !right) return left ? -1 : right ? 1 : 0;
        return sign * compareText(left, right);
      }
      case 'start':
        return sign * byStart(a, b);
      case 'end':
        return sign * (Date.parse(a.row.endTime) - Date.parse(b.row.endTime));
      case 'kind':
        return sign * (POOL_TIMELINE_KINDS.indexOf(a.kind) - POOL_TIMELINE_KINDS.indexOf(b.kind));
    }
  };
  return [...items].sort((a, b) => byColumn(a, b) || tie(a, b));
}
