// Loaded on demand (the session refresh, the login): the first load carries no zod (issue 15).
export { ZAuthResponse } from '@fleetdesk/contract';
