import { adminFeeOf, roundMoney, type Currency, type PriceListEntry } from '@fleetdesk/contract';
import { describe, expect, it } from 'vitest';
import {
  priceBooking,
  startedHours,
  toPriceEstimate,
  vatRateOf,
  weekendWindow,
  type PriceInput,
  type PriceResult,
} from '../src/modules/bookings/pricing.ts';
import { DEMO_FLEETS } from '../src/seed/catalog.ts';

// Worked examples, hand-computed. Amounts are without VAT unless noted; VAT is 25 % per line, rounded half up to øre.
// Lists are copies of the demo contracts' prices (Fjord Privat in NOK, Mälar Privat in SEK) so the examples stay put
// if the demo data changes.

const VAT: PriceListEntry = { name: 'VAT', cost: 0.25 };
const NOK_LIST: PriceListEntry[] = [
  { name: 'ADMIN_BOOKING_FEE', cost: 59 },
  VAT,
  { name: 'PER_HOUR', cost: 89 },
  { name: 'PER_DAY', cost: 790 },
  { name: 'PER_WEEK', cost: 3490 },
  { name: 'PER_WEEKEND', cost: 1490 },
  { name: 'PER_KM', cost: 3.5 },
  { name: 'START_UP_FEE', cost: 29 },
  { name: 'LATE_CANCEL_FEE', cost: 150 },
];
const SEK_LIST: PriceListEntry[] = [
  { name: 'ADMIN_BOOKING_FEE', cost: 49 },
  VAT,
  { name: 'PER_HOUR', cost: 99 },
  { name: 'PER_DAY', cost: 750 },
  { name: 'PER_WEEK', cost: 3200 },
  { name: 'PER_WEEKEND', cost: 1390 },
  { name: 'PER_KM', cost: 3 },
  { name: 'START_UP_FEE', cost: 25 },
  { name: 'NO_PICKUP_FEE', cost: 250 },
];
/** Time items and VAT only (no fees), for the time examples. */
const timeOnly = (list: PriceListEntry[]) => list.filter((e) => (e.name.startsWith('PER_') && e.name !== 'PER_KM') || e.name === 'VAT');

const OSLO = 'Europe/Oslo';
const STOCKHOLM = 'Europe/Stockholm';

function price(list: readonly PriceListEntry[], currency: Currency, start: string, end: string, more: Partial<PriceInput> = {}): PriceResult {
  return priceBooking({
    start: new Date(start),
    end: new Date(end),
    distanceKm: 0,
    priceList: list,
    currency,
    timeZone: currency === 'NOK' ? OSLO : STOCKHOLM,
    ...more,
  });
}
const nok = (list: readonly PriceListEntry[], start: string, end: string, more?: Partial<PriceInput>) => price(list, 'NOK', start, end, more);
const sek = (list: readonly PriceListEntry[], start: string, end: string, more?: Partial<PriceInput>) => price(list, 'SEK', start, end, more);

/** [itemName, unitAmount, priceWithoutVat, vat] per line. */
const rows = (r: PriceResult) => r.lines.map((l) => [l.itemName, l.unitAmount, l.priceWithoutVat, l.vat]);
const totals = (r: PriceResult) => [r.totalPriceWithoutVat, r.totalVat, r.totalPriceWithVat];

/** Lines add up to the totals exactly and each line follows the rounding rules. */
function expectConsistent(r: PriceResult) {
  const ore = (x: number) => Math.round(x * 100);
  for (const l of r.lines) {
    expect(l.priceWithoutVat).toBe(roundMoney(l.unitAmount * l.unitCost));
    expect(l.vat).toBe(roundMoney(r.vatRate * l.priceWithoutVat));
    expect(ore(l.totalPrice)).toBe(ore(l.priceWithoutVat) + ore(l.vat));
    for (const x of [l.priceWithoutVat, l.vat, l.totalPrice]) expect(Math.abs(x * 100 - ore(x))).toBeLessThan(1e-6);
  }
  expect(ore(r.totalPriceWithoutVat)).toBe(r.lines.reduce((s, l) => s + ore(l.priceWithoutVat), 0));
  expect(ore(r.totalVat)).toBe(r.lines.reduce((s, l) => s + ore(l.vat), 0));
  expect(ore(r.totalPriceWithVat)).toBe(r.lines.reduce((s, l) => s + ore(l.totalPrice), 0));
  expect(ore(r.totalPriceWithVat)).toBe(ore(r.totalPriceWithoutVat) + ore(r.totalVat));
}

