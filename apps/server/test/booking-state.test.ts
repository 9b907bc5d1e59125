import { describe, expect, it } from 'vitest';
import {
  ACTIVATION_WINDOW_MS,
  allocatesOnActivation,
  commandRefusal,
  computeActions,
  displayState,
  forceEndRefusal,
  isEditable,
  nextState,
  rideshareRefusal,
  type BookingFacts,
} from '../src/modules/bookings/state.ts';

const NOW = new Date('2026-11-22T10:00:00Z');
const H = 3_600_000;
const at = (ms: number) => new Date(NOW.getTime() + ms);

const future = (over: Partial<BookingFacts> = {}): BookingFacts => ({
  state: 'INACTIVE',
  start: at(2 * H),
  end: at(4 * H),
  hasUser: true,
  vehicleCategory: 'CAR',
  allocationState: 'ALLOCATED',
  allocateOnActivation: false,
  irrevocableUntil: null,
  taxiAcceptable: 'NOT_SELECTED',
  rideShare: 'NOT_SELECTED',
  fromPoolId: 1,
  taxiFromPools: [],
  paymentsRequiringAuthorization: [],
  ...over,
});

describe('transitions', () => {
  it('follows INACTIVE → ACTIVE → FINISHED, and INACTIVE → CANCELLED', () => {
    expect(nextState('INACTIVE', 'ACTIVATE')).toBe('ACTIVE');
    expect(nextState('ACTIVE', 'DEACTIVATE')).toBe('FINISHED');
    expect(nextState('ACTIVE', 'DEACTIVATE_UNCHECKED')).toBe('FINISHED');
    expect(nextState('ACTIVE', 'FORCE_END')).toBe('FINISHED');
    expect(nextState('INACTIVE', 'FORCE_END')).toBe('FINISHED');
    expect(nextState('INACTIVE', 'CANCEL')).toBe('CANCELLED');
    expect(nextState('INACTIVE', 'REPLACE_WITH_TAXI')).toBe('CANCELLED');
    expect(nextState('INACTIVE', 'REPLACE_WITH_RIDESHARE')).toBe('CANCELLED');
  });

  it('refuses everything else', () => {
    expect(nextState('ACTIVE', 'ACTIVATE')).toBeNull();
    expect(nextState('ACTIVE', 'CANCEL')).toBeNull();
    expect(nextState('INACTIVE', 'DEACTIVATE')).toBeNull();
    for (const state of ['FINISHED', 'CANCELLED'] as const) {
      for (const c of [
        'ACTIVATE',
        'DEACTIVATE',
        'DEACTIVATE_UNCHECKED',
        'FORCE_END',
        'CANCEL',
        'REPLACE_WITH_TAXI',
        'REPLACE_WITH_RIDESHARE',
      ] as const) {
        expect(nextState(state, c)).toBeNull();
      }
    }
  });
});

