import type { FeeType, PaymentStatus, PaymentTarget, PaymentType } from '@fleetdesk/contract';
import type { Db } from '../db/client.ts';
import { paymentEvents, payments } from '../db/schema.ts';
import { insertAll } from './batch.ts';
import type { BookingPlan } from './demo-bookings.ts';
import { count, must, type FleetWorld, type SharedState } from './demo-world.ts';
import { feeLine, priceSeedBooking, totalsOf, type PaymentTotals } from './pricing.ts';
import { DAY, HOUR, MINUTE, Rng } from './random.ts';

/**
 * Payments of the demo bookings: one BOK order per charged booking (finished, active with a card reservation,
 * awaiting card authorisation, late cancellations) and EVE orders for fees added afterwards (parking tickets,
 * tolls, cleaning), linked to the booking payment as their parent.
 */

export interface PaymentRecord {
  orderId: string;
  booking: BookingPlan;
  type: PaymentType;
  status: PaymentStatus;
  target: PaymentTarget;
  totalPrice: number;
  timestamp: number;
  feeType: FeeType | null;
  credit: number | null;
}

interface Draft {
  orderId: string;
  booking: BookingPlan;
  type: PaymentType;
  status: PaymentStatus;
  target: PaymentTarget;
  totals: PaymentTotals;
  timestamp: number;
  timestampType: 'PAYMENT_DATE' | 'CREATED_DATE' | 'INVOICE_DATE';
  createdAt: number;
  feeType: FeeType | null;
  credit: number | null;
  parentOrderId: string | null;
}

