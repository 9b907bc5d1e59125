import { z } from 'zod';
import {
  adminFeeOf,
  checkMetadata,
  DEFAULT_ESTIMATED_DISTANCE_KM,
  HOUR_MS,
  isoToWallClock,
  msToWallClock,
  nextQuarterHour,
  wallClockToIso,
  wallClockToMs,
  ZBookingCreateRequest,
  ZBookingUpdateRequest,
  ZTripType,
  ZVehicleSpecType,
  type Booking,
  type BookingCreateRequest,
  type BookingUpdateRequest,
  type Contract,
  type MetadataSpecEntry,
  type OptionalService,
  type VehicleCategory,
  type VehicleSpecRequest,
} from '@fleetdesk/contract';

/**
 * The booking form's values and rules (spec §5 "New or updated booking"), derived from the contract's
 * ZBookingCreateRequest: the same fields, as the inputs hold them (times as datetime-local text in the
 * operator's zone, the distance as typed, the optional services as ticks), plus the checks that depend on
 * the chosen contract. `toCreateRequest` / `toUpdateRequest` turn valid values into the contract's requests.
 */

const create = ZBookingCreateRequest.shape;
/** The note's limit, read from the contract schema. */
export const NOTE_MAX_LENGTH = create.note.unwrap().unwrap().maxLength ?? 1000;

export const ZBookingFormValues = z.object({
  user: z.string(),
  contractId: create.contractId.nullable(),
  fromPoolId: create.fromLocation.shape.poolId.nullable(),
  toPoolId: create.toLocation.shape.poolId.nullable(),
  /** datetime-local text ('YYYY-MM-DDTHH:mm'), a wall-clock time of the operator. */
  startTime: z.string(),
  endTime: z.string(),
  vehicleSpecType: ZVehicleSpecType,
  className: z.string(),
  modelId: z.number().int().nullable(),
  vin: z.string(),
  /** As typed; must read as a number (§5). */
  estimatedDistance: z.string(),
  tripType: ZTripType,
  note: z.string(),
  rideShare: z.boolean(),
  taxiAcceptable: z.boolean(),
  adminFeeAdded: z.boolean(),
  ignoreRules: z.boolean(),
  metadata: z.record(z.string(), z.string()),
});
export type BookingFormValues = z.infer<typeof ZBookingFormValues>;

/** Message ids of the checks below; the form translates them (`messages.*`, `bookingForm.validation.*`). */
export type BookingFormMessage =
  | { key: 'required' | 'mustBeNumber' | 'valueCanNotBeNegative' | 'startBeforeEnd' | 'notAMetadataField' }
  | { key: 'chooseClass' | 'chooseModel' | 'chooseVehicle' }
  | { key: 'notAChoice'; choices: string }
  | { key: 'maxCharacters'; max: number; len: number }
  | { key: 'notBeforeMinimum'; minimum: string };

/** What the checks need beyond the values: the contract's metadata, the zone and the earliest start. */
export interface BookingFormRuleContext {
  timeZone: string;
  metadataSpec: readonly MetadataSpecEntry[];
  /** The earliest start and end (datetime-local): today 00:00, or the original start when updating (§5). */
  minimum: string;
  /** Updating a started booking: the start is fixed and not checked against the minimum. */
  startLocked: boolean;
}

/** What the form's resolver reads besides the values: the customer's contracts (for the metadata spec). */
export interface BookingFormResolverContext {
  contracts: readonly Contract[];
}

const isBlank = (value: string | undefined) => value === undefined || value.trim() === '';

/** The distance as a number, or null when it does not read as one. */
export function parseDistance(text: string): number | null {
  const trimmed = text.trim().replace(',', '.');
  if (trimmed === '' || !/^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(trimmed)) return null;
  return Number(trimmed);
}

