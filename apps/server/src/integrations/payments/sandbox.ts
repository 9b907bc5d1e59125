import { randomBytes } from 'node:crypto';
import { isCardExpired, type CardErrorCode, type Currency } from '@fleetdesk/contract';
import type { CardRefusal, ChargeResult, PaymentCard, PaymentProvider, Reservation } from './provider.ts';

/**
 * The built-in sandbox payment provider: no network, deterministic outcomes by test card, like a card
 * processor's test mode (docs/decisions/0013-booking-creation.md, docs/decisions/0021-payments.md).
 *
 * Test cards are chosen by the last four digits of the masked number (`VISA **** 0002`):
 *
 * | Last four | Outcome                                   |
 * |-----------|-------------------------------------------|
 * | 3155      | needs the customer's authorisation (3-D Secure): NEEDS_AUTHORIZATION |
 * | 0002      | card_declined                             |
 * | 0069      | expired_card                              |
 * | 0127      | incorrect_cvc                             |
 * | 4241      | incorrect_number                          |
 * | 0036      | incorrect_zip                             |
 * | 0101      | invalid_cvc                               |
 * | 0013      | invalid_expiry_month                      |
 * | 0014      | invalid_expiry_year                       |
 * | 1234      | invalid_number                            |
 * | 9995      | insufficient_funds                        |
 * | 0119      | processing_error                          |
 * | 0429      | rate_limit                                |
 * | 0500      | general_error                             |
 * | any other | RESERVED / PAID                           |
 *
 * A card whose `expires` (YYYY-MM) month has ended answers expired_card, whatever its number; no card at all is
 * `missing` (decided by the caller, which has no card to pass). Provider tokens starting with `sandbox_decline_`
 * decline and `sandbox_3ds_` need authorisation, as before.
 *
 * The sandbox keeps an in-memory ledger of reservations and charges: a capture may not exceed what is reserved,
 * a refund not what is captured. External ids it has never seen (seeded payments, or made before a restart) are
 * accepted leniently. Charges, captures and refunds take an idempotency key: the same key answers the first
 * result and is applied once.
 */
export const SANDBOX_3DS_TOKEN_PREFIX = 'sandbox_3ds_';
export const SANDBOX_DECLINE_TOKEN_PREFIX = 'sandbox_decline_';
export const SANDBOX_3DS_CARD_SUFFIX = '3155';
export const SANDBOX_DECLINE_CARD_SUFFIX = '0002';

/** Last four digits of the masked number → the §8 card error code the sandbox answers with. */
export const SANDBOX_TEST_CARDS = {
  '0002': 'card_declined',
  '0069': 'expired_card',
  '0127': 'incorrect_cvc',
  '4241': 'incorrect_number',
  '0036': 'incorrect_zip',
  '0101': 'invalid_cvc',
  '0013': 'invalid_expiry_month',
  '0014': 'invalid_expiry_year',
  '1234': 'invalid_number',
  '9995': 'insufficient_funds',
  '0119': 'processing_error',
  '0429': 'rate_limit',
  '0500': 'general_error',
} as const satisfies Record<string, Exclude<CardErrorCode, 'missing'>>;

const lastDigits = (masked: string): string => masked.replace(/\D/g, '').slice(-4);

/** The one expiry rule (packages/contract/src/rules/card-choice.ts): the card's YYYY-MM month has ended in UTC. */
export { isCardExpired };

/** What the sandbox does with a card: a refusal code, authorisation, or success. */
export function sandboxCardOutcome(card: PaymentCard, now: Date): { ok: false; code: CardErrorCode } | { ok: true; needsAuthorization: boolean } {
  const digits = lastDigits(card.cardTypeAndMaskedNumber);
  if (card.providerToken.startsWith(SANDBOX_DECLINE_TOKEN_PREFIX)) return { ok: false, code: 'card_declined' };
  const code = (SANDBOX_TEST_CARDS as Record<string, CardErrorCode>)[digits];
  if (code) return { ok: false, code };
  if (isCardExpired(card.expires, now)) return { ok: false, code: 'expired_card' };
  return { ok: true, needsAuthorization: card.providerToken.startsWith(SANDBOX_3DS_TOKEN_PREFIX) || digits === SANDBOX_3DS_CARD_SUFFIX };
}

export function sandboxOutcome(card: PaymentCard, now: Date): Reservation['status'] {
  const outcome = sandboxCardOutcome(card, now);
  if (!outcome.ok) return 'RESERVATION_FAILED';
  return outcome.needsAuthorization ? 'NEEDS_AUTHORIZATION' : 'RESERVED';
}

/** A reservation or charge as the sandbox keeps it. */
export interface SandboxLedgerEntry {
  externalId: string;
  kind: 'reservation' | 'charge';
  status: 'NEEDS_AUTHORIZATION' | 'RESERVED' | 'CAPTURED' | 'RELEASED' | 'ABANDONED' | 'FAILED';
  amount: number;
  currency: Currency | null;
  captured: number;
  refunded: number;
  failureCode: CardErrorCode | null;
  /** false for external ids the sandbox accepted without knowing them. */
  known: boolean;
}

export type SandboxAuthorizationOutcome = 'AUTHORIZED' | 'ABANDONED';

export interface SandboxPaymentProvider extends PaymentProvider {
  readonly name: 'sandbox';
  /**
   * Plays the customer's part of a 3-D Secure authorisation: an authorised reservation or charge becomes RESERVED
   * (captured later), an abandoned one ABANDONED. Unknown external ids are accepted.
   */
  authorize(externalId: string, outcome: SandboxAuthorizationOutcome): Promise<{ status: 'RESERVED' | 'ABANDONED' }>;
  /** A copy of the ledger, oldest first (for tests and diagnostics). */
  ledger(): SandboxLedgerEntry[];
}

