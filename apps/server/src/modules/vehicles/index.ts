/** The public surface of this module (docs/decisions/0049-import-boundaries.md): other modules import only from here. */
export {
  commandsNeedingReason,
  findFleetVehicle,
  getVehicle,
  loadVehicles,
  vehicleAbilities,
  vehicleServiceAbilities,
  vehicleNotFound,
} from './vehicle-view.ts';
