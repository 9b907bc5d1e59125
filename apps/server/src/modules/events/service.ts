import {
  englishEventText,
  startOfLocalDay,
  EVENT_SEARCH_UNSCOPED_MAX_DAYS,
  EVENT_TYPE_GROUP,
  eventSearchLastHoursPeriod,
  eventSearchPeriodTooLong,
  type EventTextPart,
  MESSAGE_IDS,
  type EventLogEntry,
  type EventSearchQuery,
  type EventSearchResponse,
  type EventType,
  fieldError,
  ZEventType,
} from '@fleetdesk/contract';
import { and, count, desc, asc, eq, gte, inArray, lt, lte, or, sql, gt, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { bookings, events, fleets, users, vehicles } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import type { Actor } from '../auth/index.ts';

export interface NewEvent {
  type: EventType;
  /** The text as ids with parameters (docs/decisions/0048-event-texts.md); `displayText` is its English rendering. */
  text: EventTextPart | readonly EventTextPart[];
  bid?: string | null;
  vin?: string | null;
  affectedUsername?: string | null;
  properties?: Record<string, unknown>;
  occurred?: Date;
}

/**
 * Appends one entry to the event log, scoped to the actor's fleet. Call it with the same
 * `tx` as the mutation it records, so the audit trail and the change commit together.
 */
export async function appendEvent(tx: Db, actor: Actor, event: NewEvent): Promise<void> {
  // `received` is when the server wrote the entry, from the same clock as `occurred` and never before it: the column's
  // default (PostgreSQL's now()) is the start of the transaction, earlier than an action taken inside it, which showed
  // every console action with a red negative offset in the event log (issue 17).
  const written = new Date();
  const occurred = event.occurred ?? written;
  const textParts = eventTextParts(event.text);
  await tx.insert(events).values({
    fleetId: actor.fleet,
    occurred,
    received: occurred.getTime() > written.getTime() ? occurred : written,
    bid: event.bid ?? null,
    vin: event.vin ?? null,
    actingUsername: actor.username,
    affectedUsername: event.affectedUsername ?? null,
    type: event.type,
    typeGroup: EVENT_TYPE_GROUP[event.type],
    displayText: englishEventText(textParts),
    textParts,
    properties: event.properties ?? {},
  });
}

/** One part or several, as the list the events table stores. */
export const eventTextParts = (text: EventTextPart | readonly EventTextPart[]): EventTextPart[] => ('id' in text ? [text] : [...text]);

/** The two text columns of an events row written without appendEvent (bulk inserts): the parts and their English. */
export function eventTextColumns(text: EventTextPart | readonly EventTextPart[]): { displayText: string; textParts: EventTextPart[] } {
  const textParts = eventTextParts(text);
  return { displayText: englishEventText(textParts), textParts };
}

/** A keyset position in the event log: an event's time and id (opaque to clients). */
export type Cursor = { t: string; id: number };
export const encodeCursor = (c: Cursor) => Buffer.from(JSON.stringify(c)).toString('base64url');
/** Reads a cursor of `encodeCursor`; anything else is 400 `invalidCursor` on `cursor`. */
export function decodeCursor(raw: string): Cursor {
  try {
    const c = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as Partial<Cursor>;
    if (typeof c.t === 'string' && !Number.isNaN(Date.parse(c.t)) && typeof c.id === 'number') return { t: c.t, id: c.id };
  } catch {
    // fall through
  }
  throw AppError.invalidInput([fieldError('cursor', 'invalidCursor')]);
}

/** §5 plain API default period: from the start of yesterday, in the operator's time zone, until now. */
export function defaultEventPeriod(now: Date, timeZone: string): { start: Date; end: Date } {
  return { start: startOfLocalDay(now, timeZone, -1), end: now };
}

export function toEventLogEntry(row: typeof events.$inferSelect): EventLogEntry {
  return {
    id: String(row.id),
    occurred: row.occurred.toISOString(),
    received: row.received.toISOString(),
    bid: row.bid,
    vin: row.vin,
    actingUsername: row.actingUsername,
    affectedUsername: row.affectedUsername,
    type: row.type,
    typeGroup: row.typeGroup,
    displayText: row.displayText,
    textParts: row.textParts,
    properties: row.properties,
  };
}

/**
 * GET /api/events: §7 filters with §5 rules, keyset-paged on (occurred, id).
 * A vin, bid or user of another operator answers 404, like any other record of theirs. Every search is scoped to the
 * operator, the failed-commands one without a subject too.
 */
export async function searchEvents(db: Db, actor: Actor, q: EventSearchQuery, now = new Date()): Promise<EventSearchResponse> {
  const bid = q.bid?.toUpperCase();
  const user = await assertSubjectsInFleet(db, actor.fleet, { bid, vin: q.vin, user: q.user });
  if (q.after !== undefined) return followEvents(db, actor, q, { bid, user }, decodeFollowCursor(q.after));
  // The log position before the search: anything appended later is new to a follower.
  const followCursor = encodeFollowCursor(await lastEventId(db));

  const where = await searchConditions(db, actor, q, { bid, user }, now);
  const descending = q.order === 'desc';
  if (q.cursor) {
    const c = decodeCursor(q.cursor);
    const t = new Date(c.t);
    where.push(
      descending
        ? or(lt(events.occurred, t), and(eq(events.occurred, t), lt(events.id, c.id)))!
        : or(gt(events.occurred, t), and(eq(events.occurred, t), gt(events.id, c.id)))!,
    );
  }
  const rows = await db
    .select()
    .from(events)
    .where(and(...where))
    .orderBy(...(descending ? [desc(events.occurred), desc(events.id)] : [asc(events.occurred), asc(events.id)]))
    .limit(q.pageSize + 1);
  const moreResults = rows.length > q.pageSize;
  const page = rows.slice(0, q.pageSize);
  const last = page.at(-1);
  return {
    results: page.map(toEventLogEntry),
    moreResults,
    currentPage: q.page,
    nextCursor: moreResults && last ? encodeCursor({ t: last.occurred.toISOString(), id: last.id }) : null,
    followCursor,
  };
}

/** A plain search's filters: the subjects' and the period. */
async function searchConditions(
  db: Db,
  actor: Actor,
  q: EventSearchQuery,
  s: { bid: string | undefined; user: string | undefined },
  now: Date,
): Promise<SQL[]> {
  const { start, end } = await searchPeriod(db, actor, q, now);
  return [...subjectFilters(actor, q, s), gte(events.occurred, start), lte(events.occurred, end)];
}

/**
 * The period of a plain search: `lastHours` up to `now` (evaluated now, so a saved view's "last 24 h" moves with the
 * clock), else the dates given, each else the plain API default (from the start of yesterday until now). A search
 * without a subject (failed commands across the operator) spans at most EVENT_SEARCH_UNSCOPED_MAX_DAYS: its scan of
 * the operator's events (events_fleet_occurred_idx) stays bounded.
 */
async function searchPeriod(db: Db, actor: Actor, q: EventSearchQuery, now: Date): Promise<{ start: Date; end: Date }> {
  let period: { start: Date; end: Date };
  if (q.lastHours !== undefined) {
    if (q.startDate || q.endDate) throw AppError.invalidInput([fieldError('lastHours', 'lastHoursWithDates')]);
    period = eventSearchLastHoursPeriod(q.lastHours, now);
  } else {
    const [fleet] = await db.select({ timeZone: fleets.timeZone }).from(fleets).where(eq(fleets.id, actor.fleet)).limit(1);
    const fallback = defaultEventPeriod(now, fleet?.timeZone ?? 'UTC');
    period = { start: q.startDate ? new Date(q.startDate) : fallback.start, end: q.endDate ? new Date(q.endDate) : fallback.end };
  }
  if (period.start > period.end) throw AppError.invalidInput([fieldError('startDate', 'startBeforeEnd')]);
  if (eventSearchPeriodTooLong(q, period.start.getTime(), period.end.getTime())) {
    throw AppError.invalidInput([fieldError('startDate', 'periodTooLongWithoutSubject', { days: EVENT_SEARCH_UNSCOPED_MAX_DAYS })]);
  }
  return period;
}

/** How many events a search matches (the saved views' count; paging and follow mode do not apply). */
export async function countEvents(db: Db, actor: Actor, q: EventSearchQuery, now = new Date()): Promise<number> {
  const bid = q.bid?.toUpperCase();
  const user = await assertSubjectsInFleet(db, actor.fleet, { bid, vin: q.vin, user: q.user });
  const where = await searchConditions(db, actor, q, { bid, user }, now);
  const [row] = await db
    .select({ n: count() })
    .from(events)
    .where(and(...where));
  return row?.n ?? 0;
}

/**
 * A remote command's failure (or timeout) as the event log records it: the REMOTE_COMMAND event of the command's
 * answer with `properties.result` FAILED (recordCommandAnswer in vehicle-commands; the sent event says PENDING, a
 * success SUCCEEDED).
 */
const failedCommandEvent = (): SQL => and(eq(events.type, 'REMOTE_COMMAND'), sql`${events.properties}->>'result' = 'FAILED'`)!;

/**
 * The filters every search applies: the operator, the subjects (vin, bid, user with its role), actor, groups, types,
 * failed commands.
 */
function subjectFilters(actor: Actor, q: EventSearchQuery, s: { bid: string | undefined; user: string | undefined }): SQL[] {
  const where: SQL[] = [eq(events.fleetId, actor.fleet)];
  if (s.bid) where.push(eq(events.bid, s.bid));
  if (q.vin) where.push(eq(events.vin, q.vin));
  // §5: the role (actor radios) only means something with a user; without one it is ignored.
  if (s.user) {
    const role = q.role ?? 'BOTH';
    if (role === 'AFFECTED') where.push(eq(events.affectedUsername, s.user));
    else if (role === 'ACTING') where.push(eq(events.actingUsername, s.user));
    else where.push(or(eq(events.affectedUsername, s.user), eq(events.actingUsername, s.user))!);
  }
  if (q.actor) where.push(eq(events.actingUsername, q.actor));
  if (q.groups?.length) {
    // The groups' types too: the event log is partitioned by type (docs/decisions/0083-event-partitions.md), so the
    // planner reads only those types' partitions.
    const groupTypes = ZEventType.options.filter((type) => q.groups!.includes(EVENT_TYPE_GROUP[type]));
    where.push(inArray(events.typeGroup, q.groups), groupTypes.length ? inArray(events.type, groupTypes) : sql`false`);
  }
  if (q.types?.length) where.push(inArray(events.type, q.types));
  if (q.failedCommands) where.push(failedCommandEvent());
  return where;
}

/**
 * Follow mode (issue 7; docs/decisions/0032-operations-api.md): the log position is the event id, which grows with
 * every append. The cursor is opaque: base64url of {"f": id}.
 */
const encodeFollowCursor = (id: number) => Buffer.from(JSON.stringify({ f: id })).toString('base64url');
function decodeFollowCursor(raw: string): number {
  try {
    const c = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as { f?: unknown };
    if (typeof c.f === 'number' && Number.isSafeInteger(c.f) && c.f >= 0) return c.f;
  } catch {
    // fall through
  }
  throw AppError.invalidInput([fieldError('after', 'invalidCursor')]);
}

/**
 * The log's position now: the newest event id the database has handed out (0 before the first). Any event appended
 * later has a greater id. Read from the id sequence, not as the operator's greatest id: that query has no partition
 * bound and so probes every partition of the event log (docs/decisions/0083-event-partitions.md), on every search.
 */
async function lastEventId(db: Db): Promise<number> {
  const [row] = rowsOf<{ id: string | null }>(await db.execute(sql`select pg_sequence_last_value('events_id_seq')::text as id`));
  return row?.id ? Number(row.id) : 0;
}

/**
 * GET /api/events?after=…: the events of the same filters appended after the cursor, oldest first, up to pageSize
 * (the period, cursor and order of a plain search do not apply: a new event is new whenever it occurred).
 */
async function followEvents(
  db: Db,
  actor: Actor,
  q: EventSearchQuery,
  s: { bid: string | undefined; user: string | undefined },
  afterId: number,
): Promise<EventSearchResponse> {
  const rows = await db
    .select()
    .from(events)
    .where(and(...subjectFilters(actor, q, s), gt(events.id, afterId)))
    .orderBy(asc(events.id))
    .limit(q.pageSize + 1);
  const moreResults = rows.length > q.pageSize;
  const page = rows.slice(0, q.pageSize);
  return {
    results: page.map(toEventLogEntry),
    moreResults,
    currentPage: 0,
    nextCursor: null,
    followCursor: encodeFollowCursor(page.at(-1)?.id ?? afterId),
  };
}

/** Checks that the searched booking, vehicle and user are this operator's; returns the user's canonical username. */
async function assertSubjectsInFleet(db: Db, fleet: string, s: { bid?: string; vin?: string; user?: string }): Promise<string | undefined> {
  if (s.bid) {
    const [row] = await db.select({ fleetId: bookings.fleetId }).from(bookings).where(eq(bookings.bid, s.bid)).limit(1);
    if (!row || row.fleetId !== fleet) throw AppError.notFound(MESSAGE_IDS.bookingNotFound, 'bookingNotFound');
  }
  if (s.vin) {
    const [row] = await db.select({ fleetId: vehicles.fleetId }).from(vehicles).where(eq(vehicles.vin, s.vin)).limit(1);
    if (!row || row.fleetId !== fleet) throw AppError.notFound(MESSAGE_IDS.vehicleNotFound, 'noHitsForVehicles');
  }
  if (s.user) {
    const [row] = await db
      .select({ fleetId: users.fleetId, username: users.username })
      .from(users)
      .where(sql`lower(${users.username}) = lower(${s.user})`)
      .limit(1);
    if (!row || row.fleetId !== fleet) throw AppError.notFound(MESSAGE_IDS.userNotFound, 'userNotFound');
    return row.username;
  }
  return undefined;
}
