import { getTableColumns, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';

/** Statements that write or match many rows through one parameter (the telematics batches; bench/README.md, ingest). */

/**
 * Many rows as one statement parameter: a JSON array that `json_to_recordset` reads as rows named `alias`, one column per key
 * (named as the key, typed as the table's column). For the statements a batch writes row by row (statuses, events):
 * drizzle's values() makes a parameter of every value, and building those cost more CPU than the database spent
 * writing the rows (bench/README.md, ingest). The rows are stringified as they are: dates become ISO instants, jsonb
 * values JSON, an undefined value null, and keys not asked for are ignored.
 */
export function jsonRecordset<T extends PgTable, K extends keyof T['$inferInsert'] & string>(
  table: T,
  keys: readonly K[],
  rows: readonly Pick<T['$inferInsert'], K>[],
  alias: string,
) {
  const all = getTableColumns(table) as Record<string, PgColumn>;
  const columns = keys.map((key) => {
    const column = all[key];
    if (!column) throw new Error(`${key} is not a column`);
    // A jsonb value is read as text and cast: json_to_recordset's own conversion to jsonb took twice as long.
    const type = column.getSQLType();
    const json = type === 'jsonb';
    const value = sql`${sql.identifier(alias)}.${sql.identifier(key)}`;
    return { key, column, read: json ? 'text' : type, value: json ? sql`${value}::jsonb` : value };
  });
  const list = (each: (c: (typeof columns)[number]) => SQLWrapper) => sql.join(columns.map(each), sql`, `);
  return {
    /** The table's column names, for an INSERT's column list. */
    names: list((c) => sql.identifier(c.column.name)),
    /** The values of each row, in the same order. */
    values: list((c) => c.value),
    from: sql`json_to_recordset(${JSON.stringify(rows)}::json) as ${sql.identifier(alias)}(${list((c) => sql`${sql.identifier(c.key)} ${sql.raw(c.read)}`)})`,
    /** `column = value` for every key but those named. */
    assignments: (...except: string[]) =>
      sql.join(
        columns.filter((c) => !except.includes(c.key)).map((c) => sql`${sql.identifier(c.column.name)} = ${c.value}`),
        sql`, `,
      ),
  };
}

/**
 * `column = any(list)` with the list as one array parameter (inArray makes a parameter of every value, and a batch's
 * lists hold hundreds of VINs or ids).
 */
export function inList(column: PgColumn, values: readonly (string | number)[], type: 'int' | 'text'): SQL {
  return sql`${column} = any(${arrayLiteral(values)}::${sql.raw(type)}[])`;
}
/** A PostgreSQL array literal: every element quoted, with its quotes and backslashes escaped. */
export const arrayLiteral = (values: readonly (string | number)[]) => `{${values.map((v) => `"${String(v).replace(/[\\"]/g, '\\$&')}"`).join(',')}}`;
