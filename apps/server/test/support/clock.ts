import { instantOfWallTime, wallTimeOf } from '@fleetdesk/contract';

/**
 * The test clock (docs/decisions/0047-test-clock.md). Every server test file runs with `Date` replaced by a clock
 * that flows at the real rate from a chosen start: `new Date()`, `Date.now()` and — because PGlite runs in-process
 * and reads the JavaScript clock — SQL `now()` all agree. The start is TEST_NOW when set (to run the suite at a given
 * time of day), else the real time; a file pins its own start with `setTestNow`.
 *
 * A shifted clock rather than frozen fake timers: sessions, event cursors and timeouts still see time pass, and no
 * timer is faked, so the database, the HTTP injection and the simulator run unchanged.
 */

const RealDate: DateConstructor = (globalThis as { __realDate?: DateConstructor }).__realDate ?? Date;
(globalThis as { __realDate?: DateConstructor }).__realDate = RealDate;

let offsetMs = 0;

class TestDate extends RealDate {
  constructor(...args: unknown[]) {
    if (args.length === 0) super(RealDate.now() + offsetMs);
    else super(...(args as [string | number | Date]));
  }

  static override now(): number {
    return RealDate.now() + offsetMs;
  }
}

/** Puts the test clock in place of `Date` (idempotent; the setup file calls it for every test file). */
export function installTestClock(): void {
  globalThis.Date = TestDate as DateConstructor;
}

/** The zone a time-of-day TEST_NOW ("23:59") is read in: TEST_NOW_ZONE, else the demo operators' Europe/Oslo. */
const zoneOfTimeOfDay = () => process.env.TEST_NOW_ZONE || 'Europe/Oslo';

/**
 * Reads TEST_NOW: an ISO instant with its offset (`2026-11-27T23:59:00+01:00`, `2026-11-27T22:59:00Z`), a local
 * date-time without one (`2026-11-27T23:59`, read in TEST_NOW_ZONE), or a time of day (`23:59`, `08:05:30`): today's
 * date at that time in TEST_NOW_ZONE.
 */
export function parseTestNow(value: string, today: number = RealDate.now()): Date {
  const v = value.trim();
  const time = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/.exec(v);
  const local = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2}))?$/.exec(v);
  const zone = zoneOfTimeOfDay();
  let ms: number;
  if (time) {
    const d = wallTimeOf(today, zone);
    ms = instantOfWallTime(
      { year: d.year, month: d.month, day: d.day, hour: Number(time[1]), minute: Number(time[2]), second: Number(time[3] ?? 0) },
      zone,
    );
  } else if (local) {
    const [y, mo, d, h, mi, s] = local.slice(1).map((part) => Number(part ?? 0));
    ms = instantOfWallTime({ year: y!, month: mo!, day: d!, hour: h!, minute: mi!, second: s! }, zone);
  } else {
    ms = RealDate.parse(v);
  }
  if (!Number.isFinite(ms)) throw new Error(`TEST_NOW=${value}: not an ISO instant, a local date-time or a time of day (HH:MM)`);
  return new RealDate(ms);
}

/** Lets the clock run on from `instant` (a Date or an ISO string with its offset). */
export function setTestNow(instant: Date | string): Date {
  const ms = typeof instant === 'string' ? RealDate.parse(instant) : instant.getTime();
  if (!Number.isFinite(ms)) throw new Error(`setTestNow: invalid instant ${String(instant)}`);
  offsetMs = ms - RealDate.now();
  return new TestDate();
}

/**
 * Pins the clock to a fixed day, so that weekdays, months and daylight-saving changes never depend on the run date:
 * `date` (YYYY-MM-DD) at `time` (HH:MM) in TEST_NOW_ZONE. When TEST_NOW is a time of day (`TEST_NOW=23:59`), that
 * time is used on this day instead, so the any-hour check really runs the file at that hour; a full TEST_NOW instant
 * is taken as it is.
 */
export function pinTestDay(date: string, time = '08:05'): Date {
  const chosen = process.env.TEST_NOW?.trim();
  if (chosen && !/^\d{1,2}:\d{2}(?::\d{2})?$/.test(chosen)) return setTestNow(parseTestNow(chosen));
  const [hour = '', ...rest] = (chosen ?? time).split(':');
  return setTestNow(parseTestNow(`${date}T${hour.padStart(2, '0')}:${rest.join(':')}`));
}

/** Moves the clock forward (or back, with a negative duration) by `ms`, as if that much time had passed. */
export function advanceTestClock(ms: number): Date {
  offsetMs += ms;
  return new TestDate();
}

/** Back to the start of this file: TEST_NOW if set, else the real time. */
export function resetTestClock(): void {
  const start = process.env.TEST_NOW;
  offsetMs = start ? parseTestNow(start).getTime() - RealDate.now() : 0;
}

/** Whether the suite runs at a chosen time (TEST_NOW) rather than the real one. */
export const isClockChosen = (): boolean => Boolean(process.env.TEST_NOW);
