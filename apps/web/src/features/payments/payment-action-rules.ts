import type { PaymentAbilityKey, PaymentType } from '@fleetdesk/contract';

/**
 * The §4 payment actions, named as the payment's abilities name them. Whether one is offered, allowed or refused (and
 * why) is the server's decision (`Payment.abilities`, issue 16); nothing here re-derives it.
 */
export type PaymentActionKind = PaymentAbilityKey;

/** The types a booking payment can be replaced with: the other two. */
export const replacementTypes = (type: PaymentType): PaymentType[] => (['CREDITCARD', 'USER_INVOICE', 'INVOICE'] as const).filter((t) => t !== type);
