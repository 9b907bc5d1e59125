import {
  ALLOWED,
  MESSAGE_IDS,
  MESSAGES,
  NOT_APPLICABLE,
  notAllowed,
  PAYMENT_ABILITY_KEYS,
  paymentSwitchTarget,
  type Ability,
  type MessageKey,
  type PaymentAbilities,
  type PaymentAbilityKey,
  type PaymentStatus,
  type PaymentTarget,
  type PaymentType,
} from '@fleetdesk/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { registeredCards } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import { isCardExpired } from '../../integrations/payments/sandbox.ts';

/**
 * The §4 payment actions, decided once (issue 16; docs/decisions/0044-abilities.md). Sent with every payment
 * (`Payment.abilities`) and asked by every payment endpoint, so the action bar and the server cannot disagree:
 *
 * - USER_INVOICE: mark as sent only from UNPAID; mark as received (PAID) and set unpaid only from INVOICE_SENT.
 * - Revive / retry: a CREDITCARD payment that is ABANDONED or UNPAID.
 * - Release: an INVOICE that is not NO_CHARGE, or a CREDITCARD that is ABANDONED (other card payments: refused).
 * - Switch type (credit card ↔ user invoice): never an INVOICE ("Can't turn from invoice to credit card"), not when
 *   PAID or NO_CHARGE, and to a credit card only with a valid registered card of the customer.
 * - Replace the booking payment with another type: not once PAID (credit it instead) or released.
 * - Cancel an event payment (EVE): not once PAID or already released.
 *
 * `{ allowed: false, reason: null }`: the action does not apply to the payment (not offered).
 */

export interface PaymentFacts {
  orderId: string;
  type: PaymentType;
  status: PaymentStatus;
  target: PaymentTarget;
  /** The customer has a registered card that has not expired. */
  hasValidCard: boolean;
}

const isEventOrder = (p: Pick<PaymentFacts, 'orderId' | 'target'>) => p.orderId.startsWith('EVE') || p.target === 'EVENT';

const from = (reason: MessageKey | null): Ability => (reason ? notAllowed(reason) : ALLOWED);

export function paymentAbility(key: PaymentAbilityKey, p: PaymentFacts): Ability {
  const { type, status } = p;
  switch (key) {
    case 'markInvoiceSent':
      return type === 'USER_INVOICE' && status === 'UNPAID' ? ALLOWED : NOT_APPLICABLE;
    case 'markInvoicePaid':
    case 'markInvoiceUnpaid':
      return type === 'USER_INVOICE' && status === 'INVOICE_SENT' ? ALLOWED : NOT_APPLICABLE;
    case 'retry':
      return type === 'CREDITCARD' && (status === 'ABANDONED' || status === 'UNPAID') ? ALLOWED : NOT_APPLICABLE;
    case 'release':
      if (type === 'INVOICE') return from(status === 'NO_CHARGE' ? 'paymentAlreadyReleased' : null);
      if (type === 'CREDITCARD') return from(status === 'ABANDONED' ? null : 'releaseNotAllowed');
      return NOT_APPLICABLE;
    case 'switchType':
      if (type === 'INVOICE') return notAllowed('cantTurnInvoiceToCard');
      if (status === 'PAID' || status === 'NO_CHARGE') return notAllowed('paymentSettled');
      return from(paymentSwitchTarget(type) === 'CREDITCARD' && !p.hasValidCard ? 'paymentSwitchNoCard' : null);
    case 'replace':
      if (isEventOrder(p)) return NOT_APPLICABLE;
      if (status === 'PAID') return notAllowed('paymentReplacePaid');
      return from(status === 'NO_CHARGE' ? 'paymentAlreadyReleased' : null);
    case 'cancelEventPayment':
      if (!isEventOrder(p)) return NOT_APPLICABLE;
      if (status === 'PAID') return notAllowed('cancelEventPaymentNotAllowed');
      return from(status === 'NO_CHARGE' ? 'paymentAlreadyReleased' : null);
  }
}

export function paymentAbilities(p: PaymentFacts): PaymentAbilities {
  return Object.fromEntries(PAYMENT_ABILITY_KEYS.map((key) => [key, paymentAbility(key, p)])) as PaymentAbilities;
}

/** 409 with the reason of a refused payment action, or `fallback` for one that does not apply to the payment. */
export function assertPaymentAllowed(key: PaymentAbilityKey, p: PaymentFacts, fallback: string): void {
  const ability = paymentAbility(key, p);
  if (ability.allowed) return;
  const reason = ability.reason as MessageKey | null;
  throw reason
    ? new AppError(MESSAGE_IDS.conflict, 409, MESSAGES[reason], [{ messageId: reason, message: MESSAGES[reason] }])
    : new AppError(MESSAGE_IDS.conflict, 409, fallback);
}

/** The users among `userIds` who have a registered card that has not expired at `now`. */
export async function usersWithValidCard(db: Db, fleet: string, userIds: readonly number[], now: Date): Promise<Set<number>> {
  if (!userIds.length) return new Set();
  const cards = await db
    .select({ userId: registeredCards.userId, expires: registeredCards.expires })
    .from(registeredCards)
    .where(and(eq(registeredCards.fleetId, fleet), inArray(registeredCards.userId, [...new Set(userIds)])));
  return new Set(cards.filter((c) => !isCardExpired(c.expires, now)).map((c) => c.userId));
}
