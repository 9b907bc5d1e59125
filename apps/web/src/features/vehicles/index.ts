export { VehicleCard, type VehicleCardProps, type VehicleCardVariant } from './components/vehicle-card';
export { useVehicleStatusPolling } from './api/vehicle-status-polling';
