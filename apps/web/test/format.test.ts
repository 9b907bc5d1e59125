import { afterEach, describe, expect, it } from 'vitest';
import {
  formatDate,
  formatDateTime,
  formatDateTimeSeconds,
  formatDuration,
  formatMoney,
  formatNumber,
  setDisplayTimeZone,
} from '@/lib/format/format';

/** Intl separates groups and currency codes with (narrow) no-break spaces; compare with plain ones. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('dates', () => {
  // A local date-time without offset reads the same in every time zone the tests may run in.
  const local = '2024-03-05T07:08:09';

  it('formats YYYY-MM-DD, YYYY-MM-DD HH:mm and YYYY-MM-DD HH:mm:ss', () => {
    expect(formatDate(local)).toBe('2024-03-05');
    expect(formatDateTime(local)).toBe('2024-03-05 07:08');
    expect(formatDateTimeSeconds(local)).toBe('2024-03-05 07:08:09');
  });

  it('shows an instant with an offset in local time', () => {
    const instant = '2024-12-31T23:30:00Z';
    const date = new Date(instant);
    const pad = (n: number) => String(n).padStart(2, '0');
    const expected = `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
    expect(formatDateTime(instant)).toBe(expected);
  });

  it('accepts Date objects and epoch milliseconds', () => {
    expect(formatDate(new Date(2023, 0, 9))).toBe('2023-01-09');
    expect(formatDateTimeSeconds(new Date(2023, 10, 2, 13, 4, 5).getTime())).toBe('2023-11-02 13:04:05');
  });

  describe("in the operator's zone (decision 0065)", () => {
    afterEach(() => setDisplayTimeZone(null));

    it('shows an instant in the zone it is given, across a change to summer time', () => {
      // Oslo went from +01:00 to +02:00 at 01:00 UTC on 2026-03-29.
      expect(formatDateTime('2026-03-29T00:30:00Z', 'Europe/Oslo')).toBe('2026-03-29 01:30');
      expect(formatDateTimeSeconds('2026-03-29T01:30:05Z', 'Europe/Oslo')).toBe('2026-03-29 03:30:05');
      expect(formatDateTime('2026-03-29T00:30:00Z', 'America/Sao_Paulo')).toBe('2026-03-28 21:30');
      expect(formatDate('2026-12-31T23:30:00Z', 'Europe/Stockholm')).toBe('2027-01-01');
    });

    it('takes the zone the shell set as the default, and the browser zone again once it is cleared', () => {
      setDisplayTimeZone('Asia/Tokyo');
      expect(formatDateTime('2026-06-01T20:15:00Z')).toBe('2026-06-02 05:15');
      expect(formatDate('2026-06-01T20:15:00Z')).toBe('2026-06-02');
      // An explicit null is the browser's zone even while a default is set.
      expect(formatDateTime('2024-03-05T07:08:09', null)).toBe('2024-03-05 07:08');
      setDisplayTimeZone(null);
      expect(formatDateTime('2024-03-05T07:08:09')).toBe('2024-03-05 07:08');
    });
  });

  it('gives an empty text for no date or an invalid one', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDateTime(undefined)).toBe('');
    expect(formatDateTimeSeconds('not a date')).toBe('');
  });
});

describe('numbers and money', () => {
  it('uses 2 decimals in the notation of the UI language', () => {
    expect(plain(formatNumber(1234.5, 'en-GB'))).toBe('1,234.50');
    expect(plain(formatNumber(1234.5, 'de'))).toBe('1.234,50');
    expect(plain(formatNumber(1234.5, 'sv'))).toBe('1 234,50');
    expect(plain(formatNumber(0.125, 'nb', 1))).toBe('0,1');
  });

  it('shows amounts with 2 decimals and the currency code', () => {
    expect(plain(formatMoney(149, 'NOK', 'en-GB'))).toBe('NOK 149.00');
    expect(plain(formatMoney(1234.5, 'NOK', 'nb'))).toBe('1 234,50 NOK');
    expect(plain(formatMoney(99.999, 'SEK', 'sv'))).toBe('100,00 SEK');
    expect(plain(formatMoney(-12.3, 'SEK', 'de'))).toBe('-12,30 SEK');
  });
});

describe('durations', () => {
  it('is exact in hours and minutes up to 3 days', () => {
    expect(formatDuration(45 * MINUTE, 'en-GB')).toBe('45 mins');
    expect(formatDuration(2 * HOUR, 'en-GB')).toBe('2 hrs');
    expect(formatDuration(26 * HOUR + 15 * MINUTE, 'en-GB')).toBe('26 hrs 15 mins');
    expect(formatDuration(26 * HOUR + 15 * MINUTE, 'de')).toBe('26 Std. 15 Min.');
    expect(formatDuration(3 * DAY, 'en-GB')).toBe('72 hrs');
    expect(formatDuration(-90 * MINUTE, 'en-GB')).toBe('-1 hr 30 mins');
    expect(formatDuration(29_999, 'sv')).toBe('0 min');
  });

  it('is humanized over 3 days, in the UI language', () => {
    expect(formatDuration(4 * DAY, 'en-GB')).toBe('4 days');
    expect(formatDuration(4 * DAY, 'de')).toBe('4 Tage');
    expect(formatDuration(4 * DAY, 'sv')).toBe('4 dagar');
    expect(formatDuration(4 * DAY, 'nb')).toBe('4 dager');
    expect(formatDuration(40 * DAY, 'en-GB')).toBe('a month');
  });
});
