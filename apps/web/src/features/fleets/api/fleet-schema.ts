// Loaded on demand by fleets-api.ts: the shell of the first load carries no zod (issue 15).
export { ZFleetResponse } from '@fleetdesk/contract';
