import { fieldError } from '@fleetdesk/contract';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { idempotencyKeys } from '../db/schema.ts';
import { AppError } from './errors.ts';
import { assertSafeText } from './input-guard.ts';

/** Longest Idempotency-Key header accepted. */
export const IDEMPOTENCY_KEY_MAX = 200;

/** The request's Idempotency-Key header, trimmed; undefined without one; 400 when it is too long. */
export function idempotencyKeyOf(headers: Record<string, string | string[] | undefined>): string | undefined {
  const raw = headers['idempotency-key'];
  const value = (Array.isArray(raw) ? raw[0] : raw)?.trim();
  if (!value) return undefined;
  if (value.length > IDEMPOTENCY_KEY_MAX) {
    throw AppError.invalidInput([fieldError('Idempotency-Key', 'atMostCharacters', { max: IDEMPOTENCY_KEY_MAX })]);
  }
  // Stored with the result: the input guard's rule (no NUL, no unpaired surrogate), like every text the server keeps.
  assertSafeText(value, 'Idempotency-Key');
  return value;
}

/**
 * Runs `run` in a transaction once per (fleet, scope, key): a retried request with the same key gets the stored
 * result of the first one instead (`replayed: true`), and nothing is applied twice. Without a key it just runs.
 *
 * The key row is inserted first in the same transaction, so a concurrent retry blocks on it until the first
 * commits (then reads its result) or rolls back (then runs itself). `run`'s result must be JSON-serialisable.
 */
export async function idempotent<T>(
  db: Db,
  fleet: string,
  scope: string,
  key: string | undefined,
  run: (tx: Db) => Promise<T>,
): Promise<{ result: T; replayed: boolean }> {
  if (!key) return { result: await db.transaction(run), replayed: false };
  return db.transaction(async (tx) => {
    const where = and(eq(idempotencyKeys.fleetId, fleet), eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key));
    const inserted = await tx
      .insert(idempotencyKeys)
      .values({ fleetId: fleet, scope, key })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (!inserted.length) {
      const [row] = await tx.select({ response: idempotencyKeys.response }).from(idempotencyKeys).where(where).limit(1).for('update');
      if (row && row.response !== null) return { result: row.response as T, replayed: true };
    }
    const result = await run(tx);
    await tx
      .update(idempotencyKeys)
      .set({ response: (result ?? null) as unknown })
      .where(where);
    return { result, replayed: false };
  });
}
