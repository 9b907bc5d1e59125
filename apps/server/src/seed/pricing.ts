import { roundMoney, type Currency, type PriceListEntry } from '@fleetdesk/contract';
import { priceBooking, vatRateOf } from '../modules/bookings/pricing.ts';

/**
 * Price lines for seeded estimates and payments. Booking time prices come from the real pricing engine
 * (modules/bookings/pricing.ts, docs/decisions/0009-pricing.md); fees and credits added by hand are priced here the
 * same way: every line rounded to the øre/öre, VAT = round(rate × price) per line, half away from zero, and totals
 * summed from the rounded lines in whole øre, so lines always add up to the totals exactly.
 */

export interface PaymentLine {
  itemName: string;
  itemType: string;
  unitAmount: number;
  /** Unit cost without VAT, in NOK/SEK. */
  unitCost: number;
  priceWithoutVat: number;
  vat: number;
  totalPrice: number;
  manualEvent?: boolean;
  comment?: string | null;
  publicComment?: string | null;
  createdBy?: string | null;
}

export interface PaymentTotals {
  lines: PaymentLine[];
  totalPriceWithoutVat: number;
  totalVat: number;
  totalPrice: number;
}

const toOre = (amount: number): number => Math.round(amount * 100);
const fromOre = (ore: number): number => ore / 100 + 0;

export function priceMap(list: readonly PriceListEntry[]): Map<string, number> {
  return new Map(list.map((e) => [e.name, e.cost]));
}

/** Totals of lines, summed in whole øre. */
export function totalsOf(lines: PaymentLine[]): PaymentTotals {
  const without = lines.reduce((s, l) => s + toOre(l.priceWithoutVat), 0);
  const vat = lines.reduce((s, l) => s + toOre(l.vat), 0);
  return { lines, totalPriceWithoutVat: fromOre(without), totalVat: fromOre(vat), totalPrice: fromOre(without + vat) };
}

/** A line that is not a time price (a fee, a credit): priced and taxed per line exactly as the engine does. */
export function feeLine(priceList: readonly PriceListEntry[], line: Omit<PaymentLine, 'priceWithoutVat' | 'vat' | 'totalPrice'>): PaymentLine {
  const priceWithoutVat = roundMoney(line.unitAmount * line.unitCost);
  const vat = roundMoney(vatRateOf(priceList) * priceWithoutVat);
  return { ...line, priceWithoutVat, vat, totalPrice: fromOre(toOre(priceWithoutVat) + toOre(vat)) };
}

export interface BookingPriceInput {
  /** Booked interval for estimates and reservations, usage interval for finished bookings (epoch ms). */
  start: number;
  end: number;
  distanceKm: number;
  priceList: readonly PriceListEntry[];
  currency: Currency;
  timeZone: string;
  /** The booking was made by staff: the engine adds ADMIN_BOOKING_FEE. */
  staffCreated: boolean;
}

/** The engine's price of a booking, as payment lines. */
export function priceSeedBooking(input: BookingPriceInput): PaymentTotals {
  const r = priceBooking({
    start: new Date(input.start),
    end: new Date(input.end),
    distanceKm: input.distanceKm,
    priceList: input.priceList,
    currency: input.currency,
    timeZone: input.timeZone,
    includeAdminFee: input.staffCreated,
  });
  return {
    lines: r.lines.map((l) => ({ ...l })),
    totalPriceWithoutVat: r.totalPriceWithoutVat,
    totalVat: r.totalVat,
    totalPrice: r.totalPriceWithVat,
  };
}
