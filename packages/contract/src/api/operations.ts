import { z } from 'zod';
import { ZActiveBookingStatus, ZAllocationState, ZBookingDisplayState, ZBookingState, ZContractType, ZVehicleCategory } from '../enums.ts';
import { ZActiveBookingRow, ZIsoDateTime, ZPool } from '../entities.ts';
import { ZIntId, ZIntIdParam } from '../safe-input.ts';
import { FLEET_MAP_STATUSES } from '../values.ts';

/**
 * The operations screens (issue 7; spec §1, §2 /pools, /activebookings, /fleetMap; §3 Pool and Active-bookings row;
 * §4 timeline placement and colouring; §7 "Pools, events, alarms"; §9 pool windows). docs/decisions/0032-operations-api.md.
 *
 * Errors are the §8 envelope (ZErrorEnvelope): 400 `errorId.apigw.invalid.input` with field errors for malformed input,
 * 401 without a session, 404 `errorId.core.notFound` 'Pool not found' for an unknown pool or another operator's.
 */

const emptyToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
/** Query values may repeat (`state=A&state=B`) or be comma separated (`state=A,B`). */
const listParam = <T extends z.ZodType>(item: T) =>
  z.preprocess((v) => {
    if (v === undefined || v === null || v === '') return undefined;
    const arr = Array.isArray(v) ? v : [v];
    const kept = arr
      .flatMap((x) => (typeof x === 'string' ? x.split(',') : [x]))
      .map((x) => (typeof x === 'string' ? x.trim() : x))
      .filter((x) => x !== '' && x !== null);
    return kept.length ? kept : undefined;
  }, z.array(item).optional());

// ---------------------------------------------------------------------------------------------------------------------
// Pools
// ---------------------------------------------------------------------------------------------------------------------

/** Path parameter of /api/pools/{poolId}/…: a positive integer (else 400). */
export const ZPoolParams = z.object({ poolId: ZIntIdParam });

/**
 * GET /api/pools: every pool of the operator, disabled ones included (the sidebar hides them unless 'show disabled'),
 * ordered by city, then name. Each carries the whole §3 Pool (city, disabled, group id and name, allowed contracts…).
 */
export const ZPoolListResponse = z.array(ZPool);
export type PoolListResponse = z.infer<typeof ZPoolListResponse>;

/** GET /api/pools/groups: the operator's pool groups, a map of group id (as a string key) to name (§7). */
export const ZPoolGroupsResponse = z.record(z.string(), z.string());
export type PoolGroupsResponse = z.infer<typeof ZPoolGroupsResponse>;

/**
 * GET /api/pools/contracts: the operator's contracts a pool can allow (id, name, type), by name — the choices of the
 * pool form's 'Allowed contracts' (issue 17: chosen by name, not typed as ids). Path not in the spec (GUIDE §1).
 */
export const ZPoolContractOption = z.object({ id: z.number().int(), name: z.string(), contractType: ZContractType });
export type PoolContractOption = z.infer<typeof ZPoolContractOption>;
export const ZPoolContractOptionsResponse = z.array(ZPoolContractOption);
export type PoolContractOptionsResponse = z.infer<typeof ZPoolContractOptionsResponse>;

export const POOL_TEXT_MAX = 500;
export const POOL_DESCRIPTION_MAX = 2000;
export const POOL_FEE_MAX = 100_000;

const optionalText = (max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? null : typeof v === 'string' ? v.trim() : v),
    z.string().max(max, `Maximum characters ${max}`).nullable(),
  );

/**
 * PUT /api/pools/{poolId}: the editable §3 Pool fields. Every field is optional (only those sent change) and unknown
 * keys are ignored, so the form may send the whole Pool it read. Blank texts clear the field (null).
 * Not editable here: poolId, pool (name), city, poolGroupName (follows poolGroupId), lat/lon.
 * Server checks, as 400 field errors: movedTo must be another pool of the operator (not itself); poolGroupId a group
 * of the operator; allowedContracts contracts of the operator. Answers the updated Pool; logs a VEHICLE_ADMIN event
 * 'Pool {name} updated' with the changed fields (properties.poolId, properties.changes).
 */