describe('vatRateOf', () => {
  it('is the VAT entry cost, 0 without one, and rejects percentages', () => {
    expect(vatRateOf(NOK_LIST)).toBe(0.25);
    expect(vatRateOf([{ name: 'PER_HOUR', cost: 10 }])).toBe(0);
    expect(() => vatRateOf([{ name: 'VAT', cost: 25 }])).toThrow(RangeError);
    expect(() => vatRateOf([{ name: 'VAT', cost: -0.1 }])).toThrow(RangeError);
  });
});

describe('started hours and invalid input', () => {
  it('counts every started hour, at least one', () => {
    expect(startedHours(new Date('2026-09-15T10:00:00Z'), new Date('2026-09-15T10:00:30Z'))).toBe(1);
    expect(startedHours(new Date('2026-09-15T10:00:00Z'), new Date('2026-09-15T11:00:00Z'))).toBe(1);
    expect(startedHours(new Date('2026-09-15T10:00:00Z'), new Date('2026-09-15T11:01:00Z'))).toBe(2);
  });

  it('throws RangeError on empty or reversed intervals, bad dates, bad distance and unknown zones', () => {
    const t = '2026-09-15T10:00:00+02:00';
    expect(() => nok(NOK_LIST, t, t)).toThrow(RangeError);
    expect(() => nok(NOK_LIST, t, '2026-09-15T09:00:00+02:00')).toThrow(RangeError);
    expect(() => nok(NOK_LIST, 'not a date', t)).toThrow(RangeError);
    expect(() => nok(NOK_LIST, '2026-09-15T08:00:00+02:00', t, { distanceKm: -1 })).toThrow(RangeError);
    expect(() => nok(NOK_LIST, '2026-09-15T08:00:00+02:00', t, { distanceKm: Number.NaN })).toThrow(RangeError);
    expect(() => nok(NOK_LIST, '2026-09-15T08:00:00+02:00', t, { timeZone: 'Europe/Nowhere' })).toThrow(RangeError);
    expect(() => nok(NOK_LIST, '2016-09-15T08:00:00+02:00', '2026-09-16T08:00:00+02:00')).toThrow(RangeError); // > 10 years
  });
});

