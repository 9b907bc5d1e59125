import {
  EVENT_LOG_PAGE_SIZE,
  EVENT_ROLES,
  EVENT_SEARCH_LAST_HOURS_MAX,
  EVENT_TYPE_GROUPS as TYPE_GROUPS,
  isOneOf,
  eventSearchDefaultGroups,
  eventSearchDefaultPeriod,
  eventSearchHasSubject,
  eventSearchIsRunnable,
  eventSearchLastHoursPeriod,
  type EventRole,
  type EventTypeGroup,
} from '@fleetdesk/contract';
import { optionalString } from '@/lib/router/search-params';

/** The page sizes the result list offers; the API's default (EVENT_LOG_PAGE_SIZE) is the screen's default. */
export const EVENT_LOG_PAGE_SIZES = [10, 25, EVENT_LOG_PAGE_SIZE] as const;
export type EventLogPageSize = (typeof EVENT_LOG_PAGE_SIZES)[number];

/** The type groups in the order the form lists them. */
export const EVENT_TYPE_GROUPS: readonly EventTypeGroup[] = TYPE_GROUPS;

/** The relative periods the form offers (hours); a URL or saved view may name another (up to the API's maximum). */
export const EVENT_LOG_LAST_HOURS_CHOICES = [1, 24, 168] as const;

/**
 * The query parameters of /event. vin, bid and user are the subjects (at least one is needed to search, unless the
 * search is for failed commands); groups, startDate and endDate are only present when they differ from the §5
 * defaults, so a link such as /event?bid=…&startDate=… (from a booking) or /event?user=… (from a user) gets the
 * defaults for the rest. `lastHours` is a relative period in place of the dates (the built-in queue's "last 24 h").
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
  /** The last this many hours up to the moment the search runs; the dates are then left out. */
  lastHours?: number;
  /** Only the remote commands that failed or timed out (no subject needed; the type groups do not apply). */
  failedCommands?: true;
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
  const lastHours = Number(raw.lastHours);
  if (Number.isInteger(lastHours) && lastHours >= 1 && lastHours <= EVENT_SEARCH_LAST_HOURS_MAX) result.lastHours = lastHours;
  // A relative period replaces the dates (the API takes one or the other).
  else
    for (const key of ['startDate', 'endDate'] as const) {
      const value = optionalString(raw[key])?.trim();
      if (value && isIsoInstant(value)) result[key] = new Date(value).toISOString();
    }
  if (raw.failedCommands === true || raw.failedCommands === 'true') result.failedCommands = true;
  if (raw.view === 'full') result.view = 'full';
  const pageSize = Number(raw.pageSize);
  if ((EVENT_LOG_PAGE_SIZES as readonly number[]).includes(pageSize)) result.pageSize = pageSize as EventLogPageSize;
  return result;
}

/** Whether the search names a subject (§5: at least one of vin, bid or user). */
export const hasSubject = (search: Pick<EventLogSearch, 'vin' | 'bid' | 'user'>): boolean => eventSearchHasSubject(search);

/** Whether the search can run: a subject, or the failed-commands filter (the contract's rule, as the API applies it). */
export const isRunnable = (search: Pick<EventLogSearch, 'vin' | 'bid' | 'user' | 'failedCommands'>): boolean => eventSearchIsRunnable(search);

/** The groups in effect: the URL's, else the §5 defaults (bluetooth off, heartbeat only with a vin). */
export function effectiveGroups(search: Pick<EventLogSearch, 'groups' | 'vin'>): EventTypeGroup[] {
  if (search.groups === undefined) return eventSearchDefaultGroups(Boolean(search.vin));
  const given = search.groups.split(',');
  return EVENT_TYPE_GROUPS.filter((group) => given.includes(group));
}

/** The period in effect: the last hours up to `now`, else the URL's dates, each else the §5 default (one month back to the end of today). */
export function effectivePeriod(
  search: Pick<EventLogSearch, 'startDate' | 'endDate' | 'lastHours'>,
  now: Date,
  timeZone: string,
): { startDate: string; endDate: string } {
  if (search.lastHours !== undefined) {
    const { start, end } = eventSearchLastHoursPeriod(search.lastHours, now);
    return { startDate: start.toISOString(), endDate: end.toISOString() };
  }
  const defaults = eventSearchDefaultPeriod(now, timeZone);
  return { startDate: search.startDate ?? defaults.startDate, endDate: search.endDate ?? defaults.endDate };
}

/**
 * What GET /api/events is asked (without paging): empty values dropped, the role only with a user (§5). A relative
 * period is sent as `lastHours`, so that the server counts it from its own clock when it answers; the failed-commands
 * search sends no groups (it is a filter on remote commands by itself).
 */
export type EventLogFilter = {
  vin?: string;
  bid?: string;
  user?: string;
  role?: EventRole;
  groups: EventTypeGroup[];
  failedCommands?: true;
} & ({ startDate: string; endDate: string; lastHours?: undefined } | { lastHours: number; startDate?: undefined; endDate?: undefined });

export function eventLogFilterOf(search: EventLogSearch, now: Date, timeZone: string): EventLogFilter {
  const groups = search.failedCommands ? [] : effectiveGroups(search);
  const filter: EventLogFilter =
    search.lastHours !== undefined ? { groups, lastHours: search.lastHours } : { groups, ...effectivePeriod(search, now, timeZone) };
  if (search.failedCommands) filter.failedCommands = true;
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
  /** A relative period (hours) in place of the dates; null or absent: the dates. */
  lastHours?: number | null;
  /** Only failed and timed-out commands (the groups are then left out). */
  failedCommands?: boolean;
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
  if (values.failedCommands) next.failedCommands = true;
  else if (values.groupsChanged) next.groups = EVENT_TYPE_GROUPS.filter((g) => values.groups.includes(g)).join(',');
  if (values.lastHours) next.lastHours = values.lastHours;
  else {
    if (values.startDate) next.startDate = values.startDate;
    if (values.endDate) next.endDate = values.endDate;
  }
  return next;
}
