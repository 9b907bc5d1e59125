import type { Vehicle } from '@fleetdesk/contract';
import Card from '@mui/material/Card';
import CardHeader from '@mui/material/CardHeader';

/** Where a vehicle card is shown: in the support search results, on its own page, or inside a booking card. */
export type VehicleCardVariant = 'search' | 'page' | 'booking';

export interface VehicleCardProps {
  vehicle: Vehicle;
  variant: VehicleCardVariant;
  /** Search results: the card is collapsible (§4 "Vehicle card: expanded or collapsed"); expanding loads events and damage. */
  expanded?: boolean;
  onToggleExpanded?: () => void;
  /** Search results: pinning toggles selection (§2). */
  pinned?: boolean;
  onTogglePinned?: () => void;
}

/** Placeholder until the vehicle card lands (issue 3, same session): registration and presentation only. */
export function VehicleCard({ vehicle }: VehicleCardProps) {
  return (
    <Card variant="outlined">
      <CardHeader title={vehicle.registrationNumber} subheader={vehicle.longPresentation} />
    </Card>
  );
}
