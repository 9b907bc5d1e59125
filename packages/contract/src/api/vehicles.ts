import { z } from 'zod';
import { ZAgentCommand, ZAlarmCategory, ZAlarmState, ZCommandState, ZLanguage, ZVehicleCommand } from '../enums.ts';
import { ZAbility } from '../abilities.ts';
import { ZAlarm, ZDamage, ZIsoDateTime, ZJournalEvent, ZVehicle, ZVehicleStatus } from '../entities.ts';
import { MESSAGES } from '../messages.ts';
import { DAMAGE_DESCRIPTION_MAX, DAMAGE_IMAGE_MAX_MB, SEARCH_PAGE_SIZE } from '../limits.ts';
import { ZIntIdParam } from '../safe-input.ts';
import { ZSearchBooking } from './search.ts';
import { emptyToUndefined, listParam, optText } from './query-params.ts';

/** Path parameter of every /api/vehicles/by-vin/{vin}/… call. */
export const ZVinParams = z.object({ vin: z.string().trim().min(1).max(40) });

/**
 * GET /api/vehicles?query, page, pageSize, pool (§7). Free text over VIN, registration, model and long
 * presentation, and the pool and city names; `pool` (a pool id) narrows to one pool. No hit answers 404
 * 'no hits for vehicles' (§8).
 */
export const ZVehicleListQuery = z.object({
  query: optText(200),
  pool: z.preprocess(emptyToUndefined, ZIntIdParam.optional()),
  page: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(1000).default(0)),
  pageSize: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(100).default(SEARCH_PAGE_SIZE)),
});
export type VehicleListQuery = z.infer<typeof ZVehicleListQuery>;
export const ZVehicleListResponse = z.object({ results: z.array(ZVehicle), moreResults: z.boolean(), currentPage: z.number().int() });

/** PUT /api/vehicles/by-vin/{vin} (update vehicle by vin; path not shown): the public note. Answers the vehicle. */
export const ZVehicleUpdateRequest = z.object({ publicNote: z.string().trim().max(1000).nullable() });

/** PUT /api/vehicles/by-vin/{vin}/parkingPlaceInfo: 204 on success. */
export const ZParkingPlaceInfoRequest = z.object({ parkingPlaceInfo: z.string().trim().max(500).nullable() });

/** GET /api/vehicles/statusFor?vin=A&vin=B (or vin=A,B): the statuses that exist; unknown VINs are left out. */
export const ZStatusForQuery = z.object({ vin: listParam(z.string().trim().min(1).max(40)) });
export const ZStatusForResponse = z.array(ZVehicleStatus);

/** GET /api/vehicles/by-vin/{vin}/bookings?startDate, endDate: bookings overlapping the window, start ascending. */
export const ZVehicleBookingsQuery = z.object({
  startDate: z.preprocess(emptyToUndefined, ZIsoDateTime.optional()),
  endDate: z.preprocess(emptyToUndefined, ZIsoDateTime.optional()),
});
export const ZVehicleBookingsResponse = z.array(ZSearchBooking);

// ---------- Remote commands ----------

/** Any command the console can send: the four vehicle actions and the two agent commands. */
export const ZRemoteCommand = z.union([ZVehicleCommand, ZAgentCommand]);
export type RemoteCommand = z.infer<typeof ZRemoteCommand>;

/**
 * POST /api/vehicles/by-vin/{vin}/lock|unlock|mobilize|immobilize and /agent/reboot|/agent/wake-up.
 * `reason` is required for IMMOBILIZE and for any command while a booking is active on the vehicle (a
 * "force" of the customer's trip); it goes into the event log.
 */
export const ZRemoteCommandRequest = z.object({ reason: z.string().trim().max(500).optional() }).default({});

/** A command as stored: PENDING until the vehicle answers (or times out, which is FAILED). */
export const ZVehicleCommandResult = z.object({
  id: z.number().int(),
  vin: z.string(),
  command: ZRemoteCommand,
  state: ZCommandState,
  bid: z.string().nullable(),
  reason: z.string().nullable(),
  requestedBy: z.string(),
  requestedAt: ZIsoDateTime,
  completedAt: ZIsoDateTime.nullable(),
  /** The vehicle's message on failure ("agent failure shows the server message", §8). */
  message: z.string().nullable(),
});
export type VehicleCommandResult = z.infer<typeof ZVehicleCommandResult>;
export const ZCommandParams = z.object({ commandId: ZIntIdParam });
/** GET /api/vehicles/by-vin/{vin}/commands: the latest commands, newest first. */
export const ZVehicleCommandsResponse = z.array(ZVehicleCommandResult);

// ---------- Out of service (issue 19 point 5) ----------

export const OUT_OF_SERVICE_REASON_MAX = 500;

/**
 * POST /api/vehicles/by-vin/{vin}/out-of-service. `dryRun` answers the plan and changes nothing; the real call plans
 * again in its transaction and applies the plan only when its `fingerprint` is the one the agent reviewed
 * (`planFingerprint`, required then), else 409 (docs/decisions/0072-out-of-service.md).
 */
export const ZOutOfServiceRequest = z.object({
  reason: z.string().trim().min(1, MESSAGES.required).max(OUT_OF_SERVICE_REASON_MAX, `Maximum characters ${OUT_OF_SERVICE_REASON_MAX}`),
  expectedReturn: ZIsoDateTime,
  immobilize: z.boolean().default(false),
  dryRun: z.boolean().default(false),
  planFingerprint: z.string().trim().min(1).max(64).optional(),
});
export type OutOfServiceRequest = z.input<typeof ZOutOfServiceRequest>;

