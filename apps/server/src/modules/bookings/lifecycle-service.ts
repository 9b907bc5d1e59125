import {
  BID_PATTERN, BOOKING_EVENTS_PAGE_SIZE, DEFAULT_ESTIMATED_DISTANCE_KM, formatMessage, MESSAGE_IDS, MESSAGES,
  type Booking, type ErrorItem, type EventSearchResponse, type EventType, type ForceDeactivateQuery, type MetadataSpecEntry,
  type ZAdjustedValuesRequest, type ZAdjustQuery, type ZBookingEventsQuery, type ZChargingPinResponse,
} from '@fleetdesk/contract';
import { and, asc, eq, gte, inArray, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import {
  bookings, contracts, fleets, journalEntries, paymentEvents, payments, pools, registeredCards, users, vehicles,
} from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import type { ChargingProvider } from '../../integrations/charging/provider.ts';
import { enqueueMail } from '../../integrations/mail/mailer.ts';
import type { Actor, RequestSession } from '../auth/session.ts';
import { appendEvent, searchEvents } from '../events/service.ts';
import { freshOrderId } from './identifiers.ts';
import { findFreeVehicle, isExclusionViolation, type AllocationSpec } from './allocation.ts';
import { FIXED_PRICE_ITEM, fixedPriceLine, MAX_PRICED_HOURS, priceBooking, roundMoney, vatRateOf } from './pricing.ts';
import { bookingNotFound, findBookingRow, getBooking, mainBookingPayment } from './service.ts';
import { allocatesOnActivation, isCommandAllowed, isEditable, nextState, type BookingCommand, type BookingFacts } from './state.ts';

/**
 * The booking lifecycle (spec §4 booking states and menu, §5 force end and adjust values, §7 booking calls):
 * activate, deactivate, force end, cancel, replace, extend/lock, adjust historic values, checkout, receipt,
 * metadata, technical issue, booking events and the charging PIN. Choices: docs/decisions/0012-booking-lifecycle.md.
 *
 * Every mutation runs in one transaction that locks the booking row (SELECT … FOR UPDATE), re-checks the command
 * with the state machine (state.ts) on the locked row, writes the change and one event, and commits; the caller
 * then gets the fresh booking (getBooking). Another operator's booking answers 404 like an unknown one.
 */

type BookingRow = typeof bookings.$inferSelect;
type UserRow = typeof users.$inferSelect;
type ContractRow = typeof contracts.$inferSelect;
type VehicleRow = typeof vehicles.$inferSelect;
type PaymentRow = typeof payments.$inferSelect;
type BookingPatch = Partial<typeof bookings.$inferInsert>;

export type AdjustQuery = z.infer<typeof ZAdjustQuery>;
export type AdjustedValuesRequest = z.infer<typeof ZAdjustedValuesRequest>;
export type BookingEventsQuery = z.infer<typeof ZBookingEventsQuery>;
export type ChargingPin = z.infer<typeof ZChargingPinResponse>;

/** The §7 booking events: these five types, from the epoch to 2100, 10 per page. */
export const BOOKING_EVENT_TYPES = ['BOOKING_EVENT', 'REMOTE_COMMAND', 'VEHICLE_STATUS', 'VEHICLE_ADMIN', 'PAYMENT_ACTION'] as const satisfies readonly EventType[];
const BOOKING_EVENTS_FROM = '1970-01-01T00:00:00.000Z';
const BOOKING_EVENTS_TO = '2100-01-01T00:00:00.000Z';

/** Force end: usage may not start or end later than this after now (clock skew between browser and server). */
export const FORCE_END_FUTURE_TOLERANCE_MS = 60_000;
const ADMIN_FEE_ITEM = 'ADMIN_BOOKING_FEE';
const ADMIN_FEE_DISPLAY_TEXT = 'Admin booking fee';

// ---------- Errors ----------

/** §8: a refused activate, deactivate or force end is a 400 'not supported' for that action. */
const notSupported = (action: 'Activate' | 'Deactivate' | 'Force end') =>
  new AppError(MESSAGE_IDS.notSupported, 400, formatMessage('actionNotSupported', { action }));
/** Any other refusal because of the booking's state: 409. */
const conflict = (message: string = MESSAGES.conflict) => new AppError(MESSAGE_IDS.conflict, 409, message);
const invalid = (field: string, message: string) => AppError.invalidInput([{ field, message }]);

// ---------- Locking and facts ----------

interface LockedBooking {
  row: BookingRow;
  user: UserRow | null;
  contract: ContractRow;
  vehicle: VehicleRow | null;
  facts: BookingFacts;
}

function normalizeBid(rawBid: string): string {
  const bid = rawBid.trim().toUpperCase();
  if (!BID_PATTERN.test(bid)) throw bookingNotFound();
  return bid;
}

/** Locks the actor's booking row for the rest of the transaction and loads what the state machine needs. */
async function lockBooking(tx: Db, actor: Actor, rawBid: string): Promise<LockedBooking> {
  const bid = normalizeBid(rawBid);
  const [row] = await tx.select().from(bookings).where(and(eq(bookings.bid, bid), eq(bookings.fleetId, actor.fleet))).limit(1).for('update');
  if (!row) throw bookingNotFound();
  const [userRows, contractRows, vehicleRows, waiting] = await Promise.all([
    row.userId !== null ? tx.select().from(users).where(eq(users.id, row.userId)).limit(1) : Promise.resolve([]),
    tx.select().from(contracts).where(eq(contracts.id, row.contractId)).limit(1),
    row.allocatedVehicleId !== null ? tx.select().from(vehicles).where(eq(vehicles.id, row.allocatedVehicleId)).limit(1) : Promise.resolve([]),
    tx.select({ orderId: payments.orderId }).from(payments).where(and(eq(payments.bookingId, row.id), eq(payments.status, 'NEEDS_AUTHORIZATION'))),
  ]);
  const contract = contractRows[0];
  if (!contract) throw new Error(`booking ${row.bid} refers to a missing contract ${row.contractId}`);
  const user = userRows[0] ?? null;
  const facts: BookingFacts = {
    state: row.state,
    start: row.startTime,
    end: row.endTime,
    hasUser: user !== null,
    vehicleCategory: row.vehicleCategory,
    allocationState: row.allocationState,
    allocateOnActivation: row.allocateOnActivation,
    irrevocableUntil: row.irrevocableUntil,
    taxiAcceptable: row.taxiAcceptable,
    rideShare: row.rideShare,
    fromPoolId: row.fromPoolId,
    taxiFromPools: contract.taxiFromPools,
    paymentsRequiringAuthorization: waiting.map((p) => p.orderId),
  };
  return { row, user, contract, vehicle: vehicleRows[0] ?? null, facts };
}

/** Runs `work` in one transaction on the locked booking, then returns the fresh booking. */
async function mutateBooking(db: Db, actor: Actor, rawBid: string, now: Date, work: (tx: Db, b: LockedBooking) => Promise<void>): Promise<Booking> {
  const bid = normalizeBid(rawBid);
  await db.transaction(async (tx) => work(tx, await lockBooking(tx, actor, bid)));
  return getBooking(db, actor, bid, now);
}

async function updateBooking(tx: Db, id: number, patch: BookingPatch, now: Date, onExclusion?: () => AppError): Promise<void> {
  try {
    await tx.update(bookings).set({ ...patch, updatedAt: now }).where(eq(bookings.id, id));
  } catch (err) {
    if (onExclusion && isExclusionViolation(err)) throw onExclusion();
    throw err;
  }
}

async function bookingEvent(
  tx: Db, actor: Actor, b: LockedBooking, displayText: string, properties: Record<string, unknown>,
  o: { type?: EventType; vehicle?: VehicleRow | null; occurred?: Date } = {},
): Promise<void> {
  const vehicle = o.vehicle === undefined ? b.vehicle : o.vehicle;
  await appendEvent(tx, actor, {
    type: o.type ?? 'BOOKING_EVENT',
    displayText,
    bid: b.row.bid,
    vin: vehicle?.vin ?? null,
    affectedUsername: b.user?.username ?? null,
    properties: dropUndefined(properties),
    ...(o.occurred ? { occurred: o.occurred } : {}),
  });
}

function dropUndefined(o: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));
}

