import { z } from 'zod';
import {
  ALARM_CATEGORIES,
  ALARM_STATES,
  EVENT_ROLES,
  EVENT_TYPE_GROUPS,
  LANGUAGES,
  PAYMENT_TYPES,
  USER_STATUSES,
  VEHICLE_CATEGORIES,
} from './values.ts';

/** Every enumeration of the spec (§3, §4, §5), each as a zod enum plus its value list. */

export const ZLanguage = z.enum(LANGUAGES);
export type Language = z.infer<typeof ZLanguage>;

export const ZCountryCode = z.enum(['NO', 'SE']);
export type CountryCode = z.infer<typeof ZCountryCode>;

export const ZCurrency = z.enum(['NOK', 'SEK']);
export type Currency = z.infer<typeof ZCurrency>;

export const ZStaffRole = z.enum(['SUPPORT', 'ADMIN']);
export type StaffRole = z.infer<typeof ZStaffRole>;
/** Customers have no console role; staff roles are the only ones that obtain console sessions. */
export const ZUserRole = z.enum(['CUSTOMER', 'SUPPORT', 'ADMIN']);
export type UserRole = z.infer<typeof ZUserRole>;

// ---- Bookings ----
export const ZBookingState = z.enum(['ACTIVE', 'INACTIVE', 'FINISHED', 'CANCELLED']);
export type BookingState = z.infer<typeof ZBookingState>;
/** Display states: READY (INACTIVE with ACTIVATE allowed), REQUIRES_AUTH (payments to authorise), ARCHIVED (no user). */
export const ZBookingDisplayState = z.enum(['ACTIVE', 'INACTIVE', 'FINISHED', 'CANCELLED', 'READY', 'REQUIRES_AUTH', 'ARCHIVED']);
export type BookingDisplayState = z.infer<typeof ZBookingDisplayState>;
export const ZBookingAction = z.enum(['ACTIVATE', 'DEACTIVATE', 'DEACTIVATE_UNCHECKED', 'CANCEL', 'REPLACE_WITH_TAXI']);
export type BookingAction = z.infer<typeof ZBookingAction>;
export const ZTripType = z.enum(['MAINTENANCE', 'PRIVATE', 'BUSINESS']);
export type TripType = z.infer<typeof ZTripType>;
export const ZOptionalService = z.enum(['ENABLED', 'DISABLED', 'NOT_SELECTED']);
export type OptionalService = z.infer<typeof ZOptionalService>;
export const ZAllocationState = z.enum(['ALLOCATED', 'NOT_ALLOCATED']);
export type AllocationState = z.infer<typeof ZAllocationState>;
export const ZVehicleSpecType = z.enum(['CLASS', 'MODEL', 'VEHICLE']);
export type VehicleSpecType = z.infer<typeof ZVehicleSpecType>;
export const ZDataQuality = z.enum(['MEASURED', 'CORRECTED', 'ESTIMATED', 'MISSING']);
export type DataQuality = z.infer<typeof ZDataQuality>;
/** Active-bookings rows: ACTIVATED is normal, any other status is shown red. */
export const ZActiveBookingStatus = z.enum(['ACTIVATED', 'OVERDUE', 'REQUIRES_AUTH', 'NOT_ALLOCATED']);
export type ActiveBookingStatus = z.infer<typeof ZActiveBookingStatus>;

// ---- Vehicles ----
export const ZVehicleCategory = z.enum(VEHICLE_CATEGORIES);
export type VehicleCategory = z.infer<typeof ZVehicleCategory>;
/** §9: light categories decide how an allocation is treated. */
export const LIGHT_VEHICLE_CATEGORIES: readonly VehicleCategory[] = ['BIKE', 'CARGO_BIKE', 'SCOOTER'];
export const isLightVehicleCategory = (c: VehicleCategory): boolean => LIGHT_VEHICLE_CATEGORIES.includes(c);
export const ZAgentHardwareType = z.enum(['key', 'keyless', 'none']);
export type AgentHardwareType = z.infer<typeof ZAgentHardwareType>;
/** BATTERY means electric. NONE for muscle-powered bikes. */
export const ZFuelType = z.enum(['BATTERY', 'PETROL', 'DIESEL', 'HYBRID', 'NONE']);
export type FuelType = z.infer<typeof ZFuelType>;
export const ZVehicleCommand = z.enum(['LOCK', 'UNLOCK', 'MOBILIZE', 'IMMOBILIZE']);
export type VehicleCommand = z.infer<typeof ZVehicleCommand>;
export const ZAgentCommand = z.enum(['REBOOT', 'WAKE_UP']);
export type AgentCommand = z.infer<typeof ZAgentCommand>;
export const ZCommandState = z.enum(['PENDING', 'SUCCEEDED', 'FAILED']);
export type CommandState = z.infer<typeof ZCommandState>;
export const ZWheelType = z.enum(['SUMMER', 'WINTER', 'ALL_SEASON', 'STUDDED']);
export type WheelType = z.infer<typeof ZWheelType>;

