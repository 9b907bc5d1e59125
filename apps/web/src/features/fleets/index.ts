export { fleetQueryOptions, useFleet } from './api/fleets-api';
export { useOperatorTimeZone } from './use-operator-time-zone';
