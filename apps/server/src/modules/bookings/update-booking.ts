import {
  eventText,
  DEFAULT_ESTIMATED_DISTANCE_KM,
  MESSAGE_IDS,
  MESSAGES,
  trimMetadata,
  type Booking,
  type BookingUpdateRequest,
  type ErrorItem,
} from '@fleetdesk/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { bookings, contracts, users, vehicles } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import type { Actor } from '../auth/index.ts';
import { appendEvent } from '../events/index.ts';
import { findFreeVehicle, noVehicleAvailable, withAllocationRetry } from './allocation.ts';
import {
  cleanNote,
  fleetContract,
  fleetPools,
  fleetTimeZone,
  item,
  ownLiveBookings,
  poolProblems,
  reachablePools,
  refused,
  START_GRACE_MS,
  userContract,
} from './booking-input.ts';
import { syncBookingPayment } from './booking-ledger.ts';
import type { BookingDeps } from './create-booking.ts';
import { price } from './estimate.ts';
import type { PriceResult } from './pricing.ts';
import { blockingViolations, evaluateBookingRules, validateStartEnd, violationsToErrorItems, type RuleViolation } from './rules.ts';
import { findBookingRow, getBooking } from './service.ts';
import { isEditable } from './state.ts';
import { allocatesLater, isCurrentSpec, isErrorItem, resolveSpec, sameSpec, specOf } from './vehicle-spec.ts';

/**
 * Booking update (§5 "New or updated booking", §7 PUT /api/bookings/{bid}): the checks of creation for what
 * changes, re-allocation, the new estimate and the booking payment following it. Choices are recorded in
 * docs/decisions/0013-booking-creation.md.
 */

type BookingRow = typeof bookings.$inferSelect;
type ContractRow = typeof contracts.$inferSelect;

/**
 * PUT /api/bookings/{bid}: changes an INACTIVE or ACTIVE booking (409 otherwise). A started booking keeps its
 * pools, start, estimated distance and vehicle. The same checks as creation apply to what changes; the booking is
 * re-allocated when its period, start pool or specification changes (keeping its vehicle when that is still free),
 * its own allocation never counting against itself.
 */
export async function updateBooking(
  db: Db,
  actor: Actor,
  deps: BookingDeps,
  rawBid: string,
  req: BookingUpdateRequest,
  now = new Date(),
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
    metadata: req.metadata === undefined ? b.metadata : trimMetadata(req.metadata),
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
  if (!started && changed.startTime && next.start.getTime() < Math.min(b.startTime.getTime(), graceStart))
    errors.push(item('startTime', MESSAGES.startInPast));
  if (changed.endTime && next.end.getTime() < graceStart) errors.push(item('endTime', MESSAGES.endInPast));
  const contract = changed.contractId
    ? user
      ? await userContract(db, actor, user.id, next.contractId)
      : null
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
    const reachable = await reachablePools(
      db,
      user.id,
      movedPools.map(([, id]) => id),
    );
    for (const [field, id] of movedPools) if (!reachable.has(id)) accessItems.push(item(field, MESSAGES.noPoolAccess, 'POOL_ACCESS'));
  }
  const ruleInputsChanged =
    changed.contractId ||
    changed.startTime ||
    changed.endTime ||
    changed.fromLocation ||
    changed.toLocation ||
    changed.taxiAcceptable ||
    changed.metadata;
  let violations: RuleViolation[] = [];
  if (ruleInputsChanged) {
    const own = user ? await ownLiveBookings(db, user.id, next.end, now) : [];
    // Metadata sent is judged whole; stored metadata that is not being changed only by the spec's own keys (a key the
    // spec has dropped since does not block an unrelated change).
    const metadata = req.metadata === undefined ? specKeysOnly(next.metadata, contract.metadataSpec) : next.metadata;
    violations = evaluateBookingRules({
      contract,
      start: next.start,
      end: next.end,
      fromPoolId: next.fromPoolId,
      toPoolId: next.toPoolId,
      timeZone,
      ownOverlappingBookings: own,
      excludeBid: b.bid,
      taxiAcceptable: next.taxiAcceptable,
      metadata,
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
    estimate = price({
      contract,
      start: next.start,
      end: next.end,
      distanceKm: next.estimatedDistance ?? DEFAULT_ESTIMATED_DISTANCE_KM,
      timeZone,
      includeAdminFee: hadAdminFee,
    });
  }
  // A new specification decides afresh (light class or model: on activation); otherwise the booking keeps its way.
  const allocateOnActivation = changed.vehicleSpecification ? allocatesLater(spec, false) : b.allocateOnActivation;
  const reallocate = !started && (changed.startTime || changed.endTime || changed.fromLocation || changed.vehicleSpecification);
  const changedFields = Object.entries(changed)
    .filter(([, v]) => v)
    .map(([k]) => k);

  await withAllocationRetry(() =>
    db.transaction(async (tx) => {
      // 4. The vehicle.
      let vehicleId = b.allocatedVehicleId;
      let vin: string | null = null;
      if (reallocate) {
        vehicleId = null;
        if (!allocateOnActivation) {
          const keep =
            b.allocatedVehicleId !== null && !changed.fromLocation && !changed.vehicleSpecification
              ? await findFreeVehicle(tx, actor.fleet, {
                  poolId: next.fromPoolId,
                  spec: { type: 'VEHICLE', vehicleId: b.allocatedVehicleId },
                  start: next.start,
                  end: next.end,
                  excludeBookingId: b.id,
                  now,
                })
              : null;
          const vehicle =
            keep ??
            (await findFreeVehicle(tx, actor.fleet, {
              poolId: next.fromPoolId,
              spec: spec.allocation,
              start: next.start,
              end: next.end,
              excludeBookingId: b.id,
              now,
            }));
          if (!vehicle) throw noVehicleAvailable();
          vehicleId = vehicle.id;
          vin = vehicle.vin;
        }
      }
      if (vin === null && vehicleId !== null) {
        vin = (await tx.select({ vin: vehicles.vin }).from(vehicles).where(eq(vehicles.id, vehicleId)).limit(1))[0]?.vin ?? null;
      }
      await tx
        .update(bookings)
        .set({
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
        })
        .where(eq(bookings.id, b.id));

      if (estimate) await syncBookingPayment(tx, actor, deps, b, user?.username ?? null, estimate, contract.currency, now);

      const overridden = req.ignoreRules ? violations.filter((v) => v.overridable).map((v) => v.ruleName) : [];
      await appendEvent(tx, actor, {
        type: 'BOOKING_EVENT',
        text: eventText('bookingUpdated', { fields: changedFields.join(', ') }),
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

/** Stored metadata restricted to the keys of a spec. */
const specKeysOnly = (metadata: Record<string, string>, spec: readonly { key: string }[]) =>
  Object.fromEntries(Object.entries(metadata).filter(([key]) => spec.some((entry) => entry.key === key)));