/** What happens to one affected booking: moved to another free vehicle of its class or model in its pool, else cancelled. */
export const ZOutOfServiceProposal = z.enum(['MOVE', 'CANCEL']);
export type OutOfServiceProposal = z.infer<typeof ZOutOfServiceProposal>;

export const ZOutOfServiceBooking = z.object({
  bid: z.string(),
  customer: z.object({ username: z.string(), fullNameLastFirst: z.string() }).nullable(),
  start: ZIsoDateTime,
  end: ZIsoDateTime,
  proposal: ZOutOfServiceProposal,
  /** The vehicle a MOVE goes to (null for CANCEL). */
  toVehicle: z.object({ vin: z.string(), registrationNumber: z.string(), longPresentation: z.string() }).nullable(),
  /** The customer gets a mail (they have an address). */
  notified: z.boolean(),
  /** CANCEL: the open booking payment (order id) that is waived to NO_CHARGE; null when there is none to waive. */
  waivedOrderId: z.string().nullable(),
});
export type OutOfServiceBooking = z.infer<typeof ZOutOfServiceBooking>;

export const ZOutOfServiceResponse = z.object({
  vin: z.string(),
  registrationNumber: z.string(),
  /** True: the plan only, nothing changed. False: the plan as applied. */
  dryRun: z.boolean(),
  /** Identifies the plan; send it back as planFingerprint to apply exactly this plan. */
  fingerprint: z.string(),
  reason: z.string(),
  expectedReturn: ZIsoDateTime,
  /** The live bookings of the vehicle that start before the expected return, start ascending. */
  bookings: z.array(ZOutOfServiceBooking),
  immobilize: z.object({
    requested: z.boolean(),
    /** Whether the immobilize command can be sent now (the vehicle's IMMOBILIZE ability). */
    ability: ZAbility,
    /** The command sent (real call only). */
    commandId: z.number().int().nullable(),
  }),
});
export type OutOfServiceResponse = z.infer<typeof ZOutOfServiceResponse>;

/** POST /api/vehicles/by-vin/{vin}/back-in-service: available again (moved bookings stay moved). Answers the vehicle. */
export const ZBackInServiceRequest = z.object({}).default({});

// ---------- Journal ----------

/**
 * GET /api/vehicles/by-vin/{vin}/journal and /journal.xls: drives of one calendar month in the operator's time
 * zone (default: the current month). The export is saved as '{reg} - {year} - {month}.xls'.
 */
export const ZJournalQuery = z.object({
  year: z.preprocess(emptyToUndefined, z.coerce.number().int().min(2000).max(2100).optional()),
  month: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(12).optional()),
});
export type JournalQuery = z.infer<typeof ZJournalQuery>;
/** The .xls adds the language of its headers and trip types: the staff member's (issue 17); the operator's without it. */
export const ZJournalXlsQuery = ZJournalQuery.extend({ lang: ZLanguage.optional() });
export type JournalXlsQuery = z.infer<typeof ZJournalXlsQuery>;
export const ZJournalResponse = z.object({
  vin: z.string(),
  registrationNumber: z.string(),
  year: z.number().int(),
  month: z.number().int(),
  results: z.array(ZJournalEvent),
});
export type JournalResponse = z.infer<typeof ZJournalResponse>;

// ---------- Damage ----------

export const ZDamageListQuery = z.object({
  includeFixed: z.preprocess((v) => (v === undefined || v === '' ? undefined : v === true || v === 'true' || v === '1'), z.boolean().default(false)),
});
/** Unfixed before fixed, then newest registration first (§4). */
export const ZDamageListResponse = z.array(ZDamage);
/** The multipart text fields of POST /api/damage/by-vin/{vin}; the `image` part is required as well. */
export const ZDamageReportFields = z.object({
  description_operator: z.string().trim().min(1).max(DAMAGE_DESCRIPTION_MAX),
  description_en: z.string().trim().min(1).max(DAMAGE_DESCRIPTION_MAX),
});
export type DamageReportFields = z.infer<typeof ZDamageReportFields>;
/**
 * The whole multipart/form-data body of POST /api/damage/by-vin/{vin}, as the OpenAPI document publishes it: the two
 * descriptions and the `image` file part. The server reads the parts itself (ZDamageReportFields and the image checks).
 */
export const ZDamageReportForm = ZDamageReportFields.extend({
  image: z
    .file()
    .max(DAMAGE_IMAGE_MAX_MB * 1024 * 1024)
    .describe(`The photo: JPEG, PNG, WebP or GIF, at most ${DAMAGE_IMAGE_MAX_MB} MB`),
});
export const ZDamageParams = z.object({ id: ZIntIdParam });

// ---------- Alarms ----------

/** GET /api/alarms?category, state, vin, bid (§7); newest first with keyset paging. */
export const ZAlarmListQuery = z.object({
  category: z.preprocess(emptyToUndefined, ZAlarmCategory.optional()),
  state: z.preprocess(emptyToUndefined, ZAlarmState.optional()),
  vin: listParam(z.string().trim().min(1).max(40)),
  bid: optText(40),
  cursor: optText(200),
  pageSize: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(200).default(50)),
});
export type AlarmListQuery = z.infer<typeof ZAlarmListQuery>;
export const ZAlarmListResponse = z.object({ results: z.array(ZAlarm), moreResults: z.boolean(), nextCursor: z.string().nullable() });
export const ZAlarmParams = z.object({ alarmId: ZIntIdParam });
