import { eventText, type EventTextId, type EventTextPart, type FuelType } from '@fleetdesk/contract';
import { eventTextColumns } from '../events/index.ts';

/** The VEHICLE_STATUS event text of a status report that changed a state (docs/decisions/0084-telematics-status-events.md). */

/** The states whose change a report leaves an event for, in the order the event names them. */
export const DISCRETE_COLUMNS = ['locked', 'immobilized', 'keyholder', 'isRefueling'] as const;
export type DiscreteColumn = (typeof DISCRETE_COLUMNS)[number];
/** What a report changed, by state: `{ locked: { from: false, to: true } }`. */
export type StatusChanges = Partial<Record<DiscreteColumn, { from: boolean; to: boolean }>>;

const CHANGE_TEXT: Record<DiscreteColumn, (to: boolean, electric: boolean) => EventTextId> = {
  locked: (to) => (to ? 'statusLocked' : 'statusUnlocked'),
  immobilized: (to) => (to ? 'statusImmobilized' : 'statusMobilized'),
  // keyholder = the key is in the holder.
  keyholder: (to) => (to ? 'statusKeyReturned' : 'statusKeyTaken'),
  isRefueling: (to, electric) =>
    electric ? (to ? 'statusChargingStarted' : 'statusChargingStopped') : to ? 'statusRefuellingStarted' : 'statusRefuellingStopped',
};
export function statusChangeText(changes: StatusChanges, fuelType: FuelType): EventTextPart[] {
  return DISCRETE_COLUMNS.flatMap((c) => {
    const change = changes[c];
    return change ? [eventText(CHANGE_TEXT[c](change.to, fuelType === 'BATTERY'))] : [];
  });
}

export type TextColumns = ReturnType<typeof eventTextColumns>;
/** The few combinations of changes, each rendered once (a batch of thousands has a handful of texts). */
const changeTextColumns = new Map<string, TextColumns>();
export function statusChangeColumns(changes: StatusChanges, fuelType: FuelType): TextColumns {
  const parts = statusChangeText(changes, fuelType);
  const key = parts.map((p) => p.id).join();
  let columns = changeTextColumns.get(key);
  if (!columns) changeTextColumns.set(key, (columns = eventTextColumns(parts)));
  return columns;
}
