import dayjs from 'dayjs';
import { isoToWallClock, wallClockToMs } from '@fleetdesk/contract';
import { getDisplayTimeZone } from '@/lib/format/format';

/**
 * The value format of <input type="datetime-local">: a wall-clock time in the zone the console shows times in (the
 * operator's, docs/decisions/0065-operator-time-zone.md; the browser's before it is known).
 */
const LOCAL_INPUT_FORMAT = 'YYYY-MM-DDTHH:mm';

/** An ISO instant as a datetime-local input value; '' for none. */
export function toLocalInput(value: string | number | null | undefined, timeZone = getDisplayTimeZone()): string {
  if (value === null || value === undefined || value === '') return '';
  const date = dayjs(value);
  if (!date.isValid()) return '';
  return timeZone ? isoToWallClock(date.toISOString(), timeZone) : date.format(LOCAL_INPUT_FORMAT);
}

/** A datetime-local input value as an ISO-8601 instant (UTC, with its Z offset); undefined when blank or invalid. */
export function fromLocalInput(value: string, timeZone = getDisplayTimeZone()): string | undefined {
  if (!value.trim()) return undefined;
  if (timeZone) {
    const ms = wallClockToMs(value, timeZone);
    return ms === null ? undefined : new Date(ms).toISOString();
  }
  const date = dayjs(value);
  return date.isValid() ? date.toISOString() : undefined;
}
