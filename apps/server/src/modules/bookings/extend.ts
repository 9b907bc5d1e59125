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
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../auth/index.ts';
import { addAdminFee, extendedEstimate } from './booking-ledger.ts';
import { bookingEvent, conflict, fleetOf, invalid, mutateBooking, patchBooking, requireAbility, type BookingPatch } from './locked-booking.ts';
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
      Object.assign(properties, { previousEndTime: b.row.endTime.toISOString(), endTime: newEnd.toISOString(), extensionMinutes: minutes });

      let feeAdded: { priceWithoutVat: number; vat: number } | null = null;
      if (q.adminFeeAdded) {
        const fee = await addAdminFee(tx, actor, b, `Extension by ${minutes} minutes`, now);
        feeAdded = fee;
        if (fee) {
          texts.push(eventText('adminFeeAddedPart', { amount: eventMoney(fee.totalPrice, fee.currency) }));
          properties.adminFee = { orderId: fee.orderId, amount: fee.totalPrice, currency: fee.currency };
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
