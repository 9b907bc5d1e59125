import { eventText, type Language } from '@fleetdesk/contract';
import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { fleets, paymentEvents, payments, pools } from '../../db/schema.ts';
import { enqueueMail } from '../../integrations/mail/mailer.ts';
import { mailLanguage, type MailContent } from '../../lib/mail-language.ts';
import type { Actor } from '../auth/index.ts';
import { bookingEvent, conflictFor, fleetOf, lockBooking, patchBooking, requireAbility, type LockedBooking } from './locked-booking.ts';
import { receiptMail } from './receipt-mail.ts';
import { normalizeBid } from './service.ts';

/**
 * The booking receipt (spec §4 menu, §7 /receipt): a plain-text receipt of the booking and its charges, mailed to the
 * customer in their language (receipt-mail.ts).
 */

/** POST /api/bookings/{bid}/receipt: mails a plain-text receipt to the customer (through the outbox). */
export async function sendBookingReceipt(db: Db, actor: Actor, rawBid: string, now = new Date()): Promise<void> {
  const bid = normalizeBid(rawBid);
  await db.transaction(async (tx) => {
    const b = await lockBooking(tx, actor, bid);
    requireAbility(b, 'mailReceipt', now, 'receiptNoCustomer');
    const to = b.user?.emailAddress?.trim();
    if (!to) throw conflictFor('receiptNoEmail');
    const fleet = await fleetOf(tx, actor);
    const { subject, text, language } = await receiptContent(tx, b, fleet);
    await enqueueMail(tx, { to, subject, text, fleet: actor.fleet });
    await patchBooking(tx, b.row.id, { receiptSentAt: now }, now);
    await bookingEvent(tx, actor, b, eventText('receiptSent'), { action: 'RECEIPT_SENT', to, language }, { occurred: now });
  });
}

/** The receipt mail in the customer's language (their profile's, else the operator's default language). */
async function receiptContent(tx: Db, b: LockedBooking, fleet: typeof fleets.$inferSelect): Promise<MailContent & { language: Language }> {
  const r = b.row;
  const poolRows = await tx
    .select()
    .from(pools)
    .where(inArray(pools.id, [r.fromPoolId, r.toPoolId]));
  const poolText = (id: number) => {
    const p = poolRows.find((x) => x.id === id);
    return p ? `${p.name}, ${p.city}` : null;
  };
  const bookingPayments = await tx.select().from(payments).where(eq(payments.bookingId, r.id)).orderBy(asc(payments.id));
  const main = bookingPayments.find((p) => p.target === 'BOOKING' && p.parentPaymentId === null);
  const ordered = main ? [main, ...bookingPayments.filter((p) => p !== main)] : bookingPayments;
  const lines = ordered.length
    ? await tx
        .select()
        .from(paymentEvents)
        .where(
          inArray(
            paymentEvents.paymentId,
            ordered.map((p) => p.id),
          ),
        )
        .orderBy(asc(paymentEvents.id))
    : [];

  const u = b.user;
  const language = mailLanguage(u?.language, fleet.defaultLanguage);
  const mail = receiptMail({
    language,
    fleetName: fleet.name,
    timeZone: fleet.timeZone,
    bid: r.bid,
    state: r.state,
    customer: u ? { givenName: u.givenName, familyName: u.familyName, username: u.username } : null,
    start: r.startTime,
    end: r.endTime,
    usageStart: r.usageStart,
    usageEnd: r.usageEnd,
    fromPool: poolText(r.fromPoolId),
    toPool: poolText(r.toPoolId),
    vehicle: b.vehicle?.longPresentation ?? null,
    distance: r.distance,
    payments: ordered.map((p) => ({
      orderId: p.orderId,
      type: p.type,
      status: p.status,
      currency: p.currency,
      totalPriceWithoutVat: p.totalPriceWithoutVat,
      totalVat: p.totalVat,
      totalPrice: p.totalPrice,
      lines: lines.filter((l) => l.paymentId === p.id),
    })),
  });
  return { ...mail, language };
}