describe('actions list', () => {
  it('offers ACTIVATE only from the activation window until the end', () => {
    expect(computeActions(future(), NOW)).not.toContain('ACTIVATE');
    expect(computeActions(future({ start: at(ACTIVATION_WINDOW_MS) }), NOW)).toContain('ACTIVATE');
    expect(computeActions(future({ start: at(ACTIVATION_WINDOW_MS + 1) }), NOW)).not.toContain('ACTIVATE');
    expect(computeActions(future({ start: at(-H), end: at(H) }), NOW)).toContain('ACTIVATE');
    expect(computeActions(future({ start: at(-2 * H), end: at(-H) }), NOW)).not.toContain('ACTIVATE');
  });

  it('needs an allocated vehicle, allocation on activation, or a light vehicle to activate', () => {
    const soon = { start: at(5 * 60_000), allocationState: 'NOT_ALLOCATED' as const };
    expect(computeActions(future(soon), NOW)).not.toContain('ACTIVATE');
    expect(computeActions(future({ ...soon, allocateOnActivation: true }), NOW)).toContain('ACTIVATE');
    for (const vehicleCategory of ['BIKE', 'CARGO_BIKE', 'SCOOTER'] as const) {
      expect(computeActions(future({ ...soon, vehicleCategory }), NOW)).toContain('ACTIVATE');
      expect(allocatesOnActivation({ allocateOnActivation: false, vehicleCategory })).toBe(true);
    }
    expect(allocatesOnActivation({ allocateOnActivation: false, vehicleCategory: 'TRANSPORT_VEHICLE' })).toBe(false);
  });

  it('does not activate bookings without a user or with payments waiting for authorisation', () => {
    const soon = { start: at(60_000) };
    expect(computeActions(future({ ...soon, hasUser: false }), NOW)).not.toContain('ACTIVATE');
    expect(computeActions(future({ ...soon, paymentsRequiringAuthorization: ['BOK1'] }), NOW)).not.toContain('ACTIVATE');
  });

  it('offers CANCEL for future bookings unless still irrevocable', () => {
    expect(computeActions(future(), NOW)).toContain('CANCEL');
    expect(computeActions(future({ irrevocableUntil: at(H) }), NOW)).not.toContain('CANCEL');
    expect(computeActions(future({ irrevocableUntil: at(-H) }), NOW)).toContain('CANCEL');
  });

  it('offers REPLACE_WITH_TAXI when the customer accepts a taxi and the pool is a taxi pool', () => {
    expect(computeActions(future({ taxiAcceptable: 'ENABLED', taxiFromPools: [1] }), NOW)).toContain('REPLACE_WITH_TAXI');
    expect(computeActions(future({ taxiAcceptable: 'ENABLED', taxiFromPools: [2] }), NOW)).not.toContain('REPLACE_WITH_TAXI');
    expect(computeActions(future({ taxiAcceptable: 'DISABLED', taxiFromPools: [1] }), NOW)).not.toContain('REPLACE_WITH_TAXI');
  });

  it('offers DEACTIVATE with an allocated vehicle and DEACTIVATE_UNCHECKED always for active bookings', () => {
    const active = future({ state: 'ACTIVE', start: at(-H) });
    expect(computeActions(active, NOW)).toEqual(['DEACTIVATE', 'DEACTIVATE_UNCHECKED']);
    expect(computeActions({ ...active, allocationState: 'NOT_ALLOCATED' }, NOW)).toEqual(['DEACTIVATE_UNCHECKED']);
  });

  it('offers nothing for finished and cancelled bookings', () => {
    expect(computeActions(future({ state: 'FINISHED' }), NOW)).toEqual([]);
    expect(computeActions(future({ state: 'CANCELLED' }), NOW)).toEqual([]);
  });
});

describe('display states', () => {
  it('derives READY, REQUIRES_AUTH and ARCHIVED', () => {
    const ready = future({ start: at(60_000) });
    expect(displayState(ready, computeActions(ready, NOW))).toBe('READY');
    const later = future();
    expect(displayState(later, computeActions(later, NOW))).toBe('INACTIVE');
    const auth = future({ paymentsRequiringAuthorization: ['BOK7'] });
    expect(displayState(auth, computeActions(auth, NOW))).toBe('REQUIRES_AUTH');
    const archived = future({ state: 'FINISHED', hasUser: false });
    expect(displayState(archived, [])).toBe('ARCHIVED');
    expect(displayState(future({ state: 'FINISHED', paymentsRequiringAuthorization: ['BOK1'] }), [])).toBe('FINISHED');
  });
});

