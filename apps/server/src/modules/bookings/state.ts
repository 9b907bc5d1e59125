import {
  isLightVehicleCategory, type AllocationState, type BookingAction, type BookingDisplayState, type BookingState,
  type OptionalService, type VehicleCategory,
} from '@fleetdesk/contract';

/**
 * The booking state machine (spec §4): INACTIVE → ACTIVE → FINISHED, and CANCELLED. READY,
 * REQUIRES_AUTH and ARCHIVED are display states derived from the facts below, never stored.
 * Choices are recorded in docs/decisions/0011-booking-states.md.
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
  | 'ACTIVATE'
  | 'DEACTIVATE'
  | 'DEACTIVATE_UNCHECKED'
  | 'FORCE_END'
  | 'CANCEL'
  | 'REPLACE_WITH_TAXI'
  | 'REPLACE_WITH_RIDESHARE';

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

/** The §3 `actions` list of a booking at `now`. */
export function computeActions(b: BookingFacts, now: Date): BookingAction[] {
  const actions: BookingAction[] = [];
  const t = now.getTime();
  if (b.state === 'INACTIVE') {
    const inWindow = t >= b.start.getTime() - ACTIVATION_WINDOW_MS && t < b.end.getTime();
    const vehicleReady = b.allocationState === 'ALLOCATED' || allocatesOnActivation(b);
    if (b.hasUser && inWindow && vehicleReady && b.paymentsRequiringAuthorization.length === 0) actions.push('ACTIVATE');
    const irrevocable = b.irrevocableUntil !== null && t < b.irrevocableUntil.getTime();
    if (!irrevocable) actions.push('CANCEL');
    if (b.taxiAcceptable === 'ENABLED' && b.taxiFromPools.includes(b.fromPoolId)) actions.push('REPLACE_WITH_TAXI');
  } else if (b.state === 'ACTIVE') {
    if (b.allocationState === 'ALLOCATED') actions.push('DEACTIVATE');
    actions.push('DEACTIVATE_UNCHECKED');
  }
  return actions;
}

/** §4 display state: ARCHIVED without a user, REQUIRES_AUTH while payments wait, READY when it can be activated. */
export function displayState(b: BookingFacts, actions: readonly BookingAction[]): BookingDisplayState {
  if (!b.hasUser) return 'ARCHIVED';
  if ((b.state === 'INACTIVE' || b.state === 'ACTIVE') && b.paymentsRequiringAuthorization.length > 0) return 'REQUIRES_AUTH';
  if (b.state === 'INACTIVE' && actions.includes('ACTIVATE')) return 'READY';
  return b.state;
}

/** §4: only bookings that are not cancelled or finished may be edited. */
export const isEditable = (state: BookingState): boolean => state === 'INACTIVE' || state === 'ACTIVE';

/** §4 booking menu: force end is enabled if activate, deactivate or unchecked deactivate is allowed, or the start is past. */
export function canForceEnd(b: Pick<BookingFacts, 'state' | 'start'>, actions: readonly BookingAction[], now: Date): boolean {
  if (b.state !== 'INACTIVE' && b.state !== 'ACTIVE') return false;
  return actions.some((a) => a === 'ACTIVATE' || a === 'DEACTIVATE' || a === 'DEACTIVATE_UNCHECKED') || b.start.getTime() < now.getTime();
}

/** §4 booking menu: ride share is offered only when rideShare is ENABLED (and the booking has not started). */
export const canReplaceWithRideshare = (b: Pick<BookingFacts, 'state' | 'rideShare'>): boolean => b.state === 'INACTIVE' && b.rideShare === 'ENABLED';

/**
 * Which command a staff action needs to be allowed by `actions` (the server re-checks every
 * command against the actions list, so the rule lives in one place).
 */
export function isCommandAllowed(b: BookingFacts, command: BookingCommand, now: Date): boolean {
  if (nextState(b.state, command) === null) return false;
  const actions = computeActions(b, now);
  switch (command) {
    case 'FORCE_END':
      return canForceEnd(b, actions, now);
    case 'REPLACE_WITH_RIDESHARE':
      return canReplaceWithRideshare(b);
    default:
      return actions.includes(command);
  }
}
