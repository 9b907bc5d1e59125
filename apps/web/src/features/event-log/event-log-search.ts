import {
  EVENT_LOG_PAGE_SIZE,
  EVENT_ROLES,
  EVENT_TYPE_GROUPS as TYPE_GROUPS,
  isOneOf,
  eventSearchDefaultGroups,
  eventSearchDefaultPeriod,
  type EventRole,
  type EventTypeGroup,
} from '@fleetdesk/contract';
import { optionalString } from '@/lib/router/search-params';

/** The page sizes the result list offers; the API's default (EVENT_LOG_PAGE_SIZE) is the screen's default. */
export const EVENT_LOG_PAGE_SIZES = [10, 25, EVENT_LOG_PAGE_SIZE] as const;
export type EventLogPageSize = (typeof EVENT_LOG_PAGE_SIZES)[number];

/** The type groups in the order the form lists them. */
export const EVENT_TYPE_GROUPS: readonly EventTypeGroup[] = TYPE_GROUPS;

/**
 * The query parameters of /event. vin, bid and user are the subjects (at least one is needed to search); groups,
 * startDate and endDate are only present when they differ from the §5 defaults, so a link such as
 * /event?bid=…&startDate=… (from a booking) or /event?user=… (from a user) gets the defaults for the rest.
 */
export interface EventLogSearch {
  vin?: string;
  bid?: string;
  user?: string;
  /** The actor radios; only applied with a user. */
  role?: EventRole;
  /** Comma separated type groups (the router would write an array as JSON). */
  groups?: string;
  /** ISO date-times. */
  startDate?: string;
  endDate?: string;
  /** 'full' shows every column; absent: the simple table. */
  view?: 'full';
  pageSize?: EventLogPageSize;
}

const isIsoInstant = (value: string) => !Number.isNaN(Date.parse(value)) && /^\d{4}-\d{2}-\d{2}T/.test(value);

/** Reads the URL's values; unknown roles, groups, views and malformed dates are dropped. */
export function validateEventLogSearch(raw: Record<string, unknown>): EventLogSearch {
  const result: EventLogSearch = {};
  const vin = optionalString(raw.vin)?.trim();
  if (vin) result.vin = vin.toUpperCase();
  const bid = optionalString(raw.bid)?.trim();
  if (bid) result.bid = bid.toUpperCase();
  const user = optionalString(raw.user)?.trim();
  if (user) result.user = user;
  const role = typeof raw.role === 'string' ? raw.role.toUpperCase() : raw.role;
  if (isOneOf(EVENT_ROLES, role)) result.role = role;
  if (raw.groups !== undefined) {
    // An empty `groups=` is kept as "no group ticked" (distinct from "absent: the defaults").
    const given = (Array.isArray(raw.groups) ? raw.groups : [raw.groups]).flatMap((v) => (typeof v === 'string' ? v.split(',') : []));
    const known = EVENT_TYPE_GROUPS.filter((group) => given.map((g) => g.trim().toUpperCase()).includes(group));
    if (known.length || given.every((g) => g.trim() === '')) result.groups = known.join(',');
  }
  for (const key of ['startDate', 'endDate'] as const) {
    const value = optionalString(raw[key])?.trim();
    if (value && isIsoInstant(value)) result[key] = new Date(value).toISOString();
  }
  if (raw.view === 'full') result.view = 'full';
  const pageSize = Number(raw.pageSize);
  if ((EVENT_LOG_PAGE_SIZES as readonly number[]).includes(pageSize)) result.pageSize = pageSize as EventLogPageSize;
  return result;
}

/** Whether the search names a subject (§5: at least one of vin, bid or user). */
export const hasSubject = (search: Pick<EventLogSearch, 'vin' | 'bid' | 'user'>): boolean => Boolean(search.vin || search.bid || search.user);

/** The groups in effect: the URL's, else the §5 defaults (bluetooth off, heartbeat only with a vin). */
export function effectiveGroups(search: Pick<EventLogSearch, 'groups' | 'vin'>): EventTypeGroup[] {
  if (search.groups === undefined) return eventSearchDefaultGroups(Boolean(search.vin));
  const given = search.groups.split(',');
  return EVENT_TYPE_GROUPS.filter((group) => given.includes(group));
}

/** The period in effect: the URL's dates, each else the §5 default (one month back to the end of today). */
export function effectivePeriod(
  search: Pick<EventLogSearch, 'startDate' | 'endDate'>,
  now: Date,
  timeZone: string,
): { startDate: string; endDate: string } {
  const defaults = eventSearchDefaultPeriod(now, timeZone);
  return { startDate: search.startDate ?? defaults.startDate, endDate: search.endDate ?? defaults.endDate };
}

/** What GET /api/events is asked (without paging): empty values dropped, the role only with a user (§5). */
export interface EventLogFilter {
  vin?: string;
  bid?: string;
  user?: string;
  role?: EventRole;
  groups: EventTypeGroup[];
  startDate: string;
  endDate: string;
}

export function eventLogFilterOf(search: EventLogSearch, now: Date, timeZone: string): EventLogFilter {
  const filter: EventLogFilter = { groups: effectiveGroups(search), ...effectivePeriod(search, now, timeZone) };
  if (search.vin) filter.vin = search.vin;
  if (search.bid) filter.bid = search.bid;
  if (search.user) {
    filter.user = search.user;
    if (search.role) filter.role = search.role;
  }
  return filter;
}

/** The form's values as the URL keeps them: defaults left out so that they follow the subject and the clock. */
export interface EventSearchSubmit {
  vin: string;
  bid: string;
  user: string;
  role: EventRole;
  groups: EventTypeGroup[];
  /** Whether the staff changed the groups (else they follow the vin: heartbeat only with one). */
  groupsChanged: boolean;
  startDate: string | null;
  endDate: string | null;
}

export function searchOfSubmit(values: EventSearchSubmit, keep: Pick<EventLogSearch, 'view' | 'pageSize'>): EventLogSearch {
  const next: EventLogSearch = { ...keep };
  const vin = values.vin.trim();
  const bid = values.bid.trim();
  const user = values.user.trim();
  if (vin) next.vin = vin.toUpperCase();
  if (bid) next.bid = bid.toUpperCase();
  if (user) {
    next.user = user;
    if (values.role !== 'BOTH') next.role = values.role;
  }
  if (values.groupsChanged) next.groups = EVENT_TYPE_GROUPS.filter((g) => values.groups.includes(g)).join(',');
  if (values.startDate) next.startDate = values.startDate;
  if (values.endDate) next.endDate = values.endDate;
  return next;
}
