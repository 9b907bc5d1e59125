// Loaded on demand by search-api.ts: /support's loader sends the search before zod and the contract's schemas are in,
// and checks the answer once they are (issue 15; docs/decisions/0043-fast-first-load.md).
export { ZSearchBookingsPage, ZSearchUsersPage, ZSearchVehiclesPage, ZSupportSearchResponse } from '@fleetdesk/contract';