// ---- Alarms ----
export const ZAlarmName = z.enum(['EXTERNAL_BATTERY', 'FUEL', 'KEY_HOLDER']);
export type AlarmName = z.infer<typeof ZAlarmName>;
export const ZAlarmState = z.enum(ALARM_STATES);
export type AlarmState = z.infer<typeof ZAlarmState>;
export const ZAlarmCategory = z.enum(ALARM_CATEGORIES);
export type AlarmCategory = z.infer<typeof ZAlarmCategory>;

// ---- Users and companies ----
export const ZUserStatus = z.enum(USER_STATUSES);
export type UserStatus = z.infer<typeof ZUserStatus>;
export const ZBlockReason = z.enum(['ABUSE', 'CRIMINAL_BEHAVIOR', 'GENERIC_MESSAGE', 'SUSPICIOUS_BEHAVIOR', 'UNPAID_BILLS', 'VANDALISM']);
export type BlockReason = z.infer<typeof ZBlockReason>;
export const ZLicenseState = z.enum(['VERIFIED', 'MISSING', 'PENDING', 'UNKNOWN']);
export type LicenseState = z.infer<typeof ZLicenseState>;
export const ZValidationResult = z.enum(['SUCCESS', 'REJECTED', 'ERROR']);
export type ValidationResult = z.infer<typeof ZValidationResult>;
export const ZIdentityMethod = z.enum(['MANUAL', 'BANKID', 'PASSPORT']);
export type IdentityMethod = z.infer<typeof ZIdentityMethod>;
export const ZCompanyType = z.enum(['CORPORATE', 'CONSUMER', 'RESIDENTIAL', 'INTERNAL']);
export type CompanyType = z.infer<typeof ZCompanyType>;
export const ZUserCategory = z.enum(['COMPANY', 'PRIVATE', 'FLEET']);
export type UserCategory = z.infer<typeof ZUserCategory>;
/** §4 vehicle access, derived from premiumAccess and verifiedDriversLicense. */
export const ZVehicleAccess = z.enum(['PREMIUM', 'CARS', 'BIKES_LICENSE_PENDING', 'BIKES_NO_LICENSE']);
export type VehicleAccess = z.infer<typeof ZVehicleAccess>;

// ---- Contracts and pricing ----
export const ZContractType = z.enum(['COMPANY', 'PRIVATE']);
export type ContractType = z.infer<typeof ZContractType>;
export const STEP_PRICE_ITEMS = Array.from({ length: 16 }, (_, i) => `STEP_${i}` as const);
export const ZPriceItemType = z.enum([
  'PER_HOUR',
  'PER_DAY',
  'PER_WEEK',
  'PER_WEEKEND',
  'PER_YEAR',
  'PER_KM',
  'STEP_0',
  'STEP_1',
  'STEP_2',
  'STEP_3',
  'STEP_4',
  'STEP_5',
  'STEP_6',
  'STEP_7',
  'STEP_8',
  'STEP_9',
  'STEP_10',
  'STEP_11',
  'STEP_12',
  'STEP_13',
  'STEP_14',
  'STEP_15',
  'ADMIN_BOOKING_FEE',
  'LATE_CANCEL_FEE',
  'NO_PICKUP_FEE',
  'PENALTY_FEE',
  'START_UP_FEE',
  'MONTHLY_FEE',
  'YEARLY_FEE',
  'TOLL_FEE',
  'SPEED_TICKET',
  'EV_CHARGING',
  'VAT',
  'FIXED',
]);
export type PriceItemType = z.infer<typeof ZPriceItemType>;
export const ZMetadataFieldType = z.enum(['TEXT', 'INTEGER', 'CHOICE']);
export type MetadataFieldType = z.infer<typeof ZMetadataFieldType>;
export const ZBookingRuleCause = z.enum([
  'MIN_DURATION',
  'MAX_DURATION',
  'ONE_WAY_NOT_ALLOWED',
  'OVERLAPPING_BOOKING',
  'TAXI_POOL',
  'METADATA',
  'POOL_ACCESS',
  'USER_NOT_ACTIVE',
  'NO_VEHICLE_AVAILABLE',
]);
export type BookingRuleCause = z.infer<typeof ZBookingRuleCause>;

