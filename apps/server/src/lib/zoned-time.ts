/**
 * Calendar arithmetic in an operator's time zone (Europe/Oslo, Europe/Stockholm) without a date
 * library: the UTC instant of local midnight, found from the zone's offset at that moment.
 */
function offsetMs(instant: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(instant);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return asUtc - Math.floor(instant.getTime() / 1000) * 1000;
}

/** The local calendar date (y, m, d) of an instant in a zone. */
function localDate(instant: Date, timeZone: string) {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(instant);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return { year: get('year'), month: get('month'), day: get('day') };
}

/** The instant local midnight begins on the day `instant` falls on, shifted by `dayOffset` days. */
export function startOfLocalDay(instant: Date, timeZone: string, dayOffset = 0): Date {
  const { year, month, day } = localDate(instant, timeZone);
  const naive = Date.UTC(year, month - 1, day + dayOffset);
  // Two passes settle the offset across a daylight-saving change.
  let guess = naive - offsetMs(new Date(naive), timeZone);
  guess = naive - offsetMs(new Date(guess), timeZone);
  return new Date(guess);
}
