import {
  CARD_ERROR_MESSAGES, DEFAULT_ESTIMATED_DISTANCE_KM, formatMessage, isLightVehicleCategory, MESSAGE_IDS, MESSAGES,
  type Booking, type BookingCreateRequest, type BookingRule, type BookingUpdateRequest, type Currency, type ErrorItem,
  type PaymentStatus, type PaymentType, type VehicleCategory, type VehicleSpecRequest, type VehicleSpecType,
  type ZContractRulesResponse, type ZPriceRequest, type ZSuggestionsResponse, type PriceResponse,
} from '@fleetdesk/contract';
import { and, asc, desc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import {
  bookings, contracts, fleets, payments, poolContracts, pools, registeredCards, userContracts, users, vehicleModels, vehicles,
} from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import type { PaymentProvider, Reservation } from '../../integrations/payments/provider.ts';
import type { Actor } from '../auth/session.ts';
import { appendEvent } from '../events/service.ts';
import { findFleetUser } from '../users/service.ts';
import { isExclusionViolation, isUniqueViolation } from '../../db/sql-state.ts';
import { freshBid, freshOrderId } from './identifiers.ts';
import { findFreeVehicle, LIVE_BOOKING_STATES, type AllocationSpec, type VehicleRow } from './allocation.ts';
import { priceBooking, toPriceEstimate, type PriceResult } from './pricing.ts';
import {
  blockingViolations, evaluateBookingRules, humanizeDuration, parseIsoDuration, validateStartEnd, violationsToErrorItems, WHOLE_DAY,
  type OwnBooking, type RuleViolation,
} from './rules.ts';
import { findBookingRow, getBooking } from './service.ts';
import { isEditable } from './state.ts';

/**
 * Booking creation and update (§4 creation dialog, §5 "New or updated booking", §7 POST/PUT /api/bookings), the
 * price estimate (POST /api/price), the contract's rules for the form and the customer's suggestions. Choices are
 * recorded in docs/decisions/0013-booking-creation.md.
 *
 * Order of checks on create: the user (404 unknown or another operator's, 400 not ACTIVE), the input (times,
 * contract of the user, pools of the operator and enabled, the vehicle specification), then pool access and the
 * contract rules together (400 `core.validation.validation.error.exist` listing every problem, each with
 * `overridable`), then the vehicle (409 when none is free). The booking, its payment and the events are written
 * in one transaction.
 */

// ---- Errors --------------------------------------------------------------------------------------------------


/** A start this far in the past is still accepted (the form's clock, the time to fill in the dialog). */
export const START_GRACE_MS = 5 * 60_000;
/** How many of the customer's latest bookings the suggestions look at, and how many they return. */
const SUGGESTION_SCAN = 50;
const SUGGESTION_MAX = 5;

export interface BookingDeps {
  payments: PaymentProvider;
}

type BookingRow = typeof bookings.$inferSelect;
type ContractRow = typeof contracts.$inferSelect;
type PoolRow = typeof pools.$inferSelect;
type CardRow = typeof registeredCards.$inferSelect;

const refused = (message: string, errors: ErrorItem[]) => new AppError(MESSAGE_IDS.validationList, 400, message, errors);
const item = (field: string, message: string, ruleName?: string): ErrorItem => ({ field, message, overridable: false, ...(ruleName ? { ruleName } : {}) });
const noVehicleAvailable = () => new AppError(MESSAGE_IDS.conflict, 409, MESSAGES.noVehicleAvailable);

// ---- Loading ---------------------------------------------------------------------------------------------------

async function fleetTimeZone(db: Db, fleet: string): Promise<string> {
  const [row] = await db.select({ timeZone: fleets.timeZone }).from(fleets).where(eq(fleets.id, fleet)).limit(1);
  return row?.timeZone ?? 'UTC';
}

async function fleetContract(db: Db, actor: Actor, contractId: number): Promise<ContractRow | null> {
  const [row] = await db.select().from(contracts).where(and(eq(contracts.id, contractId), eq(contracts.fleetId, actor.fleet))).limit(1);
  return row ?? null;
}

/** The contract when it is one of the user's (user_contracts) and the operator's. */
async function userContract(db: Db, actor: Actor, userId: number, contractId: number): Promise<ContractRow | null> {
  const [row] = await db
    .select({ contract: contracts })
    .from(userContracts)
    .innerJoin(contracts, eq(contracts.id, userContracts.contractId))
    .where(and(eq(userContracts.userId, userId), eq(userContracts.contractId, contractId), eq(contracts.fleetId, actor.fleet)))
    .limit(1);
  return row?.contract ?? null;
}

async function fleetPools(db: Db, actor: Actor, ids: number[]): Promise<Map<number, PoolRow>> {
  const unique = [...new Set(ids)];
  const rows = await db.select().from(pools).where(and(inArray(pools.id, unique), eq(pools.fleetId, actor.fleet)));
  return new Map(rows.map((p) => [p.id, p]));
}

/** Which of `poolIds` the user reaches through one of their contracts (pool_contracts). */
async function reachablePools(db: Db, userId: number, poolIds: number[]): Promise<Set<number>> {
  const rows = await db
    .selectDistinct({ poolId: poolContracts.poolId })
    .from(userContracts)
    .innerJoin(poolContracts, eq(poolContracts.contractId, userContracts.contractId))
    .where(and(eq(userContracts.userId, userId), inArray(poolContracts.poolId, [...new Set(poolIds)])));
  return new Set(rows.map((r) => r.poolId));
}

/** The user's live bookings that start before `end`; an ACTIVE one past its end counts until now (overdue). */
async function ownLiveBookings(db: Db, userId: number, end: Date, now: Date): Promise<OwnBooking[]> {
  const rows = await db
    .select({ bid: bookings.bid, start: bookings.startTime, end: bookings.endTime, state: bookings.state })
    .from(bookings)
    .where(and(eq(bookings.userId, userId), lt(bookings.startTime, end), inArray(bookings.state, [...LIVE_BOOKING_STATES])));
  return rows.map((r) => ({
    bid: r.bid,
    start: r.start,
    end: r.state === 'ACTIVE' && r.end.getTime() < now.getTime() ? now : r.end,
  }));
}

/** The user's card for reservations: the most recently registered one. */
async function latestCard(db: Db, userId: number): Promise<CardRow | null> {
  const [row] = await db.select().from(registeredCards).where(eq(registeredCards.userId, userId)).orderBy(desc(registeredCards.createdAt), desc(registeredCards.id)).limit(1);
  return row ?? null;
}

// ---- Vehicle specification ------------------------------------------------------------------------------------

interface ResolvedSpec {
  specType: VehicleSpecType;
  specClassName: string | null;
  specModelId: number | null;
  specVehicleId: number | null;
  vehicleCategory: VehicleCategory;
  allocation: AllocationSpec;
}

/** Resolves the requested specification within the operator; a problem is an error item on vehicleSpecification. */
async function resolveSpec(db: Db, actor: Actor, spec: VehicleSpecRequest, fromPoolId: number): Promise<ResolvedSpec | ErrorItem> {
  const field = 'vehicleSpecification';
  switch (spec.type) {
    case 'VEHICLE': {
      const [v] = await db.select().from(vehicles).where(and(eq(vehicles.vin, spec.vin.trim()), eq(vehicles.fleetId, actor.fleet))).limit(1);
      if (!v) return item(field, MESSAGES.vehicleNotFound);
      if (v.poolId !== fromPoolId || v.hidden) return item(field, MESSAGES.vehicleMissingFromPool);
      return {
        specType: 'VEHICLE', specClassName: null, specModelId: null, specVehicleId: v.id, vehicleCategory: v.vehicleCategory,
        allocation: { type: 'VEHICLE', vehicleId: v.id },
      };
    }
    case 'MODEL': {
      const [m] = await db.select().from(vehicleModels).where(and(eq(vehicleModels.id, spec.modelId), eq(vehicleModels.fleetId, actor.fleet))).limit(1);
      if (!m) return item(field, MESSAGES.unknownVehicleModel);
      return {
        specType: 'MODEL', specClassName: null, specModelId: m.id, specVehicleId: null, vehicleCategory: m.vehicleCategory,
        allocation: { type: 'MODEL', modelId: m.id },
      };
    }
    case 'CLASS': {
      const where = [eq(vehicleModels.fleetId, actor.fleet), eq(vehicleModels.priceClass, spec.className)];
      if (spec.vehicleCategory) where.push(eq(vehicleModels.vehicleCategory, spec.vehicleCategory));
      const [m] = await db.select({ category: vehicleModels.vehicleCategory }).from(vehicleModels).where(and(...where)).orderBy(asc(vehicleModels.id)).limit(1);
      if (!m) return item(field, formatMessage('unknownVehicleClass', { className: spec.className }));
      return {
        specType: 'CLASS', specClassName: spec.className, specModelId: null, specVehicleId: null, vehicleCategory: m.category,
        allocation: { type: 'CLASS', className: spec.className, vehicleCategory: m.category },
      };
    }
  }
}

const isErrorItem = (x: ResolvedSpec | ErrorItem): x is ErrorItem => 'message' in x;

/** The booking's current specification, to compare with a requested one. */
function specOf(b: BookingRow): ResolvedSpec {
  const allocation: AllocationSpec =
    b.specType === 'VEHICLE' && b.specVehicleId !== null ? { type: 'VEHICLE', vehicleId: b.specVehicleId }
      : b.specType === 'MODEL' && b.specModelId !== null ? { type: 'MODEL', modelId: b.specModelId }
        : { type: 'CLASS', className: b.specClassName ?? '', vehicleCategory: b.vehicleCategory };
  return {
    specType: b.specType, specClassName: b.specClassName, specModelId: b.specModelId, specVehicleId: b.specVehicleId,
    vehicleCategory: b.vehicleCategory, allocation,
  };
}

/** Whether a requested specification names the booking's own one. */
async function isCurrentSpec(db: Db, b: BookingRow, spec: VehicleSpecRequest): Promise<boolean> {
  switch (spec.type) {
    case 'VEHICLE': {
      if (b.specType !== 'VEHICLE' || b.specVehicleId === null) return false;
      const [v] = await db.select({ vin: vehicles.vin }).from(vehicles).where(eq(vehicles.id, b.specVehicleId)).limit(1);
      return v?.vin === spec.vin.trim();
    }
    case 'MODEL':
      return b.specType === 'MODEL' && b.specModelId === spec.modelId;
    case 'CLASS':
      return b.specType === 'CLASS' && b.specClassName === spec.className && (!spec.vehicleCategory || spec.vehicleCategory === b.vehicleCategory);
  }
}

const sameSpec = (a: ResolvedSpec, b: ResolvedSpec) =>
  a.specType === b.specType && a.specClassName === b.specClassName && a.specModelId === b.specModelId
  && a.specVehicleId === b.specVehicleId && a.vehicleCategory === b.vehicleCategory;

/** Light vehicles booked by class or model are picked on the spot: allocated when the booking is activated. */
const allocatesLater = (spec: ResolvedSpec, bookingFlag: boolean) =>
  spec.specType !== 'VEHICLE' && (bookingFlag || isLightVehicleCategory(spec.vehicleCategory));


/**
 * Runs a booking transaction; on an exclusion violation (a concurrent transaction took the vehicle) runs it once
 * more, so that it picks the next free vehicle or answers 409; on a unique violation (an identifier drawn twice)
 * retries up to three times.
 */
async function withAllocationRetry<T>(run: () => Promise<T>): Promise<T> {
  let exclusionRetries = 1;
  let uniqueRetries = 3;
  for (;;) {
    try {
      return await run();
    } catch (err) {
      if (isExclusionViolation(err)) {
        if (exclusionRetries-- > 0) continue;
        throw noVehicleAvailable();
      }
      if (isUniqueViolation(err) && uniqueRetries-- > 0) continue;
      throw err;
    }
  }
}

// ---- Price ----------------------------------------------------------------------------------------------------

interface PriceParams {
  contract: ContractRow;
  start: Date;
  end: Date;
  distanceKm: number;
  timeZone: string;
  includeAdminFee: boolean;
}

function price(p: PriceParams, field = 'endTime'): PriceResult {
  try {
    return priceBooking({
      start: p.start, end: p.end, distanceKm: p.distanceKm, priceList: p.contract.priceList, currency: p.contract.currency,
      timeZone: p.timeZone, includeAdminFee: p.includeAdminFee,
    });
  } catch (err) {
    if (err instanceof RangeError) throw AppError.invalidInput([{ field, message: err.message }]);
    throw err;
  }
}

const money = (amount: number, currency: Currency) => `${amount.toFixed(2)} ${currency}`;

// ---- Create ---------------------------------------------------------------------------------------------------

/** POST /api/bookings: creates the booking, reserves its payment and logs both; returns the §3 booking. */
export async function createBooking(db: Db, actor: Actor, deps: BookingDeps, req: BookingCreateRequest, now = new Date()): Promise<Booking> {
  const user = await findFleetUser(db, actor, req.user);
  if (user.status !== 'ACTIVE') {
    throw refused(MESSAGES.userNotActive, [item('user', MESSAGES.userNotActive, 'USER_NOT_ACTIVE')]);
  }
  const failed = (errors: ErrorItem[]) => refused(MESSAGES.failedToCreateBooking, errors);

  // 1. The input: times, the contract, the pools, the vehicle specification.
  const start = new Date(req.startTime);
  const end = new Date(req.endTime);
  const fromPoolId = req.fromLocation.poolId;
  const toPoolId = req.toLocation.poolId;
  const errors: ErrorItem[] = validateStartEnd(start, end).map((e) => ({ ...e, overridable: false }));
  if (start.getTime() < now.getTime() - START_GRACE_MS) errors.push(item('startTime', MESSAGES.startInPast));
  const [contract, poolMap] = await Promise.all([userContract(db, actor, user.id, req.contractId), fleetPools(db, actor, [fromPoolId, toPoolId])]);
  if (!contract) errors.push(item('contractId', MESSAGES.contractNotOfUser));
  errors.push(...poolProblems(poolMap, [['fromLocation', fromPoolId], ['toLocation', toPoolId]]));
  const spec = poolMap.has(fromPoolId) ? await resolveSpec(db, actor, req.vehicleSpecification, fromPoolId) : null;
  if (spec && isErrorItem(spec)) errors.push(spec);
  if (errors.length || !contract || !spec || isErrorItem(spec)) throw failed(errors);

  // 2. Pool access and the contract rules, reported together.
  const timeZone = await fleetTimeZone(db, actor.fleet);
  const [reachable, own] = await Promise.all([reachablePools(db, user.id, [fromPoolId, toPoolId]), ownLiveBookings(db, user.id, end, now)]);
  const withoutAccess = [...new Set([fromPoolId, toPoolId])].filter((id) => !reachable.has(id));
  const accessItems = req.overridePoolAccess ? [] : withoutAccess.map((id) => item(id === fromPoolId ? 'fromLocation' : 'toLocation', MESSAGES.noPoolAccess, 'POOL_ACCESS'));
  const metadata = cleanMetadata(req.metadata);
  const violations = evaluateBookingRules({
    contract, start, end, fromPoolId, toPoolId, timeZone, ownOverlappingBookings: own, taxiAcceptable: req.taxiAcceptable, metadata,
  });
  const blocking = blockingViolations(violations, req.ignoreRules);
  if (accessItems.length || blocking.length) throw failed([...accessItems, ...violationsToErrorItems(blocking)]);

  // 3. The estimate and how it is paid.
  const estimate = price({ contract, start, end, distanceKm: req.estimatedDistance, timeZone, includeAdminFee: req.adminFeeAdded });
  const card = await latestCard(db, user.id);
  const paymentType: PaymentType = req.paymentType ?? (card ? 'CREDITCARD' : 'USER_INVOICE');
  if (paymentType === 'CREDITCARD' && !card) throw failed([item('paymentType', CARD_ERROR_MESSAGES.missing)]);
  const allocateOnActivation = allocatesLater(spec, false);

  const bid = await withAllocationRetry(async () => {
    const held: { reservation: Reservation | null } = { reservation: null };
    try {
      return await db.transaction(async (tx) => {
        // 4. The vehicle: the named one, the first free one of the class or model, or none until activation.
        let vehicle: VehicleRow | null = null;
        if (!allocateOnActivation) {
          vehicle = await findFreeVehicle(tx, actor.fleet, { poolId: fromPoolId, spec: spec.allocation, start, end, now });
          if (!vehicle) throw noVehicleAvailable();
        }
        const newBid = await freshBid(tx);
        const [row] = await tx.insert(bookings).values({
          bid: newBid,
          fleetId: actor.fleet,
          userId: user.id,
          contractId: contract.id,
          state: 'INACTIVE',
          startTime: start,
          endTime: end,
          fromPoolId,
          toPoolId,
          note: cleanNote(req.note),
          estimatedDistance: req.estimatedDistance,
          tripType: req.tripType,
          rideShare: req.rideShare,
          taxiAcceptable: req.taxiAcceptable,
          specType: spec.specType,
          specClassName: spec.specClassName,
          specModelId: spec.specModelId,
          specVehicleId: spec.specVehicleId,
          vehicleCategory: spec.vehicleCategory,
          allocationState: vehicle ? 'ALLOCATED' : 'NOT_ALLOCATED',
          allocatedVehicleId: vehicle?.id ?? null,
          allocateOnActivation,
          metadata,
          estimatedPriceWithoutVat: estimate.totalPriceWithoutVat,
          estimatedVat: estimate.totalVat,
          createdBy: actor.username,
        }).returning();
        if (!row) throw new Error('booking insert returned nothing');

        // 5. The booking payment (BOK…): a card reservation, or an invoice to pay later.
        const total = estimate.totalPriceWithVat;
        let status: PaymentStatus = 'UNPAID';
        if (total <= 0) status = 'NO_CHARGE';
        else if (paymentType === 'CREDITCARD' && card) {
          held.reservation = await deps.payments.reserve(card, total, contract.currency, now);
          status = held.reservation.status;
        }
        const orderId = await freshOrderId(tx);
        await tx.insert(payments).values({
          orderId,
          fleetId: actor.fleet,
          bookingId: row.id,
          userId: user.id,
          type: paymentType,
          status,
          target: 'BOOKING',
          timestampType: 'CREATED_DATE',
          timestamp: now,
          totalPriceWithoutVat: estimate.totalPriceWithoutVat,
          totalVat: estimate.totalVat,
          totalPrice: total,
          currency: contract.currency,
          externalId: held.reservation?.externalId ?? null,
          paymentProvider: paymentType === 'CREDITCARD' ? deps.payments.name : 'invoice',
          reservationFailed: status === 'RESERVATION_FAILED',
          cardId: paymentType === 'CREDITCARD' ? (card?.id ?? null) : null,
        });

        // 6. The audit trail, in the same transaction.
        const overridden = req.ignoreRules ? violations.filter((v) => v.overridable).map((v) => v.ruleName) : [];
        await appendEvent(tx, actor, {
          type: 'BOOKING_EVENT',
          displayText: MESSAGES.bookingCreated,
          bid: row.bid,
          vin: vehicle?.vin ?? null,
          affectedUsername: user.username,
          occurred: now,
          properties: {
            contractId: contract.id, fromPoolId, toPoolId, startTime: start.toISOString(), endTime: end.toISOString(),
            vehicleSpecType: spec.specType, allocationState: row.allocationState, adminFeeAdded: req.adminFeeAdded,
            ...(overridden.length ? { overriddenRules: overridden } : {}),
            ...(req.overridePoolAccess && withoutAccess.length ? { poolAccessOverridden: withoutAccess } : {}),
          },
        });
        await appendEvent(tx, actor, {
          type: 'PAYMENT_ACTION',
          displayText: paymentText(paymentType, status, orderId, total, contract.currency),
          bid: row.bid,
          affectedUsername: user.username,
          occurred: now,
          properties: { orderId, paymentType, status, amount: total, currency: contract.currency, ...(held.reservation ? { externalId: held.reservation.externalId } : {}) },
        });
        return row.bid;
      });
    } catch (err) {
      if (held.reservation) await deps.payments.release(held.reservation.externalId).catch(() => undefined);
      throw err;
    }
  });
  return getBooking(db, actor, bid, now);
}

function paymentText(type: PaymentType, status: PaymentStatus, orderId: string, amount: number, currency: Currency): string {
  if (type === 'CREDITCARD' && status !== 'NO_CHARGE') {
    const outcome = status === 'RESERVED' ? 'reserved' : status === 'NEEDS_AUTHORIZATION' ? 'needs the customer\'s authorisation' : 'failed';
    return `Card reservation of ${money(amount, currency)} for ${orderId}: ${outcome}`;
  }
  return `Payment ${orderId} created: ${type === 'CREDITCARD' ? 'card' : type === 'INVOICE' ? 'invoice' : 'user invoice'}, ${status}`;
}

function poolProblems(poolMap: Map<number, PoolRow>, refs: [field: string, id: number][]): ErrorItem[] {
  const out: ErrorItem[] = [];
  for (const [field, id] of refs) {
    const p = poolMap.get(id);
    if (!p) out.push(item(field, MESSAGES.poolNotFound));
    else if (p.disabled) out.push(item(field, MESSAGES.poolDisabled));
  }
  return out;
}

/** Metadata without blank values (a blank required field is then reported as 'Required'). */
function cleanMetadata(metadata: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(metadata).map(([k, v]) => [k, v.trim()] as const).filter(([, v]) => v !== ''));
}
const cleanNote = (note: string | null | undefined) => (note && note.trim() ? note.trim() : null);

