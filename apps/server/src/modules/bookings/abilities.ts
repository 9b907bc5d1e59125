import {
  ALLOWED,
  BOOKING_ABILITY_KEYS,
  creditRefusal,
  isLightVehicleCategory,
  NOT_APPLICABLE,
  notAllowed,
  type Ability,
  type BookingAbilities,
  type BookingAbilityKey,
  type FuelType,
  type MessageKey,
  type PaymentStatus,
} from '@fleetdesk/contract';
import {
  activateRefusal,
  allocatesOnActivation,
  cancelRefusal,
  deactivateRefusal,
  forceEndRefusal,
  isHistoric,
  rideshareRefusal,
  taxiRefusal,
  type BookingFacts,
} from './state.ts';

/**
 * The booking menu of spec §4, decided once (issue 16; docs/decisions/0044-abilities.md). `bookingAbilities` is sent
 * with every booking (`Booking.abilities`), and every action endpoint refuses with `bookingRefusal` on the locked row,
 * so a control the console shows enabled is one the server carries out, and a disabled one says the reason the
 * server would give.
 *
 * - `{ allowed: false, reason: null }`: the action does not belong in this booking's menu (the web leaves it out):
 *   the transitions and edit/extend/lock on historic bookings, checkout and adjust values on live ones, the charging
 *   PIN where the booking does not use one and activate/deactivate where it does.
 * - `{ allowed: false, reason }`: shown, disabled, with the reason (a message key the web translates).
 */

/** What the menu needs beyond the state machine's facts. */
export interface BookingMenuFacts extends BookingFacts {
  checkoutRequired: boolean;
  technicalIssueReported: boolean;
  lockedForUser: boolean;
  /** The customer has an e-mail address (for the receipt). */
  customerHasEmail: boolean;
  /** The pick-up pool has a charging station (a WattWorld station name). */
  poolHasChargingStation: boolean;
  /**
   * The fuel of the vehicle the booking is for, where it is known: the allocated vehicle's, else the requested
   * vehicle's, else the requested model's; null when only a price class or category is booked.
   */
  vehicleFuelType: FuelType | null;
  /** The booking payment (BOK), or null when the booking has none. */
  payment: { status: PaymentStatus; totalPrice: number } | null;
}

/**
 * §4 "For bookings allocated on activation, a request-PIN action replaces activate and deactivate": the charging
 * provider's PIN, so only where the vehicle charges at the pool — a car or van (not a bike, cargo bike or scooter) at a
 * pool with a charging station, and electric (§3: primaryFuelType BATTERY) where the vehicle or model is known: a
 * petrol car booked at a charging pool is activated like any other (issue 17). Elsewhere such a booking is activated
 * like any other.
 */
export function usesChargingPin(
  b: Pick<BookingMenuFacts, 'allocateOnActivation' | 'vehicleCategory' | 'poolHasChargingStation' | 'vehicleFuelType'>,
): boolean {
  const charges = b.vehicleFuelType === null || b.vehicleFuelType === 'BATTERY';
  return allocatesOnActivation(b) && !isLightVehicleCategory(b.vehicleCategory) && b.poolHasChargingStation && charges;
}

/** §4: a fixed price is not allowed on finished (or cancelled) bookings. */
export const fixedPriceRefusal = (b: Pick<BookingFacts, 'state'>): MessageKey | null => (isHistoric(b.state) ? 'fixedPriceNotOnFinished' : null);

const from = (reason: MessageKey | null): Ability => (reason ? notAllowed(reason) : ALLOWED);
const onlyWhen = (applies: boolean, ability: () => Ability): Ability => (applies ? ability() : NOT_APPLICABLE);

/** One action's ability on a booking at `now`. */
export function bookingAbility(key: BookingAbilityKey, b: BookingMenuFacts, now: Date): Ability {
  const historic = isHistoric(b.state);
  const live = !historic;
  const pin = usesChargingPin(b);
  switch (key) {
    case 'checkout':
      return onlyWhen(historic, () => from(b.checkoutRequired ? null : 'noCheckoutRequired'));
    case 'mailReceipt':
      return from(!b.hasUser ? 'receiptNoCustomer' : b.customerHasEmail ? null : 'receiptNoEmail');
    case 'adjustValues':
      return onlyWhen(b.state === 'FINISHED', () => ALLOWED);
    case 'activate':
      return onlyWhen(live && !pin, () => from(activateRefusal(b, now)));
    case 'deactivate':
      // Checked when the vehicle is allocated, else unchecked (the card picks which from the actions list).
      return onlyWhen(live && !pin, () => from(deactivateRefusal(b, true)));
    case 'requestPin':
      return onlyWhen(live && pin, () => from(b.state === 'INACTIVE' ? null : 'chargingPinOnlyBeforeStart'));
    case 'cancel':
      return onlyWhen(live, () => from(cancelRefusal(b, now)));
    case 'forceEnd':
      return onlyWhen(live, () => from(forceEndRefusal(b, now)));
    case 'replaceWithTaxi':
      return onlyWhen(live, () => from(taxiRefusal(b)));
    case 'replaceWithRideshare':
      return onlyWhen(live, () => from(rideshareRefusal(b)));
    case 'edit':
    case 'extend':
      return onlyWhen(live, () => ALLOWED);
    case 'lockForUser':
      return onlyWhen(live && !b.lockedForUser, () => ALLOWED);
    case 'unlockForUser':
      return onlyWhen(live && b.lockedForUser, () => ALLOWED);
    case 'credit':
      // The credit rule of the fee form and the billing endpoint (packages/contract/src/rules/billing.ts).
      return from(creditRefusal(b.payment));
    case 'addFee':
      return ALLOWED;
    case 'fixedPrice':
      return from(fixedPriceRefusal(b));
    case 'reportTechnicalIssue':
      return from(b.technicalIssueReported ? 'technicalIssueAlreadyReported' : null);
  }
}

/** Every action's ability (Booking.abilities). */
export function bookingAbilities(b: BookingMenuFacts, now: Date): BookingAbilities {
  return Object.fromEntries(BOOKING_ABILITY_KEYS.map((key) => [key, bookingAbility(key, b, now)])) as BookingAbilities;
}

/**
 * The message key an endpoint refuses `key` with, or null when allowed: the ability's reason, or `fallback` for an
 * action that does not apply to the booking at all.
 */
export function bookingRefusal(key: BookingAbilityKey, b: BookingMenuFacts, now: Date, fallback: MessageKey): MessageKey | null {
  const ability = bookingAbility(key, b, now);
  if (ability.allowed) return null;
  return (ability.reason as MessageKey | null) ?? fallback;
}
