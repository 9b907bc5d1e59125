import {
  adminFeeOf,
  DISPLAYED_TOTAL_CAP,
  fieldError,
  MESSAGE_IDS,
  USER_SEARCH_MATCH_CAP,
  vehicleAccessOf,
  type Contract,
  type UsablePool,
  type UserSummary,
  type ZUserSearchQuery,
  type ZUserSearchResponse,
} from '@fleetdesk/contract';
import { and, asc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { companies, contracts, poolContracts, poolGroups, pools, userContracts, users } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import type { Actor } from '../auth/index.ts';
import { MIN_TRIGRAM_LENGTH, parseTerms, resolveRefs, usersCondition } from '../../lib/search-terms.ts';
import { rowsOf } from '../../db/rows.ts';

/**
 * The users module (docs/decisions/0013-booking-creation.md, 0025-user-admin.md): user search, a user's contracts
 * and the pools a user may book. Every query is scoped by the session's operator; another operator's user
 * answers 404 like an unknown one.
 */

type UserRow = typeof users.$inferSelect;
export type UserSearchQuery = z.infer<typeof ZUserSearchQuery>;
export type UserSearchResponse = z.infer<typeof ZUserSearchResponse>;
type ContractRow = typeof contracts.$inferSelect;

export const userNotFound = () => AppError.notFound(MESSAGE_IDS.userNotFound, 'userNotFound');

/** The operator's user by user name (case-insensitive, as user names are unique in lower case); else 404. */
export async function findFleetUser(db: Db, actor: Actor, username: string): Promise<UserRow> {
  const name = username.trim();
  if (!name) throw userNotFound();
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.username}) = lower(${name})`)
    .limit(1);
  if (!row || row.fleetId !== actor.fleet) throw userNotFound();
  return row;
}

/** Escapes LIKE wildcards so that user input matches literally. */
export const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);
const contains = (text: string) => `%${escapeLike(text)}%`;
/** `column` starts with `prefix` (lower case): a btree range of the lower(username) indexes, plus the exact LIKE. */
const startsWith = (column: SQL, prefix: string) =>
  sql`(${column} >= ${prefix} and ${column} < ${`${prefix}\u{10FFFF}`} and ${column} like ${`${escapeLike(prefix)}%`})`;

/** Tests lower the cap to cover both orders. */
export const userSearchTuning = { matchCap: USER_SEARCH_MATCH_CAP };

/**
 * GET /api/users (docs/decisions/0025-user-admin.md): the operator's customers matching the free text (the support
 * search's conditions, docs/decisions/0015-support-search.md: every word in user name, given or family name, e-mail,
 * mobile phone, customer number or company name; a phone typed with separators; words shorter than 3 characters match
 * user names from their start), the mobilePhone filter (contains, compacted, at least 3 characters), the username
 * filter (contains; from the start below 3 characters) and the statuses.
 *
 * Fast at a million users: the matches are read through the trigram indexes into a materialised CTE that stops after
 * `matchCap` + 1 rows. Up to the cap they are sorted by family name, given name and user name (an exact user name
 * first) and paged with an offset inside at most `matchCap` rows; a broader phrase walks the user-name index instead
 * (dense matches fill a page quickly) and says so (`orderedBy: 'username'`, `totalCapped`).
 */
export async function searchUsers(db: Db, actor: Actor, q: UserSearchQuery): Promise<UserSearchResponse> {
  const query = q.query?.trim() ?? '';
  const mobilePhone = q.mobilePhone?.trim() ?? '';
  const username = q.username?.trim() ?? '';
  if (!query && !mobilePhone && !username && !q.status?.length) throw AppError.invalidInput([{ field: 'query', message: 'Required' }]);
  // OFFSET paging is for the first pages of a search box; refuse walking past the displayed cap (10000+).
  if (q.page * q.pageSize >= DISPLAYED_TOTAL_CAP) throw AppError.invalidInput([fieldError('page', 'pagingLimit', { max: DISPLAYED_TOTAL_CAP })]);
  const empty: UserSearchResponse = { results: [], moreResults: false, currentPage: q.page, total: 0, totalCapped: false, orderedBy: 'name' };

  const where: SQL[] = [eq(users.fleetId, actor.fleet), eq(users.role, 'CUSTOMER')];
  if (query || mobilePhone) {
    const terms = parseTerms({ search: query || undefined, mobilePhone: mobilePhone || undefined });
    const condition = usersCondition(terms, await resolveRefs(db, terms));
    if (!condition) return empty; // a booking id names no user
    where.push(condition);
  }
  const lowerName = username.toLowerCase();
  if (username)
    where.push(
      username.length >= MIN_TRIGRAM_LENGTH ? ilike(users.username, contains(username)) : startsWith(sql`lower(${users.username})`, lowerName),
    );
  if (q.status?.length) where.push(inArray(users.status, q.status));

  const cap = userSearchTuning.matchCap;
  const offset = q.page * q.pageSize;
  const exactFirst = username ? sql`(key = ${lowerName}) desc,` : sql``;
  const [first] = rowsOf<{ n: number | string; ids: (number | string)[] | null }>(
    await db.execute(sql`
      with m as materialized (
        select ${users.id} as id, ${users.familyName} as family_name, ${users.givenName} as given_name, lower(${users.username}) as key
        from ${users} where ${and(...where)}
      ),
      c as materialized (select * from m limit ${cap + 1})
      select (select count(*) from c) as n,
             (select array_agg(id order by ord) from (
               select id, row_number() over (order by ${exactFirst} family_name, given_name, key, id) as ord from c
               order by ord offset ${offset} limit ${q.pageSize + 1}
             ) p) as ids`),
  );
  const n = Number(first?.n ?? 0);
  let ids: number[];
  let orderedBy: 'name' | 'username' = 'name';
  if (n <= cap) {
    ids = (first?.ids ?? []).map(Number);
  } else {
    orderedBy = 'username';
    const rows = await db
      .select({ id: users.id })
      .from(users)
      .where(and(...where))
      .orderBy(...(username ? [sql`lower(${users.username}) = ${lowerName} desc`] : []), sql`lower(${users.username})`, asc(users.id))
      .limit(q.pageSize + 1)
      .offset(offset);
    ids = rows.map((r) => r.id);
  }
  const summaries = await loadUserSummaries(db, actor, ids.slice(0, q.pageSize));
  return {
    results: summaries,
    moreResults: ids.length > q.pageSize,
    currentPage: q.page,
    total: Math.min(n, cap),
    totalCapped: n > cap,
    orderedBy,
  };
}

/** The §4 list row of each of the operator's customers in `ids`, in the order of `ids`. */
export async function loadUserSummaries(db: Db, actor: Actor, ids: readonly number[]): Promise<UserSummary[]> {
  if (!ids.length) return [];
  const rows = await db
    .select({ u: users, companyName: companies.name })
    .from(users)
    .leftJoin(companies, eq(companies.id, users.companyId))
    .where(and(inArray(users.id, [...ids]), eq(users.fleetId, actor.fleet), eq(users.role, 'CUSTOMER')));
  const byId = new Map(rows.map(({ u, companyName }) => [u.id, toUserSummary(u, companyName ?? null)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export function toUserSummary(u: UserRow, companyName: string | null): UserSummary {
  return {
    username: u.username,
    givenName: u.givenName,
    familyName: u.familyName,
    emailAddress: u.emailAddress,
    mobilePhone: u.mobilePhone,
    customerNumber: u.customerNumber,
    status: u.status,
    companyName,
    suspiciousRegistration: u.duplicateEmail || u.duplicatePhone || u.duplicateIdentityNumber,
    premiumAccess: u.premiumAccess,
    verifiedDriversLicense: u.verifiedDriversLicense,
    licenseState: u.licenseState,
    vehicleAccess: vehicleAccessOf(u),
    applyDate: u.applyDate?.toISOString() ?? null,
  };
}

/** The §3 Contract: `adminFee` is the price list's ADMIN_BOOKING_FEE entry (adminFeeOf: null when none or not above 0). */
export function toContract(row: ContractRow): Contract {
  return {
    id: row.id,
    name: row.name,
    contractType: row.contractType,
    adminFee: adminFeeOf(row.priceList),
    currency: row.currency,
    maxBookingDuration: row.maxBookingDuration,
    minBookingDuration: row.minBookingDuration,
    oneWayAllowed: row.oneWayAllowed,
    onlyOneBookingAtTheSameTimeAllowed: row.onlyOneBookingAtTheSameTimeAllowed,
    taxiFromPools: row.taxiFromPools,
    priceList: row.priceList,
    metaDataSpec: row.metadataSpec,
    bookableRules: row.bookableRules,
    companyId: row.companyId,
  };
}

async function contractRowsOf(db: Db, actor: Actor, userId: number): Promise<ContractRow[]> {
  const rows = await db
    .select({ contract: contracts })
    .from(userContracts)
    .innerJoin(contracts, eq(contracts.id, userContracts.contractId))
    .where(and(eq(userContracts.userId, userId), eq(contracts.fleetId, actor.fleet)))
    .orderBy(asc(contracts.name), asc(contracts.id));
  return rows.map((r) => r.contract);
}

/** GET /api/users/{username}/contracts: the user's contracts in the full §3 shape. */
export async function listUserContracts(db: Db, actor: Actor, username: string): Promise<Contract[]> {
  const user = await findFleetUser(db, actor, username);
  return (await contractRowsOf(db, actor, user.id)).map(toContract);
}

/**
 * GET /api/users/{username}/usable-pools: the operator's enabled pools, ordered by city and name. A pool is
 * `directAccess` when it is linked (pool_contracts) to one of the user's contracts; the others can be booked
 * with the access override only (§5: marked with an asterisk).
 */
export async function listUsablePools(db: Db, actor: Actor, username: string): Promise<UsablePool[]> {
  const user = await findFleetUser(db, actor, username);
  const [poolRows, ownContracts] = await Promise.all([
    db
      .select({ pool: pools, groupName: poolGroups.name })
      .from(pools)
      .leftJoin(poolGroups, eq(poolGroups.id, pools.poolGroupId))
      .where(and(eq(pools.fleetId, actor.fleet), eq(pools.disabled, false)))
      .orderBy(asc(pools.city), asc(pools.name), asc(pools.id)),
    db.select({ contractId: userContracts.contractId }).from(userContracts).where(eq(userContracts.userId, user.id)),
  ]);
  const poolIds = poolRows.map((r) => r.pool.id);
  const links = poolIds.length
    ? await db
        .select({ poolId: poolContracts.poolId, contractId: poolContracts.contractId })
        .from(poolContracts)
        .innerJoin(contracts, eq(contracts.id, poolContracts.contractId))
        .where(and(inArray(poolContracts.poolId, poolIds), eq(contracts.fleetId, actor.fleet)))
    : [];
  const allowed = new Map<number, number[]>();
  for (const l of links) allowed.set(l.poolId, [...(allowed.get(l.poolId) ?? []), l.contractId]);
  const own = new Set(ownContracts.map((c) => c.contractId));
  return poolRows.map(({ pool: p, groupName }) => {
    const allowedContracts = (allowed.get(p.id) ?? []).sort((a, b) => a - b);
    return {
      poolId: p.id,
      pool: p.name,
      city: p.city,
      disabled: p.disabled,
      description: p.description,
      publicNote: p.publicNote,
      pickupNote: p.pickupNote,
      dropoffNote: p.dropoffNote,
      fee: p.fee,
      responsibleOrganization: p.responsibleOrganization,
      geographicalIdentity: p.geographicalIdentity,
      parkingPlaceInfoRequired: p.parkingPlaceInfoRequired,
      defaultParkingPlace: p.defaultParkingPlace,
      chargingAvailable: p.chargingAvailable,
      wattWorldStationName: p.wattWorldStationName,
      movedTo: p.movedTo,
      poolGroupId: p.poolGroupId,
      poolGroupName: groupName ?? null,
      allowedContracts,
      lat: p.lat,
      lon: p.lon,
      directAccess: allowedContracts.some((id) => own.has(id)),
    };
  });
}