// ---- Update ---------------------------------------------------------------------------------------------------

/**
 * PUT /api/bookings/{bid}: changes an INACTIVE or ACTIVE booking (409 otherwise). A started booking keeps its
 * pools, start, estimated distance and vehicle. The same checks as creation apply to what changes; the booking is
 * re-allocated when its period, start pool or specification changes (keeping its vehicle when that is still free),
 * its own allocation never counting against itself.
 */
export async function updateBooking(
  db: Db, actor: Actor, deps: BookingDeps, rawBid: string, req: BookingUpdateRequest, now = new Date(),
): Promise<Booking> {
  const b = await findBookingRow(db, actor, rawBid);
  if (!isEditable(b.state)) throw new AppError(MESSAGE_IDS.conflict, 409, MESSAGES.notEditable);
  const started = b.state === 'ACTIVE';
  const failed = (errors: ErrorItem[]) => refused(MESSAGES.failedToUpdateBooking, errors);
  const [user] = b.userId ? await db.select().from(users).where(eq(users.id, b.userId)).limit(1) : [];

  const next = {
    contractId: req.contractId ?? b.contractId,
    start: req.startTime ? new Date(req.startTime) : b.startTime,
    end: req.endTime ? new Date(req.endTime) : b.endTime,
    fromPoolId: req.fromLocation?.poolId ?? b.fromPoolId,
    toPoolId: req.toLocation?.poolId ?? b.toPoolId,
    estimatedDistance: req.estimatedDistance ?? b.estimatedDistance,
    tripType: req.tripType ?? b.tripType,
    note: req.note === undefined ? b.note : cleanNote(req.note),
    rideShare: req.rideShare ?? b.rideShare,
    taxiAcceptable: req.taxiAcceptable ?? b.taxiAcceptable,
    metadata: req.metadata === undefined ? b.metadata : cleanMetadata(req.metadata),
  };
  const changed = {
    contractId: next.contractId !== b.contractId,
    startTime: next.start.getTime() !== b.startTime.getTime(),
    endTime: next.end.getTime() !== b.endTime.getTime(),
    fromLocation: next.fromPoolId !== b.fromPoolId,
    toLocation: next.toPoolId !== b.toPoolId,
    vehicleSpecification: false,
    estimatedDistance: next.estimatedDistance !== b.estimatedDistance,
    tripType: next.tripType !== b.tripType,
    note: next.note !== b.note,
    rideShare: next.rideShare !== b.rideShare,
    taxiAcceptable: next.taxiAcceptable !== b.taxiAcceptable,
    metadata: !sameRecord(next.metadata, b.metadata),
  };

  // 1. The input.
  const errors: ErrorItem[] = [];
  const poolMap = await fleetPools(db, actor, [next.fromPoolId, next.toPoolId]);
  const current = specOf(b);
  let spec = current;
  if (req.vehicleSpecification && started) {
    // A started booking keeps its specification (the vehicle may be out of its pool): only the same one is accepted.
    changed.vehicleSpecification = !(await isCurrentSpec(db, b, req.vehicleSpecification));
  } else if (req.vehicleSpecification) {
    const resolved = poolMap.has(next.fromPoolId) ? await resolveSpec(db, actor, req.vehicleSpecification, next.fromPoolId) : null;
    if (resolved && isErrorItem(resolved)) errors.push(resolved);
    else if (resolved) {
      spec = resolved;
      changed.vehicleSpecification = !sameSpec(resolved, current);
    }
  }
  if (started) {
    const locked = (['fromLocation', 'toLocation', 'startTime', 'estimatedDistance', 'vehicleSpecification'] as const).filter((f) => changed[f]);
    errors.push(...locked.map((f) => item(f, MESSAGES.lockedWhenStarted)));
  }
  errors.push(...validateStartEnd(next.start, next.end).map((e) => ({ ...e, overridable: false })));
  const graceStart = now.getTime() - START_GRACE_MS;
  if (!started && changed.startTime && next.start.getTime() < Math.min(b.startTime.getTime(), graceStart)) errors.push(item('startTime', MESSAGES.startInPast));
  if (changed.endTime && next.end.getTime() < graceStart) errors.push(item('endTime', MESSAGES.endInPast));
  const contract = changed.contractId
    ? user ? await userContract(db, actor, user.id, next.contractId) : null
    : await fleetContract(db, actor, next.contractId);
  if (!contract) errors.push(item('contractId', MESSAGES.contractNotOfUser));
  const movedPools: [string, number][] = [];
  if (changed.fromLocation) movedPools.push(['fromLocation', next.fromPoolId]);
  if (changed.toLocation) movedPools.push(['toLocation', next.toPoolId]);
  errors.push(...poolProblems(poolMap, movedPools));
  if (errors.length || !contract) throw failed(errors);

  const anyChange = Object.values(changed).some(Boolean);
  if (!anyChange) return getBooking(db, actor, b.bid, now);

  // 2. Pool access (for pools that change) and the rules (when what they judge changes).
  const timeZone = await fleetTimeZone(db, actor.fleet);
  const accessItems: ErrorItem[] = [];
  if (user && movedPools.length && !req.overridePoolAccess) {
    const reachable = await reachablePools(db, user.id, movedPools.map(([, id]) => id));
    for (const [field, id] of movedPools) if (!reachable.has(id)) accessItems.push(item(field, MESSAGES.noPoolAccess, 'POOL_ACCESS'));
  }
  const ruleInputsChanged = changed.contractId || changed.startTime || changed.endTime || changed.fromLocation || changed.toLocation
    || changed.taxiAcceptable || changed.metadata;
  let violations: RuleViolation[] = [];
  if (ruleInputsChanged) {
    const own = user ? await ownLiveBookings(db, user.id, next.end, now) : [];
    violations = evaluateBookingRules({
      contract, start: next.start, end: next.end, fromPoolId: next.fromPoolId, toPoolId: next.toPoolId, timeZone,
      ownOverlappingBookings: own, excludeBid: b.bid, taxiAcceptable: next.taxiAcceptable, metadata: next.metadata,
    });
  }
  const blocking = blockingViolations(violations, req.ignoreRules);
  if (accessItems.length || blocking.length) throw failed([...accessItems, ...violationsToErrorItems(blocking)]);

  // 3. The new estimate (the admin fee stays in when the booking's estimate had it).
  const priceChanged = changed.contractId || changed.startTime || changed.endTime || changed.estimatedDistance;
  let estimate: PriceResult | null = null;
  if (priceChanged) {
    const base = await bookingContract(db, b);
    const hadAdminFee = base !== null && adminFeeIncluded(b, base, timeZone);
    estimate = price({ contract, start: next.start, end: next.end, distanceKm: next.estimatedDistance ?? DEFAULT_ESTIMATED_DISTANCE_KM, timeZone, includeAdminFee: hadAdminFee });
  }
  // A new specification decides afresh (light class or model: on activation); otherwise the booking keeps its way.
  const allocateOnActivation = changed.vehicleSpecification ? allocatesLater(spec, false) : b.allocateOnActivation;
  const reallocate = !started && (changed.startTime || changed.endTime || changed.fromLocation || changed.vehicleSpecification);
  const changedFields = Object.entries(changed).filter(([, v]) => v).map(([k]) => k);

  await withAllocationRetry(() =>
    db.transaction(async (tx) => {
      // 4. The vehicle.
      let vehicleId = b.allocatedVehicleId;
      let vin: string | null = null;
      if (reallocate) {
        vehicleId = null;
        if (!allocateOnActivation) {
          const keep = b.allocatedVehicleId !== null && !changed.fromLocation && !changed.vehicleSpecification
            ? await findFreeVehicle(tx, actor.fleet, { poolId: next.fromPoolId, spec: { type: 'VEHICLE', vehicleId: b.allocatedVehicleId }, start: next.start, end: next.end, excludeBookingId: b.id, now })
            : null;
          const vehicle = keep ?? await findFreeVehicle(tx, actor.fleet, { poolId: next.fromPoolId, spec: spec.allocation, start: next.start, end: next.end, excludeBookingId: b.id, now });
          if (!vehicle) throw noVehicleAvailable();
          vehicleId = vehicle.id;
          vin = vehicle.vin;
        }
      }
      if (vin === null && vehicleId !== null) {
        vin = (await tx.select({ vin: vehicles.vin }).from(vehicles).where(eq(vehicles.id, vehicleId)).limit(1))[0]?.vin ?? null;
      }
      await tx.update(bookings).set({
        contractId: next.contractId,
        startTime: next.start,
        endTime: next.end,
        fromPoolId: next.fromPoolId,
        toPoolId: next.toPoolId,
        estimatedDistance: next.estimatedDistance,
        tripType: next.tripType,
        note: next.note,
        rideShare: next.rideShare,
        taxiAcceptable: next.taxiAcceptable,
        metadata: next.metadata,
        specType: spec.specType,
        specClassName: spec.specClassName,
        specModelId: spec.specModelId,
        specVehicleId: spec.specVehicleId,
        vehicleCategory: spec.vehicleCategory,
        allocateOnActivation,
        allocationState: vehicleId === null ? 'NOT_ALLOCATED' : 'ALLOCATED',
        allocatedVehicleId: vehicleId,
        ...(estimate ? { estimatedPriceWithoutVat: estimate.totalPriceWithoutVat, estimatedVat: estimate.totalVat } : {}),
        updatedAt: now,
      }).where(eq(bookings.id, b.id));

      if (estimate) await syncBookingPayment(tx, actor, deps, b, user?.username ?? null, estimate, contract.currency, now);

      const overridden = req.ignoreRules ? violations.filter((v) => v.overridable).map((v) => v.ruleName) : [];
      await appendEvent(tx, actor, {
        type: 'BOOKING_EVENT',
        displayText: `${MESSAGES.bookingUpdated}: ${changedFields.join(', ')}`,
        bid: b.bid,
        vin: vin ?? null,
        affectedUsername: user?.username ?? null,
        occurred: now,
        properties: {
          changed: changedFields,
          ...(reallocate ? { allocatedVehicleId: vehicleId } : {}),
          ...(overridden.length ? { overriddenRules: overridden } : {}),
          ...(req.overridePoolAccess && movedPools.length ? { poolAccessOverridden: true } : {}),
        },
      });
    }),
  );
  return getBooking(db, actor, b.bid, now);
}

