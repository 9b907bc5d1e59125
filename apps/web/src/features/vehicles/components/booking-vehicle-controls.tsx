import { useQuery } from '@tanstack/react-query';
import { useVehicleStatusPolling } from '../api/vehicle-status-polling';
import { vehicleQueryOptions } from '../api/vehicles-api';
import { VehicleCard } from './vehicle-card';

/**
 * The allocated vehicle inside the booking card: its status and the lock, unlock and mobilize actions of its
 * actions list (immobilize is never rendered there, §6). Renders nothing while loading or when the vehicle
 * cannot be read, so the booking card stays as it is.
 */
export function BookingVehicleControls({ vin }: { vin: string }) {
  const { data } = useQuery(vehicleQueryOptions(vin));
  useVehicleStatusPolling(data ? [data.vin] : []);
  if (!data) return null;
  return <VehicleCard vehicle={data} variant="booking" />;
}
