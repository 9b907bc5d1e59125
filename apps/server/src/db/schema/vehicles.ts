import { sql } from 'drizzle-orm';
import { bigserial, boolean, doublePrecision, index, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type {
  AgentHardwareType,
  AlarmCategory,
  AlarmName,
  AlarmState,
  CommandState,
  FuelType,
  TripType,
  VehicleCategory,
  WheelType,
} from '@fleetdesk/contract';
import { ts, createdAt } from './columns.ts';
import { fleets } from './operators.ts';
import { pools } from './pools.ts';

/** Vehicles (§3 Vehicle) and what the fleet reports about them: models, status, commands, journal, damages, alarms. */

export const vehicleModels = pgTable(
  'vehicle_models',
  {
    id: serial('id').primaryKey(),
    fleetId: text('fleet_id')
      .notNull()
      .references(() => fleets.id),
    modelName: text('model_name').notNull(),
    priceClass: text('price_class').notNull(),
    vehicleCategory: text('vehicle_category').$type<VehicleCategory>().notNull(),
    primaryFuelType: text('primary_fuel_type').$type<FuelType>().notNull(),
  },
  (t) => [index('vehicle_models_name_trgm').using('gin', t.modelName.op('gin_trgm_ops'))],
);

export const vehicles = pgTable(
  'vehicles',
  {
    id: serial('id').primaryKey(),
    fleetId: text('fleet_id')
      .notNull()
      .references(() => fleets.id),
    vin: text('vin').notNull(),
    registrationNumber: text('registration_number').notNull(),
    longPresentation: text('long_presentation').notNull(),
    modelId: integer('model_id')
      .notNull()
      .references(() => vehicleModels.id),
    color: text('color'),
    wheelType: text('wheel_type').$type<WheelType>(),
    vehicleCategory: text('vehicle_category').$type<VehicleCategory>().notNull(),
    agentHardwareType: text('agent_hardware_type').$type<AgentHardwareType>().notNull(),
    primaryFuelType: text('primary_fuel_type').$type<FuelType>().notNull(),
    keyholder: text('keyholder'),
    currentParkingPlaceInfo: text('current_parking_place_info'),
    publicNote: text('public_note'),
    poolId: integer('pool_id').references(() => pools.id),
    tires: text('tires'),
    hidden: boolean('hidden').notNull().default(false),
    /** Out of service (issue 19 point 5): set while the vehicle takes no bookings; all four null when in service. */
    outOfServiceSince: ts('out_of_service_since'),
    outOfServiceReason: text('out_of_service_reason'),
    outOfServiceBy: text('out_of_service_by'),
    outOfServiceExpectedReturn: ts('out_of_service_expected_return'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('vehicles_vin_uq').on(t.vin),
    index('vehicles_fleet_pool_idx').on(t.fleetId, t.poolId),
    index('vehicles_vin_trgm').using('gin', t.vin.op('gin_trgm_ops')),
    index('vehicles_registration_trgm').using('gin', t.registrationNumber.op('gin_trgm_ops')),
    index('vehicles_long_presentation_trgm').using('gin', t.longPresentation.op('gin_trgm_ops')),
    index('vehicles_model_idx').on(t.modelId),
    index('vehicles_fleet_registration_idx').on(t.fleetId, t.registrationNumber, t.id),
  ],
);

/** Latest reported status per vehicle (§3 Vehicle status). */
export const vehicleStatus = pgTable('vehicle_status', {
  vehicleId: integer('vehicle_id')
    .primaryKey()
    .references(() => vehicles.id, { onDelete: 'cascade' }),
  carBatteryVoltage: doublePrecision('car_battery_voltage'),
  dte: doublePrecision('dte'),
  fuelLevel: doublePrecision('fuel_level'),
  isRefueling: boolean('is_refueling'),
  odometer: doublePrecision('odometer'),
  keyholder: boolean('keyholder'),
  locked: boolean('locked'),
  immobilized: boolean('immobilized'),
  lat: doublePrecision('lat'),
  lon: doublePrecision('lon'),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const vehicleCommands = pgTable(
  'vehicle_commands',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    fleetId: text('fleet_id')
      .notNull()
      .references(() => fleets.id),
    vehicleId: integer('vehicle_id')
      .notNull()
      .references(() => vehicles.id, { onDelete: 'cascade' }),
    bid: text('bid'),
    command: text('command').notNull(),
    state: text('state').$type<CommandState>().notNull(),
    reason: text('reason'),
    requestedBy: text('requested_by').notNull(),
    requestedAt: ts('requested_at').notNull().defaultNow(),
    completedAt: ts('completed_at'),
    message: text('message'),
  },
  (t) => [
    index('vehicle_commands_vehicle_idx').on(t.vehicleId, t.requestedAt),
    index('vehicle_commands_pending_idx')
      .on(t.requestedAt)
      .where(sql`state = 'PENDING'`),
  ],
);

export const journalEntries = pgTable(
  'journal_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    fleetId: text('fleet_id')
      .notNull()
      .references(() => fleets.id),
    vehicleId: integer('vehicle_id')
      .notNull()
      .references(() => vehicles.id, { onDelete: 'cascade' }),
    bid: text('bid'),
    driveStart: ts('drive_start').notNull(),
    driveEnd: ts('drive_end').notNull(),
    distance: doublePrecision('distance').notNull(),
    odometerStart: doublePrecision('odometer_start').notNull(),
    odometerEnd: doublePrecision('odometer_end').notNull(),
    fromPoolId: integer('from_pool_id').references(() => pools.id),
    toPoolId: integer('to_pool_id').references(() => pools.id),
    tripType: text('trip_type').$type<TripType>(),
    username: text('username'),
    destination: text('destination'),
    purpose: text('purpose'),
  },
  (t) => [index('journal_vehicle_start_idx').on(t.vehicleId, t.driveStart)],
);

export const damages = pgTable(
  'damages',
  {
    id: serial('id').primaryKey(),
    fleetId: text('fleet_id')
      .notNull()
      .references(() => fleets.id),
    vehicleId: integer('vehicle_id')
      .notNull()
      .references(() => vehicles.id, { onDelete: 'cascade' }),
    registrationDate: ts('registration_date').notNull().defaultNow(),
    fixDate: ts('fix_date'),
    /** Storage keys for the photo and its thumbnail (under DATA_DIR by default). */
    imageKey: text('image_key'),
    thumbnailKey: text('thumbnail_key'),
    imageContentType: text('image_content_type'),
    /** Descriptions per language: {operator language: text, en: text}. */
    descriptions: jsonb('descriptions').$type<Record<string, string>>().notNull(),
    reportedBy: text('reported_by'),
  },
  (t) => [index('damages_vehicle_idx').on(t.vehicleId, t.registrationDate)],
);

export const alarms = pgTable(
  'alarms',
  {
    id: serial('id').primaryKey(),
    fleetId: text('fleet_id')
      .notNull()
      .references(() => fleets.id),
    name: text('name').$type<AlarmName>().notNull(),
    category: text('category').$type<AlarmCategory>().notNull().default('VEHICLE'),
    state: text('state').$type<AlarmState>().notNull(),
    alarmTypes: text('alarm_types')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    alarmTimestamp: ts('alarm_timestamp').notNull().defaultNow(),
    handledAt: ts('handled_at'),
    handledBy: text('handled_by'),
    assignedTo: text('assigned_to'),
    username: text('username'),
    vehicleId: integer('vehicle_id').references(() => vehicles.id, { onDelete: 'cascade' }),
    bid: text('bid'),
    primaryObject: text('primary_object').notNull(),
  },
  (t) => [
    index('alarms_fleet_state_idx').on(t.fleetId, t.state, t.alarmTimestamp),
    index('alarms_vehicle_idx').on(t.vehicleId, t.state),
    index('alarms_fleet_timestamp_idx').on(t.fleetId, t.alarmTimestamp, t.id),
  ],
);

/** Staff comments on an alarm (issue 19 point 4; docs/decisions/0074-bulk-actions.md), oldest first. */
export const alarmComments = pgTable(
  'alarm_comments',
  {
    id: serial('id').primaryKey(),
    fleetId: text('fleet_id')
      .notNull()
      .references(() => fleets.id),
    alarmId: integer('alarm_id')
      .notNull()
      .references(() => alarms.id, { onDelete: 'cascade' }),
    author: text('author').notNull(),
    text: text('text').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('alarm_comments_alarm_idx').on(t.alarmId, t.createdAt, t.id)],
);
