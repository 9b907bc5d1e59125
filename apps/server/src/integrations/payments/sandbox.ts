import { randomBytes } from 'node:crypto';
import type { Currency } from '@fleetdesk/contract';
import type { ChargeResult, PaymentCard, PaymentProvider, Reservation } from './provider.ts';

/**
 * The built-in sandbox payment provider: no network, deterministic outcomes by test card, like a card
 * provider's test mode (docs/decisions/0013-booking-creation.md).
 *
 * - A card whose provider token starts with `sandbox_3ds_`, or whose masked number ends with 3155
 *   (demo card 'VISA **** 3155', after the common 3-D Secure test number 4000 0025 0000 3155), needs the
 *   customer's authorisation: NEEDS_AUTHORIZATION.
 * - A card whose provider token starts with `sandbox_decline_`, or whose masked number ends with 0002
 *   (the common "card declined" test number 4000 0000 0000 0002), or an expired card: RESERVATION_FAILED.
 * - Any other card: RESERVED.
 */
export const SANDBOX_3DS_TOKEN_PREFIX = 'sandbox_3ds_';
export const SANDBOX_DECLINE_TOKEN_PREFIX = 'sandbox_decline_';
export const SANDBOX_3DS_CARD_SUFFIX = '3155';
export const SANDBOX_DECLINE_CARD_SUFFIX = '0002';

const lastDigits = (masked: string): string => masked.replace(/\D/g, '').slice(-4);

/** True when the card's YYYY-MM expiry month has ended before `now` (UTC). */
export function isCardExpired(expires: string, now: Date): boolean {
  const match = /^(\d{4})-(\d{2})$/.exec(expires);
  if (!match) return true;
  const firstDayAfter = Date.UTC(Number(match[1]), Number(match[2]), 1);
  return now.getTime() >= firstDayAfter;
}

export function sandboxOutcome(card: PaymentCard, now: Date): Reservation['status'] {
  const digits = lastDigits(card.cardTypeAndMaskedNumber);
  if (card.providerToken.startsWith(SANDBOX_DECLINE_TOKEN_PREFIX) || digits === SANDBOX_DECLINE_CARD_SUFFIX || isCardExpired(card.expires, now)) {
    return 'RESERVATION_FAILED';
  }
  if (card.providerToken.startsWith(SANDBOX_3DS_TOKEN_PREFIX) || digits === SANDBOX_3DS_CARD_SUFFIX) return 'NEEDS_AUTHORIZATION';
  return 'RESERVED';
}

export function sandboxPaymentProvider(): PaymentProvider {
  return {
    name: 'sandbox',
    async reserve(card: PaymentCard, amount: number, _currency: Currency, now = new Date()): Promise<Reservation> {
      if (!Number.isFinite(amount) || amount < 0) throw new RangeError(`Cannot reserve ${amount}`);
      return { status: sandboxOutcome(card, now), externalId: `sandbox_pi_${randomBytes(8).toString('hex')}` };
    },
    async release() {
      // Nothing is held in the sandbox.
    },
    // Interim (issue 5 replaces these with the sandbox ledger and test cards per card error code).
    async charge(card: PaymentCard, _amount: number, _currency: Currency, _key: string, now = new Date()): Promise<ChargeResult> {
      const outcome = sandboxOutcome(card, now);
      if (outcome === 'RESERVATION_FAILED') return { ok: false, code: 'card_declined' };
      return { ok: true, status: outcome === 'NEEDS_AUTHORIZATION' ? 'NEEDS_AUTHORIZATION' : 'PAID', externalId: `sandbox_ch_${randomBytes(8).toString('hex')}` };
    },
    async capture() {
      return { ok: true as const };
    },
    async refund() {
      return { ok: true as const };
    },
  };
}
