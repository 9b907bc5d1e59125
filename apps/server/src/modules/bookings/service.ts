import {
  adminFeeOf,
  BID_PATTERN,
  MESSAGE_IDS,
  roundMoney,
  ZCardErrorCode,
  type Booking,
  type FuelType,
  type Payment,
  type VehicleSpecification,
} from '@fleetdesk/contract';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { bookings, contracts, paymentEvents, payments, pools, users, vehicleModels, vehicles } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import type { Actor } from '../auth/index.ts';
import { vatRateOf } from './pricing.ts';
import { paymentAbilities, usersWithValidCard } from './payment-abilities.ts';
import { bookingAbilities, type BookingMenuFacts } from './abilities.ts';
import { computeActions, displayState, type BookingFacts } from './state.ts';

type BookingRow = typeof bookings.$inferSelect;
type PaymentRow = typeof payments.$inferSelect;

const iso = (d: Date) => d.toISOString();
const isoOrNull = (d: Date | null) => (d ? d.toISOString() : null);

export const bookingNotFound = () => AppError.notFound(MESSAGE_IDS.bookingNotFound, 'bookingNotFound');

/** The bid as stored (trimmed, upper-cased); a string that cannot be a bid answers 404 like an unknown booking. */
export function normalizeBid(rawBid: string): string {
  const bid = rawBid.trim().toUpperCase();
  if (!BID_PATTERN.test(bid)) throw bookingNotFound();
  return bid;
}

/** Finds a booking of the actor's operator by bid (upper-cased); another operator's answers 404. */
export async function findBookingRow(db: Db, actor: Actor, rawBid: string): Promise<BookingRow> {
  const bid = normalizeBid(rawBid);
  const [row] = await db
    .select()
    .from(bookings)
    .where(and(eq(bookings.bid, bid), eq(bookings.fleetId, actor.fleet)))
    .limit(1);
  if (!row) throw bookingNotFound();
  return row;
}

/**
 * The booking payment (BOK) among a booking's payments: target BOOKING without a parent; when a payment was
 * replaced (the old one NO_CHARGE), the newest one that is not NO_CHARGE, else the newest.
 */
export function mainBookingPayment<P extends Pick<PaymentRow, 'id' | 'target' | 'parentPaymentId' | 'status'>>(rows: readonly P[]): P | null {
  const candidates = rows.filter((p) => p.target === 'BOOKING' && p.parentPaymentId === null).sort((a, b) => b.id - a.id);
  return candidates.find((p) => p.status !== 'NO_CHARGE') ?? candidates[0] ?? null;
}

/**
 * Maps a payment row, its lines and its event payments (EVE children) to the §3 Payment, with its §4 action abilities
 * (`hasValidCard`: the customer has a registered card that has not expired).
 */
export function toPayment(
  p: PaymentRow,
  events: (typeof paymentEvents.$inferSelect)[],
  children: PaymentRow[],
  username: string | null,
  bid: string | null,
  hasValidCard: boolean,
): Payment {
  return {
    orderId: p.orderId,
    bid,
    username,
    type: p.type,
    status: p.status,
    target: p.target,
    timestamp: { type: p.timestampType, timestamp: iso(p.timestamp) },
    totalPriceWithoutVat: p.totalPriceWithoutVat,
    totalVat: p.totalVat,
    totalPrice: p.totalPrice,
    currency: p.currency,
    events: events.map((e) => ({
      id: e.id,
      itemName: e.itemName,
      itemType: e.itemType,
      itemDisplayText: e.itemDisplayText,
      publicComment: e.publicComment,
      comment: e.comment,
      unitAmount: e.unitAmount,
      unitCost: e.unitCost,
      priceWithoutVat: e.priceWithoutVat,
      vat: e.vat,
      totalPrice: e.totalPrice,
      manualEvent: e.manualEvent,
    })),
    singleEventPayments: children.map((c) => ({ orderId: c.orderId, status: c.status, totalPrice: c.totalPrice })),
    externalId: p.externalId,
    paymentProvider: p.paymentProvider,
    reservationFailed: p.reservationFailed,
    failureCode: ZCardErrorCode.safeParse(p.failureCode).data ?? null,
    abilities: paymentAbilities({ orderId: p.orderId, type: p.type, status: p.status, target: p.target, hasValidCard }),
  };
}

type UserRow = typeof users.$inferSelect;
type ContractRow = typeof contracts.$inferSelect;
type PoolRow = typeof pools.$inferSelect;

