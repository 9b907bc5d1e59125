import {
  type EventTextPart,
  eventMoney,
  eventText,
  ADMIN_FEE_ITEM,
  formatLocalDateTime,
  MESSAGES,
  type Booking,
  type ZAdjustQuery,
} from '@fleetdesk/contract';
import { and, desc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { events } from '../../db/schema.ts';
import type { Actor } from '../auth/index.ts';
import { addAdminFee, extendedEstimate, removeAdminFeeLine } from './booking-ledger.ts';
import {
  bookingEvent,
  conflict,
  conflictFor,
  fleetOf,
  invalid,
  mutateBooking,
  patchBooking,
  requireAbility,
  type BookingPatch,
} from './locked-booking.ts';
import { MAX_PRICED_HOURS } from './pricing.ts';

/**
 * PUT /api/bookings/{bid}/adjust (spec §4 extend, §7): extending a live booking (with an optional admin fee) and
 * locking changes for the customer. Choices: docs/decisions/0012-booking-lifecycle.md.
 */

export type AdjustQuery = z.infer<typeof ZAdjustQuery>;

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
    const texts: EventTextPart[] = [];
    const properties: Record<string, unknown> = { action: 'ADJUSTED' };
    const patch: BookingPatch = {};

    if (q.endTime !== undefined) {
      requireAbility(b, 'extend', now, 'cannotExtend');
      const newEnd = new Date(q.endTime);
      if (newEnd.getTime() <= b.row.endTime.getTime()) throw invalid('endTime', 'The new end must be after the current end');
      if (newEnd.getTime() - b.row.startTime.getTime() > MAX_PRICED_HOURS * 3_600_000) throw invalid('endTime', 'The booking would be too long');
      const fleet = await fleetOf(tx, actor);
      const minutes = Math.round((newEnd.getTime() - b.row.endTime.getTime()) / 60_000);
      // Written first, so that an extension into the vehicle's next booking fails before anything else is done.
      await patchBooking(tx, b.row.id, { endTime: newEnd }, now, () => conflict(VEHICLE_BOOKED_AFTER));
      texts.push(eventText('bookingExtended', { minutes, end: formatLocalDateTime(newEnd, fleet.timeZone) }));
      Object.assign(properties, {
        previousEndTime: b.row.endTime.toISOString(),
        endTime: newEnd.toISOString(),
        extensionMinutes: minutes,
        // What undoExtension puts back.
        previousEstimatedPriceWithoutVat: b.row.estimatedPriceWithoutVat,
        previousEstimatedVat: b.row.estimatedVat,
      });

      let feeAdded: { priceWithoutVat: number; vat: number } | null = null;
      if (q.adminFeeAdded) {
        const fee = await addAdminFee(tx, actor, b, `Extension by ${minutes} minutes`, now);
        feeAdded = fee;
        if (fee) {
          texts.push(eventText('adminFeeAddedPart', { amount: eventMoney(fee.totalPrice, fee.currency) }));
          properties.adminFee = { orderId: fee.orderId, lineId: fee.lineId, amount: fee.totalPrice, currency: fee.currency };
          await bookingEvent(
            tx,
            actor,
            b,
            eventText('adminFeeAdded', { amount: eventMoney(fee.totalPrice, fee.currency), orderId: fee.orderId }),
            {
              orderId: fee.orderId,
              amount: fee.totalPrice,
              currency: fee.currency,
              itemName: ADMIN_FEE_ITEM,
              createdPayment: fee.created,
            },
            { type: 'PAYMENT_ACTION', occurred: now },
          );
        } else {
          properties.adminFee = null;
        }
      }

      const estimate = extendedEstimate(b, newEnd, fleet.timeZone, feeAdded);
      patch.estimatedPriceWithoutVat = estimate.withoutVat;
      patch.estimatedVat = estimate.vat;
    }

    if (q.changesLockedForUser !== undefined) {
      requireAbility(b, 'edit', now, 'notEditable');
      patch.lockedForUser = q.changesLockedForUser;
      texts.push(eventText(q.changesLockedForUser ? 'changesLocked' : 'changesUnlocked'));
      properties.changesLockedForUser = q.changesLockedForUser;
    }

    await patchBooking(tx, b.row.id, patch, now);
    await bookingEvent(tx, actor, b, texts, properties, { occurred: now });
  });
}

