import type { ErrorItem, ReadinessCheck } from '@fleetdesk/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { committedMigrations, pendingMigrations, type CommittedMigration } from '../../db/migrations.ts';

/** How long /api/ready waits for the database before it says "not ready". */
export const READINESS_TIMEOUT_MS = 2_000;

export type Readiness = { ready: true; migrations: number } | { ready: false; errors: ErrorItem[]; cause?: unknown };

const missing = (check: ReadinessCheck, message: string): ErrorItem => ({ field: check, message });

export const DATABASE_NOT_ANSWERING = missing('database', 'The database does not answer');

let journal: CommittedMigration[] | undefined;
/** The journal of committed migrations, read once (it ships with the server and does not change while it runs). */
const committed = () => (journal ??= committedMigrations());

function withinTimeout<T>(work: Promise<T>, timeoutMs: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Whether this server copy can take traffic: the database answers `select 1` within `timeoutMs`, and every committed
 * migration is recorded as applied. The errors name what is missing (field 'database' or 'migrations').
 */
export async function checkReadiness(db: Db, timeoutMs: number = READINESS_TIMEOUT_MS): Promise<Readiness> {
  let pending: string[];
  try {
    pending = await withinTimeout(
      (async () => {
        await db.execute(sql`select 1`);
        return pendingMigrations(db, committed());
      })(),
      timeoutMs,
    );
  } catch (cause) {
    return { ready: false, errors: [DATABASE_NOT_ANSWERING], cause };
  }
  if (pending.length > 0) return { ready: false, errors: [missing('migrations', `Not applied: ${pending.join(', ')}`)] };
  return { ready: true, migrations: committed().length };
}

/** What a server that is still preparing its database answers on /api/ready (see server.ts). */
export const DATABASE_BEING_PREPARED = missing('database', 'The database is not reachable yet, or its migrations are being applied');
