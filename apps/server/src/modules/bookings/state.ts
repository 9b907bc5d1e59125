import {
  isLightVehicleCategory,
  type AllocationState,
  type BookingAction,
  type BookingDisplayState,
  type BookingState,
  type MessageKey,
  type OptionalService,
  type VehicleCategory,
} from '@fleetdesk/contract';

/**
 * The booking state machine (spec §4): INACTIVE → ACTIVE → FINISHED, and CANCELLED. READY,
 * REQUIRES_AUTH and ARCHIVED are display states derived from the facts below, never stored.
 * Choices are recorded in docs/decisions/0011-booking-states.md.
 *
 * Each transition has one refusal function (the message key of why not, or null when allowed). The §3 `actions`
 * list, the abilities sent with a booking (abilities.ts) and the action endpoints all ask these, so the menu and the
 * server can never disagree (issue 16).
 */

/** A booking may be activated this long before its start. */
export const ACTIVATION_WINDOW_MS = 15 * 60_000;

export interface BookingFacts {
  state: BookingState;
  start: Date;
  end: Date;
  hasUser: boolean;
  vehicleCategory: VehicleCategory;
  allocationState: AllocationState;
  allocateOnActivation: boolean;
  irrevocableUntil: Date | null;
  taxiAcceptable: OptionalService;
  rideShare: OptionalService;
  fromPoolId: number;
  /** The contract's taxiFromPools. */
  taxiFromPools: readonly number[];
  /** Order ids of payments still waiting for the customer's authorisation. */
  paymentsRequiringAuthorization: readonly string[];
}

/** What staff can do to a booking; each maps to one transition. */
export type BookingCommand =
  'ACTIVATE' | 'DEACTIVATE' | 'DEACTIVATE_UNCHECKED' | 'FORCE_END' | 'CANCEL' | 'REPLACE_WITH_TAXI' | 'REPLACE_WITH_RIDESHARE';

const TRANSITIONS: Record<BookingState, Partial<Record<BookingCommand, BookingState>>> = {
  INACTIVE: {
    ACTIVATE: 'ACTIVE',
    CANCEL: 'CANCELLED',
    REPLACE_WITH_TAXI: 'CANCELLED',
    REPLACE_WITH_RIDESHARE: 'CANCELLED',
    // Force end of a booking that never started (e.g. "was not used").
    FORCE_END: 'FINISHED',
  },
  ACTIVE: {
    DEACTIVATE: 'FINISHED',
    DEACTIVATE_UNCHECKED: 'FINISHED',
    FORCE_END: 'FINISHED',
  },
  FINISHED: {},
  CANCELLED: {},
};

/** The state a command leads to, or null when the command is not allowed in that state. */
export function nextState(state: BookingState, command: BookingCommand): BookingState | null {
  return TRANSITIONS[state][command] ?? null;
}

/** Light vehicles (bikes, cargo bikes, scooters) are picked up on the spot: they are allocated when activated. */
export function allocatesOnActivation(b: Pick<BookingFacts, 'allocateOnActivation' | 'vehicleCategory'>): boolean {
  return b.allocateOnActivation || isLightVehicleCategory(b.vehicleCategory);
}

/** §4: FINISHED and CANCELLED bookings are historic. */
export const isHistoric = (state: BookingState): boolean => state === 'FINISHED' || state === 'CANCELLED';

/** §4: only bookings that are not cancelled or finished may be edited. */
export const isEditable = (state: BookingState): boolean => !isHistoric(state);

// ---------- One refusal per transition: a message key, or null when allowed ----------

/** ACTIVATE: an INACTIVE booking with a customer, in its window, with a vehicle (or allocated on activation), authorised. */
export function activateRefusal(b: BookingFacts, now: Date): MessageKey | null {
  if (b.state !== 'INACTIVE') return 'activateOnlyInactive';
  if (!b.hasUser) return 'bookingHasNoCustomer';
  const t = now.getTime();
  if (t < b.start.getTime() - ACTIVATION_WINDOW_MS || t >= b.end.getTime()) return 'activateOutsideWindow';
  if (b.allocationState !== 'ALLOCATED' && !allocatesOnActivation(b)) return 'activateNoVehicle';
  if (b.paymentsRequiringAuthorization.length > 0) return 'activateAwaitingAuthorization';
  return null;
}

