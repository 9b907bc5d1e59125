import { eventText } from '@fleetdesk/contract';
import type { Booking } from '@fleetdesk/contract';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../auth/index.ts';
import { bookingEvent, mutateBooking, patchBooking, requireAbility } from './locked-booking.ts';

/** The two marks support sets on a booking (spec §4 menu): the checkout done and a technical issue reported. */

/** POST /api/bookings/{bid}/checkout: clears checkoutRequired (only when it is set). */
export async function checkoutBooking(db: Db, actor: Actor, rawBid: string, now = new Date()): Promise<Booking> {
  return mutateBooking(db, actor, rawBid, now, async (tx, b) => {
    requireAbility(b, 'checkout', now, 'noCheckoutRequired');
    await patchBooking(tx, b.row.id, { checkoutRequired: false, checkedOutAt: now }, now);
    await bookingEvent(tx, actor, b, eventText('checkedOut'), { action: 'CHECKED_OUT' }, { occurred: now });
  });
}

/** POST /api/bookings/{bid}/technical-issue {description}: once per booking. */
export async function reportTechnicalIssue(db: Db, actor: Actor, rawBid: string, description: string, now = new Date()): Promise<Booking> {
  return mutateBooking(db, actor, rawBid, now, async (tx, b) => {
    requireAbility(b, 'reportTechnicalIssue', now, 'technicalIssueAlreadyReported');
    await patchBooking(
      tx,
      b.row.id,
      { technicalIssueReportedAt: now, technicalIssueReportedBy: actor.username, technicalIssueDescription: description },
      now,
    );
    await bookingEvent(
      tx,
      actor,
      b,
      eventText('technicalIssueReported', { description }),
      { action: 'TECHNICAL_ISSUE', description },
      { occurred: now },
    );
  });
}
