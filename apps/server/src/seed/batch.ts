import { sql } from 'drizzle-orm';
import type { PgColumn, PgInsertValue, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';

/** PostgreSQL allows 65,535 bind parameters per statement; stay well below it. */
const MAX_PARAMETERS = 60_000;

/** Rows per multi-row INSERT for a table given how many columns each row sets. */
export function rowsPerStatement(columnsPerRow: number, wanted: number): number {
  return Math.max(1, Math.min(wanted, Math.floor(MAX_PARAMETERS / Math.max(1, columnsPerRow))));
}

/** Inserts rows with multi-row INSERT statements of at most `chunk` rows. */
export async function insertAll<T extends PgTable>(db: Db, table: T, rows: readonly PgInsertValue<T>[], chunk = 500): Promise<void> {
  const first = rows[0];
  if (!first) return;
  const size = rowsPerStatement(Object.keys(first).length, chunk);
  for (let i = 0; i < rows.length; i += size) {
    await db.insert(table).values(rows.slice(i, i + size));
  }
}

export type SqlArrayType = 'text' | 'int4' | 'float8' | 'bool' | 'timestamptz' | 'jsonb';
export interface ColumnValues {
  column: PgColumn;
  type: SqlArrayType;
  values: readonly unknown[];
}

/**
 * One multi-row INSERT … SELECT FROM unnest($1::text[], $2::int4[], …): one array parameter per column however
 * many rows, which keeps both the statement and the client-side work small for large batches.
 */
export async function insertColumns<R>(db: Db, table: PgTable, columns: readonly ColumnValues[], returning: readonly PgColumn[] = []): Promise<R[]> {
  const names = sql.join(
    columns.map((c) => sql.identifier(c.column.name)),
    sql`, `,
  );
  const arrays = sql.join(
    columns.map((c) => sql`${sql.param(c.values)}::${sql.raw(c.type)}[]`),
    sql`, `,
  );
  const ret =
    returning.length > 0
      ? sql` returning ${sql.join(
          returning.map((c) => sql.identifier(c.name)),
          sql`, `,
        )}`
      : sql``;
  return rowsOf<R>(await db.execute(sql`insert into ${table} (${names}) select * from unnest(${arrays})${ret}`));
}