export const ZPoolUpdateRequest = z.object({
  disabled: z.boolean().optional(),
  description: optionalText(POOL_DESCRIPTION_MAX).optional(),
  publicNote: optionalText(POOL_TEXT_MAX).optional(),
  pickupNote: optionalText(POOL_TEXT_MAX).optional(),
  dropoffNote: optionalText(POOL_TEXT_MAX).optional(),
  fee: z.number().min(0, 'Value can not be negative').max(POOL_FEE_MAX).nullable().optional(),
  responsibleOrganization: optionalText(POOL_TEXT_MAX).optional(),
  geographicalIdentity: optionalText(POOL_TEXT_MAX).optional(),
  parkingPlaceInfoRequired: z.boolean().optional(),
  defaultParkingPlace: optionalText(POOL_TEXT_MAX).optional(),
  chargingAvailable: z.boolean().optional(),
  wattWorldStationName: optionalText(POOL_TEXT_MAX).optional(),
  movedTo: ZIntId.nullable().optional(),
  poolGroupId: ZIntId.nullable().optional(),
  allowedContracts: z.array(ZIntId).max(500).optional(),
});
export type PoolUpdateRequest = z.infer<typeof ZPoolUpdateRequest>;
/** The fields a pool edit form shows and sends (derive the form schema from ZPoolUpdateRequest with these). */
export const POOL_EDITABLE_FIELDS = Object.keys(ZPoolUpdateRequest.shape) as (keyof PoolUpdateRequest)[];
export const ZPoolUpdateResponse = ZPool;

/**
 * GET /api/pools/{poolId}/vehicles: the vehicles placed in the pool (the timeline's allocated groups, one row per
 * vehicle, even without bookings), ordered by registration. `hidden` vehicles are included and flagged: the timeline
 * shows them with 'show hidden' only.
 */
export const ZPoolVehicle = z.object({
  vin: z.string(),
  registrationNumber: z.string(),
  longPresentation: z.string(),
  modelName: z.string(),
  priceClass: z.string(),
  vehicleCategory: ZVehicleCategory,
  hidden: z.boolean(),
});
export type PoolVehicle = z.infer<typeof ZPoolVehicle>;
export const ZPoolVehiclesResponse = z.array(ZPoolVehicle);

// ---------- Pool bookings (timeline) ----------

/** §9 pool booking window states. */
export const POOL_BOOKINGS_DEFAULT_STATES = ['ACTIVE', 'INACTIVE', 'FINISHED'] as const;
/** §9 'upcoming' fetch states. */
export const POOL_BOOKINGS_UPCOMING_STATES = ['ACTIVE', 'INACTIVE'] as const;
/** Default and maximum row counts of one pool bookings call. */
export const POOL_BOOKINGS_UPCOMING_LIMIT = 50;
export const POOL_BOOKINGS_MAX_LIMIT = 1000;
/** The longest window one call may ask for (the timeline zooms to at most 7 days; refreshes add 5 h each side). */
export const POOL_BOOKINGS_MAX_WINDOW_MS = 62 * 24 * 60 * 60 * 1000;

/**
 * GET /api/pools/{poolId}/bookings?startDate, endDate, state, limit, upcoming (§7, §9). Bookings leaving from the pool
 * (fromLocation) that overlap [startDate, endDate), start ascending (then bid).
 * - Default window: start of today to the end of tomorrow in the operator's time zone, states ACTIVE, INACTIVE, FINISHED.
 * - `upcoming=1` (§7's "second call with the value 1"): from one hour ago, open-ended, states ACTIVE and INACTIVE,
 *   at most POOL_BOOKINGS_UPCOMING_LIMIT rows.
 * - Any given startDate / endDate / state / limit replaces the default. With only startDate the window is open-ended
 *   for `upcoming`, else it ends at the end of the day after startDate's day.
 * Overlap: start < endDate and (end > startDate, or usage end > startDate, or ACTIVE — an active booking that overruns
 * its end runs until now). 400 when endDate is not after startDate or the window is longer than 62 days.
 * The client merges the default call and the upcoming call with `mergePoolBookings` (below).
 */
export const ZPoolBookingsQuery = z.object({
  startDate: z.preprocess(emptyToUndefined, ZIsoDateTime.optional()),
  endDate: z.preprocess(emptyToUndefined, ZIsoDateTime.optional()),
  state: listParam(ZBookingState),
  limit: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(POOL_BOOKINGS_MAX_LIMIT).optional()),
  upcoming: z.preprocess(
    (v) =>
      v === '' || v === null || v === undefined
        ? undefined
        : v === '1' || v === 'true' || v === true || v === 1
          ? true
          : v === '0' || v === 'false' || v === false || v === 0
            ? false
            : v,
    z.boolean().optional(),
  ),
});
export type PoolBookingsQuery = z.infer<typeof ZPoolBookingsQuery>;

/** §4 timeline colouring: finished is historic, inactive is future, cancelled is cancelled, else an end in the past is overdue. */
export const ZTimelineKind = z.enum(['historic', 'future', 'cancelled', 'overdue', 'active']);
export type TimelineKind = z.infer<typeof ZTimelineKind>;

