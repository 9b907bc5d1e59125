/**
 * Spec §3 entities, one file per entity group under ./entities/. Timestamps travel as ISO-8601 strings with an offset
 * (ZIsoDateTime, ./entities/common.ts). This module re-exports them all under their names, which also name the
 * OpenAPI components (apps/server/src/http/openapi-components.ts).
 */
export * from './entities/common.ts';
export * from './entities/fleets.ts';
export * from './entities/companies.ts';
export * from './entities/users.ts';
export * from './entities/contracts.ts';
export * from './entities/pools.ts';
export * from './entities/vehicles.ts';
export * from './entities/payments.ts';
export * from './entities/events.ts';
export * from './entities/bookings.ts';
export * from './entities/alarms.ts';