describe('time price: cheapest cover by hours, days, weeks and years', () => {
  it('3 h on a Tuesday is three hours (NOK and SEK)', () => {
    const n = nok(timeOnly(NOK_LIST), '2026-09-15T10:00:00+02:00', '2026-09-15T13:00:00+02:00');
    expect(rows(n)).toEqual([['PER_HOUR', 3, 267, 66.75]]);
    expect(totals(n)).toEqual([267, 66.75, 333.75]);
    expect(n.currency).toBe('NOK');

    const s = sek(timeOnly(SEK_LIST), '2026-09-15T10:00:00+02:00', '2026-09-15T13:00:00+02:00');
    expect(rows(s)).toEqual([['PER_HOUR', 3, 297, 74.25]]);
    expect(totals(s)).toEqual([297, 74.25, 371.25]);
    expect(toPriceEstimate(s)).toEqual({ totalPriceWithVat: 371.25, totalVat: 74.25, currency: 'SEK' });
  });

  it('a part hour is charged as a whole hour', () => {
    const n = nok(timeOnly(NOK_LIST), '2026-09-15T10:00:00+02:00', '2026-09-15T12:01:00+02:00');
    expect(rows(n)).toEqual([['PER_HOUR', 3, 267, 66.75]]);
  });

  it('30 h: the day cap wins (1 day + 6 h rather than 30 h or 2 days)', () => {
    // NOK: 30 × 89 = 2670; 790 + 6 × 89 = 1324; 2 × 790 = 1580.
    const n = nok(timeOnly(NOK_LIST), '2026-09-15T08:00:00+02:00', '2026-09-16T14:00:00+02:00');
    expect(rows(n)).toEqual([
      ['PER_DAY', 1, 790, 197.5],
      ['PER_HOUR', 6, 534, 133.5],
    ]);
    expect(totals(n)).toEqual([1324, 331, 1655]);
    // SEK: 30 × 99 = 2970; 750 + 6 × 99 = 1344; 2 × 750 = 1500.
    const s = sek(timeOnly(SEK_LIST), '2026-09-15T08:00:00+02:00', '2026-09-16T14:00:00+02:00');
    expect(rows(s)).toEqual([
      ['PER_DAY', 1, 750, 187.5],
      ['PER_HOUR', 6, 594, 148.5],
    ]);
    expect(totals(s)).toEqual([1344, 336, 1680]);
  });

  it('40 h: two days are cheaper than a day and 16 hours', () => {
    // 790 + 16 × 89 = 2214 > 2 × 790 = 1580.
    const n = nok(timeOnly(NOK_LIST), '2026-09-15T08:00:00+02:00', '2026-09-17T00:00:00+02:00');
    expect(rows(n)).toEqual([['PER_DAY', 2, 1580, 395]]);
  });

  it('24 h exactly is one day', () => {
    const n = nok(timeOnly(NOK_LIST), '2026-09-15T08:00:00+02:00', '2026-09-16T08:00:00+02:00');
    expect(rows(n)).toEqual([['PER_DAY', 1, 790, 197.5]]);
  });

  it('8 days: a week and a day beat 8 days and 2 weeks', () => {
    // NOK: 3490 + 790 = 4280 < 8 × 790 = 6320 < 2 × 3490 = 6980.
    const n = nok(timeOnly(NOK_LIST), '2026-09-15T08:00:00+02:00', '2026-09-23T08:00:00+02:00');
    expect(rows(n)).toEqual([
      ['PER_WEEK', 1, 3490, 872.5],
      ['PER_DAY', 1, 790, 197.5],
    ]);
    expect(totals(n)).toEqual([4280, 1070, 5350]);
    // SEK: 3200 + 750 = 3950 < 6000 < 6400.
    const s = sek(timeOnly(SEK_LIST), '2026-09-15T08:00:00+02:00', '2026-09-23T08:00:00+02:00');
    expect(rows(s)).toEqual([
      ['PER_WEEK', 1, 3200, 800],
      ['PER_DAY', 1, 750, 187.5],
    ]);
    expect(totals(s)).toEqual([3950, 987.5, 4937.5]);
  });

  it('5 days: a week is cheaper than 5 days', () => {
    // 5 × 790 = 3950 > 3490.
    const n = nok(timeOnly(NOK_LIST), '2026-09-14T08:00:00+02:00', '2026-09-19T08:00:00+02:00');
    expect(rows(n)).toEqual([['PER_WEEK', 1, 3490, 872.5]]);
  });

  it('400 days: a year and 5 weeks (SEK)', () => {
    // 365 days + 35 days: 50000 + 5 × 3200 = 66000 < 2 years = 100000 < 57 weeks + 1 day = 183150.
    const list = [...timeOnly(SEK_LIST), { name: 'PER_YEAR', cost: 50_000 }];
    const s = sek(list, '2026-01-05T08:00:00+01:00', '2027-02-09T08:00:00+01:00');
    expect(rows(s)).toEqual([
      ['PER_YEAR', 1, 50_000, 12_500],
      ['PER_WEEK', 5, 16_000, 4000],
    ]);
  });

  it('a list with days only covers part days with a whole day', () => {
    const s = sek([VAT, { name: 'PER_DAY', cost: 500 }], '2026-09-15T08:00:00+02:00', '2026-09-16T10:00:00+02:00');
    expect(rows(s)).toEqual([['PER_DAY', 2, 1000, 250]]);
  });

  it('a list without time items charges no time', () => {
    const s = sek([VAT, { name: 'PER_KM', cost: 2 }], '2026-09-15T08:00:00+02:00', '2026-09-15T10:00:00+02:00', { distanceKm: 10 });
    expect(rows(s)).toEqual([['PER_KM', 10, 20, 5]]);
  });
});

