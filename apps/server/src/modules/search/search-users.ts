import { type SearchUser } from '@fleetdesk/contract';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { companies, users } from '../../db/schema.ts';
import type { Actor } from '../auth/index.ts';
import { type UserCursor } from './cursor.ts';
import { userConditionParts, type SearchRefs, type SearchTerms } from '../../lib/search-terms.ts';
import { rowsOf } from '../../db/rows.ts';

/**
 * The users part of the support search (service.ts): which customers match the terms, their keyset-paged keys and
 * their rows; and the raw-rows helper the other parts share.
 */

export type UserKey = { id: number; key: string };

// ---------- users ----------

export const customerOf = (fleet: string) => and(eq(users.fleetId, fleet), eq(users.role, 'CUSTOMER'))!;
export const usernameKey = sql<string>`lower(${users.username})`;

/**
 * userMatchCap: up to this many matches are read through the trigram indexes and sorted; a phrase with more matches
 * is common enough for a walk of the user-name index (index-only: migration 0006's covering index) to find a page
 * quickly, at most about pageSize × fleet size / cap rows.
 * walkFirstRows: within the user-name chip's range, a single word first walks this many index entries in order and
 * stops there if they hold a page: 'benjam' + 'Borge' fills a page within a few hundred entries, and the walk then
 * costs less than reading the word's matches through the trigram indexes. Tests lower both to cover every path.
 */
export const searchTuning = { userMatchCap: 2000, walkFirstRows: 3000 };

/** The users condition of a search: its index-range part, the rest, and whether to try the bounded walk first. */
export interface UserMatch {
  range: SQL | undefined;
  filter: SQL | undefined;
  walkFirst: boolean;
}

export function userMatchOf(t: SearchTerms, refs: SearchRefs): UserMatch | null {
  const parts = userConditionParts(t, refs);
  if (!parts) return null;
  // The walk pays off inside a range (the user-name chip: 'benjam' + a family name), where the hits of one word are
  // dense. From the start of the whole index it does not: a family name clusters where user names hold it
  // ('adrian.solheim…'), so the first entries hold few, and several words together are selective anyway.
  const conditions = (t.phrase && !t.bidPrefix && !t.shortPhrase ? t.words.length : 0) + (t.mobilePhone ? 1 : 0);
  return { ...parts, walkFirst: parts.range !== undefined && conditions <= 1 };
}

/**
 * One page of the operator's matching customers after `cursor` (ask for pageSize + 1 rows), ordered by user name.
 *
 * The planner cannot estimate `ILIKE '%…%'` well: with a LIMIT it tends to walk the user-name index and filter, which
 * for a rare phrase (a phone fragment, a customer number, a VIN typed into the user search) passes every customer of
 * the fleet before giving up. So the walk is bounded, and the matches are otherwise read through the trigram indexes:
 * 1. (the user-name chip and at most one word) the first `walkFirstRows` index entries of the chip's range in order,
 *    index-only, each tested: when they hold a whole page, that is the page;
 * 2. the matches as a materialised CTE (planned for all rows, so through the trigram indexes; read lazily, so it stops
 *    after the cap), sorted when there are at most `userMatchCap` of them;
 * 3. only a phrase with more matches than that walks the index to the end of the page, where matches are dense.
 */
export async function userKeys(db: Db, actor: Actor, match: UserMatch, cursor: UserCursor | null, limit: number): Promise<UserKey[]> {
  const scope = and(customerOf(actor.fleet), match.range, cursor ? sql`${usernameKey} > ${cursor.n}` : undefined);
  const keysOf = (rows: { id: number | string; key: string }[]) => rows.map((r) => ({ id: Number(r.id), key: r.key }));
  if (!match.filter) {
    // A range only (the user-name chip, a short phrase): every entry of the range is a hit.
    return db.select({ id: users.id, key: usernameKey }).from(users).where(scope).orderBy(usernameKey).limit(limit);
  }
  if (match.walkFirst) {
    const walked = rowsOf<{ id: number | string; key: string }>(
      await db.execute(sql`
        select id, key from (
          select ${users.id} as id, ${usernameKey} as key, (${match.filter}) as hit from ${users}
          where ${scope} order by ${usernameKey} limit ${searchTuning.walkFirstRows}
        ) w where hit order by key limit ${limit}`),
    );
    if (walked.length >= limit) return keysOf(walked);
  }
  const where = and(scope, match.filter);
  const cap = searchTuning.userMatchCap;
  const capped = rowsOf<{ id: number | string; key: string; n: number | string }>(
    await db.execute(sql`
      with m as materialized (select ${users.id} as id, ${usernameKey} as key from ${users} where ${where}),
           c as materialized (select id, key from m limit ${cap + 1})
      select id, key, (select count(*) from c) as n from c order by key limit ${limit}`),
  );
  if (!capped.length || Number(capped[0]!.n) <= cap) return keysOf(capped);
  return db.select({ id: users.id, key: usernameKey }).from(users).where(where).orderBy(usernameKey).limit(limit);
}

/** Search hits of the operator's users, in the order of `ids`. */
export async function loadSearchUsers(db: Db, actor: Actor, ids: readonly number[]): Promise<SearchUser[]> {
  if (!ids.length) return [];
  const rows = await db
    .select({ u: users, companyName: companies.name })
    .from(users)
    .leftJoin(companies, eq(companies.id, users.companyId))
    .where(and(inArray(users.id, [...ids]), customerOf(actor.fleet)));
  const byId = new Map(
    rows.map(({ u, companyName }): [number, SearchUser] => [
      u.id,
      {
        username: u.username,
        givenName: u.givenName,
        familyName: u.familyName,
        emailAddress: u.emailAddress,
        mobilePhone: u.mobilePhone,
        customerNumber: u.customerNumber,
        status: u.status,
        companyName: companyName ?? null,
        suspiciousRegistration: u.duplicateEmail || u.duplicatePhone || u.duplicateIdentityNumber,
      },
    ]),
  );
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export const userCursorOf = (k: UserKey): UserCursor => ({ k: 'u', n: k.key });