describe('booking menu rules (§4)', () => {
  it('edits only bookings that are not cancelled or finished', () => {
    expect(isEditable('INACTIVE')).toBe(true);
    expect(isEditable('ACTIVE')).toBe(true);
    expect(isEditable('FINISHED')).toBe(false);
    expect(isEditable('CANCELLED')).toBe(false);
  });

  it('enables force end when (un)activation is allowed or the start is past', () => {
    expect(forceEndRefusal(future(), NOW)).toBe('forceEndNotYet');
    expect(forceEndRefusal(future({ start: at(-H), end: at(H), allocationState: 'NOT_ALLOCATED' }), NOW)).toBeNull();
    expect(forceEndRefusal(future({ start: at(60_000) }), NOW)).toBeNull();
    expect(forceEndRefusal(future({ state: 'ACTIVE', start: at(H) }), NOW)).toBeNull();
    expect(forceEndRefusal(future({ state: 'FINISHED', start: at(-H) }), NOW)).toBe('forceEndNotYet');
  });

  it('offers ride share only when rideShare is ENABLED', () => {
    expect(rideshareRefusal(future({ rideShare: 'ENABLED' }))).toBeNull();
    expect(rideshareRefusal(future({ rideShare: 'NOT_SELECTED' }))).toBe('rideshareNotEnabled');
    // BID1000000026 of issue 16: an ACTIVE booking with ride share enabled cannot be replaced any more.
    expect(rideshareRefusal(future({ rideShare: 'ENABLED', state: 'ACTIVE' }))).toBe('replaceStarted');
  });

  it('refuses a command with the reason of its rule, and allows one exactly when the transition table has it', () => {
    const soon = future({ start: at(60_000) });
    expect(commandRefusal(soon, 'ACTIVATE', NOW)).toBeNull();
    expect(commandRefusal(future(), 'ACTIVATE', NOW)).toBe('activateOutsideWindow');
    expect(commandRefusal(future({ start: at(60_000), hasUser: false }), 'ACTIVATE', NOW)).toBe('bookingHasNoCustomer');
    expect(commandRefusal(future({ start: at(60_000), allocationState: 'NOT_ALLOCATED' }), 'ACTIVATE', NOW)).toBe('activateNoVehicle');
    expect(commandRefusal(future({ start: at(60_000), paymentsRequiringAuthorization: ['BOK1'] }), 'ACTIVATE', NOW)).toBe(
      'activateAwaitingAuthorization',
    );
    expect(commandRefusal(soon, 'DEACTIVATE', NOW)).toBe('deactivateOnlyActive');
    expect(commandRefusal(future({ state: 'ACTIVE', start: at(-H) }), 'DEACTIVATE', NOW)).toBeNull();
    expect(commandRefusal(future({ state: 'ACTIVE', start: at(-H), allocationState: 'NOT_ALLOCATED' }), 'DEACTIVATE', NOW)).toBe('activateNoVehicle');
    expect(commandRefusal(future({ state: 'ACTIVE', start: at(-H), allocationState: 'NOT_ALLOCATED' }), 'DEACTIVATE_UNCHECKED', NOW)).toBeNull();
    expect(commandRefusal(future({ state: 'FINISHED' }), 'FORCE_END', NOW)).toBe('forceEndNotYet');
    expect(commandRefusal(future({ rideShare: 'ENABLED' }), 'REPLACE_WITH_RIDESHARE', NOW)).toBeNull();
    expect(commandRefusal(future({ irrevocableUntil: at(H) }), 'CANCEL', NOW)).toBe('cancelIrrevocable');
    expect(commandRefusal(future({ state: 'ACTIVE' }), 'CANCEL', NOW)).toBe('cancelStarted');
    expect(commandRefusal(future({ taxiAcceptable: 'ENABLED', taxiFromPools: [2] }), 'REPLACE_WITH_TAXI', NOW)).toBe('taxiNotFromPool');
    expect(commandRefusal(future({ taxiAcceptable: 'ENABLED', taxiFromPools: [1] }), 'REPLACE_WITH_TAXI', NOW)).toBeNull();
    // Every state × command: allowed only where the transition table leads somewhere.
    const states = ['INACTIVE', 'ACTIVE', 'FINISHED', 'CANCELLED'] as const;
    const commands = [
      'ACTIVATE',
      'DEACTIVATE',
      'DEACTIVATE_UNCHECKED',
      'FORCE_END',
      'CANCEL',
      'REPLACE_WITH_TAXI',
      'REPLACE_WITH_RIDESHARE',
    ] as const;
    for (const state of states) {
      for (const command of commands) {
        const open = future({ state, start: at(-60_000), end: at(H), rideShare: 'ENABLED', taxiAcceptable: 'ENABLED', taxiFromPools: [1] });
        if (commandRefusal(open, command, NOW) === null) expect(nextState(state, command), `${state} ${command}`).not.toBeNull();
      }
    }
  });
});
