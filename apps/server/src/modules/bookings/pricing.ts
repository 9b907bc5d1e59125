import {
  adminFeeOf,
  fromOre,
  instantOfWallTime,
  isoWeekday,
  roundHalfAway,
  roundMoney,
  toOre,
  wallTimeOf,
  type Currency,
  type PriceEstimate,
  type PriceListEntry,
} from '@fleetdesk/contract';

/**
 * The booking pricing engine (§3 price list and price estimate, §7 POST /api/price): pure functions that
 * price an interval and a distance under a contract's price list. Choices are in docs/decisions/0009-pricing.md.
 *
 * - Price list costs are without VAT. Every line is rounded to øre/öre; its VAT is the VAT entry's rate times
 *   the line's price, rounded per line; totals are sums of the rounded lines, so lines always add up exactly.
 * - Time is priced as the cheapest cover of the started hours by the time units present (hour or STEP levels,
 *   day = 24 h, week = 7 × 24 h, year = 365 × 24 h), or by one weekend package when the whole booking lies in
 *   a weekend window (Friday 15:00 – Monday 10:00 local time) and the package is strictly cheaper.
 */

export interface PriceInput {
  /** The interval to price: the booked interval, or the usage interval of a finished booking. */
  start: Date;
  end: Date;
  /** Estimated or driven distance in km (>= 0); charged per started 0.1 km, rounded half up. */
  distanceKm: number;
  priceList: readonly PriceListEntry[];
  currency: Currency;
  /** The operator's zone (Europe/Oslo, Europe/Stockholm), for the weekend window. */
  timeZone: string;
  /** Add ADMIN_BOOKING_FEE once (bookings made or extended by staff). Default false. */
  includeAdminFee?: boolean;
}

export interface PriceLine {
  /** The price list entry's name (display names are the caller's concern). */
  itemName: string;
  itemType: string;
  /** Count of units (hours, days, …), km to 0.1, or 1 for a fee. */
  unitAmount: number;
  /** The entry's cost without VAT. */
  unitCost: number;
  /** round(unitAmount × unitCost) to øre. */
  priceWithoutVat: number;
  /** round(vatRate × priceWithoutVat) to øre. */
  vat: number;
  /** priceWithoutVat + vat. */
  totalPrice: number;
}

export interface PriceResult {
  lines: PriceLine[];
  totalPriceWithoutVat: number;
  totalVat: number;
  totalPriceWithVat: number;
  vatRate: number;
  currency: Currency;
}

const HOUR_MS = 3_600_000;
const DAY_HOURS = 24;
const WEEK_HOURS = 7 * DAY_HOURS;
const YEAR_HOURS = 365 * DAY_HOURS;
/** Longest interval priced (10 years of hours); anything longer is a caller error. */
export const MAX_PRICED_HOURS = 10 * YEAR_HOURS;
const STEP_LEVELS = 16;
/** Time unit costs are compared at 1/100 øre, in integers, so that ties and sums are exact. */
const COST_SCALE = 10_000;

/** The weekend window: from Friday 15:00 to Monday 10:00, local time. */
export const WEEKEND_WINDOW = { startWeekday: 5, startHour: 15, endDaysAfterStart: 3, endHour: 10 } as const;

/** Order of the lines in a result. */
const LINE_ORDER: readonly string[] = [
  'PER_YEAR',
  'PER_WEEK',
  'PER_WEEKEND',
  'PER_DAY',
  'PER_HOUR',
  ...Array.from({ length: STEP_LEVELS }, (_, i) => `STEP_${i}`),
  'PER_KM',
  'START_UP_FEE',
  'ADMIN_BOOKING_FEE',
];

// ---- Price list ------------------------------------------------------------------------------------------------

/** Entries by name; a later duplicate wins (as the seed's price map). */
function priceMap(list: readonly PriceListEntry[]): Map<string, number> {
  const map = new Map<string, number>();
  for (const e of list) {
    if (!Number.isFinite(e.cost)) throw new RangeError(`Price list entry ${e.name} has a non-finite cost`);
    map.set(e.name, e.cost);
  }
  return map;
}

/** The VAT entry's cost as a rate (0.25 = 25 %), 0 when the list has no VAT entry. */
export function vatRateOf(priceList: readonly PriceListEntry[]): number {
  let rate: number | undefined;
  for (const e of priceList) if (e.name === 'VAT') rate = e.cost;
  if (rate === undefined) return 0;
  if (!Number.isFinite(rate) || rate < 0 || rate >= 1) {
    throw new RangeError(`The VAT entry must be a rate between 0 and 1 (0.25 = 25 %), got ${rate}`);
  }
  return rate;
}

// ---- Weekend window --------------------------------------------------------------------------------------------

