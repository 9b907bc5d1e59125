import {
  fieldError,
  isLightVehicleCategory,
  MESSAGES,
  type ErrorItem,
  type VehicleCategory,
  type VehicleSpecRequest,
  type VehicleSpecType,
} from '@fleetdesk/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { bookings, vehicleModels, vehicles } from '../../db/schema.ts';
import type { Actor } from '../auth/index.ts';
import type { AllocationSpec } from './allocation.ts';
import { item } from './booking-input.ts';

/**
 * The vehicle specification of a booking (§3: a class, a model or one named vehicle) as creation and update
 * resolve and compare it, and whether it is allocated at once or on activation.
 */

type BookingRow = typeof bookings.$inferSelect;

export interface ResolvedSpec {
  specType: VehicleSpecType;
  specClassName: string | null;
  specModelId: number | null;
  specVehicleId: number | null;
  vehicleCategory: VehicleCategory;
  allocation: AllocationSpec;
}

/** Resolves the requested specification within the operator; a problem is an error item on vehicleSpecification. */
export async function resolveSpec(db: Db, actor: Actor, spec: VehicleSpecRequest, fromPoolId: number): Promise<ResolvedSpec | ErrorItem> {
  const field = 'vehicleSpecification';
  switch (spec.type) {
    case 'VEHICLE': {
      const [v] = await db
        .select()
        .from(vehicles)
        .where(and(eq(vehicles.vin, spec.vin.trim()), eq(vehicles.fleetId, actor.fleet)))
        .limit(1);
      if (!v) return item(field, MESSAGES.vehicleNotFound);
      if (v.poolId !== fromPoolId || v.hidden) return item(field, MESSAGES.vehicleMissingFromPool);
      return {
        specType: 'VEHICLE',
        specClassName: null,
        specModelId: null,
        specVehicleId: v.id,
        vehicleCategory: v.vehicleCategory,
        allocation: { type: 'VEHICLE', vehicleId: v.id },
      };
    }
    case 'MODEL': {
      const [m] = await db
        .select()
        .from(vehicleModels)
        .where(and(eq(vehicleModels.id, spec.modelId), eq(vehicleModels.fleetId, actor.fleet)))
        .limit(1);
      if (!m) return item(field, MESSAGES.unknownVehicleModel);
      return {
        specType: 'MODEL',
        specClassName: null,
        specModelId: m.id,
        specVehicleId: null,
        vehicleCategory: m.vehicleCategory,
        allocation: { type: 'MODEL', modelId: m.id },
      };
    }
    case 'CLASS': {
      const where = [eq(vehicleModels.fleetId, actor.fleet), eq(vehicleModels.priceClass, spec.className)];
      if (spec.vehicleCategory) where.push(eq(vehicleModels.vehicleCategory, spec.vehicleCategory));
      const [m] = await db
        .select({ category: vehicleModels.vehicleCategory })
        .from(vehicleModels)
        .where(and(...where))
        .orderBy(asc(vehicleModels.id))
        .limit(1);
      if (!m) return { ...fieldError(field, 'unknownVehicleClass', { className: spec.className }), overridable: false };
      return {
        specType: 'CLASS',
        specClassName: spec.className,
        specModelId: null,
        specVehicleId: null,
        vehicleCategory: m.category,
        allocation: { type: 'CLASS', className: spec.className, vehicleCategory: m.category },
      };
    }
  }
}

export const isErrorItem = (x: ResolvedSpec | ErrorItem): x is ErrorItem => 'message' in x;

/** The booking's current specification, to compare with a requested one. */
export function specOf(b: BookingRow): ResolvedSpec {
  const allocation: AllocationSpec =
    b.specType === 'VEHICLE' && b.specVehicleId !== null
      ? { type: 'VEHICLE', vehicleId: b.specVehicleId }
      : b.specType === 'MODEL' && b.specModelId !== null
        ? { type: 'MODEL', modelId: b.specModelId }
        : { type: 'CLASS', className: b.specClassName ?? '', vehicleCategory: b.vehicleCategory };
  return {
    specType: b.specType,
    specClassName: b.specClassName,
    specModelId: b.specModelId,
    specVehicleId: b.specVehicleId,
    vehicleCategory: b.vehicleCategory,
    allocation,
  };
}

/** Whether a requested specification names the booking's own one. */
export async function isCurrentSpec(db: Db, b: BookingRow, spec: VehicleSpecRequest): Promise<boolean> {
  switch (spec.type) {
    case 'VEHICLE': {
      if (b.specType !== 'VEHICLE' || b.specVehicleId === null) return false;
      const [v] = await db.select({ vin: vehicles.vin }).from(vehicles).where(eq(vehicles.id, b.specVehicleId)).limit(1);
      return v?.vin === spec.vin.trim();
    }
    case 'MODEL':
      return b.specType === 'MODEL' && b.specModelId === spec.modelId;
    case 'CLASS':
      return b.specType === 'CLASS' && b.specClassName === spec.className && (!spec.vehicleCategory || spec.vehicleCategory === b.vehicleCategory);
  }
}

export const sameSpec = (a: ResolvedSpec, b: ResolvedSpec) =>
  a.specType === b.specType &&
  a.specClassName === b.specClassName &&
  a.specModelId === b.specModelId &&
  a.specVehicleId === b.specVehicleId &&
  a.vehicleCategory === b.vehicleCategory;

/** Light vehicles booked by class or model are picked on the spot: allocated when the booking is activated. */
export const allocatesLater = (spec: ResolvedSpec, bookingFlag: boolean) =>
  spec.specType !== 'VEHICLE' && (bookingFlag || isLightVehicleCategory(spec.vehicleCategory));
