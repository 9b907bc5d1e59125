import type { Pool } from '@fleetdesk/contract';
import { filterPools } from '@fleetdesk/contract';
import { optionalString } from '@/lib/router/search-params';

/** /pools?city&pool (§2): the two parameters choose the pool. */
export interface PoolsSearch {
  city?: string;
  pool?: string;
}

export function validatePoolsSearch(search: Record<string, unknown>): PoolsSearch {
  const city = optionalString(search.city);
  const pool = optionalString(search.pool);
  return { ...(city ? { city } : {}), ...(pool ? { pool } : {}) };
}

/** The link of one pool: /pools with both parameters (§2). */
export const poolLinkSearch = (pool: Pick<Pool, 'city' | 'pool'>): Required<PoolsSearch> => ({ city: pool.city, pool: pool.pool });

/** The pool the URL names (city and pool name, exact), or null. */
export function selectedPoolOf<T extends Pick<Pool, 'city' | 'pool'>>(pools: readonly T[], search: PoolsSearch): T | null {
  if (!search.city || !search.pool) return null;
  return pools.find((p) => p.city === search.city && p.pool === search.pool) ?? null;
}

export interface CityPools<T> {
  city: string;
  pools: T[];
}

/**
 * The sidebar's list: the contract's §2 filter (trimmed, case-insensitive, city match → all its pools, pool match →
 * that pool; disabled pools only with 'show disabled'), grouped by city in the server's order (city, then name; a city appears once even if the list were unordered).
 */
export function sidebarCities<T extends Pick<Pool, 'city' | 'pool' | 'disabled'>>(
  pools: readonly T[],
  filter: string,
  showDisabled: boolean,
): CityPools<T>[] {
  const byCity = new Map<string, T[]>();
  for (const pool of filterPools(pools, filter, showDisabled)) {
    const list = byCity.get(pool.city);
    if (list) list.push(pool);
    else byCity.set(pool.city, [pool]);
  }
  return [...byCity].map(([city, list]) => ({ city, pools: list }));
}
