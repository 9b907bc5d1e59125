import {
  type EventTextPart,
  eventValue,
  eventMoney,
  eventText,
  adminFeeOf,
  CARD_ERROR_MESSAGES,
  MESSAGES,
  trimMetadata,
  type Booking,
  type BookingCreateRequest,
  type Currency,
  type ErrorItem,
  type PaymentStatus,
  type PaymentType,
} from '@fleetdesk/contract';
import type { Db } from '../../db/client.ts';
import { bookings, payments } from '../../db/schema.ts';
import type { PaymentProvider, Reservation } from '../../integrations/payments/provider.ts';
import type { Actor } from '../auth/index.ts';
import { appendEvent } from '../events/index.ts';
import { chooseUserCard } from '../users/index.ts';
import { findFleetUser } from '../users/index.ts';
import { findFreeVehicle, noVehicleAvailable, withAllocationRetry, type VehicleRow } from './allocation.ts';
import {
  cleanNote,
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
import { price } from './estimate.ts';
import { freshBid, freshOrderId } from './identifiers.ts';
import { blockingViolations, evaluateBookingRules, validateStartEnd, violationsToErrorItems } from './rules.ts';
import { getBooking } from './service.ts';
import { allocatesLater, isErrorItem, resolveSpec } from './vehicle-spec.ts';

/**
 * Booking creation (§4 creation dialog, §5 "New or updated booking", §7 POST /api/bookings). Choices are recorded in
 * docs/decisions/0013-booking-creation.md.
 *
 * Order of checks on create: the user (404 unknown or another operator's, 400 not ACTIVE), the input (times,
 * contract of the user, pools of the operator and enabled, the vehicle specification), then pool access and the
 * contract rules together (400 `core.validation.validation.error.exist` listing every problem, each with
 * `overridable`), then the vehicle (409 when none is free). The booking, its payment and the events are written
 * in one transaction.
 */

export interface BookingDeps {
  payments: PaymentProvider;
}

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
  errors.push(
    ...poolProblems(poolMap, [
      ['fromLocation', fromPoolId],
      ['toLocation', toPoolId],
    ]),
  );
  const spec = poolMap.has(fromPoolId) ? await resolveSpec(db, actor, req.vehicleSpecification, fromPoolId) : null;
  if (spec && isErrorItem(spec)) errors.push(spec);
  if (errors.length || !contract || !spec || isErrorItem(spec)) throw failed(errors);

  // 2. Pool access and the contract rules, reported together.
  const timeZone = await fleetTimeZone(db, actor.fleet);
  const [reachable, own] = await Promise.all([reachablePools(db, user.id, [fromPoolId, toPoolId]), ownLiveBookings(db, user.id, end, now)]);
  const withoutAccess = [...new Set([fromPoolId, toPoolId])].filter((id) => !reachable.has(id));
  const accessItems = req.overridePoolAccess
    ? []
    : withoutAccess.map((id) => item(id === fromPoolId ? 'fromLocation' : 'toLocation', MESSAGES.noPoolAccess, 'POOL_ACCESS'));
  const metadata = trimMetadata(req.metadata);
  const violations = evaluateBookingRules({
    contract,
    start,
    end,
    fromPoolId,
    toPoolId,
    timeZone,
    ownOverlappingBookings: own,
    taxiAcceptable: req.taxiAcceptable,
    metadata,
  });
  const blocking = blockingViolations(violations, req.ignoreRules);
  if (accessItems.length || blocking.length) throw failed([...accessItems, ...violationsToErrorItems(blocking)]);

  // 3. The estimate and how it is paid.
  const estimate = price({ contract, start, end, distanceKm: req.estimatedDistance, timeZone, includeAdminFee: req.adminFeeAdded });
  const { card, refusal: noCard } = await chooseUserCard(db, actor.fleet, user.id, now);
  const paymentType: PaymentType = req.paymentType ?? (card ? 'CREDITCARD' : 'USER_INVOICE');
  if (paymentType === 'CREDITCARD' && !card) throw failed([item('paymentType', CARD_ERROR_MESSAGES[noCard ?? 'missing'])]);
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
        const [row] = await tx
          .insert(bookings)
          .values({
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
          })
          .returning();
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
          failureCode: held.reservation?.failureCode ?? null,
          cardId: paymentType === 'CREDITCARD' ? (card?.id ?? null) : null,
        });

        // 6. The audit trail, in the same transaction.
        const overridden = req.ignoreRules ? violations.filter((v) => v.overridable).map((v) => v.ruleName) : [];
        await appendEvent(tx, actor, {
          type: 'BOOKING_EVENT',
          text: eventText('bookingCreated'),
          bid: row.bid,
          vin: vehicle?.vin ?? null,
          affectedUsername: user.username,
          occurred: now,
          properties: {
            contractId: contract.id,
            fromPoolId,
            toPoolId,
            startTime: start.toISOString(),
            endTime: end.toISOString(),
            vehicleSpecType: spec.specType,
            allocationState: row.allocationState,
            adminFeeAdded: req.adminFeeAdded && adminFeeOf(contract.priceList) !== null,
            ...(overridden.length ? { overriddenRules: overridden } : {}),
            ...(req.overridePoolAccess && withoutAccess.length ? { poolAccessOverridden: withoutAccess } : {}),
          },
        });
        await appendEvent(tx, actor, {
          type: 'PAYMENT_ACTION',
          text: paymentText(paymentType, status, orderId, total, contract.currency),
          bid: row.bid,
          affectedUsername: user.username,
          occurred: now,
          properties: {
            orderId,
            paymentType,
            status,
            amount: total,
            currency: contract.currency,
            ...(held.reservation ? { externalId: held.reservation.externalId } : {}),
          },
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

function paymentText(type: PaymentType, status: PaymentStatus, orderId: string, amount: number, currency: Currency): EventTextPart {
  if (type === 'CREDITCARD' && status !== 'NO_CHARGE') {
    const id =
      status === 'RESERVED'
        ? 'cardReservationReserved'
        : status === 'NEEDS_AUTHORIZATION'
          ? 'cardReservationNeedsAuthorisation'
          : 'cardReservationFailed';
    return eventText(id, { amount: eventMoney(amount, currency), orderId });
  }
  return eventText('paymentCreated', { orderId, paymentType: eventValue('paymentType', type), status: eventValue('paymentStatus', status) });
}