const withReason = (text: string, reason: string | undefined) => (reason ? `${text}: ${reason}` : text);

function requireAllowed(b: LockedBooking, command: BookingCommand, now: Date, refuse: () => AppError): void {
  if (!isCommandAllowed(b.facts, command, now)) throw refuse();
}

function stateAfter(b: LockedBooking, command: BookingCommand) {
  const state = nextState(b.row.state, command);
  if (!state) throw new Error(`state machine: ${command} from ${b.row.state} was allowed but has no next state`);
  return state;
}

/** Driven distance measured by the vehicle: the journal drives recorded under the booking's bid (null when none). */
async function measuredDistance(tx: Db, fleet: string, bid: string): Promise<number | null> {
  const [r] = await tx
    .select({ km: sql<string | null>`sum(${journalEntries.distance})` })
    .from(journalEntries)
    .where(and(eq(journalEntries.fleetId, fleet), eq(journalEntries.bid, bid)));
  return r?.km === null || r?.km === undefined ? null : Math.round(Number(r.km) * 10) / 10;
}

// ---------- Time and money texts ----------

const localFormats = new Map<string, Intl.DateTimeFormat>();
/** 'YYYY-MM-DD HH:mm' (§9) in the operator's time zone. */
export function formatLocal(d: Date, timeZone: string): string {
  let f = localFormats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('sv-SE', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    localFormats.set(timeZone, f);
  }
  return f.format(d);
}

/** Amounts with 2 decimals (§9). */
const money = (amount: number, currency: string) => `${amount.toFixed(2)} ${currency}`;

async function fleetOf(tx: Db, actor: Actor) {
  const [fleet] = await tx.select().from(fleets).where(eq(fleets.id, actor.fleet)).limit(1);
  if (!fleet) throw new Error(`missing fleet ${actor.fleet}`);
  return fleet;
}

// ---------- Activate, deactivate, force end ----------

function allocationSpecOf(row: BookingRow): AllocationSpec | null {
  switch (row.specType) {
    case 'CLASS':
      return row.specClassName ? { type: 'CLASS', className: row.specClassName, vehicleCategory: row.vehicleCategory } : null;
    case 'MODEL':
      return row.specModelId !== null ? { type: 'MODEL', modelId: row.specModelId } : null;
    case 'VEHICLE':
      return row.specVehicleId !== null ? { type: 'VEHICLE', vehicleId: row.specVehicleId } : null;
  }
}

const NO_FREE_VEHICLE = MESSAGES.noFreeVehicleInPool;

/**
 * POST /api/bookings/{bid}/activate-without-pin: INACTIVE → ACTIVE with usage start now. A booking allocated on
 * activation (light vehicles, allocateOnActivation) without a vehicle gets the first free matching vehicle of its
 * pickup pool; none free → 409.
 */
