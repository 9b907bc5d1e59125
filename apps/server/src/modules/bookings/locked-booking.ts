import {
  type EventTextPart,
  eventText,
  formatMessage,
  MESSAGE_IDS,
  MESSAGES,
  type Booking,
  type BookingAbilityKey,
  type EventType,
  type FuelType,
  type MessageKey,
} from '@fleetdesk/contract';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { bookings, contracts, fleets, payments, pools, users, vehicleModels, vehicles } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import type { Actor } from '../auth/index.ts';
import { appendEvent } from '../events/index.ts';
import { isExclusionViolation } from './allocation.ts';
import { bookingRefusal, type BookingMenuFacts } from './abilities.ts';
import { bookedFuelType, bookingMenuFactsOf, bookingNotFound, getBooking, mainBookingPayment, normalizeBid } from './service.ts';
import { nextState, type BookingCommand } from './state.ts';

/**
 * The locked booking: what every booking mutation (the lifecycle calls, billing, the fixed price, the payment type
 * and payment replacement) starts from. Choices: docs/decisions/0012-booking-lifecycle.md.
 *
 * Every mutation runs in one transaction that locks the booking row (SELECT … FOR UPDATE), re-checks the command
 * with the state machine (state.ts) on the locked row, writes the change and one event, and commits; the caller
 * then gets the fresh booking (getBooking). Another operator's booking answers 404 like an unknown one.
 */

export type BookingRow = typeof bookings.$inferSelect;
type UserRow = typeof users.$inferSelect;
type ContractRow = typeof contracts.$inferSelect;
type VehicleRow = typeof vehicles.$inferSelect;
type PaymentRow = typeof payments.$inferSelect;
export type BookingPatch = Partial<typeof bookings.$inferInsert>;

// ---------- Errors ----------

/**
 * §8: a refused activate, deactivate or force end is a 400 'not supported' for that action; the reason (the same
 * message key the booking's abilities give) is its one error item.
 */
export const notSupported = (action: 'Activate' | 'Deactivate' | 'Force end') => (reason: MessageKey) =>
  new AppError(MESSAGE_IDS.notSupported, 400, formatMessage('actionNotSupported', { action }), [{ messageId: reason, message: MESSAGES[reason] }]);
/** Any other refusal because of the booking's state: 409 with the reason's text. */
export const conflict = (message: string = MESSAGES.conflict) => new AppError(MESSAGE_IDS.conflict, 409, message);
export const conflictFor = (reason: MessageKey) =>
  new AppError(MESSAGE_IDS.conflict, 409, MESSAGES[reason], [{ messageId: reason, message: MESSAGES[reason] }]);
export const invalid = (field: string, message: string) => AppError.invalidInput([{ field, message }]);

// ---------- Locking and facts ----------

export interface LockedBooking {
  row: BookingRow;
  user: UserRow | null;
  contract: ContractRow;
  vehicle: VehicleRow | null;
  facts: BookingMenuFacts;
}

/** Locks the actor's booking row (by its normalized bid) for the rest of the transaction; none → 404. */
export async function lockBookingRow(tx: Db, actor: Actor, bid: string): Promise<BookingRow> {
  const [row] = await tx
    .select()
    .from(bookings)
    .where(and(eq(bookings.bid, bid), eq(bookings.fleetId, actor.fleet)))
    .limit(1)
    .for('update');
  if (!row) throw bookingNotFound();
  return row;
}

/**
 * BookingMenuFacts.vehicleFuelType by the one rule getBooking uses (bookedFuelType): the allocated vehicle's fuel, else
 * the requested vehicle's, else the requested model's; null when the booking asks for a class. Loads only what the
 * allocated vehicle does not already answer.
 */
async function fuelTypeOf(tx: Db, row: BookingRow, allocated: VehicleRow | null): Promise<FuelType | null> {
  if (allocated) return bookedFuelType(allocated, undefined);
  const [specVehicle] =
    row.specVehicleId !== null
      ? await tx.select({ primaryFuelType: vehicles.primaryFuelType }).from(vehicles).where(eq(vehicles.id, row.specVehicleId)).limit(1)
      : [];
  const [model] =
    row.specType === 'MODEL' && row.specModelId !== null && !specVehicle
      ? await tx.select({ primaryFuelType: vehicleModels.primaryFuelType }).from(vehicleModels).where(eq(vehicleModels.id, row.specModelId)).limit(1)
      : [];
  return bookedFuelType(specVehicle, row.specType === 'MODEL' ? model : undefined);
}

