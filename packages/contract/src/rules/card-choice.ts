/**
 * Which registered card a payment is charged or reserved on, once for every path: creation, the admin fee, the
 * fixed price, fees (billing) and the switch to card payment. docs/decisions/0045-shared-rules.md.
 *
 * The rule: the newest registered card (latest `createdAt`, then the highest id) that has not expired. A card's
 * `expires` is its last valid month, 'YYYY-MM'; it is valid until that month ends in UTC — the payment provider's
 * clock, so a card chosen here is never one the provider refuses as expired. An unreadable expiry counts as expired.
 */

/** What the choice reads of a registered card. */
export interface RegisteredCardFacts {
  id: number;
  /** 'YYYY-MM': the last month the card is valid. */
  expires: string;
  /** When it was registered. */
  createdAt: Date | string;
}

/** True when the card's 'YYYY-MM' expiry month has ended before `now` (UTC), or the expiry is unreadable. */
export function isCardExpired(expires: string, now: Date): boolean {
  const match = /^(\d{4})-(\d{2})$/.exec(expires);
  if (!match) return true;
  const month = Number(match[2]);
  if (month < 1 || month > 12) return true;
  return now.getTime() >= Date.UTC(Number(match[1]), month, 1);
}

const registeredAt = (card: RegisteredCardFacts) => (typeof card.createdAt === 'string' ? Date.parse(card.createdAt) : card.createdAt.getTime());

/** Newest first: latest registration, then the highest id. */
export const newestCardFirst = (a: RegisteredCardFacts, b: RegisteredCardFacts): number => registeredAt(b) - registeredAt(a) || b.id - a.id;

/** Why no card could be chosen: the customer has none (`missing`), or only expired ones (`expired_card`), as §8 codes. */
export type NoCardReason = 'missing' | 'expired_card';

export type CardChoice<T> = { card: T; refusal: null } | { card: null; refusal: NoCardReason };

/** The card to charge among a customer's registered cards at `now`: the newest one that has not expired. */
export function chooseCard<T extends RegisteredCardFacts>(cards: readonly T[], now: Date): CardChoice<T> {
  const card = [...cards].sort(newestCardFirst).find((c) => !isCardExpired(c.expires, now));
  if (card) return { card, refusal: null };
  return { card: null, refusal: cards.length === 0 ? 'missing' : 'expired_card' };
}
