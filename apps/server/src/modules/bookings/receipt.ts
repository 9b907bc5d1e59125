import { eventText, formatLocalDateTime } from '@fleetdesk/contract';
import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { fleets, paymentEvents, payments, pools } from '../../db/schema.ts';
import { enqueueMail } from '../../integrations/mail/mailer.ts';
import type { Actor } from '../auth/index.ts';
import { bookingEvent, conflictFor, fleetOf, lockBooking, patchBooking, requireAbility, type LockedBooking } from './locked-booking.ts';
import { money } from './pricing.ts';
import { normalizeBid } from './service.ts';

/** The booking receipt (spec §4 menu, §7 /receipt): a plain-text receipt of the booking and its charges, mailed to the customer. */

/** POST /api/bookings/{bid}/receipt: mails a plain-text receipt to the customer (through the outbox). */
export async function sendBookingReceipt(db: Db, actor: Actor, rawBid: string, now = new Date()): Promise<void> {
  const bid = normalizeBid(rawBid);
  await db.transaction(async (tx) => {
    const b = await lockBooking(tx, actor, bid);
    requireAbility(b, 'mailReceipt', now, 'receiptNoCustomer');
    const to = b.user?.emailAddress?.trim();
    if (!to) throw conflictFor('receiptNoEmail');
    const fleet = await fleetOf(tx, actor);
    const text = await receiptText(tx, b, fleet);
    await enqueueMail(tx, { to, subject: `${fleet.name}: receipt for booking ${b.row.bid}`, text, fleet: actor.fleet });
    await patchBooking(tx, b.row.id, { receiptSentAt: now }, now);
    await bookingEvent(tx, actor, b, eventText('receiptSent'), { action: 'RECEIPT_SENT', to }, { occurred: now });
  });
}

async function receiptText(tx: Db, b: LockedBooking, fleet: typeof fleets.$inferSelect): Promise<string> {
  const r = b.row;
  const tz = fleet.timeZone;
  const poolRows = await tx
    .select()
    .from(pools)
    .where(inArray(pools.id, [r.fromPoolId, r.toPoolId]));
  const poolText = (id: number) => {
    const p = poolRows.find((x) => x.id === id);
    return p ? `${p.name}, ${p.city}` : '–';
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
  const out: string[] = [
    `${fleet.name} – receipt for booking ${r.bid}`,
    '',
    `Booking:   ${r.bid} (${r.state})`,
    ...(u ? [`Customer:  ${u.givenName} ${u.familyName} (${u.username})`] : []),
    `Booked:    ${formatLocalDateTime(r.startTime, tz)} – ${formatLocalDateTime(r.endTime, tz)} (${tz})`,
    `Used:      ${r.usageStart ? formatLocalDateTime(r.usageStart, tz) : '–'} – ${r.usageEnd ? formatLocalDateTime(r.usageEnd, tz) : '–'}`,
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
      out.push(
        `  ${l.itemDisplayText}: ${l.unitAmount} × ${l.unitCost.toFixed(2)} = ${money(l.priceWithoutVat, p.currency)} + VAT ${money(l.vat, p.currency)} = ${money(l.totalPrice, p.currency)}`,
      );
    }
    out.push(`  Total without VAT: ${money(p.totalPriceWithoutVat, p.currency)}`);
    out.push(`  VAT: ${money(p.totalVat, p.currency)}`);
    out.push(`  Total: ${money(p.totalPrice, p.currency)}`);
    out.push('');
  }
  return out.join('\n').trimEnd() + '\n';
}
