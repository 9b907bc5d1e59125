import { z } from 'zod';
import { ZAgentHardwareType, ZAlarmName, ZCommandState, ZFuelType, ZTripType, ZVehicleCategory, ZVehicleCommand, ZWheelType } from '../enums.ts';
import { VEHICLE_ABILITY_KEYS, ZVehicleAbilities } from '../abilities.ts';
import { ZInterval, ZIsoDateTime } from './common.ts';
import { ZPoolRef } from './pools.ts';

/** Vehicles (§3 Vehicle): the vehicle, its status, journal and damages. */

export const ZAlarmFlag = z.object({ name: ZAlarmName, triggered: z.boolean() });
export const ZVehicleStatus = z.object({
  vin: z.string(),
  carBatteryVoltage: z.number().nullable(),
  dte: z.number().nullable(),
  fuelLevel: z.number().nullable(),
  isRefueling: z.boolean().nullable(),
  odometer: z.number().nullable(),
  keyholder: z.boolean().nullable(),
  locked: z.boolean().nullable(),
  immobilized: z.boolean().nullable(),
  lat: z.number().nullable(),
  lon: z.number().nullable(),
  updated: ZIsoDateTime.nullable(),
  alarms: z.array(ZAlarmFlag),
});
export type VehicleStatus = z.infer<typeof ZVehicleStatus>;
export const ZJournalEvent = z.object({
  driveTime: ZInterval,
  distance: z.number(),
  odometerStart: z.number(),
  odometerEnd: z.number(),
  fromPool: z.object({ pool: z.string() }).nullable(),
  toPool: z.object({ pool: z.string() }).nullable(),
  tripType: ZTripType.nullable(),
  user: z.string().nullable(),
  userFirstName: z.string().nullable(),
  userLastName: z.string().nullable(),
  bid: z.string().nullable(),
  destination: z.string().nullable(),
  purpose: z.string().nullable(),
});
export type JournalEvent = z.infer<typeof ZJournalEvent>;
export const ZDamage = z.object({
  id: z.number().int(),
  vin: z.string(),
  registrationDate: ZIsoDateTime,
  fixDate: ZIsoDateTime.nullable(),
  imageUrl: z.string().nullable(),
  thumbnailUrl: z.string().nullable(),
  descriptions: z.record(z.string(), z.string()),
  reportedBy: z.string().nullable(),
});
export type Damage = z.infer<typeof ZDamage>;
/** A vehicle taken out of service (issue 19 point 5): why, since when, by whom, and when it is expected back. */
export const ZVehicleOutOfService = z.object({
  reason: z.string(),
  since: ZIsoDateTime,
  by: z.string(),
  expectedReturn: ZIsoDateTime,
});
export type VehicleOutOfService = z.infer<typeof ZVehicleOutOfService>;
export const ZVehicle = z.object({
  vin: z.string(),
  registrationNumber: z.string(),
  longPresentation: z.string(),
  modelName: z.string(),
  modelId: z.number().int(),
  priceClass: z.string(),
  color: z.string().nullable(),
  wheelType: ZWheelType.nullable(),
  fleet: z.string(),
  vehicleCategory: ZVehicleCategory,
  agentHardwareType: ZAgentHardwareType,
  primaryFuelType: ZFuelType,
  keyholder: z.string().nullable(),
  currentParkingPlaceInfo: z.string().nullable(),
  publicNote: z.string().nullable(),
  activeBookingBid: z.string().nullable(),
  pool: ZPoolRef.nullable(),
  tires: z.string().nullable(),
  actions: z.array(ZVehicleCommand),
  /** Every remote command of the menu now, with the reason when it is not available (issue 16). */
  abilities: ZVehicleAbilities,
  /** The commands that need a reason for the event log now: immobilize, and any command while a trip is running. */
  commandsNeedingReason: z.array(z.enum(VEHICLE_ABILITY_KEYS)),
  status: ZVehicleStatus.nullable(),
  lastCommand: z.object({ command: z.string(), state: ZCommandState, at: ZIsoDateTime, message: z.string().nullable() }).nullable(),
  /** Out of service (issue 19 point 5): the vehicle takes no bookings until it is back. Null or absent: in service. */
  outOfService: ZVehicleOutOfService.nullable().optional(),
});
export type Vehicle = z.infer<typeof ZVehicle>;