/** One booking as the pool timeline needs it. */
export const ZPoolBookingRow = z.object({
  bid: z.string(),
  state: ZBookingState,
  /** §4 display state (READY, REQUIRES_AUTH, ARCHIVED…), as on the booking card. */
  displayState: ZBookingDisplayState,
  allocationState: ZAllocationState,
  /** The allocated vehicle (the timeline group "by vehicle"), or null when not allocated. */
  vehicle: z.object({ vin: z.string(), registrationNumber: z.string(), longPresentation: z.string() }).nullable(),
  /**
   * What was booked (the group for unallocated bookings "by price class, model"): for a CLASS spec the class as
   * priceClass and modelName null; for MODEL and VEHICLE specs the model's price class and name.
   */
  specification: z.object({
    type: z.enum(['CLASS', 'MODEL', 'VEHICLE']),
    priceClass: z.string().nullable(),
    modelId: z.number().int().nullable(),
    modelName: z.string().nullable(),
    vehicleCategory: ZVehicleCategory,
  }),
  startTime: ZIsoDateTime,
  endTime: ZIsoDateTime,
  usageStart: ZIsoDateTime.nullable(),
  usageEnd: ZIsoDateTime.nullable(),
  /** ACTIVE and past its end (at the server's now). */
  overdue: z.boolean(),
  user: z.object({ username: z.string(), fullNameLastFirst: z.string() }).nullable(),
  toPoolId: z.number().int(),
});
export type PoolBookingRow = z.infer<typeof ZPoolBookingRow>;

export const ZPoolBookingsResponse = z.object({
  results: z.array(ZPoolBookingRow),
  /** True when `limit` cut the list (ask again from the last start, or narrow the window). */
  moreResults: z.boolean(),
  /** The window and states this answer applied (defaults resolved); end is null for an open-ended upcoming call. */
  window: z.object({ start: ZIsoDateTime, end: ZIsoDateTime.nullable(), states: z.array(ZBookingState), limit: z.number().int() }),
});
export type PoolBookingsResponse = z.infer<typeof ZPoolBookingsResponse>;

/** The key two calls share a booking by: §7 de-duplicates "by start, end and bid". */
export const poolBookingKey = (b: Pick<PoolBookingRow, 'bid' | 'startTime' | 'endTime'>): string =>
  `${b.bid}|${Date.parse(b.startTime)}|${Date.parse(b.endTime)}`;

/**
 * Merges the pool's default call with its 'upcoming' call (§7): the union, de-duplicated by start, end and bid (a row
 * of `second` with the same key as one of `first` is dropped; the first call's row wins), ordered by start, then bid.
 * Pure; the web uses it as is.
 */
export function mergePoolBookings<T extends Pick<PoolBookingRow, 'bid' | 'startTime' | 'endTime'>>(first: readonly T[], second: readonly T[]): T[] {
  const seen = new Set<string>();
  const out: T[] = [];
  for (const b of [...first, ...second]) {
    const key = poolBookingKey(b);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(b);
  }
  return out.sort((a, b) => Date.parse(a.startTime) - Date.parse(b.startTime) || (a.bid < b.bid ? -1 : a.bid > b.bid ? 1 : 0));
}

/** Where and how a booking sits on the timeline (§4), or null when it is not placed. */
export interface TimelinePlacement {
  start: string;
  end: string;
  kind: TimelineKind;
}

/**
 * §4 timeline placement and colouring at `now`:
 * - a FINISHED booking is placed only if ALLOCATED, and drawn to the end of its usage time when present (else its end);
 * - an ACTIVE booking that overruns its end is drawn to now;
 * - colour: FINISHED historic, INACTIVE future, CANCELLED cancelled, otherwise (ACTIVE) overdue when the end is past,
 *   else active.
 */
export function poolTimelinePlacement(
  b: Pick<PoolBookingRow, 'state' | 'allocationState' | 'startTime' | 'endTime' | 'usageEnd'>,
  now: Date,
): TimelinePlacement | null {
  const endMs = Date.parse(b.endTime);
  switch (b.state) {
    case 'FINISHED':
      if (b.allocationState !== 'ALLOCATED') return null;
      return { start: b.startTime, end: b.usageEnd ?? b.endTime, kind: 'historic' };
    case 'INACTIVE':
      return { start: b.startTime, end: b.endTime, kind: 'future' };
    case 'CANCELLED':
      return { start: b.startTime, end: b.endTime, kind: 'cancelled' };
    case 'ACTIVE': {
      const overrun = endMs < now.getTime();
      return { start: b.startTime, end: overrun ? now.toISOString() : b.endTime, kind: overrun ? 'overdue' : 'active' };
    }
  }
}

