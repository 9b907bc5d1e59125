export { VehicleCard, type VehicleCardProps, type VehicleCardVariant } from './components/vehicle-card';
export { VehiclePage } from './components/vehicle-page';
export { useVehicleStatusPolling, useVehicleStatus } from './api/vehicle-status-polling';
export { vehicleKeys } from './api/vehicle-keys';
export { vehicleQueryOptions } from './api/vehicles-api';
export { BookingVehicleControls } from './components/booking-vehicle-controls';