/** The form schema for one contract; messages are the ids above, as JSON (the form words them). */
export function buildBookingFormSchema(context: BookingFormRuleContext) {
  return ZBookingFormValues.superRefine((values, ctx) => {
    const issue = (path: (string | number)[], message: BookingFormMessage) =>
      ctx.addIssue({ code: 'custom', path, message: JSON.stringify(message) });

    if (isBlank(values.user)) issue(['user'], { key: 'required' });
    if (values.contractId === null) issue(['contractId'], { key: 'required' });
    if (values.fromPoolId === null) issue(['fromPoolId'], { key: 'required' });
    if (values.toPoolId === null) issue(['toPoolId'], { key: 'required' });

    const start = wallClockToMs(values.startTime, context.timeZone);
    const end = wallClockToMs(values.endTime, context.timeZone);
    const minimum = wallClockToMs(context.minimum, context.timeZone);
    if (start === null) issue(['startTime'], { key: 'required' });
    else if (!context.startLocked && minimum !== null && start < minimum) {
      issue(['startTime'], { key: 'notBeforeMinimum', minimum: context.minimum });
    }
    if (end === null) issue(['endTime'], { key: 'required' });
    else if (minimum !== null && end < minimum) issue(['endTime'], { key: 'notBeforeMinimum', minimum: context.minimum });
    else if (start !== null && start >= end) issue(['endTime'], { key: 'startBeforeEnd' });

    // The vehicle is always chosen by staff: a new booking starts without one (issue 17: no silent cargo bikes).
    if (values.vehicleSpecType === 'CLASS' && isBlank(values.className)) issue(['className'], { key: 'chooseClass' });
    if (values.vehicleSpecType === 'MODEL' && values.modelId === null) issue(['modelId'], { key: 'chooseModel' });
    if (values.vehicleSpecType === 'VEHICLE' && isBlank(values.vin)) issue(['vin'], { key: 'chooseVehicle' });

    const distance = parseDistance(values.estimatedDistance);
    if (distance === null) issue(['estimatedDistance'], { key: 'mustBeNumber' });
    else if (distance < 0) issue(['estimatedDistance'], { key: 'valueCanNotBeNegative' });

    if (values.note.length > NOTE_MAX_LENGTH) {
      issue(['note'], { key: 'maxCharacters', max: NOTE_MAX_LENGTH, len: values.note.length });
    }

    // The one metadata rule (as the server's create, update and PUT metadata), on what the form sends.
    for (const problem of checkMetadata(context.metadataSpec, metadataOf(values, context.metadataSpec)).problems) {
      issue(
        ['metadata', problem.key],
        problem.message === 'notAChoice' ? { key: 'notAChoice', choices: problem.params.choices ?? '' } : { key: problem.message },
      );
    }
  });
}

