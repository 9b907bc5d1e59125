import { useCallback, useSyncExternalStore } from 'react';
import { ZVehicle, type Vehicle } from '@fleetdesk/contract';
import { z } from 'zod';

/**
 * Pinned vehicles of the support search (§2 "pinning toggles selection"; docs/decisions/0019). Pinned cards stay
 * at the top of the vehicle results and stay while the search changes, so staff can keep a car in view while they
 * look up its customer. They live for the browser tab (sessionStorage), per signed-in staff member and operator,
 * so a reload or a visit to a booking keeps them and the next login in the tab does not inherit them.
 */
const STORAGE_PREFIX = 'fleetdesk.support.pinnedVehicles.';
const ZStored = z.array(ZVehicle);
const EMPTY: readonly Vehicle[] = [];

const cache = new Map<string, readonly Vehicle[]>();
const listeners = new Set<() => void>();

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

function read(scope: string): readonly Vehicle[] {
  const cached = cache.get(scope);
  if (cached) return cached;
  let vehicles: readonly Vehicle[] = EMPTY;
  try {
    const raw = storage()?.getItem(STORAGE_PREFIX + scope);
    const parsed = raw ? ZStored.safeParse(JSON.parse(raw)) : null;
    if (parsed?.success) vehicles = parsed.data;
  } catch {
    // Unreadable storage: start without pins.
  }
  cache.set(scope, vehicles);
  return vehicles;
}

function write(scope: string, vehicles: readonly Vehicle[]) {
  cache.set(scope, vehicles);
  try {
    if (vehicles.length === 0) storage()?.removeItem(STORAGE_PREFIX + scope);
    else storage()?.setItem(STORAGE_PREFIX + scope, JSON.stringify(vehicles));
  } catch {
    // Full or private storage: the pins last for this page only.
  }
  listeners.forEach((listener) => listener());
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

export interface PinnedVehicles {
  pinned: readonly Vehicle[];
  isPinned: (vin: string) => boolean;
  toggle: (vehicle: Vehicle) => void;
  /** Replaces the kept copies of pinned vehicles with fresher ones from a search answer. */
  refresh: (vehicles: readonly Vehicle[]) => void;
}

/** The pins of one scope (staff member and operator), oldest pin first. */
export function usePinnedVehicles(scope: string): PinnedVehicles {
  const pinned = useSyncExternalStore(subscribe, () => read(scope));

  const isPinned = useCallback((vin: string) => pinned.some((vehicle) => vehicle.vin === vin), [pinned]);
  const toggle = useCallback(
    (vehicle: Vehicle) => {
      const current = read(scope);
      write(scope, current.some((item) => item.vin === vehicle.vin) ? current.filter((item) => item.vin !== vehicle.vin) : [...current, vehicle]);
    },
    [scope],
  );
  const refresh = useCallback(
    (vehicles: readonly Vehicle[]) => {
      const current = read(scope);
      const fresh = new Map(vehicles.map((vehicle) => [vehicle.vin, vehicle]));
      if (!current.some((item) => fresh.has(item.vin) && fresh.get(item.vin) !== item)) return;
      write(
        scope,
        current.map((item) => fresh.get(item.vin) ?? item),
      );
    },
    [scope],
  );
  return { pinned, isPinned, toggle, refresh };
}

/** Forgets every pin kept in memory (tests start from a clean tab). */
export function resetPinnedVehiclesCache() {
  cache.clear();
}
