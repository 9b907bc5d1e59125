import { z } from 'zod';
import { ZDataQuality, ZEventType, ZOptionalService, ZPaymentType, ZTripType, ZVehicleCategory, ZVehicleSpecType } from '../enums.ts';
import { ZBooking, ZBookingRule, ZChargingPin, ZEventLogEntry, ZIsoDateTime, ZMetadataSpecEntry, ZPriceEstimate } from '../entities.ts';
import { BOOKING_EVENTS_PAGE_SIZE, DEFAULT_ESTIMATED_DISTANCE_KM, EXTENSION_MINUTES } from '../limits.ts';
import { ZIntId, ZIntIdParam } from '../safe-input.ts';
import { ZBookingListHighlight } from '../rules/booking-list.ts';
import { MESSAGES } from '../messages.ts';

/**
 * Request and response schemas of the §7 booking calls. Paths the spec leaves "not shown" are
 * chosen in the same style and listed in the server's OpenAPI document.
 */

const emptyToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
const boolParam = z.preprocess(
  (v) => (v === 'true' || v === '1' || v === true ? true : v === 'false' || v === '0' || v === false ? false : v),
  z.boolean(),
);

/** Path parameter {bid}: matched upper-cased by the server. */
export const ZBookingParams = z.object({ bid: z.string().trim().min(1).max(40) });

/** The vehicle wanted: a price class (CLASS), a model (MODEL) or one vehicle (VEHICLE). */
export const ZVehicleSpecRequest = z.discriminatedUnion('type', [
  z.object({ type: z.literal('CLASS'), className: z.string().min(1), vehicleCategory: ZVehicleCategory.optional() }),
  z.object({ type: z.literal('MODEL'), modelId: ZIntId }),
  z.object({ type: z.literal('VEHICLE'), vin: z.string().min(1) }),
]);
export type VehicleSpecRequest = z.infer<typeof ZVehicleSpecRequest>;

/** POST /api/bookings: times ISO-8601 with offset. */
export const ZBookingCreateRequest = z.object({
  user: z.string().trim().min(1),
  contractId: ZIntId,
  startTime: ZIsoDateTime,
  endTime: ZIsoDateTime,
  fromLocation: z.object({ poolId: ZIntId }),
  toLocation: z.object({ poolId: ZIntId }),
  vehicleSpecification: ZVehicleSpecRequest,
  estimatedDistance: z.number().min(0).default(DEFAULT_ESTIMATED_DISTANCE_KM),
  tripType: ZTripType.default('PRIVATE'),
  note: z.string().max(1000).nullable().optional(),
  rideShare: ZOptionalService.default('NOT_SELECTED'),
  taxiAcceptable: ZOptionalService.default('NOT_SELECTED'),
  metadata: z.record(z.string(), z.string()).default({}),
  /** Add the contract's ADMIN_BOOKING_FEE (a booking made by staff). */
  adminFeeAdded: z.boolean().default(false),
  /** Staff override of overridable rule violations (§4 override step, §5 ignore-rules). */
  ignoreRules: z.boolean().default(false),
  /** Book a pool the user has no direct access to (marked with an asterisk in the form). */
  overridePoolAccess: z.boolean().default(false),
  paymentType: ZPaymentType.optional(),
});
export type BookingCreateRequest = z.infer<typeof ZBookingCreateRequest>;

/** PUT /api/bookings/{bid}: what may change; a started booking keeps its pools, start and distance. */
export const ZBookingUpdateRequest = z.object({
  contractId: ZIntId.optional(),
  startTime: ZIsoDateTime.optional(),
  endTime: ZIsoDateTime.optional(),
  fromLocation: z.object({ poolId: ZIntId }).optional(),
  toLocation: z.object({ poolId: ZIntId }).optional(),
  vehicleSpecification: ZVehicleSpecRequest.optional(),
  estimatedDistance: z.number().min(0).optional(),
  tripType: ZTripType.optional(),
  note: z.string().max(1000).nullable().optional(),
  rideShare: ZOptionalService.optional(),
  taxiAcceptable: ZOptionalService.optional(),
  metadata: z.record(z.string(), z.string()).optional(),
  ignoreRules: z.boolean().default(false),
  overridePoolAccess: z.boolean().default(false),
});
export type BookingUpdateRequest = z.infer<typeof ZBookingUpdateRequest>;

/** The longest reason kept for the event log (cancel, force end, replace …). */
export const BOOKING_REASON_MAX_LENGTH = 500;
/** A reason for the event log (cancel, force end, immobilize …). */
const ZReason = z.preprocess(emptyToUndefined, z.string().trim().max(BOOKING_REASON_MAX_LENGTH).optional());
export const ZReasonQuery = z.object({ reason: ZReason });

