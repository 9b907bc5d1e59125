// Loaded on demand (the staff member's preferences, after the first render): the first load carries no zod (issue 15).
export { ZStaffPreferences } from '@fleetdesk/contract';