const sameRecord = (a: Record<string, string>, b: Record<string, string>) => {
  const ka = Object.keys(a).sort();
  const kb = Object.keys(b).sort();
  return ka.length === kb.length && ka.every((k, i) => k === kb[i] && a[k] === b[k]);
};

async function bookingContract(db: Db, b: BookingRow): Promise<ContractRow | null> {
  const [row] = await db.select().from(contracts).where(eq(contracts.id, b.contractId)).limit(1);
  return row ?? null;
}

/**
 * Whether the booking's stored estimate included the admin fee (the booking row does not keep the flag): the
 * estimate of the stored values with the fee matches it and differs from the one without.
 */
function adminFeeIncluded(b: BookingRow, contract: ContractRow, timeZone: string): boolean {
  if (b.estimatedPriceWithoutVat === null || !(b.startTime.getTime() < b.endTime.getTime())) return false;
  const params = { contract, start: b.startTime, end: b.endTime, distanceKm: b.estimatedDistance ?? DEFAULT_ESTIMATED_DISTANCE_KM, timeZone };
  try {
    const withFee = price({ ...params, includeAdminFee: true }).totalPriceWithoutVat;
    const without = price({ ...params, includeAdminFee: false }).totalPriceWithoutVat;
    return withFee !== without && Math.abs(withFee - b.estimatedPriceWithoutVat) < 0.005;
  } catch {
    return false;
  }
}

