import Box from '@mui/material/Box';
import type { Vehicle } from '@fleetdesk/contract';
import { NotesPanel } from '@/features/customer-notes';
import { VehicleBookingsSection, VehicleEventsSection } from './lazy-sections';
import { VehicleDamageSection } from './vehicle-damage-section';
import { ParkingPlaceSection, PublicNoteSection, VehicleAlarmsSection, VehicleDetailsSection } from './vehicle-info-sections';

/**
 * The vehicle card's details (shown on the vehicle page and when a search result is expanded): the public note,
 * parking place, details, alarms, known damage, the bookings and events, and the internal notes.
 */
export function VehicleCardDetails({ vehicle }: { vehicle: Vehicle }) {
  return (
    <Box
      sx={{
        mt: 1.5,
        display: 'grid',
        gap: 1.5,
        gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' },
        alignItems: 'start',
      }}
    >
      <PublicNoteSection vehicle={vehicle} />
      <ParkingPlaceSection vehicle={vehicle} />
      <VehicleDetailsSection vehicle={vehicle} />
      <VehicleAlarmsSection vin={vehicle.vin} />
      <Box sx={{ gridColumn: { md: 'span 1', lg: 'span 2' }, minWidth: 0 }}>
        <VehicleDamageSection vin={vehicle.vin} />
      </Box>
      <VehicleBookingsSection vin={vehicle.vin} />
      <VehicleEventsSection vin={vehicle.vin} />
      <Box sx={{ gridColumn: '1 / -1', minWidth: 0 }}>
        <NotesPanel subjectType="VEHICLE" subjectId={vehicle.vin} headingComponent="h3" />
      </Box>
    </Box>
  );
}
