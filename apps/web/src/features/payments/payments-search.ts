import { isOneOf, PAYMENT_SEARCH_STATUSES, PAYMENT_TYPES, type PaymentStatus, type PaymentType } from '@fleetdesk/contract';
import { optionalString } from '@/lib/router/search-params';
import type { PaymentsFilter } from './api/payments-api';
import { dayEndIso, dayStartIso, daysAgo, isDay } from './date-range';

/** The payments screen opens on the last 30 days (docs/decisions/0023). */
export const DEFAULT_RANGE_DAYS = 30;

/** The query parameters of /payments: the filters, the open payment (`order`) and the user view (`user`). */
export interface PaymentsSearch {
  /** Comma separated, in the order of the search set (the router would write an array as JSON). */
  status?: string;
  type?: PaymentType;
  /** 'YYYY-MM-DD'; absent: 30 days ago. */
  from?: string;
  /** 'YYYY-MM-DD'; absent: today. */
  to?: string;
  /** Order id or bid prefix. */
  search?: string;
  /** The payment whose detail is open. */
  order?: string;
  /** A user name: the screen shows that user's payments. */
  user?: string;
  /** Only payments made more than this many days ago (a saved view's filter); the default date range is not applied. */
  olderThanDays?: number;
}

const SEARCH_STATUSES: readonly string[] = PAYMENT_SEARCH_STATUSES;

/** Reads the URL's values; unknown statuses, types and malformed dates are dropped. */
export function validatePaymentsSearch(raw: Record<string, unknown>): PaymentsSearch {
  const result: PaymentsSearch = {};
  const statusValues = (Array.isArray(raw.status) ? raw.status : [raw.status])
    .flatMap((v) => (typeof v === 'string' ? v.split(',') : []))
    .map((v) => v.trim().toUpperCase())
    .filter((v): v is PaymentStatus => SEARCH_STATUSES.includes(v));
  const status = joinStatuses(statusValues);
  if (status) result.status = status;
  const type = typeof raw.type === 'string' ? raw.type.toUpperCase() : raw.type;
  if (isOneOf(PAYMENT_TYPES, type)) result.type = type;
  if (isDay(raw.from)) result.from = raw.from;
  if (isDay(raw.to)) result.to = raw.to;
  const search = optionalString(raw.search)?.trim();
  if (search) result.search = search.toUpperCase();
  const order = optionalString(raw.order)?.trim();
  if (order) result.order = order.toUpperCase();
  const user = optionalString(raw.user)?.trim();
  if (user) result.user = user;
  const olderThanDays = Number(raw.olderThanDays);
  if (Number.isInteger(olderThanDays) && olderThanDays >= 1 && olderThanDays <= 3650) result.olderThanDays = olderThanDays;
  return result;
}

/** Statuses as the URL keeps them: known search statuses in the search set's order, comma separated; undefined for none. */
export function joinStatuses(statuses: readonly string[]): string | undefined {
  const joined = PAYMENT_SEARCH_STATUSES.filter((s) => statuses.includes(s)).join(',');
  return joined || undefined;
}

/** The statuses of a screen state. */
export function statusesOf(search: Pick<PaymentsSearch, 'status'>): PaymentStatus[] {
  const given = (search.status ?? '').split(',');
  return PAYMENT_SEARCH_STATUSES.filter((status) => given.includes(status));
}

/** The effective date range: the URL's, or the default last 30 days up to today. */
export function effectiveRange(search: Pick<PaymentsSearch, 'from' | 'to'>, now: Date = new Date()): { from: string; to: string } {
  return { from: search.from ?? daysAgo(DEFAULT_RANGE_DAYS, now), to: search.to ?? daysAgo(0, now) };
}

/** The GET /api/payments filter of a screen state (dates as the start of the first and the end of the last day). */
export function paymentsFilterOf(search: PaymentsSearch, now: Date = new Date()): PaymentsFilter {
  const range = effectiveRange(search, now);
  const filter: PaymentsFilter = search.olderThanDays
    ? { olderThanDays: search.olderThanDays, from: search.from && dayStartIso(search.from), to: search.to && dayEndIso(search.to) }
    : { from: dayStartIso(range.from), to: dayEndIso(range.to) };
  if (!filter.from) delete filter.from;
  if (!filter.to) delete filter.to;
  const statuses = statusesOf(search);
  if (statuses.length) filter.status = statuses;
  if (search.type) filter.type = search.type;
  if (search.search) filter.search = search.search;
  return filter;
}
