// Loaded on demand by auth-api.ts (issue 15).
export { ZAuthMethodsResponse, ZAuthResponse, ZFleetByUsernameResponse, ZPasswordResetResponse } from '@fleetdesk/contract';
