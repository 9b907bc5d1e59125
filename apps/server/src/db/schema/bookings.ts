import { sql } from 'drizzle-orm';
import { bigserial, boolean, doublePrecision, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { AllocationState, BookingState, DataQuality, OptionalService, TripType, VehicleCategory, VehicleSpecType } from '@fleetdesk/contract';
import { ts, money, createdAt } from './columns.ts';
import { contracts } from './contracts.ts';
import { fleets } from './operators.ts';
import { pools } from './pools.ts';
import { users } from './users.ts';
import { vehicleModels, vehicles } from './vehicles.ts';

/** Bookings (§3 Booking). */

export const bookings = pgTable(
  'bookings',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    bid: text('bid').notNull(),
    fleetId: text('fleet_id')
      .notNull()
      .references(() => fleets.id),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    contractId: integer('contract_id')
      .notNull()
      .references(() => contracts.id),
    state: text('state').$type<BookingState>().notNull(),
    startTime: ts('start_time').notNull(),
    endTime: ts('end_time').notNull(),
    usageStart: ts('usage_start'),
    usageEnd: ts('usage_end'),
    fromPoolId: integer('from_pool_id')
      .notNull()
      .references(() => pools.id),
    toPoolId: integer('to_pool_id')
      .notNull()
      .references(() => pools.id),
    note: text('note'),
    distance: doublePrecision('distance'),
    estimatedDistance: doublePrecision('estimated_distance'),
    tripType: text('trip_type').$type<TripType>().notNull().default('PRIVATE'),
    rideShare: text('ride_share').$type<OptionalService>().notNull().default('NOT_SELECTED'),
    taxiAcceptable: text('taxi_acceptable').$type<OptionalService>().notNull().default('NOT_SELECTED'),
    specType: text('spec_type').$type<VehicleSpecType>().notNull(),
    specClassName: text('spec_class_name'),
    specModelId: integer('spec_model_id').references(() => vehicleModels.id),
    specVehicleId: integer('spec_vehicle_id').references(() => vehicles.id),
    vehicleCategory: text('vehicle_category').$type<VehicleCategory>().notNull(),
    allocationState: text('allocation_state').$type<AllocationState>().notNull().default('NOT_ALLOCATED'),
    allocatedVehicleId: integer('allocated_vehicle_id').references(() => vehicles.id),
    checkoutRequired: boolean('checkout_required').notNull().default(false),
    allocateOnActivation: boolean('allocate_on_activation').notNull().default(false),
    irrevocableUntil: ts('irrevocable_until'),
    lockedForUser: boolean('locked_for_user').notNull().default(false),
    metadata: jsonb('metadata')
      .$type<Record<string, string>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    estimatedPriceWithoutVat: money('estimated_price_without_vat'),
    estimatedVat: money('estimated_vat'),
    /**
     * Adjusted values (§3): after an adjustment usage_start/usage_end/distance/trip_type hold the
     * adjusted figures and original_* keep what was measured (docs/decisions/0002-database.md).
     */
    adjustedStartTime: ts('adjusted_start_time'),
    adjustedEndTime: ts('adjusted_end_time'),
    adjustedDistance: doublePrecision('adjusted_distance'),
    adjustedBookingType: text('adjusted_booking_type').$type<TripType>(),
    dataQuality: text('data_quality').$type<DataQuality>(),
    originalUsageStart: ts('original_usage_start'),
    originalUsageEnd: ts('original_usage_end'),
    originalTotalDistance: doublePrecision('original_total_distance'),
    originalBookingType: text('original_booking_type').$type<TripType>(),
    technicalIssueReportedAt: ts('technical_issue_reported_at'),
    technicalIssueReportedBy: text('technical_issue_reported_by'),
    technicalIssueDescription: text('technical_issue_description'),
    /** The charging provider's activation PIN (§4), valid while INACTIVE and until chargingPinValidUntil. */
    chargingPinCode: text('charging_pin_code'),
    chargingTerminal: text('charging_terminal'),
    chargingPinValidUntil: ts('charging_pin_valid_until'),
    receiptSentAt: ts('receipt_sent_at'),
    checkedOutAt: ts('checked_out_at'),
    cancelledAt: ts('cancelled_at'),
    cancelledBy: text('cancelled_by'),
    cancelReason: text('cancel_reason'),
    replacedBy: text('replaced_by').$type<'TAXI' | 'RIDESHARE'>(),
    /** §3 Fixed price: replaces the computed price when the booking is priced (docs/decisions/0021-payments.md). */
    fixedPrice: money('fixed_price'),
    fixedPriceComment: text('fixed_price_comment'),
    fixedPriceSetBy: text('fixed_price_set_by'),
    createdBy: text('created_by'),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('bookings_bid_uq').on(t.bid),
    index('bookings_bid_pattern_idx').on(t.bid.op('text_pattern_ops')),
    index('bookings_fleet_start_idx').on(t.fleetId, t.startTime, t.id),
    index('bookings_fleet_state_start_idx').on(t.fleetId, t.state, t.startTime),
    index('bookings_user_start_idx').on(t.userId, t.startTime),
    index('bookings_vehicle_start_idx').on(t.allocatedVehicleId, t.startTime),
    index('bookings_from_pool_start_idx').on(t.fromPoolId, t.startTime),
  ],
);