describe('weekend package (Friday 15:00 – Monday 10:00 local time)', () => {
  it('Friday evening to Sunday evening: the weekend package wins (NOK, Oslo)', () => {
    // 50 h: 2 days + 2 h = 1758, 3 days = 2370, weekend = 1490.
    const n = nok(timeOnly(NOK_LIST), '2026-06-12T18:00:00+02:00', '2026-06-14T20:00:00+02:00');
    expect(rows(n)).toEqual([['PER_WEEKEND', 1, 1490, 372.5]]);
    expect(totals(n)).toEqual([1490, 372.5, 1862.5]);
  });

  it('Friday evening to Sunday evening: the weekend package wins (SEK, Stockholm)', () => {
    // 50 h: 2 days + 2 h = 1698, 3 days = 2250, weekend = 1390.
    const s = sek(timeOnly(SEK_LIST), '2026-06-12T18:00:00+02:00', '2026-06-14T20:00:00+02:00');
    expect(rows(s)).toEqual([['PER_WEEKEND', 1, 1390, 347.5]]);
    expect(totals(s)).toEqual([1390, 347.5, 1737.5]);
  });

  it('the whole window exactly is a weekend; a minute outside at either end is not', () => {
    const list = timeOnly(NOK_LIST);
    expect(rows(nok(list, '2026-06-12T15:00:00+02:00', '2026-06-15T10:00:00+02:00'))).toEqual([['PER_WEEKEND', 1, 1490, 372.5]]);
    // 67 h: 3 days (2370) — the weekend package does not apply.
    expect(rows(nok(list, '2026-06-12T14:59:00+02:00', '2026-06-15T10:00:00+02:00'))).toEqual([['PER_DAY', 3, 2370, 592.5]]);
    expect(rows(nok(list, '2026-06-12T15:00:00+02:00', '2026-06-15T10:01:00+02:00'))).toEqual([['PER_DAY', 3, 2370, 592.5]]);
  });

  it('Thursday evening to Sunday does not get the package', () => {
    // 72 h: 3 days = 2370.
    const n = nok(timeOnly(NOK_LIST), '2026-06-11T20:00:00+02:00', '2026-06-14T20:00:00+02:00');
    expect(rows(n)).toEqual([['PER_DAY', 3, 2370, 592.5]]);
  });

  it('a short weekend booking stays hourly when that is cheaper', () => {
    const n = nok(timeOnly(NOK_LIST), '2026-06-13T10:00:00+02:00', '2026-06-13T13:00:00+02:00');
    expect(rows(n)).toEqual([['PER_HOUR', 3, 267, 66.75]]);
  });

  it('the window follows local time in the operator zone, not UTC', () => {
    // Saturday 00:30 in Oslo is still Friday in UTC; the window is the same.
    expect(weekendWindow(new Date('2026-06-12T22:30:00Z'), OSLO)).toEqual({
      start: new Date('2026-06-12T13:00:00Z'),
      end: new Date('2026-06-15T08:00:00Z'),
    });
    // Tuesday to Thursday have none.
    expect(weekendWindow(new Date('2026-06-16T12:00:00Z'), OSLO)).toBeNull();
    expect(weekendWindow(new Date('2026-06-18T12:00:00Z'), STOCKHOLM)).toBeNull();
  });

  it('spans a spring DST change: Friday 15:00 CET to Monday 10:00 CEST (65 h)', () => {
    // Clocks go forward on Sunday 29 March 2026.
    const w = weekendWindow(new Date('2026-03-28T12:00:00Z'), OSLO);
    expect(w).toEqual({ start: new Date('2026-03-27T14:00:00Z'), end: new Date('2026-03-30T08:00:00Z') });
    expect(weekendWindow(new Date('2026-03-30T07:00:00Z'), STOCKHOLM)).toEqual(w);

    const list = timeOnly(NOK_LIST);
    // Friday 15:00 (+01:00) to Monday 10:00 (+02:00): inside, and 65 real hours (3 days = 2370 > 1490).
    const inside = nok(list, '2026-03-27T15:00:00+01:00', '2026-03-30T10:00:00+02:00');
    expect(rows(inside)).toEqual([['PER_WEEKEND', 1, 1490, 372.5]]);
    // Ending 09:30 UTC+1 by a fixed winter offset would look inside; it is 10:30 local, so it is not.
    const after = nok(list, '2026-03-27T15:00:00+01:00', '2026-03-30T08:30:00Z');
    expect(rows(after)).toEqual([['PER_DAY', 3, 2370, 592.5]]);
    // Starting 14:30 UTC+1 is before the window.
    const before = sek(timeOnly(SEK_LIST), '2026-03-27T14:30:00+01:00', '2026-03-29T12:00:00+02:00');
    expect(rows(before)).toEqual([['PER_DAY', 2, 1500, 375]]);
  });

  it('spans an autumn DST change: Friday 15:00 CEST to Monday 10:00 CET (67 h)', () => {
    expect(weekendWindow(new Date('2026-10-25T12:00:00Z'), STOCKHOLM)).toEqual({
      start: new Date('2026-10-23T13:00:00Z'),
      end: new Date('2026-10-26T09:00:00Z'),
    });
    const s = sek(timeOnly(SEK_LIST), '2026-10-23T15:00:00+02:00', '2026-10-26T10:00:00+01:00');
    expect(rows(s)).toEqual([['PER_WEEKEND', 1, 1390, 347.5]]);
  });
});

