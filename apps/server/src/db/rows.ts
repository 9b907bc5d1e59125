/** Rows of a raw query result (`db.execute`): node-postgres and PGlite both answer `{ rows }`. */
export function rowsOf<T>(result: unknown): T[] {
  const rows = (result as { rows?: unknown }).rows;
  if (!Array.isArray(rows)) throw new Error('Unexpected query result shape');
  return rows as T[];
}