/** DEACTIVATE (checked: the vehicle must be allocated, so its return can be checked) and DEACTIVATE_UNCHECKED. */
export function deactivateRefusal(b: Pick<BookingFacts, 'state' | 'allocationState'>, unchecked: boolean): MessageKey | null {
  if (b.state !== 'ACTIVE') return 'deactivateOnlyActive';
  if (!unchecked && b.allocationState !== 'ALLOCATED') return 'activateNoVehicle';
  return null;
}

/** CANCEL: an INACTIVE booking that is not irrevocable now. */
export function cancelRefusal(b: Pick<BookingFacts, 'state' | 'irrevocableUntil'>, now: Date): MessageKey | null {
  if (b.state !== 'INACTIVE') return isHistoric(b.state) ? 'cannotCancel' : 'cancelStarted';
  if (b.irrevocableUntil !== null && now.getTime() < b.irrevocableUntil.getTime()) return 'cancelIrrevocable';
  return null;
}

/** REPLACE_WITH_TAXI: an INACTIVE booking whose customer accepts a taxi, from a pool the contract offers taxis from. */
export function taxiRefusal(b: Pick<BookingFacts, 'state' | 'taxiAcceptable' | 'taxiFromPools' | 'fromPoolId'>): MessageKey | null {
  if (b.state !== 'INACTIVE') return isHistoric(b.state) ? 'cannotReplaceWithTaxi' : 'replaceStarted';
  if (b.taxiAcceptable !== 'ENABLED') return 'taxiNotAccepted';
  if (!b.taxiFromPools.includes(b.fromPoolId)) return 'taxiNotFromPool';
  return null;
}

/** REPLACE_WITH_RIDESHARE (§4 booking menu): only when rideShare is ENABLED, and the booking has not started. */
export function rideshareRefusal(b: Pick<BookingFacts, 'state' | 'rideShare'>): MessageKey | null {
  if (b.state !== 'INACTIVE') return isHistoric(b.state) ? 'cannotReplaceWithRideshare' : 'replaceStarted';
  if (b.rideShare !== 'ENABLED') return 'rideshareNotEnabled';
  return null;
}

/** FORCE_END (§4 booking menu): a live booking that can be activated or deactivated, or whose start has passed. */
export function forceEndRefusal(b: BookingFacts, now: Date): MessageKey | null {
  if (isHistoric(b.state)) return 'forceEndNotYet';
  const transitionAllowed = activateRefusal(b, now) === null || deactivateRefusal(b, false) === null || deactivateRefusal(b, true) === null;
  return transitionAllowed || b.start.getTime() < now.getTime() ? null : 'forceEndNotYet';
}

/** The refusal of a command on a booking at `now` (the endpoints re-check every command with it, under lock). */
export function commandRefusal(b: BookingFacts, command: BookingCommand, now: Date): MessageKey | null {
  switch (command) {
    case 'ACTIVATE':
      return activateRefusal(b, now);
    case 'DEACTIVATE':
      return deactivateRefusal(b, false);
    case 'DEACTIVATE_UNCHECKED':
      return deactivateRefusal(b, true);
    case 'CANCEL':
      return cancelRefusal(b, now);
    case 'REPLACE_WITH_TAXI':
      return taxiRefusal(b);
    case 'REPLACE_WITH_RIDESHARE':
      return rideshareRefusal(b);
    case 'FORCE_END':
      return forceEndRefusal(b, now);
  }
}

/** The §3 `actions` list of a booking at `now`: the commands of the list that are allowed. */
export function computeActions(b: BookingFacts, now: Date): BookingAction[] {
  const listed: BookingAction[] = ['ACTIVATE', 'DEACTIVATE', 'DEACTIVATE_UNCHECKED', 'CANCEL', 'REPLACE_WITH_TAXI'];
  return listed.filter((action) => commandRefusal(b, action, now) === null);
}

/** §4 display state: ARCHIVED without a user, REQUIRES_AUTH while payments wait, READY when it can be activated. */
export function displayState(b: BookingFacts, actions: readonly BookingAction[]): BookingDisplayState {
  if (!b.hasUser) return 'ARCHIVED';
  if ((b.state === 'INACTIVE' || b.state === 'ACTIVE') && b.paymentsRequiringAuthorization.length > 0) return 'REQUIRES_AUTH';
  if (b.state === 'INACTIVE' && actions.includes('ACTIVATE')) return 'READY';
  return b.state;
}