/**
 * The same reason in a JSON body, the way the console sends it (activate, cancel, replace, force end): free text stays
 * out of URLs and access logs. The spec's `?reason=` (§7) is still accepted; when both are given, the body's wins.
 */
export const ZReasonRequest = z.object({ reason: ZReason });
export type ReasonRequest = z.infer<typeof ZReasonRequest>;

/** POST /api/bookings/{bid}/deactivate (path not shown in the spec): checked, or unchecked; a reason as in ZReasonRequest. */
export const ZDeactivateRequest = z.object({ unchecked: z.boolean().default(false), reason: ZReason });

/**
 * POST /api/bookings/{bid}/force-deactivate-without-pin?startDate&endDate&distance&wasNotUsed&reason
 * (the console sends the reason in the body instead, ZReasonRequest).
 * §5: start and end both set or both empty; required unless wasNotUsed; distance positive.
 */
export const ZForceDeactivateQuery = z
  .object({
    bid: z.preprocess(emptyToUndefined, z.string().optional()),
    startDate: z.preprocess(emptyToUndefined, ZIsoDateTime.optional()),
    endDate: z.preprocess(emptyToUndefined, ZIsoDateTime.optional()),
    distance: z.preprocess(emptyToUndefined, z.coerce.number().positive().optional()),
    wasNotUsed: z.preprocess(emptyToUndefined, boolParam.default(false)),
    reason: ZReason,
  })
  .refine((q) => Boolean(q.startDate) === Boolean(q.endDate), { message: MESSAGES.startEndTogether, path: ['endDate'] })
  .refine((q) => q.wasNotUsed || (q.startDate && q.endDate), { message: 'Required', path: ['startDate'] })
  .refine((q) => !q.startDate || !q.endDate || Date.parse(q.startDate) < Date.parse(q.endDate), {
    message: 'Start has to be before end',
    path: ['startDate'],
  });
export type ForceDeactivateQuery = z.infer<typeof ZForceDeactivateQuery>;

/**
 * PUT /api/bookings/{bid}/adjust?endTime&adminFeeAdded | changesLockedForUser
 * Extend by +15/+30/+60 minutes (the client sends the new endTime) with an optional admin fee, or
 * lock/unlock changes by the customer.
 */
export const ZAdjustQuery = z
  .object({
    endTime: z.preprocess(emptyToUndefined, ZIsoDateTime.optional()),
    adminFeeAdded: z.preprocess(emptyToUndefined, boolParam.default(false)),
    changesLockedForUser: z.preprocess(emptyToUndefined, boolParam.optional()),
  })
  .refine((q) => q.endTime !== undefined || q.changesLockedForUser !== undefined, {
    message: MESSAGES.endTimeOrLockRequired,
    path: ['endTime'],
  });
export const EXTENSION_OPTIONS_MINUTES = EXTENSION_MINUTES;

/** PUT /api/bookings/{bid}/adjustedValues (path not shown): historic values of a FINISHED booking. */
export const ZAdjustedValuesRequest = z
  .object({
    adjustedStartTime: ZIsoDateTime,
    adjustedEndTime: ZIsoDateTime,
    adjustedDistance: z.number().min(0),
    adjustedBookingType: ZTripType,
    dataQuality: ZDataQuality,
  })
  .refine((v) => Date.parse(v.adjustedStartTime) < Date.parse(v.adjustedEndTime), {
    message: 'Start has to be before end',
    path: ['adjustedStartTime'],
  });

/** GET/PUT /api/bookings/{bid}/metadataSpec and /metadata. */
export const ZMetadataSpecResponse = z.array(ZMetadataSpecEntry);
export const ZMetadata = z.record(z.string(), z.string());

/** POST /api/bookings/{bid}/technical-issue (path not shown): once per booking. */
export const ZTechnicalIssueRequest = z.object({ description: z.string().trim().min(1).max(1000) });

/** GET /api/bookings/{bid}/events: page size 10, the five booking event types, epoch to 2100. */
export const ZBookingEventsQuery = z.object({
  cursor: z.preprocess(emptyToUndefined, z.string().optional()),
  page: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).default(0)),
  types: z.preprocess((v) => (typeof v === 'string' ? v.split(',') : v), z.array(ZEventType).optional()),
});
export const ZBookingEventsResponse = z.object({
  results: z.array(ZEventLogEntry),
  moreResults: z.boolean(),
  currentPage: z.number().int(),
  nextCursor: z.string().nullable(),
});
export const BOOKING_EVENTS_PAGE = BOOKING_EVENTS_PAGE_SIZE;

/** GET /api/charging/activation-data?bid= (path not shown): the charging-provider PIN, while INACTIVE. */
export const ZChargingPinQuery = z.object({ bid: z.string().trim().min(1) });
export const ZChargingPinResponse = ZChargingPin;

