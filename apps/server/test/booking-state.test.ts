import { describe, expect, it } from 'vitest';
import {
  ACTIVATION_WINDOW_MS, allocatesOnActivation, canForceEnd, canReplaceWithRideshare, computeActions, displayState,
  isCommandAllowed, isEditable, nextState, type BookingFacts,
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
      for (const c of ['ACTIVATE', 'DEACTIVATE', 'DEACTIVATE_UNCHECKED', 'FORCE_END', 'CANCEL', 'REPLACE_WITH_TAXI', 'REPLACE_WITH_RIDESHARE'] as const) {
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
    const later = future();
    expect(canForceEnd(later, computeActions(later, NOW), NOW)).toBe(false);
    const started = future({ start: at(-H), end: at(H), allocationState: 'NOT_ALLOCATED' });
    expect(canForceEnd(started, computeActions(started, NOW), NOW)).toBe(true);
    const active = future({ state: 'ACTIVE', start: at(H) });
    expect(canForceEnd(active, computeActions(active, NOW), NOW)).toBe(true);
    expect(canForceEnd(future({ state: 'FINISHED', start: at(-H) }), [], NOW)).toBe(false);
  });

  it('offers ride share only when rideShare is ENABLED', () => {
    expect(canReplaceWithRideshare(future({ rideShare: 'ENABLED' }))).toBe(true);
    expect(canReplaceWithRideshare(future({ rideShare: 'NOT_SELECTED' }))).toBe(false);
    expect(canReplaceWithRideshare(future({ rideShare: 'ENABLED', state: 'ACTIVE' }))).toBe(false);
  });

  it('checks a command against the actions list and the transition table', () => {
    const soon = future({ start: at(60_000) });
    expect(isCommandAllowed(soon, 'ACTIVATE', NOW)).toBe(true);
    expect(isCommandAllowed(future(), 'ACTIVATE', NOW)).toBe(false);
    expect(isCommandAllowed(soon, 'DEACTIVATE', NOW)).toBe(false);
    expect(isCommandAllowed(future({ state: 'ACTIVE', start: at(-H) }), 'DEACTIVATE', NOW)).toBe(true);
    expect(isCommandAllowed(future({ state: 'FINISHED' }), 'FORCE_END', NOW)).toBe(false);
    expect(isCommandAllowed(future({ rideShare: 'ENABLED' }), 'REPLACE_WITH_RIDESHARE', NOW)).toBe(true);
  });
});