describe('staggered STEP levels', () => {
  // Nordlys-like NOK list: STEP_0 79, STEP_1 69, STEP_2 59, STEP_3 49 (and every later hour), day 690.
  const NORDLYS: PriceListEntry[] = [
    VAT,
    { name: 'STEP_0', cost: 79 },
    { name: 'STEP_1', cost: 69 },
    { name: 'STEP_2', cost: 59 },
    { name: 'STEP_3', cost: 49 },
    { name: 'PER_DAY', cost: 690 },
    { name: 'PER_WEEK', cost: 2990 },
  ];
  // SEK list with gaps: hours 2–3 use STEP_1, hours 5–14 use STEP_4, hours 15+ use STEP_15; PER_HOUR is ignored.
  const GAPS: PriceListEntry[] = [
    VAT,
    { name: 'PER_HOUR', cost: 1 },
    { name: 'STEP_0', cost: 100 },
    { name: 'STEP_1', cost: 90 },
    { name: 'STEP_4', cost: 60 },
    { name: 'STEP_15', cost: 10 },
  ];

  it('5 h: one level per started hour (NOK)', () => {
    // 79 + 69 + 59 + 2 × 49 = 305.
    const n = nok(NORDLYS, '2026-09-15T08:00:00+02:00', '2026-09-15T13:00:00+02:00');
    expect(rows(n)).toEqual([
      ['STEP_0', 1, 79, 19.75],
      ['STEP_1', 1, 69, 17.25],
      ['STEP_2', 1, 59, 14.75],
      ['STEP_3', 2, 98, 24.5],
    ]);
    expect(totals(n)).toEqual([305, 76.25, 381.25]);
  });

  it('5 h: missing levels use the last lower one; PER_HOUR is not used (SEK)', () => {
    // 100 + 90 + 90 + 90 + 60 = 430.
    const s = sek(GAPS, '2026-09-15T08:00:00+02:00', '2026-09-15T13:00:00+02:00');
    expect(rows(s)).toEqual([
      ['STEP_0', 1, 100, 25],
      ['STEP_1', 3, 270, 67.5],
      ['STEP_4', 1, 60, 15],
    ]);
    expect(totals(s)).toEqual([430, 107.5, 537.5]);
  });

  it('20 h: hours beyond 16 cost STEP_15 (SEK, no day item)', () => {
    // 100 + 3 × 90 + 11 × 60 + 5 × 10 = 1080.
    const s = sek(GAPS, '2026-09-15T08:00:00+02:00', '2026-09-16T04:00:00+02:00');
    expect(rows(s)).toEqual([
      ['STEP_0', 1, 100, 25],
      ['STEP_1', 3, 270, 67.5],
      ['STEP_4', 11, 660, 165],
      ['STEP_15', 5, 50, 12.5],
    ]);
    expect(totals(s)).toEqual([1080, 270, 1350]);
  });

  it('20 h: the day cap applies (NOK and SEK)', () => {
    // NOK: 79 + 69 + 59 + 17 × 49 = 1040 > 690.
    const n = nok(NORDLYS, '2026-09-15T08:00:00+02:00', '2026-09-16T04:00:00+02:00');
    expect(rows(n)).toEqual([['PER_DAY', 1, 690, 172.5]]);
    expect(totals(n)).toEqual([690, 172.5, 862.5]);
    // SEK: 1080 > 900.
    const s = sek([...GAPS, { name: 'PER_DAY', cost: 900 }], '2026-09-15T08:00:00+02:00', '2026-09-16T04:00:00+02:00');
    expect(rows(s)).toEqual([['PER_DAY', 1, 900, 225]]);
  });

  it('30 h: a day covers the dear first hours, the rest stay at their late levels', () => {
    // SEK: 900 + 6 × 10 (hours 25–30 at STEP_15) = 960 < 2 days 1800 < all hourly 1180.
    const s = sek([...GAPS, { name: 'PER_DAY', cost: 900 }], '2026-09-15T08:00:00+02:00', '2026-09-16T14:00:00+02:00');
    expect(rows(s)).toEqual([
      ['PER_DAY', 1, 900, 225],
      ['STEP_15', 6, 60, 15],
    ]);
    // NOK: 690 + 6 × 49 = 984.
    const n = nok(NORDLYS, '2026-09-15T08:00:00+02:00', '2026-09-16T14:00:00+02:00');
    expect(rows(n)).toEqual([
      ['PER_DAY', 1, 690, 172.5],
      ['STEP_3', 6, 294, 73.5],
    ]);
    expect(totals(n)).toEqual([984, 246, 1230]);
  });

  it('levels below the first one present use PER_HOUR', () => {
    // Hours 1–2 at PER_HOUR 50, hour 3 at STEP_2 30.
    const s = sek([VAT, { name: 'PER_HOUR', cost: 50 }, { name: 'STEP_2', cost: 30 }], '2026-09-15T08:00:00+02:00', '2026-09-15T11:00:00+02:00');
    expect(rows(s)).toEqual([
      ['PER_HOUR', 2, 100, 25],
      ['STEP_2', 1, 30, 7.5],
    ]);
  });
});