/**
 * Keeps the booking payment in step with a new estimate while nothing is paid yet: the totals follow, and a card
 * reservation (RESERVED or RESERVATION_FAILED) is made again for the new amount.
 */
async function syncBookingPayment(
  tx: Db, actor: Actor, deps: BookingDeps, b: BookingRow, username: string | null, estimate: PriceResult, currency: Currency, now: Date,
): Promise<void> {
  const [main] = await tx.select().from(payments)
    .where(and(eq(payments.bookingId, b.id), eq(payments.target, 'BOOKING'), isNull(payments.parentPaymentId)))
    .orderBy(asc(payments.id)).limit(1);
  if (!main || !['RESERVED', 'RESERVATION_FAILED', 'NEEDS_AUTHORIZATION', 'UNPAID', 'NO_CHARGE'].includes(main.status)) return;
  const total = estimate.totalPriceWithVat;
  if (total === main.totalPrice && estimate.totalVat === main.totalVat) return;
  let status: PaymentStatus = main.status;
  let externalId = main.externalId;
  if (total <= 0) status = 'NO_CHARGE';
  else if (main.type === 'CREDITCARD' && (main.status === 'RESERVED' || main.status === 'RESERVATION_FAILED' || main.status === 'NO_CHARGE') && main.cardId !== null) {
    const [card] = await tx.select().from(registeredCards).where(eq(registeredCards.id, main.cardId)).limit(1);
    if (card) {
      const reservation = await deps.payments.reserve(card, total, currency, now);
      if (main.externalId) await deps.payments.release(main.externalId).catch(() => undefined);
      status = reservation.status;
      externalId = reservation.externalId;
    }
  } else if (main.status === 'NO_CHARGE') status = 'UNPAID';
  await tx.update(payments).set({
    totalPriceWithoutVat: estimate.totalPriceWithoutVat, totalVat: estimate.totalVat, totalPrice: total, status, externalId,
    reservationFailed: status === 'RESERVATION_FAILED',
  }).where(eq(payments.id, main.id));
  await appendEvent(tx, actor, {
    type: 'PAYMENT_ACTION',
    displayText: `Payment ${main.orderId} follows the new estimate: ${money(total, currency)}, ${status}`,
    bid: b.bid,
    affectedUsername: username,
    occurred: now,
    properties: { orderId: main.orderId, previousTotal: main.totalPrice, amount: total, currency, status },
  });
}