export async function insertPayments(db: Db, w: FleetWorld, plans: BookingPlan[], sh: SharedState): Promise<PaymentRecord[]> {
  const rng = new Rng(`${w.cat.id}:payments`, w.cat.language);
  const base = w.base;
  const texts = w.cat.texts;
  let seq = 0;
  const nextOrder = (prefix: 'BOK' | 'EVE') => `${prefix}${w.cat.orderBase + ++seq}`;

  /** The engine's price of a booking over an interval and distance (booked for estimates, used when finished). */
  const price = (b: BookingPlan, start: number, end: number, distanceKm: number) =>
    priceSeedBooking({
      start,
      end,
      distanceKm,
      priceList: b.contract.spec.priceList,
      currency: w.cat.currency,
      timeZone: w.cat.timeZone,
      staffCreated: b.staffCreated,
    });
  const estimate = (b: BookingPlan) => price(b, b.start, b.end, b.estimatedDistance);
  const randomStatus = (type: PaymentType, ageDays: number): PaymentStatus => {
    if (type === 'CREDITCARD')
      return rng.weighted<PaymentStatus>([
        ['PAID', 82],
        ['UNPAID', 12],
        ['ABANDONED', 6],
      ]);
    if (type === 'USER_INVOICE') {
      return ageDays > 14
        ? rng.weighted<PaymentStatus>([
            ['PAID', 60],
            ['INVOICE_SENT', 25],
            ['UNPAID', 15],
          ])
        : rng.weighted<PaymentStatus>([
            ['UNPAID', 60],
            ['INVOICE_SENT', 40],
          ]);
    }
    return ageDays > 30
      ? rng.weighted<PaymentStatus>([
          ['PAID', 7],
          ['INVOICE_SENT', 3],
        ])
      : rng.weighted<PaymentStatus>([
          ['INVOICE_SENT', 6],
          ['UNPAID', 4],
        ]);
  };
  const stamp = (type: PaymentType, status: PaymentStatus, ended: number, created: number): Pick<Draft, 'timestamp' | 'timestampType'> => {
    const cap = (t: number) => Math.min(t, base - 30 * MINUTE);
    switch (status) {
      case 'PAID':
        return { timestampType: 'PAYMENT_DATE', timestamp: cap(type === 'CREDITCARD' ? ended + 5 * MINUTE : ended + rng.int(5, 20) * DAY) };
      case 'INVOICE_SENT':
        return { timestampType: 'INVOICE_DATE', timestamp: cap(ended + rng.int(1, 3) * DAY) };
      case 'RESERVED':
      case 'NEEDS_AUTHORIZATION':
      case 'RESERVATION_FAILED':
        return { timestampType: 'CREATED_DATE', timestamp: created };
      default:
        return { timestampType: 'CREATED_DATE', timestamp: cap(ended + 2 * MINUTE) };
    }
  };

  const drafts: Draft[] = [];
  for (const b of plans) {
    const kind = b.contract.spec.payment;
    const userType: PaymentType = kind === 'USER' ? (b.person?.cardId ? 'CREDITCARD' : 'USER_INVOICE') : 'INVOICE';
    let totals: PaymentTotals | null = null;
    let status: PaymentStatus | null = null;
    let type = userType;
    let created = b.createdAt;
    let ended = b.usageEnd ?? b.end;
    switch (b.state) {
      case 'FINISHED': {
        const usageStart = must(b.usageStart, 'usage start');
        const usageEnd = must(b.usageEnd, 'usage end');
        // Internal trips are priced too: their price list costs 0, so the lines show the hours and km at 0.
        totals = price(b, usageStart, usageEnd, b.distance ?? 0);
        status = kind === 'NO_CHARGE' ? 'NO_CHARGE' : (b.paymentStatus ?? randomStatus(type, (base - usageEnd) / DAY));
        created = usageStart;
        break;
      }
      case 'ACTIVE':
        if (b.paymentStatus || userType === 'CREDITCARD') {
          type = 'CREDITCARD';
          status = b.paymentStatus ?? 'RESERVED';
          totals = estimate(b);
          created = b.usageStart ?? b.start;
        }
        break;
      case 'INACTIVE':
        if (b.paymentStatus) {
          type = 'CREDITCARD';
          status = b.paymentStatus;
          totals = estimate(b);
        } else if (userType === 'CREDITCARD' && b.start - base < DAY && rng.chance(0.5)) {
          status = 'RESERVED';
          totals = estimate(b);
          created = Math.max(b.createdAt, b.start - DAY);
        }
        break;
      case 'CANCELLED': {
        const cancelledAt = b.cancelledAt ?? b.createdAt;
        ended = cancelledAt;
        if (b.paymentStatus) {
          type = 'CREDITCARD';
          status = b.paymentStatus;
          totals = estimate(b);
        } else if (kind === 'USER' && b.person && b.replacedBy === null && b.start - cancelledAt < DAY) {
          totals = totalsOf([
            feeLine(b.contract.spec.priceList, {
              itemName: 'LATE_CANCEL_FEE',
              itemType: 'LATE_CANCEL_FEE',
              unitAmount: 1,
              unitCost: b.contract.prices.get('LATE_CANCEL_FEE') ?? 0,
              comment: texts.lateCancel,
            }),
          ]);
          status = type === 'CREDITCARD' ? 'PAID' : 'UNPAID';
        }
        break;
      }
    }
    if (!totals || !status) continue;
    if (b.person === null && type === 'CREDITCARD') type = 'USER_INVOICE';
    drafts.push({
      orderId: nextOrder('BOK'),
      booking: b,
      type,
      status,
      target: 'BOOKING',
      totals,
      ...stamp(type, status, ended, created),
      createdAt: created,
      feeType: null,
      credit: null,
      parentOrderId: null,
    });
  }

  // A credit on one paid card payment.
  const creditable = drafts.filter((d) => d.type === 'CREDITCARD' && d.status === 'PAID' && !d.booking.scripted && d.booking.state === 'FINISHED');
  if (creditable.length > 0) {
    const d = rng.pick(creditable);
    // Half the price without VAT in whole NOK/SEK, at most 100.
    const amount = -Math.min(100, Math.floor(Math.round(d.totals.totalPriceWithoutVat * 100) / 200));
    d.totals = totalsOf([
      ...d.totals.lines,
      feeLine(d.booking.contract.spec.priceList, {
        itemName: 'CREDITING',
        itemType: 'CREDITING',
        unitAmount: 1,
        unitCost: amount,
        manualEvent: true,
        comment: texts.creditComment,
        publicComment: texts.creditPublicComment,
        createdBy: w.support,
      }),
    ]);
    d.credit = amount;
  }

  // Fees after the booking: the scripted ones, and a few on random finished bookings.
  const bok = new Map(drafts.map((d) => [d.booking.bid, d]));
  const feeBookings: { b: BookingPlan; fee: FeeType }[] = plans.filter((b) => b.fee).map((b) => ({ b, fee: must(b.fee, 'fee') }));
  const candidates = rng.shuffle(
    plans.filter((b) => b.state === 'FINISHED' && !b.scripted && b.person && b.contract.spec.payment !== 'NO_CHARGE' && bok.has(b.bid)),
  );
  const tollCities = new Set(Object.keys(texts.tollPoints));
  for (const fee of ['PARKING_TICKET', 'PARKING_TICKET', 'TOLL_FEE', 'RECONDITIONING_FEE'] as const) {
    const i = candidates.findIndex((b) => fee !== 'TOLL_FEE' || tollCities.has(b.fromPool.city));
    const b = candidates[i];
    if (!b) continue;
    candidates.splice(i, 1);
    b.fee = fee;
    feeBookings.push({ b, fee });
  }
  for (const { b, fee } of feeBookings) {
    const parent = bok.get(b.bid);
    const spec = must(texts.fees[fee], `fee texts ${fee}`);
    const type = parent?.type ?? 'USER_INVOICE';
    const status: PaymentStatus =
      b.scripted && parent && ['PAID', 'UNPAID', 'INVOICE_SENT'].includes(parent.status)
        ? parent.status
        : type === 'CREDITCARD'
          ? rng.weighted<PaymentStatus>([
              ['PAID', 6],
              ['UNPAID', 4],
            ])
          : rng.weighted<PaymentStatus>([
              ['INVOICE_SENT', 5],
              ['UNPAID', 5],
            ]);
    const ended = b.usageEnd ?? b.end;
    const created = Math.min(ended + rng.int(2, 8) * DAY, base - 2 * HOUR);
    const totals = totalsOf([
      feeLine(b.contract.spec.priceList, {
        itemName: fee,
        itemType: fee,
        unitAmount: fee === 'TOLL_FEE' ? rng.int(2, 5) : 1,
        unitCost: spec.unitCost,
        manualEvent: true,
        comment: spec.comment,
        publicComment: spec.publicComment,
        createdBy: w.support,
      }),
    ]);
    const s = stamp(type, status, created, created);
    drafts.push({
      orderId: nextOrder('EVE'),
      booking: b,
      type,
      status,
      target: 'EVENT',
      totals,
      timestamp: Math.max(s.timestamp, created),
      timestampType: s.timestampType,
      createdAt: created,
      feeType: fee,
      credit: null,
      parentOrderId: parent?.orderId ?? null,
    });
  }

  const externalId = (d: Draft) =>
    d.type === 'CREDITCARD'
      ? `sandbox_pi_${rng.f.string.alphanumeric({ length: 16, casing: 'lower' })}`
      : d.status === 'INVOICE_SENT' || d.status === 'PAID'
        ? `INV-${new Date(d.timestamp).getUTCFullYear()}-${d.orderId.slice(3)}`
        : null;
  const row = (d: Draft, parentPaymentId: number | null) => ({
    orderId: d.orderId,
    fleetId: w.cat.id,
    bookingId: d.booking.id,
    userId: d.booking.person?.id ?? null,
    parentPaymentId,
    type: d.type,
    status: d.status,
    target: d.target,
    timestampType: d.timestampType,
    timestamp: new Date(d.timestamp),
    totalPriceWithoutVat: d.totals.totalPriceWithoutVat,
    totalVat: d.totals.totalVat,
    totalPrice: d.totals.totalPrice,
    currency: w.cat.currency,
    externalId: externalId(d),
    paymentProvider: d.type === 'CREDITCARD' ? 'sandbox' : 'invoice',
    reservationFailed: d.status === 'RESERVATION_FAILED',
    cardId: d.type === 'CREDITCARD' ? (d.booking.person?.cardId ?? null) : null,
    createdAt: new Date(d.createdAt),
  });
  const parents = drafts.filter((d) => d.parentOrderId === null);
  const children = drafts.filter((d) => d.parentOrderId !== null);
  const ids = new Map<string, number>();
  const insertedParents =
    parents.length > 0
      ? await db
          .insert(payments)
          .values(parents.map((d) => row(d, null)))
          .returning({ id: payments.id, orderId: payments.orderId })
      : [];
  for (const r of insertedParents) ids.set(r.orderId, r.id);
  const insertedChildren =
    children.length > 0
      ? await db
          .insert(payments)
          .values(children.map((d) => row(d, must(ids.get(must(d.parentOrderId, 'parent')), 'parent id'))))
          .returning({ id: payments.id, orderId: payments.orderId })
      : [];
  for (const r of insertedChildren) ids.set(r.orderId, r.id);
  count(sh, 'payments', drafts.length);

  const eventRows = drafts.flatMap((d) =>
    d.totals.lines.map((l) => ({
      paymentId: must(ids.get(d.orderId), d.orderId),
      itemName: l.itemName,
      itemType: l.itemType,
      itemDisplayText: texts.itemDisplay[l.itemName] ?? l.itemName,
      publicComment: l.publicComment ?? null,
      comment: l.comment ?? null,
      unitAmount: l.unitAmount,
      unitCost: l.unitCost,
      priceWithoutVat: l.priceWithoutVat,
      vat: l.vat,
      totalPrice: l.totalPrice,
      manualEvent: l.manualEvent ?? false,
      createdBy: l.createdBy ?? null,
      createdAt: new Date(d.timestamp),
    })),
  );
  await insertAll(db, paymentEvents, eventRows);
  count(sh, 'payment_events', eventRows.length);

  return drafts.map((d) => ({
    orderId: d.orderId,
    booking: d.booking,
    type: d.type,
    status: d.status,
    target: d.target,
    totalPrice: d.totals.totalPrice,
    timestamp: d.timestamp,
    feeType: d.feeType,
    credit: d.credit,
  }));
}