describe('distance and fees', () => {
  it('distance per 0.1 km and the start-up fee (NOK)', () => {
    // 2 h = 178; 42.34 km → 42.3 × 3.5 = 148.05 (VAT 37.0125 → 37.01); start-up 29.
    const n = nok(NOK_LIST, '2026-09-15T10:00:00+02:00', '2026-09-15T12:00:00+02:00', { distanceKm: 42.34 });
    expect(rows(n)).toEqual([
      ['PER_HOUR', 2, 178, 44.5],
      ['PER_KM', 42.3, 148.05, 37.01],
      ['START_UP_FEE', 1, 29, 7.25],
    ]);
    expect(totals(n)).toEqual([355.05, 88.76, 443.81]);
  });

  it('distance per 0.1 km and the start-up fee (SEK)', () => {
    // 2 h = 198; 17.25 km → 17.3 (half up) × 3 = 51.9 (VAT 12.975 → 12.98); start-up 25.
    const s = sek(SEK_LIST, '2026-09-15T10:00:00+02:00', '2026-09-15T12:00:00+02:00', { distanceKm: 17.25 });
    expect(rows(s)).toEqual([
      ['PER_HOUR', 2, 198, 49.5],
      ['PER_KM', 17.3, 51.9, 12.98],
      ['START_UP_FEE', 1, 25, 6.25],
    ]);
    expect(totals(s)).toEqual([274.9, 68.73, 343.63]);
  });

  it('no distance line for 0 km (or under 0.05 km)', () => {
    const s = sek(SEK_LIST, '2026-09-15T10:00:00+02:00', '2026-09-15T11:00:00+02:00', { distanceKm: 0.04 });
    expect(s.lines.map((l) => l.itemName)).toEqual(['PER_HOUR', 'START_UP_FEE']);
  });

  it('the admin fee only when asked for (NOK)', () => {
    const off = nok(NOK_LIST, '2026-09-15T10:00:00+02:00', '2026-09-15T11:00:00+02:00');
    expect(rows(off)).toEqual([
      ['PER_HOUR', 1, 89, 22.25],
      ['START_UP_FEE', 1, 29, 7.25],
    ]);
    expect(totals(off)).toEqual([118, 29.5, 147.5]);
    const on = nok(NOK_LIST, '2026-09-15T10:00:00+02:00', '2026-09-15T11:00:00+02:00', { includeAdminFee: true });
    expect(rows(on)).toEqual([
      ['PER_HOUR', 1, 89, 22.25],
      ['START_UP_FEE', 1, 29, 7.25],
      ['ADMIN_BOOKING_FEE', 1, 59, 14.75],
    ]);
    expect(totals(on)).toEqual([177, 44.25, 221.25]);
  });

  it('the admin fee only when asked for (SEK), and never when the list has none', () => {
    const on = sek(SEK_LIST, '2026-09-15T10:00:00+02:00', '2026-09-15T11:00:00+02:00', { includeAdminFee: true });
    expect(totals(on)).toEqual([173, 43.25, 216.25]); // 99 + 25 + 49
    const none = sek(timeOnly(SEK_LIST), '2026-09-15T10:00:00+02:00', '2026-09-15T11:00:00+02:00', { includeAdminFee: true });
    expect(rows(none)).toEqual([['PER_HOUR', 1, 99, 24.75]]);
  });
});