/** Reads a message id written by the schema; null for other texts (e.g. a server's field error). */
export function readFormMessage(text: string | undefined): BookingFormMessage | null {
  if (!text?.startsWith('{')) return null;
  try {
    const parsed = JSON.parse(text) as unknown;
    return typeof parsed === 'object' && parsed !== null && 'key' in parsed ? (parsed as BookingFormMessage) : null;
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------------------------------------------------
// Defaults
// ---------------------------------------------------------------------------------------------------------

const service = (value: OptionalService) => value === 'ENABLED';

/** A new booking: from the next quarter hour, for one hour, 25 km, services off (§5 defaults). */
export function newBookingDefaults(options: { user?: string; nowMs: number; timeZone: string }): BookingFormValues {
  const start = nextQuarterHour(options.nowMs);
  return {
    user: options.user ?? '',
    contractId: null,
    fromPoolId: null,
    toPoolId: null,
    startTime: msToWallClock(start, options.timeZone),
    endTime: msToWallClock(start + HOUR_MS, options.timeZone),
    vehicleSpecType: 'CLASS',
    className: '',
    modelId: null,
    vin: '',
    estimatedDistance: String(DEFAULT_ESTIMATED_DISTANCE_KM),
    tripType: 'PRIVATE',
    note: '',
    rideShare: false,
    taxiAcceptable: false,
    adminFeeAdded: false,
    ignoreRules: false,
    metadata: {},
  };
}

/** An existing booking as form values. */
export function bookingToFormValues(booking: Booking, timeZone: string): BookingFormValues {
  const spec = booking.vehicleAllocation.specification;
  return {
    user: booking.user?.username ?? '',
    contractId: booking.contractId,
    fromPoolId: booking.fromLocation.poolId,
    toPoolId: booking.toLocation.poolId,
    startTime: isoToWallClock(booking.startTime, timeZone),
    endTime: isoToWallClock(booking.endTime, timeZone),
    vehicleSpecType: spec.type,
    className: spec.type === 'CLASS' ? spec.className : '',
    modelId: spec.type === 'MODEL' ? spec.modelId : null,
    vin: spec.type === 'VEHICLE' ? spec.vehicle.vin : '',
    estimatedDistance: String(booking.estimatedDistance ?? DEFAULT_ESTIMATED_DISTANCE_KM),
    tripType: booking.tripType,
    note: booking.note ?? '',
    rideShare: service(booking.rideShare),
    taxiAcceptable: service(booking.taxiAcceptable),
    adminFeeAdded: false,
    ignoreRules: false,
    metadata: { ...booking.metadata },
  };
}

// ---------------------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------------------

/** The vehicle wanted, once the chosen kind has its value. */
export function vehicleSpecOf(values: BookingFormValues, classCategory?: VehicleCategory): VehicleSpecRequest | null {
  switch (values.vehicleSpecType) {
    case 'CLASS':
      return values.className ? { type: 'CLASS', className: values.className, ...(classCategory ? { vehicleCategory: classCategory } : {}) } : null;
    case 'MODEL':
      return values.modelId === null ? null : { type: 'MODEL', modelId: values.modelId };
    case 'VEHICLE':
      return values.vin ? { type: 'VEHICLE', vin: values.vin } : null;
  }
}

/** The metadata of the contract's spec, blanks left out. */
export function metadataOf(values: BookingFormValues, spec: readonly MetadataSpecEntry[]): Record<string, string> {
  const metadata: Record<string, string> = {};
  for (const entry of spec) {
    const value = values.metadata[entry.key]?.trim();
    if (value) metadata[entry.key] = value;
  }
  return metadata;
}

/** An unticked service: NOT_SELECTED for a new booking, else what the booking had unless it was ENABLED. */
function serviceOf(ticked: boolean, original?: OptionalService): OptionalService {
  if (ticked) return 'ENABLED';
  if (original === undefined) return 'NOT_SELECTED';
  return original === 'ENABLED' ? 'DISABLED' : original;
}

/** The contract's admin fee, by the one rule the server adds it with (the last entry; 0 or less is none). */
export const contractAdminFee = (contract: Contract | null) => adminFeeOf(contract?.priceList);
export const hasAdminFee = (contract: Contract | null) => contractAdminFee(contract) !== null;

export interface RequestContext {
  timeZone: string;
  metadataSpec: readonly MetadataSpecEntry[];
  /** The chosen pools include one the user has no direct access to. */
  overridePoolAccess: boolean;
  classCategory?: VehicleCategory;
  /** The contract has ADMIN_BOOKING_FEE (the tick is offered only then). */
  adminFeeOffered: boolean;
}

/** POST /api/bookings, parsed with the contract's schema (throws when the values are not complete). */
export function toCreateRequest(values: BookingFormValues, context: RequestContext, ignoreRules = values.ignoreRules): BookingCreateRequest {
  return ZBookingCreateRequest.parse({
    user: values.user.trim(),
    contractId: values.contractId,
    startTime: wallClockToIso(values.startTime, context.timeZone),
    endTime: wallClockToIso(values.endTime, context.timeZone),
    fromLocation: { poolId: values.fromPoolId },
    toLocation: { poolId: values.toPoolId ?? values.fromPoolId },
    vehicleSpecification: vehicleSpecOf(values, context.classCategory),
    estimatedDistance: parseDistance(values.estimatedDistance),
    tripType: values.tripType,
    note: values.note.trim() === '' ? null : values.note.trim(),
    rideShare: serviceOf(values.rideShare),
    taxiAcceptable: serviceOf(values.taxiAcceptable),
    metadata: metadataOf(values, context.metadataSpec),
    adminFeeAdded: context.adminFeeOffered && values.adminFeeAdded,
    ignoreRules,
    overridePoolAccess: context.overridePoolAccess,
  });
}

/** PUT /api/bookings/{bid}: a started booking keeps its pools, start and distance (§5), so those are left out. */
export function toUpdateRequest(values: BookingFormValues, booking: Booking, context: RequestContext & { started: boolean }): BookingUpdateRequest {
  const movable = context.started
    ? {}
    : {
        startTime: wallClockToIso(values.startTime, context.timeZone),
        fromLocation: { poolId: values.fromPoolId },
        toLocation: { poolId: values.toPoolId ?? values.fromPoolId },
        estimatedDistance: parseDistance(values.estimatedDistance),
      };
  return ZBookingUpdateRequest.parse({
    contractId: values.contractId,
    endTime: wallClockToIso(values.endTime, context.timeZone),
    ...movable,
    vehicleSpecification: vehicleSpecOf(values, context.classCategory),
    tripType: values.tripType,
    note: values.note.trim() === '' ? null : values.note.trim(),
    rideShare: serviceOf(values.rideShare, booking.rideShare),
    taxiAcceptable: serviceOf(values.taxiAcceptable, booking.taxiAcceptable),
    metadata: metadataOf(values, context.metadataSpec),
    ignoreRules: values.ignoreRules,
    overridePoolAccess: context.overridePoolAccess,
  });
}
