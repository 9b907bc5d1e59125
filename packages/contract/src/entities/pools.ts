import { z } from 'zod';
import { ZMoney } from './common.ts';

/** Pools (§3 Pool). */

export const ZPoolRef = z.object({ city: z.string(), pool: z.string(), poolId: z.number().int() });
export const ZPool = z.object({
  poolId: z.number().int(),
  pool: z.string(),
  city: z.string(),
  disabled: z.boolean(),
  description: z.string().nullable(),
  publicNote: z.string().nullable(),
  pickupNote: z.string().nullable(),
  dropoffNote: z.string().nullable(),
  fee: ZMoney.nullable(),
  responsibleOrganization: z.string().nullable(),
  geographicalIdentity: z.string().nullable(),
  parkingPlaceInfoRequired: z.boolean(),
  defaultParkingPlace: z.string().nullable(),
  chargingAvailable: z.boolean(),
  wattWorldStationName: z.string().nullable(),
  movedTo: z.number().int().nullable(),
  poolGroupId: z.number().int().nullable(),
  poolGroupName: z.string().nullable(),
  allowedContracts: z.array(z.number().int()),
  lat: z.number().nullable(),
  lon: z.number().nullable(),
});
export type Pool = z.infer<typeof ZPool>;