/**
 * The weekend window (Friday 15:00 – Monday 10:00 local time) that contains the local day of `instant`, or null
 * when that day is Tuesday to Thursday. The window's length follows the zone (65 h or 67 h over a DST change).
 */
export function weekendWindow(instant: Date, timeZone: string): { start: Date; end: Date } | null {
  const day = wallTimeOf(instant, timeZone);
  const weekday = isoWeekday(day) % 7; // 0 = Sunday, as WEEKEND_WINDOW.startWeekday
  const daysSinceFriday = (weekday - WEEKEND_WINDOW.startWeekday + 7) % 7;
  if (daysSinceFriday > WEEKEND_WINDOW.endDaysAfterStart) return null;
  const date = { year: day.year, month: day.month };
  const friday = day.day - daysSinceFriday;
  return {
    start: new Date(instantOfWallTime({ ...date, day: friday, hour: WEEKEND_WINDOW.startHour }, timeZone)),
    end: new Date(instantOfWallTime({ ...date, day: friday + WEEKEND_WINDOW.endDaysAfterStart, hour: WEEKEND_WINDOW.endHour }, timeZone)),
  };
}

function liesInWeekend(start: Date, end: Date, timeZone: string): boolean {
  const w = weekendWindow(start, timeZone);
  return w !== null && start.getTime() >= w.start.getTime() && end.getTime() <= w.end.getTime();
}

// ---- Time cover ------------------------------------------------------------------------------------------------

interface Unit {
  name: string;
  cost: number;
}

/** What each started hour costs by the hour: STEP levels when the list holds some, else PER_HOUR; null when neither. */
function hourlyPricing(prices: Map<string, number>): ((hourIndex: number) => Unit) | null {
  const steps: (Unit | undefined)[] = Array.from({ length: STEP_LEVELS }, (_, k) => {
    const cost = prices.get(`STEP_${k}`);
    return cost === undefined ? undefined : { name: `STEP_${k}`, cost };
  });
  const perHour = prices.get('PER_HOUR');
  const hourUnit: Unit | undefined = perHour === undefined ? undefined : { name: 'PER_HOUR', cost: perHour };
  const firstStep = steps.find((s) => s !== undefined);
  if (!firstStep) return hourUnit ? () => hourUnit : null;
  // Level k is STEP_k, or the last lower level present; below the first level present, PER_HOUR or that level.
  const levels: Unit[] = [];
  let last: Unit = hourUnit ?? firstStep;
  for (const s of steps) {
    if (s) last = s;
    levels.push(last);
  }
  return (hourIndex) => levels[Math.min(hourIndex, STEP_LEVELS - 1)] ?? firstStep;
}

/**
 * The cheapest cover of `hours` started hours: dynamic programming over the hour positions, since STEP levels make
 * an hour's cost depend on its position in the booking (hour k costs level k whether or not earlier hours are
 * covered by a day). A day, week or year may cover more than what is left (e.g. 2 days for 30 h). On equal cost
 * the larger unit wins. Returns the unit counts by entry name, or null when the list has no time unit at all.
 */
function coverHours(hours: number, prices: Map<string, number>): Map<string, number> | null {
  const hourly = hourlyPricing(prices);
  const blocks = [
    { name: 'PER_YEAR', hours: YEAR_HOURS },
    { name: 'PER_WEEK', hours: WEEK_HOURS },
    { name: 'PER_DAY', hours: DAY_HOURS },
  ].flatMap((b) => {
    const cost = prices.get(b.name);
    return cost === undefined ? [] : [{ ...b, scaled: Math.round(cost * COST_SCALE) }];
  });
  if (!hourly && blocks.length === 0) return null;

  const best = new Float64Array(hours + 1).fill(Number.POSITIVE_INFINITY);
  /** Index into blocks, or -1 for one hour by the hour. */
  const choice = new Int8Array(hours + 1);
  best[0] = 0;
  for (let i = 1; i <= hours; i++) {
    let min = Number.POSITIVE_INFINITY;
    let pick = -2;
    blocks.forEach((b, index) => {
      const c = (best[Math.max(0, i - b.hours)] ?? Number.POSITIVE_INFINITY) + b.scaled;
      if (c < min) {
        min = c;
        pick = index;
      }
    });
    if (hourly) {
      const c = (best[i - 1] ?? Number.POSITIVE_INFINITY) + Math.round(hourly(i - 1).cost * COST_SCALE);
      if (c < min) {
        min = c;
        pick = -1;
      }
    }
    best[i] = min;
    choice[i] = pick;
  }

  const counts = new Map<string, number>();
  const add = (name: string) => counts.set(name, (counts.get(name) ?? 0) + 1);
  for (let i = hours; i > 0;) {
    const pick = choice[i] ?? -2;
    if (pick === -1 && hourly) {
      add(hourly(i - 1).name);
      i -= 1;
    } else {
      const b = blocks[pick];
      if (!b) throw new Error('pricing: broken time cover');
      add(b.name);
      i = Math.max(0, i - b.hours);
    }
  }
  return counts;
}