/** The state machine's facts of a booking row (state.ts). */
export function bookingFactsOf(b: BookingRow, contract: ContractRow, user: UserRow | null, bookingPayments: readonly PaymentRow[]): BookingFacts {
  return {
    state: b.state,
    start: b.startTime,
    end: b.endTime,
    hasUser: user !== null,
    vehicleCategory: b.vehicleCategory,
    allocationState: b.allocationState,
    allocateOnActivation: b.allocateOnActivation,
    irrevocableUntil: b.irrevocableUntil,
    taxiAcceptable: b.taxiAcceptable,
    rideShare: b.rideShare,
    fromPoolId: b.fromPoolId,
    taxiFromPools: contract.taxiFromPools,
    paymentsRequiringAuthorization: bookingPayments.filter((p) => p.status === 'NEEDS_AUTHORIZATION').map((p) => p.orderId),
  };
}

/** The fuel of what a booking is for (BookingMenuFacts.vehicleFuelType): the vehicle's, else the requested model's. */
export const bookedFuelType = (
  vehicle: { primaryFuelType: FuelType } | null | undefined,
  model: { primaryFuelType: FuelType } | null | undefined,
): FuelType | null => vehicle?.primaryFuelType ?? model?.primaryFuelType ?? null;

/** The booking menu's facts (abilities.ts): the state machine's, the payment's, the pick-up pool's and the vehicle's fuel. */
export function bookingMenuFactsOf(
  b: BookingRow,
  contract: ContractRow,
  user: UserRow | null,
  bookingPayments: readonly PaymentRow[],
  fromPool: Pick<PoolRow, 'wattWorldStationName'> | null,
  vehicleFuelType: FuelType | null,
): BookingMenuFacts {
  const main = mainBookingPayment(bookingPayments);
  return {
    ...bookingFactsOf(b, contract, user, bookingPayments),
    checkoutRequired: b.checkoutRequired,
    technicalIssueReported: b.technicalIssueReportedAt !== null,
    lockedForUser: b.lockedForUser,
    customerHasEmail: Boolean(user?.emailAddress?.trim()),
    poolHasChargingStation: Boolean(fromPool?.wattWorldStationName?.trim()),
    vehicleFuelType,
    payment: main ? { status: main.status, totalPrice: main.totalPrice } : null,
  };
}

