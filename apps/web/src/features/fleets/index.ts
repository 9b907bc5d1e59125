export { fleetQueryOptions, useFleet } from './api/fleets-api';
