import {
  BOOKING_SEARCH_SUBLIST_PAGE_SIZE,
  OTHER_FLEET_COUNT_CAP,
  SEARCH_PAGE_SIZE,
  ZBookingGroup,
  type BookingGroup,
  type BookingState,
  type OtherFleetHint,
  type SearchBooking,
  type SearchBookingsQuery,
  type SearchPinnedNote,
  type SearchPageQuery,
  type SearchUser,
  type SupportSearchQuery,
  type SupportSearchResponse,
  type Vehicle,
} from '@fleetdesk/contract';
import { and, asc, eq, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { bookings, fleets, users, vehicles } from '../../db/schema.ts';
import type { Actor } from '../auth/index.ts';
import { loadBookingRows, loadBookingRowsById } from '../bookings/index.ts';
import { loadVehicles } from '../vehicles/index.ts';
import { decodeBookingCursor, decodeUserCursor, decodeVehicleCursor, encodeCursor, type BookingCursor, type VehicleCursor } from './cursor.ts';
import { bidCondition, parseTerms, resolveRefs, usersCondition, vehiclesCondition, type SearchTerms } from '../../lib/search-terms.ts';
import { matchingNotes, pinnedNotesOf } from './notes.ts';
import { rowsOf } from '../../db/rows.ts';
import { customerOf, userMatchOf, userKeys, loadSearchUsers, userCursorOf } from './search-users.ts';
export { searchTuning, type UserMatch } from './search-users.ts';

/**
 * The combined support search (§2 /support, §5 Search; docs/decisions/0015-support-search.md).
 *
 * - Users: customers of the session's operator matching every word of the phrase in some field (user name, given and
 *   family name, e-mail, mobile phone, customer number, company name) and the chips; ordered by user name.
 * - Vehicles: the operator's vehicles matching every word in VIN, registration (with or without its space), long
 *   presentation, model name, pool name or city; ordered by registration, id. Chips alone find no vehicles.
 * - Bookings: those whose bid starts with the phrase, plus those of the users on the first users page and of the
 *   vehicles on the first vehicles page, in the §4 groups.
 * - Other operators: capped match counts per fleet, never their records.
 *
 * Lists are keyset-paged on an indexed order (one extra row tells whether more exist), so a common word stops after
 * a page instead of sorting every match; the other operators' counts stop at OTHER_FLEET_COUNT_CAP.
 */

export interface Page<T> {
  results: T[];
  moreResults: boolean;
  nextCursor: string | null;
  pinnedNotes?: SearchPinnedNote[];
}
const emptyPage = <T>(): Page<T> => ({ results: [], moreResults: false, nextCursor: null });

type VehicleKey = { id: number; registrationNumber: string };
type Counts = { vehicles: number; users: number; bookings: number };

// ---------- vehicles ----------

/** One page of the operator's matching vehicles, ordered by registration (the (fleet, registration, id) index). */
async function vehicleKeys(db: Db, actor: Actor, match: SQL, cursor: VehicleCursor | null, limit: number): Promise<VehicleKey[]> {
  return db
    .select({ id: vehicles.id, registrationNumber: vehicles.registrationNumber })
    .from(vehicles)
    .where(
      and(
        eq(vehicles.fleetId, actor.fleet),
        match,
        cursor ? sql`(${vehicles.registrationNumber}, ${vehicles.id}) > (${cursor.r}, ${cursor.id})` : undefined,
      ),
    )
    .orderBy(asc(vehicles.registrationNumber), asc(vehicles.id))
    .limit(limit);
}

const vehicleCursorOf = (k: VehicleKey): VehicleCursor => ({ k: 'v', r: k.registrationNumber, id: k.id });

// ---------- bookings ----------

/** §4: active; future = INACTIVE by start ascending; historic = FINISHED and CANCELLED, newest first. */
const GROUP_STATES: Record<BookingGroup, BookingState[]> = { active: ['ACTIVE'], future: ['INACTIVE'], historic: ['FINISHED', 'CANCELLED'] };
const NEWEST_FIRST: Record<BookingGroup, boolean> = { active: false, future: false, historic: true };

/** Where the listed bookings come from: the first page of users and of vehicles, and the bid prefix. */
interface BookingSource {
  userIds: number[];
  vehicleIds: number[];
  bid: SQL | null;
}

/**
 * One page of a group's bookings. The candidates (a few hundred at most: ten users, ten vehicles, a bid prefix) are
 * read through the user, vehicle and bid indexes first; the materialised CTE keeps the planner from walking the
 * fleet's start-time index instead, which would pass every booking between now and the first hit.
 */
async function bookingKeys(db: Db, actor: Actor, group: BookingGroup, source: BookingSource, cursor: BookingCursor | null, limit: number) {
  const arms = [
    source.userIds.length ? inArray(bookings.userId, source.userIds) : undefined,
    source.vehicleIds.length ? inArray(bookings.allocatedVehicleId, source.vehicleIds) : undefined,
    source.bid ?? undefined,
  ].filter((a) => a !== undefined);
  if (!arms.length) return [];
  const newestFirst = NEWEST_FIRST[group];
  const after = cursor ? sql`where (start_time, id) ${sql.raw(newestFirst ? '<' : '>')} (${new Date(cursor.t)}, ${cursor.id})` : sql``;
  const order = sql.raw(newestFirst ? 'start_time desc, id desc' : 'start_time asc, id asc');
  const rows = rowsOf<{ id: number | string; start_time: Date | string }>(
    await db.execute(sql`
      with b as materialized (
        select ${bookings.id} as id, ${bookings.startTime} as start_time from ${bookings}
        where ${eq(bookings.fleetId, actor.fleet)} and ${inArray(bookings.state, GROUP_STATES[group])} and ${or(...arms)}
      )
      select id, start_time from b ${after} order by ${order} limit ${limit}`),
  );
  return rows.map((r) => ({ id: Number(r.id), startTime: new Date(r.start_time) }));
}

/**
 * The first page of every group in one query: the same candidates as bookingKeys, numbered per group in the group's
 * order, `limit` of each.
 */
async function firstBookingPages(
  db: Db,
  actor: Actor,
  source: BookingSource,
  limit: number,
): Promise<Record<BookingGroup, { id: number; startTime: Date }[]>> {
  const pages: Record<BookingGroup, { id: number; startTime: Date }[]> = { active: [], future: [], historic: [] };
  const arms = [
    source.userIds.length ? inArray(bookings.userId, source.userIds) : undefined,
    source.vehicleIds.length ? inArray(bookings.allocatedVehicleId, source.vehicleIds) : undefined,
    source.bid ?? undefined,
  ].filter((a) => a !== undefined);
  if (!arms.length) return pages;
  const groupOf = sql.raw(
    `case state ${ZBookingGroup.options.flatMap((g) => GROUP_STATES[g].map((st) => `when '${st}' then '${g}'`)).join(' ')} end`,
  );
  const newest =
    ZBookingGroup.options
      .filter((g) => NEWEST_FIRST[g])
      .map((g) => `'${g}'`)
      .join(', ') || `''`;
  const rows = rowsOf<{ id: number | string; start_time: Date | string; grp: BookingGroup }>(
    await db.execute(sql`
      with b as materialized (
        select ${bookings.id} as id, ${bookings.startTime} as start_time, ${bookings.state} as state from ${bookings}
        where ${eq(bookings.fleetId, actor.fleet)} and ${inArray(bookings.state, Object.values(GROUP_STATES).flat())} and ${or(...arms)}
      ),
      g as (select id, start_time, ${groupOf} as grp from b),
      n as (
        select id, start_time, grp, row_number() over (
          partition by grp
          order by case when grp in (${sql.raw(newest)}) then -extract(epoch from start_time) else extract(epoch from start_time) end,
                   case when grp in (${sql.raw(newest)}) then -id else id end
        ) as rn
        from g
      )
      select id, start_time, grp from n where rn <= ${limit} order by grp, rn`),
  );
  for (const r of rows) pages[r.grp].push({ id: Number(r.id), startTime: new Date(r.start_time) });
  return pages;
}

const bookingCursorOf = (group: BookingGroup, k: { id: number; startTime: Date }): BookingCursor => ({
  k: 'b',
  g: group,
  t: k.startTime.toISOString(),
  id: k.id,
});

/**
 * The capped match counts in every other fleet. One query per fleet and kind with the fleet as a literal, so that
 * the planner sees a small fleet as small (its fleet index) and a large one stops at the cap.
 */
async function countsElsewhere(db: Db, actor: Actor, match: { users: SQL | null; vehicles: SQL | null; bid: SQL | null }) {
  const others = await db.select({ id: fleets.id, name: fleets.name, consoleUrl: fleets.consoleUrl }).from(fleets).where(ne(fleets.id, actor.fleet));
  return Promise.all(
    others.map(async (f) => {
      // One round trip per fleet: each kind's matches a materialised CTE, counted up to the cap.
      const kinds = [
        ['users', match.users ? sql`select 1 as one from ${users} where ${and(customerOf(f.id), match.users)}` : null],
        ['vehicles', match.vehicles ? sql`select 1 as one from ${vehicles} where ${and(eq(vehicles.fleetId, f.id), match.vehicles)}` : null],
        ['bookings', match.bid ? sql`select 1 as one from ${bookings} where ${and(eq(bookings.fleetId, f.id), match.bid)}` : null],
      ] as const;
      const present = kinds.filter((k): k is readonly [(typeof k)[0], SQL] => k[1] !== null);
      const counts: Counts = { users: 0, vehicles: 0, bookings: 0 };
      if (present.length) {
        const ctes = sql.join(
          present.map(([name, q]) => sql`${sql.raw(`m_${name}`)} as materialized (${q})`),
          sql`, `,
        );
        const cols = sql.join(
          present.map(
            ([name]) =>
              sql`(select count(*)::int from (select one from ${sql.raw(`m_${name}`)} limit ${OTHER_FLEET_COUNT_CAP}) h) as ${sql.raw(name)}`,
          ),
          sql`, `,
        );
        const [row] = rowsOf<Record<string, number | string>>(await db.execute(sql`with ${ctes} select ${cols}`));
        for (const [name] of present) counts[name] = Number(row?.[name] ?? 0);
      }
      return { fleet: f, counts };
    }),
  );
}

// ---------- pages ----------

function pageOf<K, T>(keys: K[], pageSize: number, load: (page: K[]) => T[], cursorOf: (k: K) => string): Page<T> {
  const page = keys.slice(0, pageSize);
  const moreResults = keys.length > pageSize;
  const last = page.at(-1);
  return { results: load(page), moreResults, nextCursor: moreResults && last ? cursorOf(last) : null };
}

/** The other operators' hint: the fleets with matches, with a link to their console's search when known. */
function otherFleetHints(t: SearchTerms, found: Awaited<ReturnType<typeof countsElsewhere>>): OtherFleetHint[] {
  const params = [
    ['search', t.phrase],
    ['mobilePhone', t.mobilePhone],
    ['user', t.user],
  ].flatMap(([name, value]) => (value ? [`${name}=${encodeURIComponent(value)}`] : []));
  return found
    .filter(({ counts }) => counts.users + counts.vehicles + counts.bookings > 0)
    .map(({ fleet, counts }) => ({
      fleet: fleet.id,
      fleetName: fleet.name,
      ...counts,
      link: fleet.consoleUrl ? `${fleet.consoleUrl.replace(/\/+$/, '')}/support?${params.join('&')}` : null,
    }))
    .sort((a, b) => a.fleetName.localeCompare(b.fleetName) || a.fleet.localeCompare(b.fleet));
}

/**
 * The first page of users and of vehicles (one extra key each, to tell whether more exist) and the bookings' source
 * they make: what the support search and the palette share.
 */
async function firstHits(db: Db, actor: Actor, t: SearchTerms, refs: Awaited<ReturnType<typeof resolveRefs>>) {
  const userMatch = userMatchOf(t, refs);
  const vehicleMatch = vehiclesCondition(t, refs);
  const [userHits, vehicleHits] = await Promise.all([
    userMatch ? userKeys(db, actor, userMatch, null, SEARCH_PAGE_SIZE + 1) : [],
    vehicleMatch ? vehicleKeys(db, actor, vehicleMatch, null, SEARCH_PAGE_SIZE + 1) : [],
  ]);
  const userPage = userHits.slice(0, SEARCH_PAGE_SIZE);
  const vehiclePage = vehicleHits.slice(0, SEARCH_PAGE_SIZE);
  const source: BookingSource = { userIds: userPage.map((k) => k.id), vehicleIds: vehiclePage.map((k) => k.id), bid: bidCondition(t) };
  return { userHits, vehicleHits, userPage, vehiclePage, source };
}

/** GET /api/search: the first page of every list and the other operators' hint. */
export async function supportSearch(db: Db, actor: Actor, q: SupportSearchQuery, now = new Date()): Promise<SupportSearchResponse> {
  const t = parseTerms(q);
  const refs = await resolveRefs(db, t);
  const [{ userHits, vehicleHits, userPage, vehiclePage, source }, elsewhere] = await Promise.all([
    firstHits(db, actor, t, refs),
    countsElsewhere(db, actor, { users: usersCondition(t, refs), vehicles: vehiclesCondition(t, refs), bid: bidCondition(t) }),
  ]);
  const size = BOOKING_SEARCH_SUBLIST_PAGE_SIZE;
  const firstPages = await firstBookingPages(db, actor, source, size + 1);
  const groupKeys = ZBookingGroup.options.map((g) => firstPages[g]);
  const groupPages = groupKeys.map((keys) => keys.slice(0, size).map((k) => k.id));
  const [vehicleRows, userRows, bookingRows, noteHits, pinnedNotes] = await Promise.all([
    loadVehicles(
      db,
      actor,
      vehiclePage.map((k) => k.id),
    ),
    loadSearchUsers(
      db,
      actor,
      userPage.map((k) => k.id),
    ),
    loadBookingRowsById(db, actor, groupPages.flat(), now), // one load for the three groups
    matchingNotes(db, actor, t.phrase),
    pinnedNotesOf(db, actor, { users: userPage.map((k) => k.id), vehicles: vehiclePage.map((k) => k.id), bookings: groupPages.flat() }),
  ]);
  const groupRows = groupPages.map((ids) => ids.flatMap((id) => bookingRows.get(id) ?? []));
  const [active, future, historic] = ZBookingGroup.options.map((g, i) =>
    pageOf(
      groupKeys[i] ?? [],
      size,
      () => groupRows[i] ?? [],
      (k) => encodeCursor(bookingCursorOf(g, k)),
    ),
  );
  return {
    vehicles: pageOf(
      vehicleHits,
      SEARCH_PAGE_SIZE,
      () => vehicleRows,
      (k) => encodeCursor(vehicleCursorOf(k)),
    ),
    bookings: { active: active!, future: future!, historic: historic! },
    users: pageOf(
      userHits,
      SEARCH_PAGE_SIZE,
      () => userRows,
      (k) => encodeCursor(userCursorOf(k)),
    ),
    otherFleets: otherFleetHints(t, elsewhere),
    notes: noteHits,
    pinnedNotes,
  };
}

/**
 * The command palette's users, bookings and vehicles (GET /api/search/palette): the first `limit` of what the support
 * search lists first, bookings in its group order (active, future, historic). It skips the other operators' counts
 * and loads only the records shown.
 */
export async function paletteSearch(
  db: Db,
  actor: Actor,
  q: SupportSearchQuery,
  limit: number,
  now = new Date(),
): Promise<{ users: SearchUser[]; bookings: SearchBooking[]; vehicles: Vehicle[] }> {
  const t = parseTerms(q);
  const { userPage, vehiclePage, source } = await firstHits(db, actor, t, await resolveRefs(db, t));
  const firstPages = await firstBookingPages(db, actor, source, limit);
  const bookingIds = ZBookingGroup.options
    .flatMap((g) => firstPages[g])
    .slice(0, limit)
    .map((k) => k.id);
  const [userRows, vehicleRows, bookingRows] = await Promise.all([
    loadSearchUsers(
      db,
      actor,
      userPage.slice(0, limit).map((k) => k.id),
    ),
    loadVehicles(
      db,
      actor,
      vehiclePage.slice(0, limit).map((k) => k.id),
    ),
    loadBookingRows(db, actor, bookingIds, now),
  ]);
  return { users: userRows, bookings: bookingRows, vehicles: vehicleRows };
}

/** GET /api/search/vehicles: the next page of vehicles. */
export async function searchVehiclesPage(db: Db, actor: Actor, q: SearchPageQuery): Promise<Page<Vehicle>> {
  const t = parseTerms(q);
  const cursor = q.cursor ? decodeVehicleCursor(q.cursor) : null;
  const match = vehiclesCondition(t, await resolveRefs(db, t));
  if (!match) return emptyPage();
  const keys = await vehicleKeys(db, actor, match, cursor, q.pageSize + 1);
  const ids = keys.slice(0, q.pageSize).map((k) => k.id);
  const [rows, pinnedNotes] = await Promise.all([loadVehicles(db, actor, ids), pinnedNotesOf(db, actor, { users: [], bookings: [], vehicles: ids })]);
  return {
    ...pageOf(
      keys,
      q.pageSize,
      () => rows,
      (k) => encodeCursor(vehicleCursorOf(k)),
    ),
    pinnedNotes,
  };
}

/** GET /api/search/users: the next page of users. */
export async function searchUsersPage(db: Db, actor: Actor, q: SearchPageQuery): Promise<Page<SearchUser>> {
  const t = parseTerms(q);
  const cursor = q.cursor ? decodeUserCursor(q.cursor) : null;
  const match = userMatchOf(t, await resolveRefs(db, t));
  if (!match) return emptyPage();
  const keys = await userKeys(db, actor, match, cursor, q.pageSize + 1);
  const ids = keys.slice(0, q.pageSize).map((k) => k.id);
  const [rows, pinnedNotes] = await Promise.all([
    loadSearchUsers(db, actor, ids),
    pinnedNotesOf(db, actor, { users: ids, bookings: [], vehicles: [] }),
  ]);
  return {
    ...pageOf(
      keys,
      q.pageSize,
      () => rows,
      (k) => encodeCursor(userCursorOf(k)),
    ),
    pinnedNotes,
  };
}

/** GET /api/search/bookings?group=: the next page of one booking group (same bookings as the first page). */
export async function searchBookingsPage(db: Db, actor: Actor, q: SearchBookingsQuery, now = new Date()): Promise<Page<SearchBooking>> {
  const t = parseTerms(q);
  const cursor = q.cursor ? decodeBookingCursor(q.cursor, q.group) : null;
  const refs = await resolveRefs(db, t);
  const userMatch = userMatchOf(t, refs);
  const vehicleMatch = vehiclesCondition(t, refs);
  const [userPage, vehiclePage] = await Promise.all([
    userMatch ? userKeys(db, actor, userMatch, null, SEARCH_PAGE_SIZE) : [],
    vehicleMatch ? vehicleKeys(db, actor, vehicleMatch, null, SEARCH_PAGE_SIZE) : [],
  ]);
  const source: BookingSource = { userIds: userPage.map((k) => k.id), vehicleIds: vehiclePage.map((k) => k.id), bid: bidCondition(t) };
  const keys = await bookingKeys(db, actor, q.group, source, cursor, q.pageSize + 1);
  const ids = keys.slice(0, q.pageSize).map((k) => k.id);
  const [rows, pinnedNotes] = await Promise.all([
    loadBookingRows(db, actor, ids, now),
    pinnedNotesOf(db, actor, { users: [], bookings: ids, vehicles: [] }),
  ]);
  return {
    ...pageOf(
      keys,
      q.pageSize,
      () => rows,
      (k) => encodeCursor(bookingCursorOf(q.group, k)),
    ),
    pinnedNotes,
  };
}
