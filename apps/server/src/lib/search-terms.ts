import { and, eq, ilike, inArray, like, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { fieldError } from '@fleetdesk/contract';
import { AppError } from '../http/errors.ts';
import { bookings, companies, pools, users, vehicleModels, vehicles } from '../db/schema.ts';

/**
 * What a support search asks for, and the SQL conditions that find it (docs/decisions/0015-support-search.md).
 * Every condition is written so that an index can serve it: ILIKE '%…%' on the trigram (GIN) indexes for words of
 * three characters or more, btree ranges for prefixes. The conditions are not fleet-scoped themselves: the callers
 * add the session's fleet (results) or "any other fleet" (the hint's counts).
 */

/** Trigram indexes need at least this many characters in a pattern. */
export const MIN_TRIGRAM_LENGTH = 3;
/** 'BID' + at least 7 digits: a bid prefix (at most 1000 bids when bids have 10 digits). */
const BID_PREFIX_PATTERN = /^BID\d{7,}$/i;

export interface SearchTerms {
  /** The free text, trimmed, runs of white space reduced to one space; null without one. */
  phrase: string | null;
  words: string[];
  /** The phrase as a booking-id prefix (upper case) when it is one; then only bookings are searched. */
  bidPrefix: string | null;
  /** Every word is shorter than three characters: prefix match on user name and registration only. */
  shortPhrase: boolean;
  /** The mobile-phone chip, compacted (spaces, dashes, brackets and dots removed). */
  mobilePhone: string | null;
  /** The user-name chip. */
  user: string | null;
}

/** A phone number as typed ('+47 987 65 432', '(987) 65-432') reduced to how it is stored. */
export const compactPhone = (text: string) => text.replace(/[\s\-().]/g, '');
/** Escapes LIKE wildcards so that user input matches literally. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
const contains = (text: string) => `%${escapeLike(text)}%`;

export function parseTerms(q: { search?: string | undefined; mobilePhone?: string | undefined; user?: string | undefined }): SearchTerms {
  const phrase = q.search?.trim().replace(/\s+/g, ' ') || null;
  const words = phrase ? phrase.split(' ') : [];
  const bidPrefix = phrase && BID_PREFIX_PATTERN.test(phrase) ? phrase.toUpperCase() : null;
  const mobilePhone = q.mobilePhone === undefined ? null : compactPhone(q.mobilePhone) || null;
  const user = q.user?.trim() || null;
  if (!phrase && !mobilePhone && !user) throw AppError.invalidInput([{ field: 'search', message: 'Required' }]);
  if (mobilePhone !== null && mobilePhone.length < MIN_TRIGRAM_LENGTH) {
    throw AppError.invalidInput([fieldError('mobilePhone', 'minLength', { min: MIN_TRIGRAM_LENGTH })]);
  }
  return {
    phrase,
    words,
    bidPrefix,
    shortPhrase: phrase !== null && bidPrefix === null && words.every((w) => w.length < MIN_TRIGRAM_LENGTH),
    mobilePhone,
    user,
  };
}

/**
 * `column` starts with `prefix` (already in the column's case): a btree range the planner can use on any index
 * leading with the column (or with the fleet and then the column), plus the LIKE that makes it exact.
 */
function startsWith(column: SQL, prefix: string): SQL {
  return sql`(${column} >= ${prefix} and ${column} < ${`${prefix}\u{10FFFF}`} and ${column} like ${`${escapeLike(prefix)}%`})`;
}

/** The phone number hidden in a word or phrase, when typing it with separators changed it ('987-65-432'). */
function typedPhone(text: string): string | null {
  const compact = compactPhone(text);
  return compact !== text && /\d{3}/.test(compact) ? compact : null;
}

function userWordMatches(word: string, refs: SearchRefs): SQL {
  // An e-mail address (a word with '@') is matched from its start, on e-mail and user name only (btree ranges): the
  // shared domain's trigrams are in every row, and a long pattern makes the planner's estimates of the trigram
  // conditions unreliable.
  if (word.includes('@')) {
    const lower = word.toLowerCase();
    return or(startsWith(sql`lower(${users.emailAddress})`, lower), startsWith(sql`lower(${users.username})`, lower))!;
  }
  const c = contains(word);
  const phone = typedPhone(word);
  const companyIds = refs.get(word)?.companyIds ?? [];
  return or(
    ilike(users.username, c),
    ilike(users.givenName, c),
    ilike(users.familyName, c),
    ilike(users.emailAddress, c),
    ilike(users.mobilePhone, c),
    ilike(users.customerNumber, c),
    ...(companyIds.length ? [inArray(users.companyId, companyIds)] : []),
    ...(phone ? [ilike(users.mobilePhone, contains(phone))] : []),
  )!;
}

/**
 * The users condition in two parts: `range`, conditions an index on lower(username) serves as a range (the user-name
 * chip, a short phrase), and `filter`, the rest (the words of the phrase, the phone chip). Null when users are not
 * searched. Callers add fleet and role.
 */
export function userConditionParts(t: SearchTerms, refs: SearchRefs): { range: SQL | undefined; filter: SQL | undefined } | null {
  const range: SQL[] = [];
  const filter: SQL[] = [];
  if (t.phrase && !t.bidPrefix) {
    if (t.shortPhrase) {
      range.push(startsWith(sql`lower(${users.username})`, t.phrase.toLowerCase()));
    } else {
      const everyWord = and(...t.words.map((w) => userWordMatches(w, refs)))!;
      // '+47 987 65 432' is several words but one phone number.
      const phone = t.words.length > 1 ? typedPhone(t.phrase) : null;
      filter.push(phone ? or(everyWord, ilike(users.mobilePhone, contains(phone)))! : everyWord);
    }
  }
  if (t.mobilePhone) filter.push(ilike(users.mobilePhone, contains(t.mobilePhone)));
  // The user-name chip matches user names from their start (case-insensitive): a range of the user-name index, read
  // in the order the results are listed in (docs/decisions/0015-support-search.md).
  if (t.user) range.push(startsWith(sql`lower(${users.username})`, t.user.toLowerCase()));
  if (!range.length && !filter.length) return null;
  return { range: range.length ? and(...range) : undefined, filter: filter.length ? and(...filter) : undefined };
}

/** Users (any fleet, customers and staff alike: callers add fleet and role) matching the terms; null when users are not searched. */
export function usersCondition(t: SearchTerms, refs: SearchRefs): SQL | null {
  const parts = userConditionParts(t, refs);
  return parts ? and(parts.range, parts.filter)! : null;
}

/**
 * A registration typed without its space ('EL12345' for 'EL 12345'): the trigram index is served by the word split at
 * its letter/digit boundaries ('%EL%12345%'), and the space-less comparison makes the match exact.
 */
function compactRegistrationMatches(word: string): SQL | null {
  if (!/[a-z]\d|\d[a-z]/i.test(word)) return null;
  const loose = `%${word
    .split(/(?<=[a-z])(?=\d)|(?<=\d)(?=[a-z])/i)
    .map(escapeLike)
    .join('%')}%`;
  return and(ilike(vehicles.registrationNumber, loose), sql`replace(${vehicles.registrationNumber}, ' ', '') ilike ${contains(word)}`)!;
}

function vehicleWordMatches(word: string, refs: SearchRefs): SQL {
  if (word.includes('@')) return sql`false`; // an e-mail address names no vehicle
  const c = contains(word);
  const compact = compactRegistrationMatches(word);
  const { modelIds = [], poolsByFleet = new Map<string, number[]>() } = refs.get(word) ?? {};
  return or(
    ilike(vehicles.vin, c),
    ilike(vehicles.registrationNumber, c),
    ...(compact ? [compact] : []),
    ilike(vehicles.longPresentation, c),
    ...(modelIds.length ? [inArray(vehicles.modelId, modelIds)] : []),
    // Per fleet, so that the (fleet, pool) index serves it.
    ...[...poolsByFleet].map(([fleet, ids]) => and(eq(vehicles.fleetId, fleet), inArray(vehicles.poolId, ids))!),
  )!;
}

/** Vehicles (any fleet) matching the free text; null when vehicles are not searched (chips only, or a bid). */
export function vehiclesCondition(t: SearchTerms, refs: SearchRefs): SQL | null {
  if (!t.phrase || t.bidPrefix) return null;
  if (t.shortPhrase) return startsWith(sql`${vehicles.registrationNumber}`, t.phrase.toUpperCase());
  return and(...t.words.map((w) => vehicleWordMatches(w, refs)))!;
}

/** Bookings (any fleet) whose bid starts with the phrase; null unless the phrase is a bid prefix. */
export function bidCondition(t: SearchTerms): SQL | null {
  return t.bidPrefix ? like(bookings.bid, `${escapeLike(t.bidPrefix)}%`) : null;
}

/** Per word: the companies, models and pools (any fleet) whose names match it. */
export type SearchRefs = Map<string, { companyIds: number[]; modelIds: number[]; poolsByFleet: Map<string, number[]> }>;

/**
 * Looks up the small tables first, so that the user and vehicle conditions carry literal id lists: the planner then
 * estimates them from its statistics and combines them with the trigram indexes instead of guessing.
 */
export async function resolveRefs(db: Db, t: SearchTerms): Promise<SearchRefs> {
  const refs: SearchRefs = new Map();
  if (!t.phrase || t.bidPrefix || t.shortPhrase) return refs;
  const words = [...new Set(t.words)];
  // One round trip for every word and the three tables.
  const parts = words.flatMap((word, i) => {
    const c = contains(word);
    return [
      sql`select ${i}::int as w, 'c' as k, ${companies.id} as id, null::text as fleet from ${companies} where ${ilike(companies.name, c)}`,
      sql`select ${i}::int as w, 'm' as k, ${vehicleModels.id} as id, null::text as fleet from ${vehicleModels} where ${ilike(vehicleModels.modelName, c)}`,
      sql`select ${i}::int as w, 'p' as k, ${pools.id} as id, ${pools.fleetId} as fleet from ${pools} where ${or(ilike(pools.name, c), ilike(pools.city, c))}`,
    ];
  });
  const result = await db.execute(sql.join(parts, sql` union all `));
  const rows = (result as unknown as { rows: { w: number | string; k: 'c' | 'm' | 'p'; id: number | string; fleet: string | null }[] }).rows;
  words.forEach((word) => refs.set(word, { companyIds: [], modelIds: [], poolsByFleet: new Map() }));
  for (const r of rows) {
    const ref = refs.get(words[Number(r.w)]!)!;
    const id = Number(r.id);
    if (r.k === 'c') ref.companyIds.push(id);
    else if (r.k === 'm') ref.modelIds.push(id);
    else if (r.fleet !== null) ref.poolsByFleet.set(r.fleet, [...(ref.poolsByFleet.get(r.fleet) ?? []), id]);
  }
  return refs;
}