describe('VAT', () => {
  it('rounds half up on øre per line, and totals are sums of the rounded lines', () => {
    const list: PriceListEntry[] = [VAT, { name: 'PER_HOUR', cost: 0.02 }, { name: 'PER_KM', cost: 0.1 }, { name: 'START_UP_FEE', cost: 10.02 }];
    const r = nok(list, '2026-09-15T10:00:00+02:00', '2026-09-15T11:00:00+02:00', { distanceKm: 3 });
    // 0.02 → VAT 0.005 → 0.01; 3 × 0.1 = 0.30000000000000004 → 0.30, VAT 0.075 → 0.08; 10.02 → VAT 2.505 → 2.51.
    expect(rows(r)).toEqual([
      ['PER_HOUR', 1, 0.02, 0.01],
      ['PER_KM', 3, 0.3, 0.08],
      ['START_UP_FEE', 1, 10.02, 2.51],
    ]);
    // 2.60, not round(0.25 × 10.34) = 2.59: VAT is rounded per line.
    expect(totals(r)).toEqual([10.34, 2.6, 12.94]);
    expect(r.lines.map((l) => l.totalPrice)).toEqual([0.03, 0.38, 12.53]);
    expectConsistent(r);
  });

  it('a list without VAT prices without VAT (SEK)', () => {
    const list = SEK_LIST.filter((e) => e.name !== 'VAT');
    const s = sek(list, '2026-09-15T10:00:00+02:00', '2026-09-15T13:00:00+02:00', { distanceKm: 10 });
    expect(s.vatRate).toBe(0);
    expect(rows(s)).toEqual([
      ['PER_HOUR', 3, 297, 0],
      ['PER_KM', 10, 30, 0],
      ['START_UP_FEE', 1, 25, 0],
    ]);
    expect(totals(s)).toEqual([352, 0, 352]);
  });

  it('uses the VAT entry rate (12 %)', () => {
    const list: PriceListEntry[] = [
      { name: 'VAT', cost: 0.12 },
      { name: 'PER_HOUR', cost: 99 },
    ];
    const s = sek(list, '2026-09-15T10:00:00+02:00', '2026-09-15T13:00:00+02:00');
    expect(rows(s)).toEqual([['PER_HOUR', 3, 297, 35.64]]);
  });
});