// ---------------------------------------------------------------------------------------------------------------------
// Active bookings
// ---------------------------------------------------------------------------------------------------------------------

/**
 * GET /api/activebookings: every ACTIVE booking of the operator as §3 Active-bookings rows, one list (the screen sorts
 * and filters on the client and polls every ACTIVE_BOOKINGS_POLL_MS), ordered by end ascending (most overdue first).
 * bookingStatus (priority in this order): REQUIRES_AUTH when a payment waits for the customer's authorisation,
 * NOT_ALLOCATED without an allocated vehicle, OVERDUE when the end has passed, else ACTIVATED. Anything but ACTIVATED
 * is marked red (see isActiveBookingFlagged). overdueHours = hours since the end at `generatedAt`, rounded down to one
 * decimal, 0 when not overdue.
 */
export const ZActiveBookingsQuery = z.object({
  /** true: only the bookings whose end has passed (the overdue ones, issue 19 point 3's built-in queue). */
  overdue: z.preprocess((v) => (v === undefined || v === '' ? undefined : v === true || v === 'true' || v === '1'), z.boolean().optional()),
});
export type ActiveBookingsQuery = z.infer<typeof ZActiveBookingsQuery>;
export const ZActiveBookingsResponse = z.object({
  generatedAt: ZIsoDateTime,
  results: z.array(ZActiveBookingRow),
});
export type ActiveBookingsResponse = z.infer<typeof ZActiveBookingsResponse>;
export const isActiveBookingFlagged = (status: z.infer<typeof ZActiveBookingStatus>): boolean => status !== 'ACTIVATED';

/** Hours past `end` at `now`, rounded down to one decimal (0 when the end has not passed). */
export function overdueHours(end: Date | string, now: Date): number {
  const ms = now.getTime() - (typeof end === 'string' ? Date.parse(end) : end.getTime());
  return ms <= 0 ? 0 : Math.floor(ms / 360_000) / 10;
}

// ---------------------------------------------------------------------------------------------------------------------
// Fleet map
// ---------------------------------------------------------------------------------------------------------------------

/**
 * Fleet map status of a vehicle, first match wins:
 * ALARM (a TRIGGERED alarm on it) > LOW_BATTERY (electric, not charging, charge level in §9's red band, ≤ 30 %) >
 * BOOKED (an ACTIVE booking holds it) > AVAILABLE.
 */
export const ZFleetMapStatus = z.enum(FLEET_MAP_STATUSES);
export type FleetMapStatus = z.infer<typeof ZFleetMapStatus>;
/** At or below this charge level (percent) an electric vehicle counts as low battery (§9: red is 30 and below). */
export const FLEET_MAP_LOW_BATTERY_MAX = 30;

/**
 * One vehicle on the map, compact: position from the last status report (5 decimals), else the pool's coordinates
 * (`positionFromPool`), else null (not drawn). `bid` is the active booking holding it; `fuelLevel` percent (electric)
 * or litres.
 */
export const ZFleetMapVehicle = z.object({
  vin: z.string(),
  registrationNumber: z.string(),
  modelName: z.string(),
  vehicleCategory: ZVehicleCategory,
  status: ZFleetMapStatus,
  lat: z.number().nullable(),
  lon: z.number().nullable(),
  positionFromPool: z.boolean(),
  positionUpdated: ZIsoDateTime.nullable(),
  fuelLevel: z.number().nullable(),
  /** True for a battery vehicle: `fuelLevel` is then a percent (§9), else litres. */
  electric: z.boolean().optional(),
  poolId: z.number().int().nullable(),
  bid: z.string().nullable(),
});
export type FleetMapVehicle = z.infer<typeof ZFleetMapVehicle>;

/**
 * GET /api/fleetmap?hidden: every vehicle of the operator (hidden ones only with hidden=1), ordered by registration,
 * with a count per status for the legend.
 */
export const ZFleetMapQuery = z.object({
  hidden: z.preprocess(
    (v) => (v === '' || v === undefined || v === null ? undefined : v === '1' || v === 'true' ? true : v === '0' || v === 'false' ? false : v),
    z.boolean().default(false),
  ),
});
export const ZFleetMapResponse = z.object({
  generatedAt: ZIsoDateTime,
  counts: z.record(ZFleetMapStatus, z.number().int()),
  vehicles: z.array(ZFleetMapVehicle),
});
export type FleetMapResponse = z.infer<typeof ZFleetMapResponse>;
