import { Suspense, lazy, type ComponentProps } from 'react';
import Skeleton from '@mui/material/Skeleton';
import type { VehicleBookingsSection as BookingsSectionComponent } from './vehicle-bookings-section';
import type { VehicleEventsSection as EventsSectionComponent } from './vehicle-events-section';
import { loadCardStrings } from './card-strings';

/**
 * A vehicle's bookings and events (tables on DataTable, with MUI X's data grid behind them) download when the card's
 * details first show, not with every vehicle card of a support search (issue 15: /support's first load).
 */
const BookingsSection = lazy(() =>
  loadCardStrings(() => import('./vehicle-bookings-section')).then((module) => ({ default: module.VehicleBookingsSection })),
);
const EventsSection = lazy(() =>
  loadCardStrings(() => import('./vehicle-events-section')).then((module) => ({ default: module.VehicleEventsSection })),
);

const placeholder = <Skeleton variant="rounded" height={160} />;

export function VehicleBookingsSection(props: ComponentProps<typeof BookingsSectionComponent>) {
  return (
    <Suspense fallback={placeholder}>
      <BookingsSection {...props} />
    </Suspense>
  );
}

export function VehicleEventsSection(props: ComponentProps<typeof EventsSectionComponent>) {
  return (
    <Suspense fallback={placeholder}>
      <EventsSection {...props} />
    </Suspense>
  );
}