export async function activateBooking(db: Db, actor: Actor, rawBid: string, o: { reason?: string } = {}, now = new Date()): Promise<Booking> {
  return mutateBooking(db, actor, rawBid, now, async (tx, b) => {
    requireAllowed(b, 'ACTIVATE', now, () => notSupported('Activate'));
    const patch: BookingPatch = { state: stateAfter(b, 'ACTIVATE'), usageStart: now };
    let vehicle = b.vehicle;
    let allocated = false;
    if (b.row.allocatedVehicleId === null && allocatesOnActivation(b.facts)) {
      const spec = allocationSpecOf(b.row);
      const start = new Date(Math.min(now.getTime(), b.row.startTime.getTime()));
      vehicle = spec ? await findFreeVehicle(tx, actor.fleet, { poolId: b.row.fromPoolId, spec, start, end: b.row.endTime, excludeBookingId: b.row.id, now }) : null;
      if (!vehicle) throw conflict(NO_FREE_VEHICLE);
      patch.allocatedVehicleId = vehicle.id;
      patch.allocationState = 'ALLOCATED';
      allocated = true;
    }
    await updateBooking(tx, b.row.id, patch, now, () => conflict(NO_FREE_VEHICLE));
    const text = allocated && vehicle ? `Booking activated by support on ${vehicle.longPresentation}` : 'Booking activated by support';
    await bookingEvent(tx, actor, b, withReason(text, o.reason), {
      action: 'ACTIVATED', public: true, reason: o.reason, allocatedOnActivation: allocated || undefined,
    }, { vehicle, occurred: now });
  });
}

/** POST /api/bookings/{bid}/deactivate {unchecked}: ACTIVE → FINISHED with usage end now and the measured distance. */
export async function deactivateBooking(db: Db, actor: Actor, rawBid: string, o: { unchecked: boolean; reason?: string }, now = new Date()): Promise<Booking> {
  const command: BookingCommand = o.unchecked ? 'DEACTIVATE_UNCHECKED' : 'DEACTIVATE';
  return mutateBooking(db, actor, rawBid, now, async (tx, b) => {
    requireAllowed(b, command, now, () => notSupported('Deactivate'));
    const distance = await measuredDistance(tx, actor.fleet, b.row.bid);
    await updateBooking(tx, b.row.id, { state: stateAfter(b, command), usageEnd: now, distance }, now);
    const text = o.unchecked ? 'Booking deactivated by support (unchecked)' : 'Booking deactivated by support';
    await bookingEvent(tx, actor, b, withReason(text, o.reason), {
      action: 'DEACTIVATED', public: true, unchecked: o.unchecked, distance, reason: o.reason,
    }, { occurred: now });
    await applyFixedPrice(tx, actor, b, now);
  });
}

/**
 * POST /api/bookings/{bid}/force-deactivate-without-pin: FINISHED with the given usage (start, end, distance), or
 * with no usage and distance 0 when it was not used. §5: start and end both or neither, required unless wasNotUsed,
 * distance positive (the query schema); and neither may lie in the future (the start-time check).
 */
export async function forceDeactivateBooking(db: Db, actor: Actor, rawBid: string, q: ForceDeactivateQuery, now = new Date()): Promise<Booking> {
  const bid = normalizeBid(rawBid);
  if (q.bid !== undefined && q.bid.trim().toUpperCase() !== bid) throw invalid('bid', 'The bid does not match the booking');
  let usage: { start: Date; end: Date } | null = null;
  if (!q.wasNotUsed) {
    if (!q.startDate || !q.endDate) throw invalid('startDate', MESSAGES.required);
    usage = { start: new Date(q.startDate), end: new Date(q.endDate) };
    const latest = now.getTime() + FORCE_END_FUTURE_TOLERANCE_MS;
    if (usage.start.getTime() > latest) throw invalid('startDate', 'The usage cannot start in the future');
    if (usage.end.getTime() > latest) throw invalid('endDate', 'The usage cannot end in the future');
  }
  return mutateBooking(db, actor, bid, now, async (tx, b) => {
    requireAllowed(b, 'FORCE_END', now, () => notSupported('Force end'));
    const distance = usage ? (q.distance ?? (await measuredDistance(tx, actor.fleet, b.row.bid))) : 0;
    await updateBooking(tx, b.row.id, {
      state: stateAfter(b, 'FORCE_END'),
      usageStart: usage?.start ?? null,
      usageEnd: usage?.end ?? null,
      distance,
    }, now);
    const fleet = await fleetOf(tx, actor);
    const text = usage
      ? `Booking force-ended by support: used ${formatLocal(usage.start, fleet.timeZone)} – ${formatLocal(usage.end, fleet.timeZone)}${distance !== null ? `, ${distance} km` : ''}`
      : 'Booking force-ended by support: not used';
    await bookingEvent(tx, actor, b, withReason(text, q.reason), {
      action: 'FORCE_ENDED', public: true, reason: q.reason, wasNotUsed: q.wasNotUsed,
      usageStart: usage?.start.toISOString() ?? null, usageEnd: usage?.end.toISOString() ?? null, distance,
    }, { occurred: now });
    await applyFixedPrice(tx, actor, b, now);
  });
}

// ---------- Cancel and replace ----------

/** DELETE /api/bookings/{bid}?reason: INACTIVE → CANCELLED (who, when and why are kept on the booking). */
export async function cancelBooking(db: Db, actor: Actor, rawBid: string, o: { reason?: string } = {}, now = new Date()): Promise<Booking> {
  return mutateBooking(db, actor, rawBid, now, async (tx, b) => {
    requireAllowed(b, 'CANCEL', now, () => conflict(MESSAGES.cannotCancel));
    await updateBooking(tx, b.row.id, { state: stateAfter(b, 'CANCEL'), cancelledAt: now, cancelledBy: actor.username, cancelReason: o.reason ?? null }, now);
    await bookingEvent(tx, actor, b, withReason('Booking cancelled by support', o.reason), { action: 'CANCELLED', public: true, reason: o.reason }, { occurred: now });
  });
}

const REPLACEMENTS = {
  TAXI: { command: 'REPLACE_WITH_TAXI', text: 'Booking replaced with a taxi', action: 'REPLACED_WITH_TAXI', refused: MESSAGES.cannotReplaceWithTaxi },
  RIDESHARE: { command: 'REPLACE_WITH_RIDESHARE', text: 'Booking replaced with a ride share', action: 'REPLACED_WITH_RIDESHARE', refused: MESSAGES.cannotReplaceWithRideshare },
} as const satisfies Record<'TAXI' | 'RIDESHARE', { command: BookingCommand; text: string; action: string; refused: string }>;