// ---- Price ----------------------------------------------------------------------------------------------------

export type PriceRequest = z.infer<typeof ZPriceRequest>;

/** POST /api/price: the estimate under a contract of the operator, from a pool of the operator. */
export async function estimatePrice(db: Db, actor: Actor, req: PriceRequest): Promise<PriceResponse> {
  const start = new Date(req.startTime);
  const end = new Date(req.endTime);
  const errors: ErrorItem[] = validateStartEnd(start, end);
  const [contract, poolMap] = await Promise.all([
    fleetContract(db, actor, req.contractId),
    fleetPools(db, actor, [req.fromLocation.poolId, ...(req.toLocation ? [req.toLocation.poolId] : [])]),
  ]);
  if (!contract) errors.push({ field: 'contractId', message: MESSAGES.contractNotFound });
  if (!poolMap.has(req.fromLocation.poolId)) errors.push({ field: 'fromLocation', message: MESSAGES.poolNotFound });
  if (req.toLocation && !poolMap.has(req.toLocation.poolId)) errors.push({ field: 'toLocation', message: MESSAGES.poolNotFound });
  if (req.user) {
    const [u] = await db.select({ fleetId: users.fleetId }).from(users).where(sql`lower(${users.username}) = lower(${req.user})`).limit(1);
    if (!u || u.fleetId !== actor.fleet) errors.push({ field: 'user', message: MESSAGES.userNotFound });
  }
  if (errors.length || !contract) throw AppError.invalidInput(errors);
  const timeZone = await fleetTimeZone(db, actor.fleet);
  const r = price({ contract, start, end, distanceKm: req.estimatedDistance, timeZone, includeAdminFee: req.adminFeeAdded });
  return { ...toPriceEstimate(r), totalPriceWithoutVat: r.totalPriceWithoutVat, lines: r.lines };
}

