/**
 * The whole of spec §3, one file per domain under ./schema/. Enumerations are text columns typed from the contract
 * (docs/decisions/0002-database.md). Every operator-owned row carries `fleet_id`.
 * Money is numeric(12,2) read as number; times are timestamptz (./schema/columns.ts).
 *
 * This module re-exports every table: the database client types `Db` with it, and drizzle-kit (drizzle.config.ts)
 * generates the migrations from it.
 */
export * from './schema/operators.ts';
export * from './schema/companies.ts';
export * from './schema/users.ts';
export * from './schema/sessions.ts';
export * from './schema/contracts.ts';
export * from './schema/pools.ts';
export * from './schema/vehicles.ts';
export * from './schema/bookings.ts';
export * from './schema/payments.ts';
export * from './schema/events.ts';
export * from './schema/mail.ts';
export * from './schema/notes.ts';
export * from './schema/saved-views.ts';