/** POST /api/bookings/{bid}/replace-with-taxi and /replace-with-rideshare: CANCELLED, replaced by TAXI or RIDESHARE. */
export async function replaceBooking(db: Db, actor: Actor, rawBid: string, by: 'TAXI' | 'RIDESHARE', o: { reason?: string } = {}, now = new Date()): Promise<Booking> {
  const r = REPLACEMENTS[by];
  return mutateBooking(db, actor, rawBid, now, async (tx, b) => {
    requireAllowed(b, r.command, now, () => conflict(r.refused));
    await updateBooking(tx, b.row.id, {
      state: stateAfter(b, r.command), cancelledAt: now, cancelledBy: actor.username, cancelReason: o.reason ?? null, replacedBy: by,
    }, now);
    await bookingEvent(tx, actor, b, withReason(r.text, o.reason), { action: r.action, public: true, replacedBy: by, reason: o.reason }, { occurred: now });
  });
}

// ---------- Extend, admin fee, lock ----------

const VEHICLE_BOOKED_AFTER = MESSAGES.vehicleBookedAfter;

/**
 * PUT /api/bookings/{bid}/adjust?endTime&adminFeeAdded | changesLockedForUser.
 * - endTime: extends a live booking (the new end after the current one). The exclusion constraint refuses an
 *   extension into the vehicle's next booking → 409. The estimate grows by what the longer interval costs.
 * - adminFeeAdded (with endTime): the contract's ADMIN_BOOKING_FEE is added to the booking payment (BOK), which is
 *   created when the booking has none.
 * - changesLockedForUser: whether the customer may change the booking.
 */
export async function adjustBooking(db: Db, actor: Actor, rawBid: string, q: AdjustQuery, now = new Date()): Promise<Booking> {
  if (q.adminFeeAdded && q.endTime === undefined) throw invalid('adminFeeAdded', 'The admin fee is added with an extension (endTime)');
  return mutateBooking(db, actor, rawBid, now, async (tx, b) => {
    const texts: string[] = [];
    const properties: Record<string, unknown> = { action: 'ADJUSTED' };
    const patch: BookingPatch = {};

    if (q.endTime !== undefined) {
      if (!isEditable(b.row.state)) throw conflict(MESSAGES.cannotExtend);
      const newEnd = new Date(q.endTime);
      if (newEnd.getTime() <= b.row.endTime.getTime()) throw invalid('endTime', 'The new end must be after the current end');
      if (newEnd.getTime() - b.row.startTime.getTime() > MAX_PRICED_HOURS * 3_600_000) throw invalid('endTime', 'The booking would be too long');
      const fleet = await fleetOf(tx, actor);
      const minutes = Math.round((newEnd.getTime() - b.row.endTime.getTime()) / 60_000);
      // Written first, so that an extension into the vehicle's next booking fails before anything else is done.
      await updateBooking(tx, b.row.id, { endTime: newEnd }, now, () => conflict(VEHICLE_BOOKED_AFTER));
      texts.push(`Booking extended by ${minutes} minutes to ${formatLocal(newEnd, fleet.timeZone)}`);
      Object.assign(properties, { previousEndTime: b.row.endTime.toISOString(), endTime: newEnd.toISOString(), extensionMinutes: minutes });

      let feeAdded: { priceWithoutVat: number; vat: number } | null = null;
      if (q.adminFeeAdded) {
        const fee = await addAdminFee(tx, actor, b, `Extension by ${minutes} minutes`, now);
        feeAdded = fee;
        if (fee) {
          texts.push(`admin fee ${money(fee.totalPrice, fee.currency)} added`);
          properties.adminFee = { orderId: fee.orderId, amount: fee.totalPrice, currency: fee.currency };
          await bookingEvent(tx, actor, b, `Admin booking fee added: ${money(fee.totalPrice, fee.currency)} (${fee.orderId})`, {
            orderId: fee.orderId, amount: fee.totalPrice, currency: fee.currency, itemName: ADMIN_FEE_ITEM, createdPayment: fee.created,
          }, { type: 'PAYMENT_ACTION', occurred: now });
        } else {
          properties.adminFee = null;
        }
      }

      const estimate = extendedEstimate(b, newEnd, fleet.timeZone, feeAdded);
      patch.estimatedPriceWithoutVat = estimate.withoutVat;
      patch.estimatedVat = estimate.vat;
    }

    if (q.changesLockedForUser !== undefined) {
      patch.lockedForUser = q.changesLockedForUser;
      texts.push(q.changesLockedForUser ? 'changes locked for the customer' : 'changes unlocked for the customer');
      properties.changesLockedForUser = q.changesLockedForUser;
    }

    await updateBooking(tx, b.row.id, patch, now);
    const text = texts.join('; ');
    await bookingEvent(tx, actor, b, text.charAt(0).toUpperCase() + text.slice(1), properties, { occurred: now });
  });
}

/** The booking payment (BOK), locked: the booking's payment targeting the booking, without a parent (mainBookingPayment). */
async function findBookingPayment(tx: Db, bookingId: number): Promise<PaymentRow | null> {
  const rows = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.bookingId, bookingId), eq(payments.target, 'BOOKING'), isNull(payments.parentPaymentId)))
    .orderBy(asc(payments.id))
    .for('update');
  return mainBookingPayment(rows);
}


/** The cost of the contract's ADMIN_BOOKING_FEE entry (the last one wins), or null when it has none or it is free. */
function adminFeeOf(contract: ContractRow): number | null {
  let cost: number | null = null;
  for (const e of contract.priceList) if (e.name === ADMIN_FEE_ITEM) cost = e.cost;
  return cost !== null && Number.isFinite(cost) && cost > 0 ? cost : null;
}