// ---- The contract's rules for the form ------------------------------------------------------------------------

export type ContractRulesResponse = z.infer<typeof ZContractRulesResponse>;

/**
 * GET /api/contracts/{id}/rules?poolId: the rules a booking under the contract is judged by, as §3 Booking rules
 * (rule names as in the 400 answers of create and update), and its bookable rules. With a pool: whether a taxi may
 * be requested from it and whether the pool is on the contract.
 */
export async function getContractRules(db: Db, actor: Actor, contractId: number, poolId?: number): Promise<ContractRulesResponse> {
  const contract = await fleetContract(db, actor, contractId);
  if (!contract) throw AppError.notFound();
  let onContract = true;
  if (poolId !== undefined) {
    const [pool] = await db.select({ id: pools.id }).from(pools).where(and(eq(pools.id, poolId), eq(pools.fleetId, actor.fleet))).limit(1);
    if (!pool) throw AppError.notFound();
    const [link] = await db.select({ poolId: poolContracts.poolId }).from(poolContracts)
      .where(and(eq(poolContracts.poolId, poolId), eq(poolContracts.contractId, contractId))).limit(1);
    onContract = link !== undefined;
  }
  const duration = (iso: string) => humanizeDuration(parseIsoDuration(iso));
  const rules: BookingRule[] = [];
  if (contract.minBookingDuration) {
    rules.push({ ruleName: 'contract.minBookingDuration', description: `Minimum booking duration: ${duration(contract.minBookingDuration)}`, overridable: true, bookingRuleCause: 'MIN_DURATION' });
  }
  if (contract.maxBookingDuration) {
    rules.push({ ruleName: 'contract.maxBookingDuration', description: `Maximum booking duration: ${duration(contract.maxBookingDuration)}`, overridable: true, bookingRuleCause: 'MAX_DURATION' });
  }
  contract.bookableRules.forEach((rule, index) => {
    const window = rule.appliedDuring === 'SCHEDULED' ? (rule.appliesDuring ?? WHOLE_DAY) : null;
    const when = window ? ` on weekdays ${window.from}–${window.to}` : '';
    if (rule.minDuration) {
      rules.push({ ruleName: `bookableRules[${index}].minDuration`, description: `Minimum booking duration${when}: ${duration(rule.minDuration)}`, overridable: true, bookingRuleCause: 'MIN_DURATION' });
    }
    if (rule.maxDuration) {
      rules.push({ ruleName: `bookableRules[${index}].maxDuration`, description: `Maximum booking duration${when}: ${duration(rule.maxDuration)}`, overridable: true, bookingRuleCause: 'MAX_DURATION' });
    }
  });
  if (!contract.oneWayAllowed) {
    rules.push({ ruleName: 'contract.oneWayAllowed', description: formatMessage('oneWayNotAllowed'), overridable: false, bookingRuleCause: 'ONE_WAY_NOT_ALLOWED' });
  }
  if (contract.onlyOneBookingAtTheSameTimeAllowed) {
    rules.push({ ruleName: 'contract.onlyOneBookingAtTheSameTimeAllowed', description: 'Only one booking at a time', overridable: true, bookingRuleCause: 'OVERLAPPING_BOOKING' });
  }
  if (poolId === undefined || !contract.taxiFromPools.includes(poolId)) {
    rules.push({ ruleName: 'contract.taxiFromPools', description: MESSAGES.taxiNotFromPool, overridable: false, bookingRuleCause: 'TAXI_POOL' });
  }
  for (const entry of contract.metadataSpec) {
    if (!entry.required && entry.type === 'TEXT') continue;
    const what = [entry.required ? 'required' : null, entry.type === 'INTEGER' ? 'a whole number' : null,
      entry.type === 'CHOICE' && entry.choices?.length ? `one of: ${entry.choices.join(', ')}` : null].filter(Boolean).join(', ');
    rules.push({ ruleName: `contract.metadataSpec.${entry.key}`, description: `${entry.label}: ${what}`, overridable: false, bookingRuleCause: 'METADATA' });
  }
  if (!onContract) {
    rules.push({ ruleName: 'POOL_ACCESS', description: MESSAGES.noPoolAccess, overridable: false, bookingRuleCause: 'POOL_ACCESS' });
  }
  return {
    rules,
    minBookingDuration: contract.minBookingDuration,
    maxBookingDuration: contract.maxBookingDuration,
    bookableRules: contract.bookableRules,
  };
}

