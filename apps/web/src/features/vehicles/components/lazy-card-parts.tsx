import { Suspense, lazy, type ComponentProps } from 'react';
import Skeleton from '@mui/material/Skeleton';
import type { JournalDialog as JournalDialogComponent } from './journal-dialog';
import type { VehicleCardDetails as CardDetailsComponent } from './vehicle-card-details';
import { loadCardStrings } from './card-strings';

/**
 * The vehicle card's details (info sections, damage with its photos, bookings, events, notes) and its journal dialog
 * download when the details first show or the dialog opens, not with every collapsed card of a support search
 * (issue 15: /support's first load). The card's header, status strip, alarms and commands stay in the card's chunk.
 */
const CardDetails = lazy(() => loadCardStrings(() => import('./vehicle-card-details')).then((module) => ({ default: module.VehicleCardDetails })));
const Journal = lazy(() => loadCardStrings(() => import('./journal-dialog')).then((module) => ({ default: module.JournalDialog })));

/** Starts the details' download ahead of the first expand (hover or focus on the expand button). */
export function preloadVehicleCardDetails(): void {
  void loadCardStrings(() => import('./vehicle-card-details'));
}

export function VehicleCardDetails(props: ComponentProps<typeof CardDetailsComponent>) {
  return (
    <Suspense fallback={<Skeleton variant="rounded" height={160} sx={{ mt: 1.5 }} data-testid="vehicle-card-details-loading" />}>
      <CardDetails {...props} />
    </Suspense>
  );
}

export function JournalDialog(props: ComponentProps<typeof JournalDialogComponent>) {
  return (
    <Suspense fallback={null}>
      <Journal {...props} />
    </Suspense>
  );
}