/**
 * The booking payment (BOK), locked; created (UNPAID; CREDITCARD with the user's valid card, else USER_INVOICE)
 * when the booking has none.
 */
async function ensureBookingPayment(tx: Db, actor: Actor, b: LockedBooking, now: Date): Promise<{ payment: PaymentRow; created: boolean }> {
  const existing = await findBookingPayment(tx, b.row.id);
  if (existing) return { payment: existing, created: false };
  const month = now.toISOString().slice(0, 7);
  const [card] = b.user
    ? await tx.select().from(registeredCards).where(and(eq(registeredCards.userId, b.user.id), gte(registeredCards.expires, month))).orderBy(asc(registeredCards.id)).limit(1)
    : [];
  const [inserted] = await tx.insert(payments).values({
    orderId: await freshOrderId(tx),
    fleetId: actor.fleet,
    bookingId: b.row.id,
    userId: b.row.userId,
    type: card ? 'CREDITCARD' : 'USER_INVOICE',
    status: 'UNPAID',
    target: 'BOOKING',
    timestampType: 'CREATED_DATE',
    timestamp: now,
    currency: b.contract.currency,
    paymentProvider: card ? 'sandbox' : 'invoice',
    cardId: card?.id ?? null,
    createdAt: now,
  }).returning();
  if (!inserted) throw new Error('payment insert returned no row');
  return { payment: inserted, created: true };
}

/**
 * Adds the ADMIN_BOOKING_FEE line (VAT from the price list's VAT entry) to the booking payment and its totals;
 * creates the payment (UNPAID; CREDITCARD with the user's valid card, else USER_INVOICE) when there is none.
 */
async function addAdminFee(tx: Db, actor: Actor, b: LockedBooking, comment: string, now: Date) {
  const cost = adminFeeOf(b.contract);
  if (cost === null) return null;
  const { payment, created } = await ensureBookingPayment(tx, actor, b, now);
  const rate = vatRateOf(b.contract.priceList);
  const priceWithoutVat = roundMoney(cost);
  const vat = roundMoney(priceWithoutVat * rate);
  const totalPrice = roundMoney(priceWithoutVat + vat);
  await tx.insert(paymentEvents).values({
    paymentId: payment.id,
    itemName: ADMIN_FEE_ITEM,
    itemType: ADMIN_FEE_ITEM,
    itemDisplayText: ADMIN_FEE_DISPLAY_TEXT,
    comment,
    unitAmount: 1,
    unitCost: cost,
    priceWithoutVat,
    vat,
    totalPrice,
    manualEvent: true,
    createdBy: actor.username,
    createdAt: now,
  });
  await tx.update(payments).set({
    totalPriceWithoutVat: sql`${payments.totalPriceWithoutVat} + ${priceWithoutVat}`,
    totalVat: sql`${payments.totalVat} + ${vat}`,
    totalPrice: sql`${payments.totalPrice} + ${totalPrice}`,
  }).where(eq(payments.id, payment.id));
  return { orderId: payment.orderId, priceWithoutVat, vat, totalPrice, currency: payment.currency, created };
}

const FIXED_PRICE_DISPLAY_TEXT = 'Fixed price';

/**
 * A booking with a fixed price (§3) that becomes FINISHED is priced at it: the computed lines of its booking payment
 * (those that are not manual events) give way to one FIXED line at the fixed price plus VAT, manual lines (admin
 * fees, credits) stay, and the totals become the sum of the lines. The payment is created when there is none
 * (docs/decisions/0022-billing.md). No fixed price: nothing changes.
 */
async function applyFixedPrice(tx: Db, actor: Actor, b: LockedBooking, now: Date): Promise<void> {
  const price = b.row.fixedPrice;
  if (price === null) return;
  const { payment } = await ensureBookingPayment(tx, actor, b, now);
  await tx.delete(paymentEvents).where(and(eq(paymentEvents.paymentId, payment.id), eq(paymentEvents.manualEvent, false)));
  const l = fixedPriceLine(price, vatRateOf(b.contract.priceList));
  await tx.insert(paymentEvents).values({
    paymentId: payment.id,
    itemName: FIXED_PRICE_ITEM,
    itemType: FIXED_PRICE_ITEM,
    itemDisplayText: FIXED_PRICE_DISPLAY_TEXT,
    comment: b.row.fixedPriceComment,
    unitAmount: l.unitAmount,
    unitCost: l.unitCost,
    priceWithoutVat: l.priceWithoutVat,
    vat: l.vat,
    totalPrice: l.totalPrice,
    manualEvent: false,
    createdBy: actor.username,
    createdAt: now,
  });
  const lines = await tx.select().from(paymentEvents).where(eq(paymentEvents.paymentId, payment.id));
  const ore = (x: number) => Math.round(x * 100);
  const without = lines.reduce((sum, x) => sum + ore(x.priceWithoutVat), 0);
  const vat = lines.reduce((sum, x) => sum + ore(x.vat), 0);
  const totals = { totalPriceWithoutVat: without / 100, totalVat: vat / 100, totalPrice: (without + vat) / 100 };
  await tx.update(payments).set(totals).where(eq(payments.id, payment.id));
  await bookingEvent(tx, actor, b, `Fixed price applied to ${payment.orderId}: ${money(l.priceWithoutVat, payment.currency)} + VAT ${money(l.vat, payment.currency)}; total ${money(totals.totalPrice, payment.currency)}`, {
    action: 'FIXED_PRICE_APPLIED', orderId: payment.orderId, fixedPrice: price, ...totals, currency: payment.currency,
  }, { type: 'PAYMENT_ACTION', occurred: now });
}

/**
 * The estimate after an extension: the stored estimate plus what the longer interval adds under the contract
 * (priceBooking of the new interval minus that of the old one, estimated distance and start-up fee alike) plus the
 * admin fee added now. Whatever the stored estimate already held (an admin fee at creation, earlier extension
 * fees) stays in; a booking without an estimate starts from the price of its old interval.
 */
