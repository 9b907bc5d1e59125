import dayjs from 'dayjs';
import duration from 'dayjs/plugin/duration';
import relativeTime from 'dayjs/plugin/relativeTime';
import 'dayjs/locale/de';
import 'dayjs/locale/en-gb';
import 'dayjs/locale/nb';
import 'dayjs/locale/sv';
import {
  AMOUNT_DECIMALS,
  DATE_FORMAT,
  DATE_TIME_FORMAT,
  DATE_TIME_SECONDS_FORMAT,
  HUMANIZE_DURATION_OVER_MS,
  pad,
  wallTimeOf,
  type Language,
} from '@fleetdesk/contract';
import { INTL_LOCALES } from '../i18n/languages';

dayjs.extend(duration);
dayjs.extend(relativeTime);

/** Dates arrive as ISO-8601 strings, epoch milliseconds or Date objects. */
export type DateInput = string | number | Date | null | undefined;

const DAYJS_LOCALES: Record<Language, string> = { de: 'de', 'en-GB': 'en-gb', nb: 'nb', sv: 'sv' };
const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

let displayTimeZone: string | null = null;

/**
 * The zone every time on screen is shown in: the operator's, set by the console's shell once the session's fleet is
 * known (display-time-zone.tsx; docs/decisions/0065-operator-time-zone.md). Null (the browser's zone) before that, and
 * on the login page.
 */
export function setDisplayTimeZone(timeZone: string | null): void {
  displayTimeZone = timeZone;
}

/** The zone set by setDisplayTimeZone; null for the browser's. */
export const getDisplayTimeZone = (): string | null => displayTimeZone;

function formatWith(value: DateInput, format: string, timeZone: string | null = displayTimeZone): string {
  if (value === null || value === undefined || value === '') return '';
  const date = dayjs(value);
  if (!date.isValid()) return '';
  if (!timeZone) return date.format(format);
  const w = wallTimeOf(date.valueOf(), timeZone);
  const parts: Record<string, string> = {
    YYYY: pad(w.year, 4),
    MM: pad(w.month),
    DD: pad(w.day),
    HH: pad(w.hour),
    mm: pad(w.minute),
    ss: pad(w.second),
  };
  return format.replace(/YYYY|MM|DD|HH|mm|ss/g, (token) => parts[token] ?? token);
}

/** YYYY-MM-DD in the operator's time zone (the browser's until it is known); '' for no date. */
export const formatDate = (value: DateInput, timeZone?: string | null): string => formatWith(value, DATE_FORMAT, timeZone);
/** YYYY-MM-DD HH:mm */
export const formatDateTime = (value: DateInput, timeZone?: string | null): string => formatWith(value, DATE_TIME_FORMAT, timeZone);
/** YYYY-MM-DD HH:mm:ss */
export const formatDateTimeSeconds = (value: DateInput, timeZone?: string | null): string => formatWith(value, DATE_TIME_SECONDS_FORMAT, timeZone);

/** A number in the UI language's notation, by default with the 2 decimals of amounts. */
export function formatNumber(value: number, language: Language, decimals: number = AMOUNT_DECIMALS): string {
  return new Intl.NumberFormat(INTL_LOCALES[language], {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  }).format(value);
}

/** An amount with 2 decimals and its ISO currency code, placed as the UI language places it. */
export function formatMoney(amount: number, currency: string, language: Language): string {
  return new Intl.NumberFormat(INTL_LOCALES[language], {
    style: 'currency',
    currency,
    currencyDisplay: 'code',
    minimumFractionDigits: AMOUNT_DECIMALS,
    maximumFractionDigits: AMOUNT_DECIMALS,
  }).format(amount);
}

const unit = (value: number, name: 'hour' | 'minute', language: Language) =>
  new Intl.NumberFormat(INTL_LOCALES[language], { style: 'unit', unit: name, unitDisplay: 'short' }).format(value);

/**
 * A duration. Over 3 days it is humanized ("4 days", "a month"); up to that it is exact in hours and
 * minutes ("26 hrs 15 mins"), rounded to the minute.
 */
export function formatDuration(ms: number, language: Language): string {
  const sign = ms < 0 ? '-' : '';
  const abs = Math.abs(ms);
  if (abs > HUMANIZE_DURATION_OVER_MS) {
    return sign + dayjs.duration(abs).locale(DAYJS_LOCALES[language]).humanize();
  }
  const totalMinutes = Math.round(abs / MINUTE_MS);
  const hours = Math.floor(totalMinutes / (HOUR_MS / MINUTE_MS));
  const minutes = totalMinutes % (HOUR_MS / MINUTE_MS);
  if (hours === 0) return sign + unit(minutes, 'minute', language);
  if (minutes === 0) return sign + unit(hours, 'hour', language);
  return `${sign}${unit(hours, 'hour', language)} ${unit(minutes, 'minute', language)}`;
}