function scaledCost(counts: Map<string, number>, prices: Map<string, number>): number {
  let sum = 0;
  for (const [name, n] of counts) sum += n * Math.round((prices.get(name) ?? 0) * COST_SCALE);
  return sum;
}

/** Started hours of an interval (a part of an hour counts as a whole hour); at least one. */
export function startedHours(start: Date, end: Date): number {
  const ms = end.getTime() - start.getTime();
  if (!Number.isFinite(ms)) throw new RangeError('Invalid start or end time');
  if (ms <= 0) throw new RangeError('The end must be after the start');
  return Math.ceil(ms / HOUR_MS);
}

// ---- Pricing ---------------------------------------------------------------------------------------------------

function line(itemName: string, unitAmount: number, unitCost: number, vatRate: number): PriceLine {
  const priceWithoutVat = roundMoney(unitAmount * unitCost);
  const vat = roundMoney(priceWithoutVat * vatRate);
  return { itemName, itemType: itemName, unitAmount, unitCost, priceWithoutVat, vat, totalPrice: fromOre(toOre(priceWithoutVat) + toOre(vat)) };
}

/** Prices a booking: time, distance, start-up fee and (optionally) the admin fee, with VAT per line. */
export function priceBooking(input: PriceInput): PriceResult {
  const hours = startedHours(input.start, input.end);
  if (hours > MAX_PRICED_HOURS) throw new RangeError(`Cannot price more than ${MAX_PRICED_HOURS} hours`);
  if (!Number.isFinite(input.distanceKm) || input.distanceKm < 0) throw new RangeError('The distance must be a number >= 0');
  wallTimeOf(input.start, input.timeZone); // validates the zone (RangeError) even when no weekend entry exists

  const prices = priceMap(input.priceList);
  const vatRate = vatRateOf(input.priceList);

  // Time: the cheapest cover, or the weekend package when strictly cheaper and the booking lies in a weekend window.
  let time = coverHours(hours, prices);
  const weekend = prices.get('PER_WEEKEND');
  if (weekend !== undefined && liesInWeekend(input.start, input.end, input.timeZone)) {
    const weekendScaled = Math.round(weekend * COST_SCALE);
    if (time === null || weekendScaled < scaledCost(time, prices)) time = new Map([['PER_WEEKEND', 1]]);
  }

  const amounts = new Map<string, number>(time ?? []);
  const km = roundHalfAway(input.distanceKm, 1);
  if (km > 0 && prices.has('PER_KM')) amounts.set('PER_KM', km);
  if (prices.has('START_UP_FEE')) amounts.set('START_UP_FEE', 1);
  // The one admin-fee rule (adminFeeOf): an entry of 0 or less adds nothing.
  if (input.includeAdminFee && adminFeeOf(input.priceList) !== null) amounts.set('ADMIN_BOOKING_FEE', 1);

  const lines: PriceLine[] = [];
  for (const name of LINE_ORDER) {
    const amount = amounts.get(name);
    const cost = prices.get(name);
    if (amount !== undefined && cost !== undefined) lines.push(line(name, amount, cost, vatRate));
  }

  const without = lines.reduce((s, l) => s + toOre(l.priceWithoutVat), 0);
  const vat = lines.reduce((s, l) => s + toOre(l.vat), 0);
  return {
    lines,
    totalPriceWithoutVat: fromOre(without),
    totalVat: fromOre(vat),
    totalPriceWithVat: fromOre(without + vat),
    vatRate,
    currency: input.currency,
  };
}

/** The §3 price estimate of a priced booking. */
export function toPriceEstimate(r: PriceResult): PriceEstimate {
  return { totalPriceWithVat: r.totalPriceWithVat, totalVat: r.totalVat, currency: r.currency };
}

/** The item name and type of the one line a fixed price (§3) puts on a priced booking's payment. */
export const FIXED_PRICE_ITEM = 'FIXED';

/**
 * The payment line of a fixed price (without VAT): one FIXED unit at that price, VAT at the contract's rate,
 * rounded per line like every other line. It replaces the computed time, distance and start-up lines.
 */
export function fixedPriceLine(price: number, vatRate: number): PriceLine {
  if (!Number.isFinite(price) || price < 0) throw new RangeError(`A fixed price must be a number >= 0, got ${price}`);
  return { ...line(FIXED_PRICE_ITEM, 1, roundMoney(price), vatRate), itemType: FIXED_PRICE_ITEM };
}

/** Amounts in event and mail texts: 2 decimals and the currency (§9), e.g. "150.00 NOK". */
export const money = (amount: number, currency: string) => `${amount.toFixed(2)} ${currency}`;
