import { chooseCard, type CardChoice } from '@fleetdesk/contract';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { registeredCards } from '../../db/schema.ts';

export type RegisteredCardRow = typeof registeredCards.$inferSelect;

/**
 * The card a customer's payment is charged or reserved on, for every path (creation, the admin fee, the fixed price,
 * fees, the switch to card payment): the customer's registered cards of the operator, chosen by the one rule
 * `chooseCard` (packages/contract/src/rules/card-choice.ts) — the newest that has not expired. No customer: `missing`.
 */
export async function chooseUserCard(db: Db, fleet: string, userId: number | null, now: Date): Promise<CardChoice<RegisteredCardRow>> {
  const cards =
    userId === null
      ? []
      : await db
          .select()
          .from(registeredCards)
          .where(and(eq(registeredCards.userId, userId), eq(registeredCards.fleetId, fleet)));
  return chooseCard(cards, now);
}