/** Locks the actor's booking row for the rest of the transaction and loads what the state machine needs. */
export async function lockBooking(tx: Db, actor: Actor, rawBid: string): Promise<LockedBooking> {
  const row = await lockBookingRow(tx, actor, normalizeBid(rawBid));
  const [userRows, contractRows, vehicleRows, bookingPayments, poolRows] = await Promise.all([
    row.userId !== null ? tx.select().from(users).where(eq(users.id, row.userId)).limit(1) : Promise.resolve([]),
    tx.select().from(contracts).where(eq(contracts.id, row.contractId)).limit(1),
    row.allocatedVehicleId !== null ? tx.select().from(vehicles).where(eq(vehicles.id, row.allocatedVehicleId)).limit(1) : Promise.resolve([]),
    tx.select().from(payments).where(eq(payments.bookingId, row.id)),
    tx.select({ wattWorldStationName: pools.wattWorldStationName }).from(pools).where(eq(pools.id, row.fromPoolId)).limit(1),
  ]);
  const contract = contractRows[0];
  if (!contract) throw new Error(`booking ${row.bid} refers to a missing contract ${row.contractId}`);
  const user = userRows[0] ?? null;
  const vehicle = vehicleRows[0] ?? null;
  const facts = bookingMenuFactsOf(row, contract, user, bookingPayments, poolRows[0] ?? null, await fuelTypeOf(tx, row, vehicle));
  return { row, user, contract, vehicle, facts };
}

/**
 * The booking payment (BOK), locked: the booking's payment targeting the booking, without a parent, of the booking's
 * operator (mainBookingPayment picks it among them); null when the booking has none.
 */
export async function lockMainBookingPayment(tx: Db, booking: Pick<BookingRow, 'id' | 'fleetId'>): Promise<PaymentRow | null> {
  const rows = await tx
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.bookingId, booking.id),
        eq(payments.target, 'BOOKING'),
        isNull(payments.parentPaymentId),
        eq(payments.fleetId, booking.fleetId),
      ),
    )
    .orderBy(asc(payments.id))
    .for('update');
  return mainBookingPayment(rows);
}

/** Runs `work` in one transaction on the locked booking, then returns the fresh booking. */
export async function mutateBooking(
  db: Db,
  actor: Actor,
  rawBid: string,
  now: Date,
  work: (tx: Db, b: LockedBooking) => Promise<void>,
): Promise<Booking> {
  const bid = normalizeBid(rawBid);
  await db.transaction(async (tx) => work(tx, await lockBooking(tx, actor, bid)));
  return getBooking(db, actor, bid, now);
}

/** Writes `patch` (and updatedAt) to the booking row; `onExclusion` maps a double allocation of the vehicle. */
export async function patchBooking(tx: Db, id: number, patch: BookingPatch, now: Date, onExclusion?: () => AppError): Promise<void> {
  try {
    await tx
      .update(bookings)
      .set({ ...patch, updatedAt: now })
      .where(eq(bookings.id, id));
  } catch (err) {
    if (onExclusion && isExclusionViolation(err)) throw onExclusion();
    throw err;
  }
}

/** Appends the booking's event (BOOKING_EVENT unless `o.type` says otherwise) with its vehicle and customer. */
export async function bookingEvent(
  tx: Db,
  actor: Actor,
  b: LockedBooking,
  text: EventTextPart | readonly EventTextPart[],
  properties: Record<string, unknown>,
  o: { type?: EventType; vehicle?: VehicleRow | null; occurred?: Date } = {},
): Promise<void> {
  const vehicle = o.vehicle === undefined ? b.vehicle : o.vehicle;
  await appendEvent(tx, actor, {
    type: o.type ?? 'BOOKING_EVENT',
    text,
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

/** The text, followed by ": reason" when staff gave one. */
export const withReason = (text: EventTextPart, reason: string | undefined): EventTextPart[] =>
  reason ? [text, eventText('withReason', { reason })] : [text];

/**
 * Refuses `key` for the reason the booking's abilities give (abilities.ts), or `fallback` when the action does not
 * apply to the booking at all.
 */
export function requireAbility(
  b: LockedBooking,
  key: BookingAbilityKey,
  now: Date,
  fallback: MessageKey,
  refuse: (reason: MessageKey) => AppError = conflictFor,
): void {
  const reason = bookingRefusal(key, b.facts, now, fallback);
  if (reason) throw refuse(reason);
}

export function stateAfter(b: LockedBooking, command: BookingCommand) {
  const state = nextState(b.row.state, command);
  if (!state) throw new Error(`state machine: ${command} from ${b.row.state} was allowed but has no next state`);
  return state;
}

/** The actor's operator (its name and time zone for texts). */
export async function fleetOf(tx: Db, actor: Actor) {
  const [fleet] = await tx.select().from(fleets).where(eq(fleets.id, actor.fleet)).limit(1);
  if (!fleet) throw new Error(`missing fleet ${actor.fleet}`);
  return fleet;
}