function extendedEstimate(b: LockedBooking, newEnd: Date, timeZone: string, feeAdded: { priceWithoutVat: number; vat: number } | null) {
  const priceOf = (end: Date) => priceBooking({
    start: b.row.startTime,
    end,
    distanceKm: b.row.estimatedDistance ?? DEFAULT_ESTIMATED_DISTANCE_KM,
    priceList: b.contract.priceList,
    currency: b.contract.currency,
    timeZone,
  });
  const before = priceOf(b.row.endTime);
  const after = priceOf(newEnd);
  const baseWithoutVat = b.row.estimatedPriceWithoutVat ?? before.totalPriceWithoutVat;
  const baseVat = b.row.estimatedVat ?? before.totalVat;
  return {
    withoutVat: roundMoney(baseWithoutVat + after.totalPriceWithoutVat - before.totalPriceWithoutVat + (feeAdded?.priceWithoutVat ?? 0)),
    vat: roundMoney(baseVat + after.totalVat - before.totalVat + (feeAdded?.vat ?? 0)),
  };
}

// ---------- Adjusted values, checkout, receipt, technical issue ----------

/**
 * PUT /api/bookings/{bid}/adjustedValues: historic values of a FINISHED booking. The first adjustment keeps the
 * measured figures in original_*; usage_*, distance and trip_type then hold the adjusted ones (what billing uses).
 */
export async function adjustBookingValues(db: Db, actor: Actor, rawBid: string, v: AdjustedValuesRequest, now = new Date()): Promise<Booking> {
  return mutateBooking(db, actor, rawBid, now, async (tx, b) => {
    const r = b.row;
    if (r.state !== 'FINISHED') throw conflict(MESSAGES.onlyFinishedAdjustable);
    const firstAdjustment = r.adjustedStartTime === null && r.dataQuality === null;
    const start = new Date(v.adjustedStartTime);
    const end = new Date(v.adjustedEndTime);
    await updateBooking(tx, r.id, {
      ...(firstAdjustment
        ? { originalUsageStart: r.usageStart, originalUsageEnd: r.usageEnd, originalTotalDistance: r.distance, originalBookingType: r.tripType }
        : {}),
      usageStart: start,
      usageEnd: end,
      distance: v.adjustedDistance,
      tripType: v.adjustedBookingType,
      adjustedStartTime: start,
      adjustedEndTime: end,
      adjustedDistance: v.adjustedDistance,
      adjustedBookingType: v.adjustedBookingType,
      dataQuality: v.dataQuality,
    }, now);
    const fleet = await fleetOf(tx, actor);
    await bookingEvent(tx, actor, b,
      `Usage adjusted by support: ${formatLocal(start, fleet.timeZone)} – ${formatLocal(end, fleet.timeZone)}, ${r.distance ?? '–'} km → ${v.adjustedDistance} km, ${v.adjustedBookingType} (data quality ${v.dataQuality})`,
      {
        action: 'VALUES_ADJUSTED',
        previous: { usageStart: r.usageStart?.toISOString() ?? null, usageEnd: r.usageEnd?.toISOString() ?? null, distance: r.distance, tripType: r.tripType },
        adjusted: v,
        firstAdjustment,
      }, { occurred: now });
  });
}

/** POST /api/bookings/{bid}/checkout: clears checkoutRequired (only when it is set). */
export async function checkoutBooking(db: Db, actor: Actor, rawBid: string, now = new Date()): Promise<Booking> {
  return mutateBooking(db, actor, rawBid, now, async (tx, b) => {
    if (!b.row.checkoutRequired) throw conflict(MESSAGES.noCheckoutRequired);
    await updateBooking(tx, b.row.id, { checkoutRequired: false, checkedOutAt: now }, now);
    await bookingEvent(tx, actor, b, 'Checked out by support', { action: 'CHECKED_OUT' }, { occurred: now });
  });
}

/** POST /api/bookings/{bid}/technical-issue {description}: once per booking. */
export async function reportTechnicalIssue(db: Db, actor: Actor, rawBid: string, description: string, now = new Date()): Promise<Booking> {
  return mutateBooking(db, actor, rawBid, now, async (tx, b) => {
    if (b.row.technicalIssueReportedAt !== null) throw conflict(MESSAGES.technicalIssueAlreadyReported);
    await updateBooking(tx, b.row.id, { technicalIssueReportedAt: now, technicalIssueReportedBy: actor.username, technicalIssueDescription: description }, now);
    await bookingEvent(tx, actor, b, `Technical issue reported: ${description}`, { action: 'TECHNICAL_ISSUE', description }, { occurred: now });
  });
}

/** POST /api/bookings/{bid}/receipt: mails a plain-text receipt to the customer (through the outbox). */
export async function sendBookingReceipt(db: Db, actor: Actor, rawBid: string, now = new Date()): Promise<void> {
  const bid = normalizeBid(rawBid);
  await db.transaction(async (tx) => {
    const b = await lockBooking(tx, actor, bid);
    if (!b.user) throw conflict(MESSAGES.receiptNoCustomer);
    const to = b.user.emailAddress?.trim();
    if (!to) throw conflict(MESSAGES.receiptNoEmail);
    const fleet = await fleetOf(tx, actor);
    const text = await receiptText(tx, b, fleet);
    await enqueueMail(tx, { to, subject: `${fleet.name}: receipt for booking ${b.row.bid}`, text, fleet: actor.fleet });
    await updateBooking(tx, b.row.id, { receiptSentAt: now }, now);
    await bookingEvent(tx, actor, b, 'Receipt e-mailed to the customer', { action: 'RECEIPT_SENT', to }, { occurred: now });
  });
}