/** POST /api/price */
export const ZPriceRequest = z.object({
  startTime: ZIsoDateTime,
  endTime: ZIsoDateTime,
  user: z.string().trim().min(1).optional(),
  fromLocation: z.object({ poolId: ZIntId }),
  toLocation: z.object({ poolId: ZIntId }).optional(),
  vehicleSpecification: ZVehicleSpecRequest.optional(),
  vehicleSpecType: ZVehicleSpecType.optional(),
  contractId: ZIntId,
  estimatedDistance: z.number().min(0).default(DEFAULT_ESTIMATED_DISTANCE_KM),
  rideShare: ZOptionalService.optional(),
  taxiAcceptable: ZOptionalService.optional(),
  metadata: z.record(z.string(), z.string()).optional(),
  adminFeeAdded: z.boolean().default(false),
});
export const ZPriceLine = z.object({
  itemName: z.string(),
  itemType: z.string(),
  unitAmount: z.number(),
  unitCost: z.number(),
  priceWithoutVat: z.number(),
  vat: z.number(),
  totalPrice: z.number(),
});
export const ZPriceResponse = ZPriceEstimate.extend({ totalPriceWithoutVat: z.number(), lines: z.array(ZPriceLine) });
export type PriceResponse = z.infer<typeof ZPriceResponse>;

/** GET /api/availability?fromPoolId&from&to&contractId&vehicleSpecType */
export const ZAvailabilityQuery = z.object({
  fromPoolId: ZIntIdParam,
  from: ZIsoDateTime,
  to: ZIsoDateTime,
  contractId: z.preprocess(emptyToUndefined, ZIntIdParam.optional()),
  vehicleSpecType: z.preprocess(emptyToUndefined, ZVehicleSpecType.optional()),
  /** The booking being updated, whose own allocation does not count. */
  excludeBid: z.preprocess(emptyToUndefined, z.string().optional()),
});
export const ZAvailableVehicle = z.object({
  vin: z.string(),
  registrationNumber: z.string(),
  longPresentation: z.string(),
  modelId: z.number().int(),
  modelName: z.string(),
  priceClass: z.string(),
  vehicleCategory: ZVehicleCategory,
  electric: z.boolean(),
  estimatedPrice: ZPriceEstimate.nullable(),
});
export const ZAvailabilityResponse = z.object({
  vehicles: z.array(ZAvailableVehicle),
  /** Free count per price class and per model (for CLASS and MODEL specifications). */
  classes: z.array(z.object({ className: z.string(), vehicleCategory: ZVehicleCategory, available: z.number().int() })),
  models: z.array(
    z.object({
      modelId: z.number().int(),
      modelName: z.string(),
      priceClass: z.string(),
      vehicleCategory: ZVehicleCategory,
      available: z.number().int(),
    }),
  ),
  /** How many vehicles the pool has at all (0 → 'no vehicles in pool'). */
  vehiclesInPool: z.number().int(),
});
export type AvailabilityResponse = z.infer<typeof ZAvailabilityResponse>;

/** GET /api/contracts/{id}/rules?poolId (path not shown): the booking rules that apply. */
export const ZContractRulesResponse = z.object({
  rules: z.array(ZBookingRule),
  minBookingDuration: z.string().nullable(),
  maxBookingDuration: z.string().nullable(),
  bookableRules: z.array(
    z.object({
      minDuration: z.string().nullable(),
      maxDuration: z.string().nullable(),
      appliedDuring: z.enum(['ALWAYS', 'SCHEDULED']),
      appliesDuring: z.object({ from: z.string(), to: z.string() }).nullable(),
    }),
  ),
});

/** GET /api/bookings/suggestions?user= : the customer's recent choices to prefill the form. */
export const ZSuggestionsQuery = z.object({ user: z.string().trim().min(1) });
export const ZSuggestionsResponse = z.array(
  z.object({
    contractId: z.number().int(),
    fromPoolId: z.number().int(),
    toPoolId: z.number().int(),
    vehicleSpecType: ZVehicleSpecType,
    className: z.string().nullable(),
    modelId: z.number().int().nullable(),
    lastUsed: ZIsoDateTime,
  }),
);

/** GET /api/users/{username}/bookings?startDate&endDate&state (state repeatable). */
/**
 * GET /api/users/{username}/bookings: §4 order (active, future by start, historic newest first) and each booking's §4
 * highlight in the whole list (current, next, previous; null for the others), decided by the server across pages.
 */
export const ZUserBookingsResponse = z.array(ZBooking.extend({ listHighlight: ZBookingListHighlight.nullable() }));
export type UserBookingsListItem = z.infer<typeof ZUserBookingsResponse>[number];

export const ZBookingResponse = ZBooking;
