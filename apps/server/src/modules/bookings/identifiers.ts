import { randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { bookings, payments } from '../../db/schema.ts';

const TEN_DIGITS = { min: 1_000_000_000, max: 10_000_000_000 } as const;

/**
 * A fresh identifier `prefix` + 10 random digits that `taken` does not know. Random rather than max + 1, which
 * races between concurrent transactions; the unique index has the last word (callers retry on 23505).
 */
async function freshIdentifier(prefix: string, taken: (candidate: string) => Promise<boolean>): Promise<string> {
  for (let i = 0; i < 5; i++) {
    const candidate = `${prefix}${randomInt(TEN_DIGITS.min, TEN_DIGITS.max)}`;
    if (!(await taken(candidate))) return candidate;
  }
  throw new Error(`Could not find a free ${prefix} identifier`);
}

/** A new booking id: 'BID' + 10 digits. */
export const freshBid = (tx: Db) =>
  freshIdentifier('BID', async (bid) => (await tx.select({ id: bookings.id }).from(bookings).where(eq(bookings.bid, bid)).limit(1)).length > 0);

/** A new booking payment order id: 'BOK' + 10 digits (the demo's are 7 digits, so they never collide). */
export const freshOrderId = (tx: Db) =>
  freshIdentifier(
    'BOK',
    async (orderId) => (await tx.select({ id: payments.id }).from(payments).where(eq(payments.orderId, orderId)).limit(1)).length > 0,
  );

/** A new event payment order id (fees added to a booking): 'EVE' + 10 digits (the demo's are 7 digits). */
export const freshEventOrderId = (tx: Db) =>
  freshIdentifier(
    'EVE',
    async (orderId) => (await tx.select({ id: payments.id }).from(payments).where(eq(payments.orderId, orderId)).limit(1)).length > 0,
  );
