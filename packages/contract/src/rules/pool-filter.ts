import type { Pool } from '../entities.ts';

/** The §2 sidebar filter: trimmed, case-insensitive; a city match shows all its pools, a pool-name match that pool. */
export function filterPools<T extends Pick<Pool, 'pool' | 'city' | 'disabled'>>(all: readonly T[], text: string, showDisabled: boolean): T[] {
  const needle = text.trim().toLowerCase();
  return all.filter(
    (p) => (showDisabled || !p.disabled) && (!needle || p.city.toLowerCase().includes(needle) || p.pool.toLowerCase().includes(needle)),
  );
}
