// Loaded on demand by api-error.ts: the §8 envelope's zod schema stays out of the first load (issue 15).
export { isErrorEnvelope } from '@fleetdesk/contract';
