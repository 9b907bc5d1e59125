import { z } from 'zod';

/**
 * Whether the acting staff member may do one action on a record, decided by the server and sent with the record
 * (GUIDE §3.2). `reason` is the message id or message key of why not (null when allowed); the web disables the
 * control and says why. `{ allowed: false, reason: null }` means the action does not apply to the record at all:
 * the web leaves it out instead of showing it disabled.
 */
export const ZAbility = z.object({
  allowed: z.boolean(),
  reason: z.string().nullable(),
});
export type Ability = z.infer<typeof ZAbility>;

export const ALLOWED: Ability = { allowed: true, reason: null };
export const notAllowed = (reason: string): Ability => ({ allowed: false, reason });
/** The action does not apply to this record (not shown). */
export const NOT_APPLICABLE: Ability = { allowed: false, reason: null };

/** Whether an ability is shown at all (allowed, or refused with a reason to tell). */
export const isAbilityShown = (ability: Ability): boolean => ability.allowed || ability.reason !== null;

/**
 * The actions of the booking menu (spec §4 "Booking menu" and "other actions"), in menu order. The server computes
 * each one from the booking's state and facts (apps/server/src/modules/bookings/abilities.ts) and every action
 * endpoint refuses with the same reason.
 */
export const BOOKING_ABILITY_KEYS = [
  'activate',
  'deactivate',
  'requestPin',
  'cancel',
  'forceEnd',
  'replaceWithTaxi',
  'replaceWithRideshare',
  'checkout',
  'adjustValues',
  'edit',
  'extend',
  'lockForUser',
  'unlockForUser',
  'credit',
  'addFee',
  'fixedPrice',
  'reportTechnicalIssue',
  'mailReceipt',
] as const;
export type BookingAbilityKey = (typeof BOOKING_ABILITY_KEYS)[number];

export const ZBookingAbilities = z.object(
  Object.fromEntries(BOOKING_ABILITY_KEYS.map((key) => [key, ZAbility])) as Record<BookingAbilityKey, typeof ZAbility>,
);
export type BookingAbilities = z.infer<typeof ZBookingAbilities>;

/**
 * The §4 payment actions, in the order of a payment's action bar. The server computes each from the payment's type,
 * status and the customer's cards (apps/server/src/modules/bookings/payment-abilities.ts); every payment endpoint refuses with
 * the same reason.
 */
export const PAYMENT_ABILITY_KEYS = [
  'markInvoiceSent',
  'markInvoicePaid',
  'markInvoiceUnpaid',
  'retry',
  'release',
  'switchType',
  'replace',
  'cancelEventPayment',
] as const;
export type PaymentAbilityKey = (typeof PAYMENT_ABILITY_KEYS)[number];

export const ZPaymentAbilities = z.object(
  Object.fromEntries(PAYMENT_ABILITY_KEYS.map((key) => [key, ZAbility])) as Record<PaymentAbilityKey, typeof ZAbility>,
);
export type PaymentAbilities = z.infer<typeof ZPaymentAbilities>;

/** The type a payment's `switchType` goes to: credit card ↔ user invoice (an INVOICE never turns into a card, §4). */
export const paymentSwitchTarget = (type: 'CREDITCARD' | 'USER_INVOICE' | 'INVOICE'): 'CREDITCARD' | 'USER_INVOICE' =>
  type === 'CREDITCARD' ? 'USER_INVOICE' : 'CREDITCARD';

/** The remote commands of a vehicle's menu (§2, §6): the four vehicle actions and the agent's two. */
export const VEHICLE_ABILITY_KEYS = ['LOCK', 'UNLOCK', 'MOBILIZE', 'IMMOBILIZE', 'REBOOT', 'WAKE_UP'] as const;
export type VehicleAbilityKey = (typeof VEHICLE_ABILITY_KEYS)[number];

/** The vehicle's service actions (issue 19 point 5): take it out of service, put it back. Not remote commands. */
export const VEHICLE_SERVICE_ABILITY_KEYS = ['outOfService', 'backInService'] as const;
export type VehicleServiceAbilityKey = (typeof VEHICLE_SERVICE_ABILITY_KEYS)[number];

export const ZVehicleAbilities = z.object({
  ...(Object.fromEntries(VEHICLE_ABILITY_KEYS.map((key) => [key, ZAbility])) as Record<VehicleAbilityKey, typeof ZAbility>),
  ...(Object.fromEntries(VEHICLE_SERVICE_ABILITY_KEYS.map((key) => [key, ZAbility])) as Record<VehicleServiceAbilityKey, typeof ZAbility>),
});
export type VehicleAbilities = z.infer<typeof ZVehicleAbilities>;