// ---- Suggestions ----------------------------------------------------------------------------------------------

export type SuggestionsResponse = z.infer<typeof ZSuggestionsResponse>;

/**
 * GET /api/bookings/suggestions?user=: the customer's distinct recent choices (contract, from pool, to pool,
 * specification) from their latest bookings by start, newest first, at most five. Choices under a contract the
 * customer no longer has or from a disabled pool are left out; a booking of one named vehicle suggests its model.
 */
export async function listSuggestions(db: Db, actor: Actor, username: string): Promise<SuggestionsResponse> {
  const user = await findFleetUser(db, actor, username);
  const [rows, own] = await Promise.all([
    db
      .select({
        contractId: bookings.contractId, fromPoolId: bookings.fromPoolId, toPoolId: bookings.toPoolId, specType: bookings.specType,
        className: bookings.specClassName, modelId: bookings.specModelId, vehicleModelId: vehicles.modelId, startTime: bookings.startTime,
      })
      .from(bookings)
      .leftJoin(vehicles, eq(vehicles.id, bookings.specVehicleId))
      .where(and(eq(bookings.userId, user.id), eq(bookings.fleetId, actor.fleet)))
      .orderBy(desc(bookings.startTime), desc(bookings.id))
      .limit(SUGGESTION_SCAN),
    db.select({ contractId: userContracts.contractId }).from(userContracts).where(eq(userContracts.userId, user.id)),
  ]);
  const contractIds = new Set(own.map((c) => c.contractId));
  const poolIds = [...new Set(rows.flatMap((r) => [r.fromPoolId, r.toPoolId]))];
  const enabled = poolIds.length
    ? new Set((await db.select({ id: pools.id }).from(pools).where(and(inArray(pools.id, poolIds), eq(pools.disabled, false)))).map((p) => p.id))
    : new Set<number>();
  const seen = new Set<string>();
  const out: SuggestionsResponse = [];
  for (const r of rows) {
    if (!contractIds.has(r.contractId) || !enabled.has(r.fromPoolId) || !enabled.has(r.toPoolId)) continue;
    const byVehicle = r.specType === 'VEHICLE';
    const s = {
      contractId: r.contractId,
      fromPoolId: r.fromPoolId,
      toPoolId: r.toPoolId,
      vehicleSpecType: byVehicle ? ('MODEL' as const) : r.specType,
      className: r.specType === 'CLASS' ? r.className : null,
      modelId: byVehicle ? r.vehicleModelId : r.specType === 'MODEL' ? r.modelId : null,
      lastUsed: r.startTime.toISOString(),
    };
    if (s.vehicleSpecType === 'MODEL' && s.modelId === null) continue;
    const key = [s.contractId, s.fromPoolId, s.toPoolId, s.vehicleSpecType, s.className, s.modelId].join('|');
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(s);
    if (out.length === SUGGESTION_MAX) break;
  }
  return out;
}
