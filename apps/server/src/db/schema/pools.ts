import { boolean, doublePrecision, index, integer, pgTable, primaryKey, serial, text, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { money } from './columns.ts';
import { contracts } from './contracts.ts';
import { fleets } from './operators.ts';

/** Pools (§3 Pool), their groups, and the contracts each pool is on. */

export const poolGroups = pgTable('pool_groups', {
  id: serial('id').primaryKey(),
  fleetId: text('fleet_id')
    .notNull()
    .references(() => fleets.id),
  name: text('name').notNull(),
});

export const pools = pgTable(
  'pools',
  {
    id: serial('id').primaryKey(),
    fleetId: text('fleet_id')
      .notNull()
      .references(() => fleets.id),
    name: text('name').notNull(),
    city: text('city').notNull(),
    /** Labelled "hidden" in the UI. */
    disabled: boolean('disabled').notNull().default(false),
    description: text('description'),
    publicNote: text('public_note'),
    pickupNote: text('pickup_note'),
    dropoffNote: text('dropoff_note'),
    fee: money('fee'),
    responsibleOrganization: text('responsible_organization'),
    geographicalIdentity: text('geographical_identity'),
    parkingPlaceInfoRequired: boolean('parking_place_info_required').notNull().default(false),
    defaultParkingPlace: text('default_parking_place'),
    chargingAvailable: boolean('charging_available').notNull().default(false),
    wattWorldStationName: text('watt_world_station_name'),
    movedTo: integer('moved_to').references((): AnyPgColumn => pools.id),
    poolGroupId: integer('pool_group_id').references(() => poolGroups.id),
    lat: doublePrecision('lat'),
    lon: doublePrecision('lon'),
  },
  (t) => [
    index('pools_fleet_city_idx').on(t.fleetId, t.city),
    index('pools_name_trgm').using('gin', t.name.op('gin_trgm_ops')),
    index('pools_city_trgm').using('gin', t.city.op('gin_trgm_ops')),
  ],
);

export const poolContracts = pgTable(
  'pool_contracts',
  {
    poolId: integer('pool_id')
      .notNull()
      .references(() => pools.id, { onDelete: 'cascade' }),
    contractId: integer('contract_id')
      .notNull()
      .references(() => contracts.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.poolId, t.contractId] }), index('pool_contracts_contract_idx').on(t.contractId)],
);
