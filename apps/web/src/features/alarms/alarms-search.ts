import { ALARM_CATEGORIES, ALARM_STATES, isOneOf, type AlarmCategory, type AlarmState } from '@fleetdesk/contract';
import { optionalString } from '@/lib/router/search-params';

/** The query parameters of /alarms (all optional: no state shows both TRIGGERED and HANDLED, newest first). */
export interface AlarmsSearch {
  state?: AlarmState;
  category?: AlarmCategory;
  /** A VIN, upper case. */
  vin?: string;
  /** A booking id, upper case. */
  bid?: string;
}

/** The filter sent to GET /api/alarms. */
export interface AlarmsFilter {
  state?: AlarmState;
  category?: AlarmCategory;
  vin?: string;
  bid?: string;
}

const upperText = (value: unknown): string | undefined => {
  const text = optionalString(value)?.trim().replace(/\s+/g, '');
  return text ? text.toUpperCase() : undefined;
};

/** Reads the URL; unknown states and categories are dropped, VIN and BID trimmed and upper-cased. */
export function validateAlarmsSearch(raw: Record<string, unknown>): AlarmsSearch {
  const result: AlarmsSearch = {};
  const state = typeof raw.state === 'string' ? raw.state.trim().toUpperCase() : raw.state;
  if (isOneOf(ALARM_STATES, state)) result.state = state;
  const category = typeof raw.category === 'string' ? raw.category.trim().toUpperCase() : raw.category;
  if (isOneOf(ALARM_CATEGORIES, category)) result.category = category;
  const vin = upperText(raw.vin);
  if (vin) result.vin = vin;
  const bid = upperText(raw.bid);
  if (bid) result.bid = bid;
  return result;
}

/** The API filter of a screen state: only the parameters that are set (so query keys stay stable). */
export function alarmsFilterOf(search: AlarmsSearch): AlarmsFilter {
  const filter: AlarmsFilter = {};
  if (search.state) filter.state = search.state;
  if (search.category) filter.category = search.category;
  if (search.vin) filter.vin = search.vin;
  if (search.bid) filter.bid = search.bid;
  return filter;
}

/** The form's values (text as typed) as a screen state, validated like the URL. */
export function alarmsSearchOfForm(values: { state: string; category: string; vin: string; bid: string }): AlarmsSearch {
  return validateAlarmsSearch(values);
}

export const isAlarmsFiltered = (search: AlarmsSearch): boolean => Object.keys(alarmsFilterOf(search)).length > 0;
