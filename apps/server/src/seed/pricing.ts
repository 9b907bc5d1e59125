import type { PriceListEntry } from '@fleetdesk/contract';

/**
 * Price lines for seeded payments. Amounts are computed in øre/öre (integers) so that every payment is exact:
 * priceWithoutVat + vat = totalPrice on each line and on the payment, and the payment's VAT is the VAT rate of its
 * price without VAT, rounded to the øre.
 */

export interface PriceLine {
  itemName: string;
  itemType: string;
  unitAmount: number;
  /** Unit cost in øre. */
  unitCost: number;
  manualEvent?: boolean;
  comment?: string | null;
  publicComment?: string | null;
  createdBy?: string | null;
}

export interface PricedLine extends PriceLine {
  priceWithoutVat: number;
  vat: number;
  totalPrice: number;
}

export interface PricedTotals {
  lines: PricedLine[];
  totalPriceWithoutVat: number;
  totalVat: number;
  totalPrice: number;
}

export const toCents = (amount: number): number => Math.round(amount * 100);
export const fromCents = (cents: number): number => cents / 100;

export function priceMap(list: readonly PriceListEntry[]): Map<string, number> {
  return new Map(list.map((e) => [e.name, e.cost]));
}

export function vatRate(prices: Map<string, number>): number {
  return prices.get('VAT') ?? 0.25;
}

/** Applies VAT per line, then moves any rounding difference onto the largest line so the totals agree. */
export function priceLines(lines: readonly PriceLine[], rate: number): PricedTotals {
  const priced: PricedLine[] = lines.map((l) => {
    const priceWithoutVat = Math.round(l.unitAmount * l.unitCost);
    const vat = Math.round(priceWithoutVat * rate);
    return { ...l, priceWithoutVat, vat, totalPrice: priceWithoutVat + vat };
  });
  const totalPriceWithoutVat = priced.reduce((s, l) => s + l.priceWithoutVat, 0);
  const totalVat = Math.round(totalPriceWithoutVat * rate);
  const diff = totalVat - priced.reduce((s, l) => s + l.vat, 0);
  if (diff !== 0 && priced.length > 0) {
    const largest = priced.reduce((a, b) => (Math.abs(b.priceWithoutVat) > Math.abs(a.priceWithoutVat) ? b : a));
    largest.vat += diff;
    largest.totalPrice += diff;
  }
  return { lines: priced, totalPriceWithoutVat, totalVat, totalPrice: totalPriceWithoutVat + totalVat };
}

/**
 * The time and distance lines of a booking under a price list: staggered STEP_0..STEP_3 levels when the list
 * has them (0–2 h, 2–4 h, 4–8 h, beyond), else whole days plus hours (whichever is cheaper for the rest).
 */
export function usageLines(prices: Map<string, number>, hours: number, km: number, opts: { adminFee: boolean; startUp: boolean }): PriceLine[] {
  const lines: PriceLine[] = [];
  const add = (name: string, unitAmount: number) => {
    const cost = prices.get(name);
    if (cost === undefined || unitAmount <= 0) return;
    lines.push({ itemName: name, itemType: name, unitAmount, unitCost: toCents(cost) });
  };
  const wholeHours = Math.max(1, Math.ceil(hours - 1e-9));
  if (prices.has('STEP_0')) {
    const days = Math.floor(wholeHours / 24);
    const rest = wholeHours - days * 24;
    add('PER_DAY', days);
    add('STEP_0', Math.min(rest, 2));
    add('STEP_1', Math.min(Math.max(rest - 2, 0), 2));
    add('STEP_2', Math.min(Math.max(rest - 4, 0), 4));
    add('STEP_3', Math.max(rest - 8, 0));
  } else {
    const perHour = prices.get('PER_HOUR') ?? 0;
    const perDay = prices.get('PER_DAY');
    let days = perDay === undefined ? 0 : Math.floor(wholeHours / 24);
    let rest = wholeHours - days * 24;
    if (perDay !== undefined && rest * perHour > perDay) {
      days += 1;
      rest = 0;
    }
    add('PER_DAY', days);
    add('PER_HOUR', rest);
  }
  add('PER_KM', Math.round(km * 10) / 10);
  if (opts.startUp) add('START_UP_FEE', 1);
  if (opts.adminFee) add('ADMIN_BOOKING_FEE', 1);
  return lines;
}
