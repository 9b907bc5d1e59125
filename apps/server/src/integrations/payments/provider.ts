import type { CardErrorCode, Currency } from '@fleetdesk/contract';

/**
 * The payment provider behind card payments (GUIDE §1: every integration sits behind a small interface with a
 * default that really works on one machine). The default is the sandbox (`sandbox.ts`); a real adapter implements
 * the same calls.
 */

/** The registered card a reservation is made on (the `registered_cards` row). */
export interface PaymentCard {
  /** e.g. 'VISA **** 4242' */
  cardTypeAndMaskedNumber: string;
  /** The provider's token for the card. */
  providerToken: string;
  /** YYYY-MM */
  expires: string;
}

/** What a reservation ended in; these are the §4 payment statuses a card reservation can have. */
export type ReservationStatus = 'RESERVED' | 'NEEDS_AUTHORIZATION' | 'RESERVATION_FAILED';

export interface Reservation {
  status: ReservationStatus;
  /** The provider's id of the reservation (payment intent). */
  externalId: string;
  /** With RESERVATION_FAILED: the §8 card error code the provider gave. */
  failureCode?: CardErrorCode;
}

/**
 * A charge, capture or refund the card provider refused, with the §8 card error code
 * (card_declined, expired_card, incorrect_cvc, …, general_error).
 */
export interface CardRefusal {
  ok: false;
  code: CardErrorCode;
}
export type ChargeResult = { ok: true; status: 'PAID' | 'NEEDS_AUTHORIZATION'; externalId: string } | CardRefusal;

export interface PaymentProvider {
  /** The provider's name, stored as the payment's `paymentProvider`. */
  readonly name: string;
  /** Reserves `amount` (with VAT, in `currency`) on the card. Never throws for a declined card: that is RESERVATION_FAILED. */
  reserve(card: PaymentCard, amount: number, currency: Currency, now?: Date): Promise<Reservation>;
  /** Releases a reservation that is no longer needed (e.g. the booking it was made for was not saved). */
  release(externalId: string): Promise<void>;
  /**
   * Charges `amount` on the card at once (reserve and capture), e.g. a fee after the trip or a retried payment.
   * `idempotencyKey`: a retry with the same key returns the first result and charges once.
   */
  charge(card: PaymentCard, amount: number, currency: Currency, idempotencyKey: string, now?: Date): Promise<ChargeResult>;
  /** Captures (part of) a reservation; answers a refusal when the provider refuses. */
  capture(externalId: string, amount: number, idempotencyKey: string): Promise<{ ok: true } | CardRefusal>;
  /** Refunds `amount` of a captured charge or reservation (a credit on a paid card payment). */
  refund(externalId: string, amount: number, idempotencyKey: string): Promise<{ ok: true } | CardRefusal>;
}
