import { createHash } from 'node:crypto';
import {
  eventText,
  formatLocalDateTime,
  MESSAGE_IDS,
  MESSAGES,
  type Ability,
  type MessageKey,
  type OutOfServiceBooking,
  type OutOfServiceResponse,
  type PaymentStatus,
  type Vehicle,
} from '@fleetdesk/contract';
import { and, asc, eq, gt, lt, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { bookings, fleets, payments, users, vehicleModels, vehicles, vehicleStatus } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import { enqueueMail } from '../../integrations/mail/mailer.ts';
import { outOfServiceMail } from './mail-texts.ts';
import { mailLanguage } from '../../lib/mail-language.ts';
import type { PaymentProvider } from '../../integrations/payments/provider.ts';
import type { Telematics } from '../../integrations/telematics/types.ts';
import type { Actor } from '../auth/index.ts';
import { bookingEvent, findFreeVehicle, lockBooking, lockMainBookingPayment, patchBooking, type AllocationSpec } from '../bookings/index.ts';
import { appendEvent } from '../events/index.ts';
import { requestVehicleCommand } from '../vehicle-commands/index.ts';
import { findFleetVehicle, getVehicle, vehicleAbilities, vehicleServiceAbilities } from '../vehicles/index.ts';

/**
 * Out of service and back in service (issue 19 point 5; docs/decisions/0072-out-of-service.md).
 *
 * The plan: every live booking allocated to (or naming) the vehicle that is still INACTIVE, has not ended and starts
 * before the expected return, start ascending. Each is MOVEd to the first free vehicle of its pick-up pool that
 * matches what the customer booked (its class, its model; a booking of this very vehicle: its model, else its class),
 * else CANCELled with its open booking payment waived (no cancellation fee). The bookings of one vehicle never
 * overlap (the exclusion constraint), so the proposals do not compete for a vehicle and each is found on its own.
 *
 * The dry run answers the plan. The real call locks the vehicle and the bookings, plans again in the same transaction,
 * and applies the plan only when its fingerprint is the one the agent reviewed (else 409): one transaction moves and
 * cancels the bookings, waives the payments, queues the customers' mails, marks the vehicle out of service and writes
 * one event per booking, per waived payment and for the vehicle. The immobilize command goes out afterwards through
 * the remote-command path.
 */

type VehicleRow = typeof vehicles.$inferSelect;
type BookingRow = typeof bookings.$inferSelect;

export interface OutOfServiceInput {
  reason: string;
  expectedReturn: string;
  immobilize: boolean;
  dryRun: boolean;
  planFingerprint?: string | undefined;
}

export interface VehicleServiceDeps {
  telematics: Telematics;
  payments: PaymentProvider;
}

interface PlanItem {
  row: BookingRow;
  /** `language` as on record: it may be a code outside the four (the mail's language is chosen with mailLanguage). */
  customer: { username: string; fullNameLastFirst: string; givenFamily: string; email: string | null; language: string } | null;
  to: VehicleRow | null;
}

/** Booking payment statuses that are still open and are waived (NO_CHARGE) when the booking is cancelled. */
const WAIVABLE: readonly PaymentStatus[] = ['UNPAID', 'RESERVED', 'RESERVATION_FAILED', 'NEEDS_AUTHORIZATION'];
/** Of those, the ones holding money on the card: the reservation is released after the commit. */
const HELD: readonly PaymentStatus[] = ['RESERVED', 'NEEDS_AUTHORIZATION'];

const conflictFor = (messageId: string, key: MessageKey) => AppError.of(messageId, 409, key, undefined, [{ messageId: key, message: MESSAGES[key] }]);
const planChanged = () => conflictFor(MESSAGE_IDS.outOfServicePlanChanged, 'outOfServicePlanChanged');

/** The ability refused → 409 with its reason. */
function refuse(ability: Ability): never {
  const key = (ability.reason ?? 'conflict') as MessageKey;
  const messageId =
    key === 'vehicleOutOfService'
      ? MESSAGE_IDS.vehicleOutOfService
      : key === 'vehicleInService'
        ? MESSAGE_IDS.vehicleInService
        : MESSAGE_IDS.conflict;
  throw conflictFor(messageId, key);
}

async function lockVehicle(tx: Db, actor: Actor, vin: string): Promise<VehicleRow> {
  const found = await findFleetVehicle(tx, actor, vin);
  const [row] = await tx.select().from(vehicles).where(eq(vehicles.id, found.id)).limit(1).for('update');
  if (!row) throw new Error(`vehicle ${found.id} vanished`);
  return row;
}

async function activeBookingBid(tx: Db, actor: Actor, vehicleId: number): Promise<string | null> {
  const [active] = await tx
    .select({ bid: bookings.bid })
    .from(bookings)
    .where(and(eq(bookings.allocatedVehicleId, vehicleId), eq(bookings.state, 'ACTIVE'), eq(bookings.fleetId, actor.fleet)))
    .limit(1);
  return active?.bid ?? null;
}

/** The specifications a booking may move to, in order of preference (what the customer booked, at most as wide as its class). */
async function moveSpecs(tx: Db, b: BookingRow, from: VehicleRow): Promise<AllocationSpec[]> {
  if (b.specType === 'CLASS' && b.specClassName) return [{ type: 'CLASS', className: b.specClassName, vehicleCategory: b.vehicleCategory }];
  if (b.specType === 'MODEL' && b.specModelId !== null) return [{ type: 'MODEL', modelId: b.specModelId }];
  // A booking of this very vehicle (or with an incomplete specification): the vehicle's model, else its class.
  const [model] = await tx.select({ priceClass: vehicleModels.priceClass }).from(vehicleModels).where(eq(vehicleModels.id, from.modelId)).limit(1);
  const specs: AllocationSpec[] = [{ type: 'MODEL', modelId: from.modelId }];
  if (model) specs.push({ type: 'CLASS', className: model.priceClass, vehicleCategory: from.vehicleCategory });
  return specs;
}

/** The affected bookings (locked when `lock`) with their proposals. */
async function planBookings(tx: Db, actor: Actor, v: VehicleRow, expectedReturn: Date, now: Date, lock: boolean): Promise<PlanItem[]> {
  const query = tx
    .select({ b: bookings, u: users })
    .from(bookings)
    .leftJoin(users, eq(users.id, bookings.userId))
    .where(
      and(
        eq(bookings.fleetId, actor.fleet),
        eq(bookings.state, 'INACTIVE'),
        or(eq(bookings.allocatedVehicleId, v.id), and(eq(bookings.specType, 'VEHICLE'), eq(bookings.specVehicleId, v.id))),
        gt(bookings.endTime, now),
        lt(bookings.startTime, expectedReturn),
      ),
    )
    .orderBy(asc(bookings.startTime), asc(bookings.id));
  const rows = lock ? await query.for('update', { of: bookings }) : await query;
  const items: PlanItem[] = [];
  for (const { b, u } of rows) {
    let to: VehicleRow | null = null;
    for (const spec of await moveSpecs(tx, b, v)) {
      to = await findFreeVehicle(tx, actor.fleet, { poolId: b.fromPoolId, spec, start: b.startTime, end: b.endTime, now, excludeVehicleId: v.id });
      if (to) break;
    }
    items.push({
      row: b,
      customer: u
        ? {
            username: u.username,
            fullNameLastFirst: `${u.familyName}, ${u.givenName}`,
            givenFamily: `${u.givenName} ${u.familyName}`,
            email: u.emailAddress?.trim() || null,
            language: u.language,
          }
        : null,
      to,
    });
  }
  return items;
}

/** The open booking payments of the bookings a plan cancels, by booking id (order id and status). */
async function waivablePayments(tx: Db, items: PlanItem[]): Promise<Map<number, { orderId: string; status: PaymentStatus }>> {
  const out = new Map<number, { orderId: string; status: PaymentStatus }>();
  for (const item of items) {
    if (item.to) continue;
    const main = await lockMainBookingPayment(tx, item.row);
    if (main && WAIVABLE.includes(main.status)) out.set(item.row.id, { orderId: main.orderId, status: main.status });
  }
  return out;
}

/** The plan's identity: the vehicle, the expected return and, per booking, its version and proposal. */
function fingerprintOf(
  v: VehicleRow,
  expectedReturn: Date,
  items: PlanItem[],
  waived: Map<number, { orderId: string; status: PaymentStatus }>,
): string {
  const data = {
    vin: v.vin,
    expectedReturn: expectedReturn.toISOString(),
    bookings: items.map((i) => [i.row.bid, i.row.updatedAt.toISOString(), i.to?.vin ?? null, waived.get(i.row.id)?.status ?? null]),
  };
  return createHash('sha256').update(JSON.stringify(data)).digest('hex').slice(0, 16);
}

function toPlanBooking(i: PlanItem, waived: Map<number, { orderId: string }>): OutOfServiceBooking {
  return {
    bid: i.row.bid,
    customer: i.customer ? { username: i.customer.username, fullNameLastFirst: i.customer.fullNameLastFirst } : null,
    start: i.row.startTime.toISOString(),
    end: i.row.endTime.toISOString(),
    proposal: i.to ? 'MOVE' : 'CANCEL',
    toVehicle: i.to ? { vin: i.to.vin, registrationNumber: i.to.registrationNumber, longPresentation: i.to.longPresentation } : null,
    notified: i.customer?.email !== null && i.customer !== null,
    waivedOrderId: waived.get(i.row.id)?.orderId ?? null,
  };
}

/** The IMMOBILIZE ability of the vehicle now (the remote-command rule). */
async function immobilizeAbility(tx: Db, v: VehicleRow): Promise<Ability> {
  const [status] = await tx
    .select({ locked: vehicleStatus.locked, immobilized: vehicleStatus.immobilized })
    .from(vehicleStatus)
    .where(eq(vehicleStatus.vehicleId, v.id))
    .limit(1);
  return vehicleAbilities(v.agentHardwareType, status ?? null).IMMOBILIZE;
}

/** POST /api/vehicles/by-vin/{vin}/out-of-service (dry run or real). */
export async function takeOutOfService(
  db: Db,
  deps: VehicleServiceDeps,
  actor: Actor,
  vin: string,
  input: OutOfServiceInput,
  now = new Date(),
): Promise<OutOfServiceResponse> {
  const expectedReturn = new Date(input.expectedReturn);
  if (!(expectedReturn.getTime() > now.getTime())) {
    throw AppError.invalidInput([{ field: 'expectedReturn', message: MESSAGES.expectedReturnInPast }]);
  }
  if (!input.dryRun && !input.planFingerprint) {
    throw AppError.invalidInput([{ field: 'planFingerprint', message: MESSAGES.outOfServicePlanRequired }]);
  }
  const reason = input.reason.trim();
  const held: string[] = [];

  const outcome = await db.transaction(async (tx) => {
    const v = input.dryRun ? await findFleetVehicle(tx, actor, vin) : await lockVehicle(tx, actor, vin);
    const ability = vehicleServiceAbilities({
      outOfService: v.outOfServiceSince !== null,
      activeBookingBid: await activeBookingBid(tx, actor, v.id),
    }).outOfService;
    if (!ability.allowed) refuse(ability);
    const immobilize = await immobilizeAbility(tx, v);
    // Asked to immobilize a vehicle that cannot be (no agent): refused with that reason. Already immobilized: nothing to send.
    if (!input.dryRun && input.immobilize && !immobilize.allowed && immobilize.reason) {
      throw AppError.of(MESSAGE_IDS.commandNotAvailable, 409, 'commandNotAvailable', undefined, [
        { messageId: immobilize.reason, message: MESSAGES[immobilize.reason as MessageKey] ?? immobilize.reason },
      ]);
    }

    const items = await planBookings(tx, actor, v, expectedReturn, now, !input.dryRun);
    const waived = await waivablePayments(tx, items);
    const fingerprint = fingerprintOf(v, expectedReturn, items, waived);
    const response: OutOfServiceResponse = {
      vin: v.vin,
      registrationNumber: v.registrationNumber,
      dryRun: input.dryRun,
      fingerprint,
      reason,
      expectedReturn: expectedReturn.toISOString(),
      bookings: items.map((i) => toPlanBooking(i, waived)),
      immobilize: { requested: input.immobilize, ability: immobilize, commandId: null },
    };
    if (input.dryRun) return { response, sendImmobilize: false };
    if (fingerprint !== input.planFingerprint) throw planChanged();

    const [fleet] = await tx
      .select({ name: fleets.name, timeZone: fleets.timeZone, defaultLanguage: fleets.defaultLanguage })
      .from(fleets)
      .where(eq(fleets.id, actor.fleet))
      .limit(1);
    const timeZone = fleet?.timeZone ?? 'UTC';
    const fleetName = fleet?.name ?? actor.fleet;
    for (const item of items) {
      const b = await lockBooking(tx, actor, item.row.bid);
      if (item.to) {
        await patchBooking(
          tx,
          b.row.id,
          {
            allocatedVehicleId: item.to.id,
            allocationState: 'ALLOCATED',
            ...(b.row.specType === 'VEHICLE' ? { specVehicleId: item.to.id } : {}),
          },
          now,
          planChanged,
        );
        await bookingEvent(
          tx,
          actor,
          b,
          eventText('bookingMovedOutOfService', { from: v.longPresentation, to: item.to.longPresentation }),
          { action: 'MOVED', public: true, reason, outOfService: true, fromVin: v.vin, toVin: item.to.vin },
          { vehicle: item.to, occurred: now },
        );
      } else {
        await patchBooking(tx, b.row.id, { state: 'CANCELLED', cancelledAt: now, cancelledBy: actor.username, cancelReason: reason }, now);
        await bookingEvent(
          tx,
          actor,
          b,
          eventText('bookingCancelledOutOfService'),
          { action: 'CANCELLED', public: true, reason, outOfService: true, feesWaived: true },
          { vehicle: v, occurred: now },
        );
        const main = waived.has(b.row.id) ? await lockMainBookingPayment(tx, b.row) : null;
        if (main) {
          if (HELD.includes(main.status) && main.externalId) held.push(main.externalId);
          await tx.update(payments).set({ status: 'NO_CHARGE', reservationFailed: false }).where(eq(payments.id, main.id));
          await appendEvent(tx, actor, {
            type: 'PAYMENT_ACTION',
            text: eventText('paymentWaivedOutOfService', { orderId: main.orderId }),
            bid: b.row.bid,
            affectedUsername: b.user?.username ?? null,
            occurred: now,
            properties: { orderId: main.orderId, previousStatus: main.status, status: 'NO_CHARGE', outOfService: true },
          });
        }
      }
      if (item.customer?.email) {
        const mail = outOfServiceMail({
          language: mailLanguage(item.customer.language, fleet?.defaultLanguage),
          fleetName,
          bid: item.row.bid,
          customerName: item.customer.givenFamily,
          start: item.row.startTime,
          end: item.row.endTime,
          timeZone,
          from: v.longPresentation,
          to: item.to?.longPresentation ?? null,
        });
        await enqueueMail(tx, { to: item.customer.email, subject: mail.subject, text: mail.text, fleet: actor.fleet });
        // On the customer's timeline with their other mails (kind `mail`): what they were told, and when.
        await appendEvent(tx, actor, {
          type: 'BOOKING_EVENT',
          text: eventText(item.to ? 'outOfServiceMovedMailSent' : 'outOfServiceCancelledMailSent', { to: item.customer.email }),
          bid: item.row.bid,
          affectedUsername: item.customer.username,
          occurred: now,
          properties: {
            action: 'MAIL_QUEUED',
            outOfService: true,
            to: item.customer.email,
            language: mailLanguage(item.customer.language, fleet?.defaultLanguage),
          },
        });
      }
    }

    await tx
      .update(vehicles)
      .set({ outOfServiceSince: now, outOfServiceReason: reason, outOfServiceBy: actor.username, outOfServiceExpectedReturn: expectedReturn })
      .where(eq(vehicles.id, v.id));
    await appendEvent(tx, actor, {
      type: 'VEHICLE_ADMIN',
      text: eventText('vehicleOutOfService', { expectedReturn: formatLocalDateTime(expectedReturn, timeZone), reason }),
      vin: v.vin,
      occurred: now,
      properties: {
        action: 'OUT_OF_SERVICE',
        reason,
        expectedReturn: expectedReturn.toISOString(),
        planFingerprint: fingerprint,
        moved: items.filter((i) => i.to).map((i) => i.row.bid),
        cancelled: items.filter((i) => !i.to).map((i) => i.row.bid),
      },
    });
    return { response, sendImmobilize: input.immobilize && immobilize.allowed };
  });

  for (const externalId of held) await deps.payments.release(externalId).catch(() => undefined);
  if (outcome.sendImmobilize) {
    const command = await requestVehicleCommand(db, deps.telematics, actor, vin, 'IMMOBILIZE', { reason }, now);
    outcome.response.immobilize.commandId = command.id;
  }
  return outcome.response;
}

/** POST /api/vehicles/by-vin/{vin}/back-in-service: the vehicle takes bookings again; moved bookings stay where they are. */
export async function putBackInService(db: Db, actor: Actor, vin: string, now = new Date()): Promise<Vehicle> {
  await db.transaction(async (tx) => {
    const v = await lockVehicle(tx, actor, vin);
    const ability = vehicleServiceAbilities({ outOfService: v.outOfServiceSince !== null, activeBookingBid: null }).backInService;
    if (!ability.allowed) refuse({ allowed: false, reason: 'vehicleInService' });
    await tx
      .update(vehicles)
      .set({ outOfServiceSince: null, outOfServiceReason: null, outOfServiceBy: null, outOfServiceExpectedReturn: null })
      .where(eq(vehicles.id, v.id));
    await appendEvent(tx, actor, {
      type: 'VEHICLE_ADMIN',
      text: eventText('vehicleBackInService'),
      vin: v.vin,
      occurred: now,
      properties: { action: 'BACK_IN_SERVICE', outOfServiceSince: v.outOfServiceSince?.toISOString() ?? null, reason: v.outOfServiceReason },
    });
  });
  return getVehicle(db, actor, vin);
}