async function receiptText(tx: Db, b: LockedBooking, fleet: typeof fleets.$inferSelect): Promise<string> {
  const r = b.row;
  const tz = fleet.timeZone;
  const poolRows = await tx.select().from(pools).where(inArray(pools.id, [r.fromPoolId, r.toPoolId]));
  const poolText = (id: number) => {
    const p = poolRows.find((x) => x.id === id);
    return p ? `${p.name}, ${p.city}` : '–';
  };
  const bookingPayments = await tx.select().from(payments).where(eq(payments.bookingId, r.id)).orderBy(asc(payments.id));
  const main = bookingPayments.find((p) => p.target === 'BOOKING' && p.parentPaymentId === null);
  const ordered = main ? [main, ...bookingPayments.filter((p) => p !== main)] : bookingPayments;
  const lines = ordered.length
    ? await tx.select().from(paymentEvents).where(inArray(paymentEvents.paymentId, ordered.map((p) => p.id))).orderBy(asc(paymentEvents.id))
    : [];

  const u = b.user;
  const out: string[] = [
    `${fleet.name} – receipt for booking ${r.bid}`,
    '',
    `Booking:   ${r.bid} (${r.state})`,
    ...(u ? [`Customer:  ${u.givenName} ${u.familyName} (${u.username})`] : []),
    `Booked:    ${formatLocal(r.startTime, tz)} – ${formatLocal(r.endTime, tz)} (${tz})`,
    `Used:      ${r.usageStart ? formatLocal(r.usageStart, tz) : '–'} – ${r.usageEnd ? formatLocal(r.usageEnd, tz) : '–'}`,
    `From:      ${poolText(r.fromPoolId)}`,
    `To:        ${poolText(r.toPoolId)}`,
    `Vehicle:   ${b.vehicle ? b.vehicle.longPresentation : '–'}`,
    `Distance:  ${r.distance !== null ? `${r.distance.toFixed(1)} km` : '–'}`,
    '',
  ];
  if (!ordered.length) out.push('No charges.');
  for (const p of ordered) {
    out.push(`Order ${p.orderId} (${p.type}, ${p.status})`);
    for (const l of lines.filter((x) => x.paymentId === p.id)) {
      out.push(`  ${l.itemDisplayText}: ${l.unitAmount} × ${l.unitCost.toFixed(2)} = ${money(l.priceWithoutVat, p.currency)} + VAT ${money(l.vat, p.currency)} = ${money(l.totalPrice, p.currency)}`);
    }
    out.push(`  Total without VAT: ${money(p.totalPriceWithoutVat, p.currency)}`);
    out.push(`  VAT: ${money(p.totalVat, p.currency)}`);
    out.push(`  Total: ${money(p.totalPrice, p.currency)}`);
    out.push('');
  }
  return out.join('\n').trimEnd() + '\n';
}

// ---------- Metadata ----------

/** GET /api/bookings/{bid}/metadataSpec: the metadata spec of the booking's contract. */
export async function getBookingMetadataSpec(db: Db, actor: Actor, rawBid: string): Promise<MetadataSpecEntry[]> {
  const row = await findBookingRow(db, actor, rawBid);
  const [contract] = await db.select({ spec: contracts.metadataSpec }).from(contracts).where(eq(contracts.id, row.contractId)).limit(1);
  return contract?.spec ?? [];
}

/** Checks a metadata spec: keys present and unique, a CHOICE with choices. */
function validateMetadataSpec(spec: readonly MetadataSpecEntry[]): ErrorItem[] {
  const errors: ErrorItem[] = [];
  const seen = new Set<string>();
  spec.forEach((e, i) => {
    const key = e.key.trim();
    if (!key) errors.push({ field: `metadataSpec.${i}.key`, message: MESSAGES.required });
    else if (seen.has(key)) errors.push({ field: `metadataSpec.${i}.key`, message: `The key ${key} is listed twice` });
    seen.add(key);
    if (!e.label.trim()) errors.push({ field: `metadataSpec.${i}.label`, message: MESSAGES.required });
    if (e.type === 'CHOICE' && !(e.choices ?? []).some((c) => c.trim() !== '')) errors.push({ field: `metadataSpec.${i}.choices`, message: 'A choice field needs choices' });
  });
  return errors;
}

/**
 * PUT /api/bookings/{bid}/metadataSpec: replaces the metadata spec of the booking's contract. It changes the
 * contract of every booking on it, so only ADMIN staff may do it (403 otherwise).
 */
export async function updateBookingMetadataSpec(db: Db, session: RequestSession, rawBid: string, spec: MetadataSpecEntry[], now = new Date()): Promise<MetadataSpecEntry[]> {
  if (session.role !== 'ADMIN') throw AppError.forbidden();
  const errors = validateMetadataSpec(spec);
  if (errors.length) throw new AppError(MESSAGE_IDS.validationList, 400, MESSAGES.validationFailed, errors);
  const cleaned = spec.map((e) => ({ ...e, key: e.key.trim(), choices: e.type === 'CHOICE' ? (e.choices ?? []).map((c) => c.trim()).filter(Boolean) : e.choices }));
  const bid = normalizeBid(rawBid);
  await db.transaction(async (tx) => {
    const b = await lockBooking(tx, session, bid);
    await tx.update(contracts).set({ metadataSpec: cleaned }).where(and(eq(contracts.id, b.contract.id), eq(contracts.fleetId, session.fleet)));
    await bookingEvent(tx, session, b, `Metadata spec of contract ${b.contract.name} updated (${cleaned.map((e) => e.key).join(', ') || 'no fields'})`, {
      action: 'METADATA_SPEC_UPDATED', contractId: b.contract.id, previous: b.contract.metadataSpec, metadataSpec: cleaned,
    }, { occurred: now });
  });
  return cleaned;
}

/** GET /api/bookings/{bid}/metadata */
export async function getBookingMetadata(db: Db, actor: Actor, rawBid: string): Promise<Record<string, string>> {
  return (await findBookingRow(db, actor, rawBid)).metadata;
}

