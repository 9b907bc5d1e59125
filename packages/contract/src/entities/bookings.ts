import { z } from 'zod';
import {
  ZAllocationState,
  ZBookingAction,
  ZBookingState,
  ZContractType,
  ZCurrency,
  ZDataQuality,
  ZOptionalService,
  ZTripType,
  ZVehicleCategory,
  ZActiveBookingStatus,
} from '../enums.ts';
import { ZBookingAbilities } from '../abilities.ts';
import { ZBid, ZInterval, ZIsoDateTime, ZMoney, ZOptionalInterval } from './common.ts';
import { ZPriceEstimate } from './contracts.ts';
import { ZPayment } from './payments.ts';

/** Bookings (§3 Booking): the booking with its vehicle specification and allocation, adjusted values, and the active-bookings row. */

export const ZVehicleModel = z.object({ id: z.number().int(), modelName: z.string(), priceClass: z.string(), vehicleCategory: ZVehicleCategory });
export const ZVehicleSpecification = z.discriminatedUnion('type', [
  z.object({ type: z.literal('CLASS'), className: z.string(), vehicleCategory: ZVehicleCategory }),
  z.object({ type: z.literal('MODEL'), model: ZVehicleModel.optional(), modelId: z.number().int(), vehicleCategory: ZVehicleCategory }),
  z.object({ type: z.literal('VEHICLE'), vehicle: z.object({ vin: z.string(), longPresentation: z.string() }), vehicleCategory: ZVehicleCategory }),
]);
export type VehicleSpecification = z.infer<typeof ZVehicleSpecification>;
export const ZVehicleAllocation = z.object({
  state: ZAllocationState,
  vehicle: z.object({ vin: z.string(), longPresentation: z.string(), registrationNumber: z.string() }).nullable(),
  specification: ZVehicleSpecification,
});
export const ZAdjustedValues = z.object({
  adjustedStartTime: ZIsoDateTime.nullable(),
  adjustedEndTime: ZIsoDateTime.nullable(),
  adjustedDistance: z.number().nullable(),
  adjustedBookingType: ZTripType.nullable(),
  dataQuality: ZDataQuality.nullable(),
  originalUsageTime: ZOptionalInterval.nullable(),
  originalTotalDistance: z.number().nullable(),
  originalBookingType: ZTripType.nullable(),
});
export type AdjustedValues = z.infer<typeof ZAdjustedValues>;
export const ZLocation = z.object({ city: z.string(), pool: z.string(), poolId: z.number().int() });

export const ZBooking = z.object({
  bid: ZBid,
  state: ZBookingState,
  displayState: z.string(),
  actions: z.array(ZBookingAction),
  /** What the acting staff member may do with the booking now (§4 booking menu), with the reason when not. */
  abilities: ZBookingAbilities,
  user: z.object({ username: z.string(), fullNameLastFirst: z.string() }).nullable(),
  contractId: z.number().int(),
  /** A summary of the booking's contract for the card: its name, currency and admin fee (null when none). */
  contract: z.object({ id: z.number().int(), name: z.string(), contractType: ZContractType, currency: ZCurrency, adminFee: ZMoney.nullable() }),
  bookedInterval: ZInterval,
  usageTime: ZOptionalInterval.nullable(),
  startTime: ZIsoDateTime,
  endTime: ZIsoDateTime,
  fromLocation: ZLocation,
  toLocation: ZLocation,
  note: z.string().nullable(),
  distance: z.number().nullable(),
  estimatedDistance: z.number().nullable(),
  tripType: ZTripType,
  rideShare: ZOptionalService,
  taxiAcceptable: ZOptionalService,
  vehicleAllocation: ZVehicleAllocation,
  checkoutRequired: z.boolean(),
  allocateOnActivation: z.boolean(),
  irrevocableUntil: ZIsoDateTime.nullable(),
  lockedForUser: z.boolean(),
  paymentsRequiringAuthorization: z.array(z.string()),
  metadata: z.record(z.string(), z.string()),
  payment: ZPayment.nullable().optional(),
  availableVehicles: z.array(z.object({ vin: z.string(), longPresentation: z.string(), estimatedPrice: ZPriceEstimate.nullable() })).optional(),
  estimatedPriceWithoutVat: ZMoney.nullable(),
  estimatedVat: ZMoney.nullable(),
  adjustedValues: ZAdjustedValues.nullable(),
  technicalIssueReported: z.boolean(),
  /** The fixed price set by staff (replaces the computed price when the booking is priced), or null. */
  fixedPrice: z.object({ price: ZMoney, comment: z.string().nullable() }).nullable().optional(),
});
export type Booking = z.infer<typeof ZBooking>;

export const ZActiveBookingRow = z.object({
  bid: ZBid,
  bookingStatus: ZActiveBookingStatus,
  startTime: ZIsoDateTime,
  endTime: ZIsoDateTime,
  usageStart: ZIsoDateTime.nullable(),
  overdueHours: z.number(),
  tripType: ZTripType,
  driverUsername: z.string().nullable(),
  driverFamilyName: z.string().nullable(),
  driverGivenName: z.string().nullable(),
  note: z.string().nullable(),
  companyName: z.string().nullable(),
  registrationNumber: z.string().nullable(),
  fetchAtCityName: z.string(),
  fetchAtPoolName: z.string(),
});
export type ActiveBookingRow = z.infer<typeof ZActiveBookingRow>;
