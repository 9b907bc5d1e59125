import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from './client.ts';
import { hasSqlState } from './sql-state.ts';

/** The committed migrations (drizzle-kit's output), applied at start. */
export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../../drizzle', import.meta.url));

const ZJournal = z.object({ entries: z.array(z.object({ tag: z.string(), when: z.number() })) });
export type CommittedMigration = z.infer<typeof ZJournal>['entries'][number];

/** The migrations in drizzle-kit's journal (meta/_journal.json): tag and timestamp, oldest first. */
export function committedMigrations(folder: string = MIGRATIONS_FOLDER): CommittedMigration[] {
  return ZJournal.parse(JSON.parse(readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8'))).entries;
}

const ZAppliedRow = z.object({ created_at: z.union([z.string(), z.number()]) });

/**
 * The committed migrations the database has not recorded as applied. Drizzle's migrator stores each applied migration
 * in drizzle.__drizzle_migrations with the journal's timestamp (`created_at`); a database without that table has none.
 */
export async function pendingMigrations(db: Db, committed: CommittedMigration[] = committedMigrations()): Promise<string[]> {
  let appliedAt: Set<number>;
  try {
    const result: unknown = await db.execute(sql`select created_at from drizzle.__drizzle_migrations`);
    const rows = z.object({ rows: z.array(ZAppliedRow) }).parse(result).rows;
    appliedAt = new Set(rows.map((row) => Number(row.created_at)));
  } catch (err) {
    // 42P01 undefined_table, 3F000 invalid_schema_name: nothing was ever migrated.
    if (hasSqlState(err, '42P01') || hasSqlState(err, '3F000')) appliedAt = new Set();
    else throw err;
  }
  return committed.filter((migration) => !appliedAt.has(migration.when)).map((migration) => migration.tag);
}