describe('demo contracts', () => {
  const contracts = DEMO_FLEETS.flatMap((f) => f.contracts.map((c) => ({ fleet: f, contract: c })));

  it.each(contracts.map(({ fleet, contract }) => [`${fleet.id}/${contract.key}`, fleet, contract] as const))(
    '%s prices 2 h and 26 h bookings consistently',
    (_name, fleet, contract) => {
      const start = '2026-09-15T08:00:00+02:00'; // a Tuesday: no weekend
      const input = { priceList: contract.priceList, currency: fleet.currency, timeZone: fleet.timeZone, distanceKm: 25, includeAdminFee: true };
      const two = priceBooking({ ...input, start: new Date(start), end: new Date('2026-09-15T10:00:00+02:00') });
      const day = priceBooking({ ...input, start: new Date(start), end: new Date('2026-09-16T10:00:00+02:00') });
      for (const r of [two, day]) {
        expectConsistent(r);
        expect(r.vatRate).toBe(0.25);
        expect(r.currency).toBe(fleet.currency);
        // The internal ("drift") contracts' fee of 0 is no fee (adminFeeOf): no line at all.
        expect(r.lines.filter((l) => l.itemName === 'ADMIN_BOOKING_FEE')).toHaveLength(adminFeeOf(contract.priceList) === null ? 0 : 1);
        expect(r.lines.some((l) => l.itemName === 'PER_KM' && l.unitAmount === 25)).toBe(true);
      }
      expect(day.totalPriceWithVat).toBeGreaterThanOrEqual(two.totalPriceWithVat);
      const dayCost = contract.priceList.find((e) => e.name === 'PER_DAY')?.cost;
      if (dayCost !== undefined) {
        // 26 h never costs more time than 2 days.
        const time = day.lines.filter((l) => (l.itemName.startsWith('PER_') && l.itemName !== 'PER_KM') || l.itemName.startsWith('STEP_'));
        expect(time.reduce((s, l) => s + l.priceWithoutVat, 0)).toBeLessThanOrEqual(2 * dayCost);
      }
      if (contract.key === 'internal') expect(day.totalPriceWithVat).toBe(0);
      else expect(two.totalPriceWithVat).toBeGreaterThan(0);
    },
  );

  it('the Fjord private contract: 26 h with 25 km, admin fee on (hand-computed)', () => {
    const fjord = DEMO_FLEETS.find((f) => f.id === 'fjord');
    const list = fjord?.contracts.find((c) => c.key === 'private')?.priceList ?? [];
    const r = nok(list, '2026-09-15T08:00:00+02:00', '2026-09-16T10:00:00+02:00', { distanceKm: 25, includeAdminFee: true });
    // 790 + 2 × 89 = 968; 25 × 3.5 = 87.5; 29; 59 → 1143.5, VAT 285.875 by lines: 242 + 21.88 + 7.25 + 14.75 = 285.88.
    expect(rows(r)).toEqual([
      ['PER_DAY', 1, 790, 197.5],
      ['PER_HOUR', 2, 178, 44.5],
      ['PER_KM', 25, 87.5, 21.88],
      ['START_UP_FEE', 1, 29, 7.25],
      ['ADMIN_BOOKING_FEE', 1, 59, 14.75],
    ]);
    expect(totals(r)).toEqual([1143.5, 285.88, 1429.38]);
  });
});