export const isSandboxProvider = (p: PaymentProvider): p is SandboxPaymentProvider =>
  p.name === 'sandbox' && typeof (p as Partial<SandboxPaymentProvider>).authorize === 'function';

const cents = (amount: number) => Math.round(amount * 100);

export function sandboxPaymentProvider(): SandboxPaymentProvider {
  const entries = new Map<string, SandboxLedgerEntry>();
  /** idempotency key → the first answer */
  const answers = new Map<string, unknown>();

  const newId = (prefix: string) => `${prefix}${randomBytes(8).toString('hex')}`;
  const entryOf = (externalId: string, kind: SandboxLedgerEntry['kind']): SandboxLedgerEntry => {
    let e = entries.get(externalId);
    if (!e) {
      // Lenient: an id from the seed or from before a restart; nothing is known about its amount.
      e = {
        externalId,
        kind,
        status: kind === 'charge' ? 'CAPTURED' : 'RESERVED',
        amount: Number.POSITIVE_INFINITY,
        currency: null,
        captured: 0,
        refunded: 0,
        failureCode: null,
        known: false,
      };
      entries.set(externalId, e);
    }
    return e;
  };
  const once = async <T>(scope: string, key: string, run: () => T): Promise<T> => {
    const k = `${scope}:${key}`;
    if (answers.has(k)) return answers.get(k) as T;
    const result = run();
    answers.set(k, result);
    return result;
  };
  const checkAmount = (amount: number) => {
    if (!Number.isFinite(amount) || amount < 0) throw new RangeError(`Invalid amount ${amount}`);
  };
  const refusal = (code: CardErrorCode): CardRefusal => ({ ok: false, code });

  return {
    name: 'sandbox',
    async reserve(card: PaymentCard, amount: number, currency: Currency, now = new Date()): Promise<Reservation> {
      checkAmount(amount);
      const outcome = sandboxCardOutcome(card, now);
      const externalId = newId('sandbox_pi_');
      const status: Reservation['status'] = !outcome.ok ? 'RESERVATION_FAILED' : outcome.needsAuthorization ? 'NEEDS_AUTHORIZATION' : 'RESERVED';
      entries.set(externalId, {
        externalId,
        kind: 'reservation',
        status: status === 'RESERVATION_FAILED' ? 'FAILED' : status,
        amount,
        currency,
        captured: 0,
        refunded: 0,
        failureCode: outcome.ok ? null : outcome.code,
        known: true,
      });
      return outcome.ok ? { status, externalId } : { status, externalId, failureCode: outcome.code };
    },
    async release(externalId: string) {
      const e = entries.get(externalId);
      if (e && (e.status === 'RESERVED' || e.status === 'NEEDS_AUTHORIZATION')) e.status = 'RELEASED';
    },
    async charge(card: PaymentCard, amount: number, currency: Currency, key: string, now = new Date()): Promise<ChargeResult> {
      checkAmount(amount);
      return once('charge', key, (): ChargeResult => {
        const outcome = sandboxCardOutcome(card, now);
        const externalId = newId('sandbox_ch_');
        if (!outcome.ok) {
          entries.set(externalId, {
            externalId,
            kind: 'charge',
            status: 'FAILED',
            amount,
            currency,
            captured: 0,
            refunded: 0,
            failureCode: outcome.code,
            known: true,
          });
          return refusal(outcome.code);
        }
        const status = outcome.needsAuthorization ? 'NEEDS_AUTHORIZATION' : 'CAPTURED';
        entries.set(externalId, {
          externalId,
          kind: 'charge',
          status,
          amount,
          currency,
          captured: status === 'CAPTURED' ? amount : 0,
          refunded: 0,
          failureCode: null,
          known: true,
        });
        return { ok: true, status: outcome.needsAuthorization ? 'NEEDS_AUTHORIZATION' : 'PAID', externalId };
      });
    },
    async capture(externalId: string, amount: number, key: string) {
      checkAmount(amount);
      return once('capture', key, (): { ok: true } | CardRefusal => {
        const e = entryOf(externalId, 'reservation');
        if (e.status !== 'RESERVED' && e.status !== 'CAPTURED') return refusal('processing_error');
        if (cents(e.captured) + cents(amount) > cents(e.amount)) return refusal('general_error');
        e.captured = (cents(e.captured) + cents(amount)) / 100;
        e.status = 'CAPTURED';
        return { ok: true };
      });
    },
    async refund(externalId: string, amount: number, key: string) {
      checkAmount(amount);
      return once('refund', key, (): { ok: true } | CardRefusal => {
        const e = entryOf(externalId, 'charge');
        if (!e.known) e.captured = Number.POSITIVE_INFINITY;
        if (e.status !== 'CAPTURED' && e.known) return refusal('general_error');
        if (cents(e.refunded) + cents(amount) > cents(e.captured)) return refusal('general_error');
        e.refunded = (cents(e.refunded) + cents(amount)) / 100;
        return { ok: true };
      });
    },
    async authorize(externalId: string, outcome: SandboxAuthorizationOutcome) {
      const e = entryOf(externalId, 'reservation');
      if (outcome === 'ABANDONED') {
        e.status = 'ABANDONED';
        return { status: 'ABANDONED' as const };
      }
      if (e.status === 'NEEDS_AUTHORIZATION' || !e.known) e.status = 'RESERVED';
      return { status: 'RESERVED' as const };
    },
    ledger() {
      return [...entries.values()].map((e) => ({ ...e }));
    },
  };
}
