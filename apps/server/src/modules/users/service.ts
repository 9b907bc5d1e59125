import {
  DISPLAYED_TOTAL_CAP, MESSAGE_IDS, type Contract, type UsablePool, type ZUserSearchQuery, type ZUserSearchResponse,
} from '@fleetdesk/contract';
import { and, asc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { companies, contracts, poolContracts, poolGroups, pools, userContracts, users } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import type { Actor } from '../auth/session.ts';

/**
 * The users module, first increment (docs/decisions/0013-booking-creation.md): user search, a user's contracts
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
  const [row] = await db.select().from(users).where(sql`lower(${users.username}) = lower(${name})`).limit(1);
  if (!row || row.fleetId !== actor.fleet) throw userNotFound();
  return row;
}

/** Escapes LIKE wildcards so that user input matches literally. */
export const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);
const contains = (text: string) => `%${escapeLike(text)}%`;
/** A phone number as typed ('+47 987 65 432', '987-65-432') reduced to what is stored ('+4798765432'). */
const compactPhone = (text: string) => text.replace(/[\s\-().]/g, '');

/**
 * GET /api/users: free text over user name, given and family name, e-mail, mobile phone and customer number
 * (ILIKE, served by the trigram indexes). A phrase of several words matches when every word matches one of
 * those columns, so "Kari Nordmann" and "Nordmann Kari" both find Kari Nordmann. Optional mobilePhone and
 * username filters (contains), a status filter, customers only. Ordered by family name, given name and id;
 * offset paging with one extra row for `moreResults` (the UI's page sizes are 5–25, so offsets stay small).
 */
export async function searchUsers(db: Db, actor: Actor, q: UserSearchQuery): Promise<UserSearchResponse> {
  const query = q.query?.trim() ?? '';
  const mobilePhone = q.mobilePhone?.trim() ?? '';
  const username = q.username?.trim() ?? '';
  if (!query && !mobilePhone && !username) throw AppError.invalidInput([{ field: 'query', message: 'Required' }]);
  // OFFSET paging is for the first pages of a search box; refuse walking past the displayed cap (10000+).
  if (q.page * q.pageSize >= DISPLAYED_TOTAL_CAP) throw AppError.invalidInput([{ field: 'page', message: `At most ${DISPLAYED_TOTAL_CAP} results can be paged through; refine the search` }]);

  const where: SQL[] = [eq(users.fleetId, actor.fleet), eq(users.role, 'CUSTOMER')];
  if (query) {
    const words = query.split(/\s+/).filter(Boolean);
    const wordMatches = (word: string) =>
      or(
        ilike(users.username, contains(word)),
        ilike(users.givenName, contains(word)),
        ilike(users.familyName, contains(word)),
        ilike(users.emailAddress, contains(word)),
        ilike(users.mobilePhone, contains(word)),
        ilike(users.customerNumber, contains(word)),
      )!;
    const phrase = and(...words.map(wordMatches))!;
    const phone = compactPhone(query);
    where.push(words.length > 1 && /\d/.test(phone) ? or(phrase, ilike(users.mobilePhone, contains(phone)))! : phrase);
  }
  if (mobilePhone) where.push(ilike(users.mobilePhone, contains(compactPhone(mobilePhone))));
  if (username) where.push(ilike(users.username, contains(username)));
  if (q.status?.length) where.push(inArray(users.status, q.status));

  const rows = await db
    .select({
      username: users.username,
      givenName: users.givenName,
      familyName: users.familyName,
      emailAddress: users.emailAddress,
      mobilePhone: users.mobilePhone,
      customerNumber: users.customerNumber,
      status: users.status,
      companyName: companies.name,
    })
    .from(users)
    .leftJoin(companies, eq(companies.id, users.companyId))
    .where(and(...where))
    .orderBy(asc(users.familyName), asc(users.givenName), asc(users.id))
    .limit(q.pageSize + 1)
    .offset(q.page * q.pageSize);
  return {
    results: rows.slice(0, q.pageSize).map((r) => ({ ...r, companyName: r.companyName ?? null })),
    moreResults: rows.length > q.pageSize,
    currentPage: q.page,
  };
}

/** The §3 Contract: `adminFee` is the price list's ADMIN_BOOKING_FEE entry. */
export function toContract(row: ContractRow): Contract {
  const adminFee = row.priceList.findLast((e) => e.name === 'ADMIN_BOOKING_FEE')?.cost ?? null;
  return {
    id: row.id,
    name: row.name,
    contractType: row.contractType,
    adminFee,
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