/** GET /api/bookings/{bid}: the §3 booking with its computed actions, abilities, allocation and payment. */
export async function getBooking(db: Db, actor: Actor, rawBid: string, now = new Date()): Promise<Booking> {
  const b = await findBookingRow(db, actor, rawBid);
  const [poolRows, userRows, contractRows, bookingPayments] = await Promise.all([
    db
      .select()
      .from(pools)
      .where(inArray(pools.id, [b.fromPoolId, b.toPoolId])),
    b.userId ? db.select().from(users).where(eq(users.id, b.userId)).limit(1) : Promise.resolve([]),
    db.select().from(contracts).where(eq(contracts.id, b.contractId)).limit(1),
    db.select().from(payments).where(eq(payments.bookingId, b.id)),
  ]);
  const vehicleIds = [b.allocatedVehicleId, b.specVehicleId].filter((v): v is number => v !== null);
  const vehicleRows = vehicleIds.length ? await db.select().from(vehicles).where(inArray(vehicles.id, vehicleIds)) : [];
  const [model] = b.specModelId ? await db.select().from(vehicleModels).where(eq(vehicleModels.id, b.specModelId)).limit(1) : [];
  const main = mainBookingPayment(bookingPayments);
  const hasValidCard = b.userId !== null && main !== null && (await usersWithValidCard(db, actor.fleet, [b.userId], now)).has(b.userId);
  const events = main ? await db.select().from(paymentEvents).where(eq(paymentEvents.paymentId, main.id)).orderBy(asc(paymentEvents.id)) : [];

  const pool = (id: number) => {
    const p = poolRows.find((r) => r.id === id);
    if (!p) throw new Error(`booking ${b.bid} refers to a missing pool ${id}`);
    return { city: p.city, pool: p.name, poolId: p.id };
  };
  const user = userRows[0] ?? null;
  const contract = contractRows[0];
  if (!contract) throw new Error(`booking ${b.bid} refers to a missing contract ${b.contractId}`);
  const adminFee = adminFeeOf(contract.priceList);
  const allocated = vehicleRows.find((v) => v.id === b.allocatedVehicleId) ?? null;
  const specVehicle = vehicleRows.find((v) => v.id === b.specVehicleId) ?? null;

  let specification: VehicleSpecification;
  if (b.specType === 'MODEL' && model) {
    specification = {
      type: 'MODEL',
      modelId: model.id,
      model: { id: model.id, modelName: model.modelName, priceClass: model.priceClass, vehicleCategory: model.vehicleCategory },
      vehicleCategory: b.vehicleCategory,
    };
  } else if (b.specType === 'VEHICLE' && specVehicle) {
    specification = {
      type: 'VEHICLE',
      vehicle: { vin: specVehicle.vin, longPresentation: specVehicle.longPresentation },
      vehicleCategory: b.vehicleCategory,
    };
  } else {
    specification = { type: 'CLASS', className: b.specClassName ?? model?.priceClass ?? '', vehicleCategory: b.vehicleCategory };
  }

  const facts = bookingMenuFactsOf(
    b,
    contract,
    user,
    bookingPayments,
    poolRows.find((r) => r.id === b.fromPoolId) ?? null,
    bookedFuelType(allocated ?? specVehicle, b.specType === 'MODEL' ? model : undefined),
  );
  const actions = computeActions(facts, now);
  const adjusted =
    b.adjustedStartTime || b.adjustedEndTime || b.adjustedDistance !== null || b.adjustedBookingType || b.dataQuality
      ? {
          adjustedStartTime: isoOrNull(b.adjustedStartTime),
          adjustedEndTime: isoOrNull(b.adjustedEndTime),
          adjustedDistance: b.adjustedDistance,
          adjustedBookingType: b.adjustedBookingType,
          dataQuality: b.dataQuality,
          originalUsageTime:
            b.originalUsageStart || b.originalUsageEnd ? { start: isoOrNull(b.originalUsageStart), end: isoOrNull(b.originalUsageEnd) } : null,
          originalTotalDistance: b.originalTotalDistance,
          originalBookingType: b.originalBookingType,
        }
      : null;

  return {
    bid: b.bid,
    state: b.state,
    displayState: displayState(facts, actions),
    actions,
    abilities: bookingAbilities(facts, now),
    user: user ? { username: user.username, fullNameLastFirst: `${user.familyName}, ${user.givenName}` } : null,
    contractId: b.contractId,
    contract: { id: contract.id, name: contract.name, contractType: contract.contractType, currency: contract.currency, adminFee },
    bookedInterval: { start: iso(b.startTime), end: iso(b.endTime) },
    usageTime: b.usageStart || b.usageEnd ? { start: isoOrNull(b.usageStart), end: isoOrNull(b.usageEnd) } : null,
    startTime: iso(b.startTime),
    endTime: iso(b.endTime),
    fromLocation: pool(b.fromPoolId),
    toLocation: pool(b.toPoolId),
    note: b.note,
    distance: b.distance,
    estimatedDistance: b.estimatedDistance,
    tripType: b.tripType,
    rideShare: b.rideShare,
    taxiAcceptable: b.taxiAcceptable,
    vehicleAllocation: {
      state: b.allocationState,
      vehicle: allocated
        ? { vin: allocated.vin, longPresentation: allocated.longPresentation, registrationNumber: allocated.registrationNumber }
        : null,
      specification,
    },
    checkoutRequired: b.checkoutRequired,
    allocateOnActivation: b.allocateOnActivation,
    irrevocableUntil: isoOrNull(b.irrevocableUntil),
    lockedForUser: b.lockedForUser,
    paymentsRequiringAuthorization: facts.paymentsRequiringAuthorization.slice(),
    metadata: b.metadata,
    payment: main
      ? toPayment(
          main,
          events,
          bookingPayments.filter((p) => p.parentPaymentId === main.id).sort((x, y) => x.id - y.id),
          user?.username ?? null,
          b.bid,
          hasValidCard,
        )
      : null,
    // A fixed price (without VAT) replaces the computed estimate while it is set (docs/decisions/0022-billing.md).
    estimatedPriceWithoutVat: b.fixedPrice !== null ? b.fixedPrice : b.estimatedPriceWithoutVat,
    estimatedVat: b.fixedPrice !== null ? roundMoney(b.fixedPrice * vatRateOf(contract.priceList)) : b.estimatedVat,
    adjustedValues: adjusted,
    technicalIssueReported: b.technicalIssueReportedAt !== null,
    fixedPrice: b.fixedPrice !== null ? { price: b.fixedPrice, comment: b.fixedPriceComment } : null,
  };
}