/** How long after an extension the staff member who made it may undo it: the toast offers Undo for 8 s; this leaves room. */
export const EXTENSION_UNDO_WINDOW_MS = 5 * 60_000;

/** What an extension's event keeps for its undo (written by adjustBooking above). */
const ZExtensionRecord = z.object({
  action: z.literal('ADJUSTED'),
  previousEndTime: z.string(),
  endTime: z.string(),
  extensionMinutes: z.number(),
  previousEstimatedPriceWithoutVat: z.number().nullable(),
  previousEstimatedVat: z.number().nullable(),
  adminFee: z.object({ orderId: z.string(), lineId: z.number(), amount: z.number(), currency: z.string() }).nullish(),
});

/**
 * POST /api/bookings/{bid}/undo-extension (issue 17: Undo on the extension's toast, docs/decisions/0060-undo-extension.md).
 * Takes back the booking's latest extension when the staff member asking made it in the last EXTENSION_UNDO_WINDOW_MS
 * and nothing has moved the end since: the end and the estimate go back to what they were, and the admin fee the
 * extension added is removed while its payment is not yet paid or invoiced. A booking that can no longer be
 * extended (ended since) cannot be un-extended either. Refusals are 409 with the reason's message id.
 */
export async function undoExtension(db: Db, actor: Actor, rawBid: string, now = new Date()): Promise<Booking> {
  return mutateBooking(db, actor, rawBid, now, async (tx, b) => {
    // The booking's latest extension or undo: only the latest extension can be taken back, and only once.
    const [last] = await tx
      .select({ id: events.id, occurred: events.occurred, actingUsername: events.actingUsername, properties: events.properties })
      .from(events)
      .where(
        and(
          eq(events.fleetId, actor.fleet),
          eq(events.bid, b.row.bid),
          sql`(${events.properties}->>'action' = 'EXTENSION_UNDONE' or (${events.properties}->>'action' = 'ADJUSTED' and ${events.properties}->>'extensionMinutes' is not null))`,
        ),
      )
      .orderBy(desc(events.id))
      .limit(1);
    const record = ZExtensionRecord.safeParse(last?.properties);
    if (!last || !record.success || last.actingUsername !== actor.username || now.getTime() - last.occurred.getTime() > EXTENSION_UNDO_WINDOW_MS) {
      throw conflictFor('extensionUndoNothing');
    }
    const extension = record.data;
    if (b.row.endTime.getTime() !== new Date(extension.endTime).getTime()) throw conflictFor('extensionUndoChanged');
    requireAbility(b, 'extend', now, 'cannotExtend');

    const previousEnd = new Date(extension.previousEndTime);
    const fleet = await fleetOf(tx, actor);
    const texts: EventTextPart[] = [
      eventText('bookingExtensionUndone', { minutes: extension.extensionMinutes, end: formatLocalDateTime(previousEnd, fleet.timeZone) }),
    ];
    if (extension.adminFee) {
      const removed = await removeAdminFeeLine(tx, b, extension.adminFee.lineId);
      if (removed === 'CHARGED') throw conflictFor('extensionUndoFeeCharged');
      if (removed) texts.push(eventText('adminFeeRemovedPart', { amount: eventMoney(extension.adminFee.amount, extension.adminFee.currency) }));
    }
    await patchBooking(
      tx,
      b.row.id,
      {
        endTime: previousEnd,
        estimatedPriceWithoutVat: extension.previousEstimatedPriceWithoutVat,
        estimatedVat: extension.previousEstimatedVat,
      },
      now,
    );
    await bookingEvent(
      tx,
      actor,
      b,
      texts,
      {
        action: 'EXTENSION_UNDONE',
        undoneEventId: last.id,
        previousEndTime: extension.endTime,
        endTime: extension.previousEndTime,
        adminFeeRemoved: extension.adminFee ? { orderId: extension.adminFee.orderId, amount: extension.adminFee.amount } : undefined,
      },
      { occurred: now },
    );
  });
}