const INTEGER = /^[+-]?\d+$/;

/**
 * Validates metadata against a spec: required fields present, INTEGER fields integers, CHOICE values among the
 * choices, no keys outside the spec. Values are trimmed; blank optional values are dropped.
 */
export function validateMetadata(spec: readonly MetadataSpecEntry[], input: Record<string, string>): { metadata: Record<string, string>; errors: ErrorItem[] } {
  const errors: ErrorItem[] = [];
  const metadata: Record<string, string> = {};
  const keys = new Set(spec.map((e) => e.key));
  for (const key of Object.keys(input)) {
    if (!keys.has(key)) errors.push({ field: `metadata.${key}`, message: 'Not a field of the metadata spec' });
  }
  for (const e of spec) {
    const value = (input[e.key] ?? '').trim();
    const field = `metadata.${e.key}`;
    if (!value) {
      if (e.required) errors.push({ field, message: `${e.label}: ${MESSAGES.required}` });
      continue;
    }
    if (e.type === 'INTEGER' && !INTEGER.test(value)) errors.push({ field, message: `${e.label}: ${MESSAGES.mustBeNumber}` });
    else if (e.type === 'CHOICE' && !(e.choices ?? []).includes(value)) errors.push({ field, message: `${e.label}: must be one of ${(e.choices ?? []).join(', ')}` });
    else metadata[e.key] = value;
  }
  return { metadata, errors };
}

/** PUT /api/bookings/{bid}/metadata: validated against the contract's spec (400 with one item per field). */
export async function updateBookingMetadata(db: Db, actor: Actor, rawBid: string, input: Record<string, string>, now = new Date()): Promise<Record<string, string>> {
  const bid = normalizeBid(rawBid);
  return db.transaction(async (tx) => {
    const b = await lockBooking(tx, actor, bid);
    const { metadata, errors } = validateMetadata(b.contract.metadataSpec, input);
    if (errors.length) throw new AppError(MESSAGE_IDS.validationList, 400, MESSAGES.validationFailed, errors);
    await updateBooking(tx, b.row.id, { metadata }, now);
    await bookingEvent(tx, actor, b, 'Metadata updated by support', { action: 'METADATA_UPDATED', previous: b.row.metadata, metadata }, { occurred: now });
    return metadata;
  });
}

// ---------- Events ----------

/** GET /api/bookings/{bid}/events: the booking's events of the five §7 types, epoch to 2100, newest first, 10 per page. */
export async function listBookingEvents(db: Db, actor: Actor, rawBid: string, q: BookingEventsQuery): Promise<EventSearchResponse> {
  const row = await findBookingRow(db, actor, rawBid);
  const allowed: readonly EventType[] = BOOKING_EVENT_TYPES;
  const outside = (q.types ?? []).filter((t) => !allowed.includes(t));
  if (outside.length) throw invalid('types', `Booking events are of the types ${BOOKING_EVENT_TYPES.join(', ')}`);
  return searchEvents(db, actor, {
    bid: row.bid,
    types: q.types?.length ? q.types : [...BOOKING_EVENT_TYPES],
    startDate: BOOKING_EVENTS_FROM,
    endDate: BOOKING_EVENTS_TO,
    pageSize: BOOKING_EVENTS_PAGE_SIZE,
    page: q.page,
    order: 'desc',
    ...(q.cursor ? { cursor: q.cursor } : {}),
  });
}

// ---------- Charging PIN ----------

/**
 * GET /api/charging/activation-data?bid: the charging provider's PIN for an INACTIVE booking. The PIN is stored on
 * the booking, so repeated calls return the same one while it is valid; an expired one is replaced by a new one
 * from the provider; a booking that started, ended or was cancelled, or whose validity has run out, answers 409.
 */
export async function getChargingActivationData(db: Db, actor: Actor, rawBid: string, provider: ChargingProvider, now = new Date()): Promise<ChargingPin> {
  const bid = normalizeBid(rawBid);
  return db.transaction(async (tx) => {
    const b = await lockBooking(tx, actor, bid);
    const r = b.row;
    if (r.state !== 'INACTIVE') throw conflict(MESSAGES.chargingPinOnlyBeforeStart);
    if (r.chargingPinCode && r.chargingTerminal && r.chargingPinValidUntil && r.chargingPinValidUntil.getTime() > now.getTime()) {
      return { pinCode: r.chargingPinCode, recommendedTerminalNumber: r.chargingTerminal, validUntil: r.chargingPinValidUntil.toISOString() };
    }
    const [pool] = await tx.select().from(pools).where(eq(pools.id, r.fromPoolId)).limit(1);
    if (!pool) throw new Error(`booking ${r.bid} refers to a missing pool ${r.fromPoolId}`);
    const data = await provider.activationData({
      bid: r.bid, startTime: r.startTime, endTime: r.endTime, pool: { id: pool.id, name: pool.name, wattWorldStationName: pool.wattWorldStationName },
    });
    if (data.validUntil.getTime() <= now.getTime()) throw conflict(MESSAGES.chargingPinExpired);
    await updateBooking(tx, r.id, { chargingPinCode: data.pinCode, chargingTerminal: data.recommendedTerminalNumber, chargingPinValidUntil: data.validUntil }, now);
    const fleet = await fleetOf(tx, actor);
    // The PIN itself stays out of the event log.
    await bookingEvent(tx, actor, b, `Charging PIN issued for terminal ${data.recommendedTerminalNumber}, valid until ${formatLocal(data.validUntil, fleet.timeZone)}`, {
      action: 'CHARGING_PIN_ISSUED', terminal: data.recommendedTerminalNumber, validUntil: data.validUntil.toISOString(),
    }, { occurred: now });
    return { pinCode: data.pinCode, recommendedTerminalNumber: data.recommendedTerminalNumber, validUntil: data.validUntil.toISOString() };
  });
}