// ---- Payments ----
export const ZPaymentType = z.enum(PAYMENT_TYPES);
export type PaymentType = z.infer<typeof ZPaymentType>;
export const ZPaymentStatus = z.enum([
  'ABANDONED',
  'INVOICE_SENT',
  'NEEDS_AUTHORIZATION',
  'NO_CHARGE',
  'PAID',
  'RESERVATION_FAILED',
  'RESERVED',
  'UNPAID',
]);
export type PaymentStatus = z.infer<typeof ZPaymentStatus>;
export const ZPaymentTarget = z.enum(['BOOKING', 'PERIODIC', 'EVENT']);
export type PaymentTarget = z.infer<typeof ZPaymentTarget>;
export const ZPaymentTimestampType = z.enum(['PAYMENT_DATE', 'CREATED_DATE', 'INVOICE_DATE']);
export type PaymentTimestampType = z.infer<typeof ZPaymentTimestampType>;
export const ZFeeType = z.enum([
  'PARKING_TICKET',
  'SPEED_TICKET',
  'RECONDITIONING_FEE',
  'NOT_REFUELED',
  'DEDUCTIBLE_FEE',
  'TOLL_FEE',
  'DISTANCE_FEE',
  'EV_CHARGING',
  'OTHER',
  'CREDITING',
]);
export type FeeType = z.infer<typeof ZFeeType>;
export const FEE_REASONS = ZFeeType.options.filter((t) => t !== 'CREDITING');
export const ZCardErrorCode = z.enum([
  'card_declined',
  'expired_card',
  'incorrect_cvc',
  'incorrect_number',
  'incorrect_zip',
  'invalid_cvc',
  'invalid_expiry_month',
  'invalid_expiry_year',
  'invalid_number',
  'insufficient_funds',
  'missing',
  'processing_error',
  'rate_limit',
  'general_error',
]);
export type CardErrorCode = z.infer<typeof ZCardErrorCode>;

// ---- Event log ----
export const ZEventType = z.enum([
  'BLUETOOTH_EVENT',
  'BOOKING_EVENT',
  'EXTERNAL_COST',
  'HEARTBEAT',
  'PAYMENT_ACTION',
  'REMOTE_COMMAND',
  'USER_ACTION',
  'VEHICLE_ADMIN',
  'VEHICLE_STATUS',
]);
export type EventType = z.infer<typeof ZEventType>;
export const ZEventTypeGroup = z.enum(EVENT_TYPE_GROUPS);
export type EventTypeGroup = z.infer<typeof ZEventTypeGroup>;
export const EVENT_TYPE_GROUP: Record<EventType, EventTypeGroup> = {
  BOOKING_EVENT: 'BOOKING',
  REMOTE_COMMAND: 'REMOTE_COMMAND',
  VEHICLE_STATUS: 'VEHICLE',
  VEHICLE_ADMIN: 'VEHICLE',
  PAYMENT_ACTION: 'PAYMENT',
  HEARTBEAT: 'HEARTBEAT',
  USER_ACTION: 'USER_ACTION',
  BLUETOOTH_EVENT: 'BLUETOOTH',
  EXTERNAL_COST: 'ROAD_TOLL',
};
export const ZEventRole = z.enum(EVENT_ROLES);
export type EventRole = z.infer<typeof ZEventRole>;
/** Event types shown on a booking's Events tab (§7). */
export const BOOKING_EVENT_TYPES: readonly EventType[] = ['BOOKING_EVENT', 'REMOTE_COMMAND', 'VEHICLE_STATUS', 'VEHICLE_ADMIN', 'PAYMENT_ACTION'];
