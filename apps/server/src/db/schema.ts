import { sql } from 'drizzle-orm';
import {
  bigint, bigserial, boolean, doublePrecision, index, integer, jsonb, numeric, pgTable, primaryKey, serial, text, timestamp, uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import type {
  AgentHardwareType, AlarmCategory, AlarmName, AlarmState, AllocationState, BlockReason, BookableRule, BookingState,
  CommandState, CompanyType, ContractType, CountryCode, Currency, DataQuality, EventType, EventTypeGroup, FuelType,
  IdentityMethod, Language, PaymentTimestampType, LicenseState, MetadataSpecEntry, OptionalService, PaymentStatus, PaymentTarget, PaymentType,
  PriceListEntry, TripType, UserCategory, UserRole, UserStatus, VehicleCategory, VehicleSpecType, WheelType,
} from '@fleetdesk/contract';

/**
 * The whole of spec §3 in one schema. Enumerations are text columns typed from the contract
 * (docs/decisions/0002-database.md). Every operator-owned row carries `fleet_id`.
 * Money is numeric(12,2) read as number; times are timestamptz.
 */
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const money = (name: string) => numeric(name, { precision: 12, scale: 2, mode: 'number' });
const createdAt = () => ts('created_at').notNull().defaultNow();

// ---------- Operators ----------
export const fleets = pgTable('fleets', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  country: text('country').$type<CountryCode>().notNull(),
  currency: text('currency').$type<Currency>().notNull(),
  defaultLanguage: text('default_language').$type<Language>().notNull(),
  timeZone: text('time_zone').notNull(),
  /** Base URL of the operator's own console, linked from another operator's search hint; null when unknown. */
  consoleUrl: text('console_url'),
  createdAt: createdAt(),
});

// ---------- Companies (a tree) ----------
export const companies = pgTable(
  'companies',
  {
    id: serial('id').primaryKey(),
    fleetId: text('fleet_id').notNull().references(() => fleets.id),
    parentId: integer('parent_id').references((): AnyPgColumn => companies.id),
    name: text('name').notNull(),
    type: text('type').$type<CompanyType>().notNull(),
    marketSegment: text('market_segment'),
    microSegment: text('micro_segment'),
    emailDomains: text('email_domains').array().notNull().default(sql`'{}'::text[]`),
    contactFirstName: text('contact_first_name'),
    contactLastName: text('contact_last_name'),
    contactEmail: text('contact_email'),
    contactPhone: text('contact_phone'),
    companyCode: text('company_code'),
    /** Housing-association divisions: membership must be confirmed (§5). */
    requiresMembershipConfirmation: boolean('requires_membership_confirmation').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('companies_fleet_parent_idx').on(t.fleetId, t.parentId),
    index('companies_name_trgm').using('gin', t.name.op('gin_trgm_ops')),
  ],
);

// ---------- Users: customers and staff ----------
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    fleetId: text('fleet_id').notNull().references(() => fleets.id),
    username: text('username').notNull(),
    role: text('role').$type<UserRole>().notNull().default('CUSTOMER'),
    passwordHash: text('password_hash'),
    givenName: text('given_name').notNull(),
    familyName: text('family_name').notNull(),
    emailAddress: text('email_address'),
    mobilePhone: text('mobile_phone'),
    language: text('language').$type<Language>().notNull(),
    streetAddress: text('street_address'),
    zipCode: text('zip_code'),
    city: text('city'),
    countryCode: text('country_code').$type<CountryCode>(),
    pinCode: text('pin_code'),
    rfid: text('rfid'),
    customerNumber: text('customer_number'),
    campaignCode: text('campaign_code'),
    note: text('note'),
    premiumAccess: boolean('premium_access').notNull().default(false),
    verifiedDriversLicense: boolean('verified_drivers_license').notNull().default(false),
    licenseState: text('license_state').$type<LicenseState>().notNull().default('MISSING'),
    licenseVerifier: text('license_verifier'),
    licenseCheckedAt: ts('license_checked_at'),
    licenseCountry: text('license_country'),
    licenseValidUntil: text('license_valid_until'),
    identityVerified: boolean('identity_verified').notNull().default(false),
    identityCountry: text('identity_country').$type<CountryCode>(),
    identityMethod: text('identity_method').$type<IdentityMethod>(),
    identityGivenName: text('identity_given_name'),
    identityFamilyName: text('identity_family_name'),
    identityNumber: text('identity_number'),
    companyId: integer('company_id').references(() => companies.id),
    userCategory: text('user_category').$type<UserCategory>().notNull().default('PRIVATE'),
    status: text('status').$type<UserStatus>().notNull(),
    lastStatusChangeDate: ts('last_status_change_date'),
    applyDate: ts('apply_date'),
    passwordLoginAllowed: boolean('password_login_allowed').notNull().default(true),
    needsToSetPassword: boolean('needs_to_set_password').notNull().default(false),
    blockReason: text('block_reason').$type<BlockReason>(),
    blockMessage: text('block_message'),
    blockedByUsername: text('blocked_by_username'),
    blockedAt: ts('blocked_at'),
    duplicateEmail: boolean('duplicate_email').notNull().default(false),
    duplicatePhone: boolean('duplicate_phone').notNull().default(false),
    duplicateIdentityNumber: boolean('duplicate_identity_number').notNull().default(false),
    freeMonths: integer('free_months').notNull().default(0),
    /** Status bookkeeping of §4's actions (issue 6; docs/decisions/0025-user-admin.md). */
    deletionRequestedAt: ts('deletion_requested_at'),
    deletionRequestedBy: text('deletion_requested_by'),
    confirmationSentAt: ts('confirmation_sent_at'),
    approvedAt: ts('approved_at'),
    approvedBy: text('approved_by'),
    identityVerifiedAt: ts('identity_verified_at'),
    identityVerifiedBy: text('identity_verified_by'),
    /** Housing-association membership (§5): confirmed by the membership check, or overridden by staff. */
    membershipConfirmedAt: ts('membership_confirmed_at'),
    membershipConfirmedBy: text('membership_confirmed_by'),
    membershipOverride: boolean('membership_override').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_username_lower_uq').on(sql`lower(${t.username})`),
    index('users_mobile_phone_idx').on(t.mobilePhone),
    index('users_fleet_status_deletion_idx').on(t.fleetId, t.status, t.deletionRequestedAt),
    // Also in the database, from migration 0006 (drizzle cannot declare INCLUDE): users_fleet_username_cover on
    // (fleet_id, lower(username)) INCLUDE (id, role and the searched columns), for the support search's user-name walk.
    index('users_fleet_status_apply_idx').on(t.fleetId, t.status, t.applyDate),
    index('users_company_idx').on(t.companyId, t.applyDate),
    index('users_username_trgm').using('gin', t.username.op('gin_trgm_ops')),
    index('users_given_name_trgm').using('gin', t.givenName.op('gin_trgm_ops')),
    index('users_family_name_trgm').using('gin', t.familyName.op('gin_trgm_ops')),
    index('users_mobile_phone_trgm').using('gin', t.mobilePhone.op('gin_trgm_ops')),
    index('users_email_trgm').using('gin', t.emailAddress.op('gin_trgm_ops')),
    index('users_customer_number_idx').on(t.customerNumber),
    index('users_customer_number_trgm').using('gin', t.customerNumber.op('gin_trgm_ops')),
    index('users_email_lower_idx').on(sql`lower(${t.emailAddress})`),
    index('users_identity_number_idx').on(t.identityNumber),
  ],
);

/** External single-sign-on providers (OIDC), configured per fleet and matched by e-mail domain or company. */
export const identityProviders = pgTable('identity_providers', {
  id: serial('id').primaryKey(),
  fleetId: text('fleet_id').notNull().references(() => fleets.id),
  issuer: text('issuer').notNull(),
  clientId: text('client_id').notNull(),
  displayName: text('display_name').notNull(),
  providerLogoUrl: text('provider_logo_url'),
  emailDomains: text('email_domains').array().notNull().default(sql`'{}'::text[]`),
  companyId: integer('company_id').references(() => companies.id),
  preventPasswordLogin: boolean('prevent_password_login').notNull().default(false),
});

export const userAuthMethods = pgTable(
  'user_auth_methods',
  {
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    providerId: integer('provider_id').notNull().references(() => identityProviders.id),
    externalSubject: text('external_subject'),
  },
  (t) => [primaryKey({ columns: [t.userId, t.providerId] })],
);

export const registeredCards = pgTable('registered_cards', {
  id: serial('id').primaryKey(),
  fleetId: text('fleet_id').notNull().references(() => fleets.id),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  cardTypeAndMaskedNumber: text('card_type_and_masked_number').notNull(),
  /** YYYY-MM */
  expires: text('expires').notNull(),
  providerToken: text('provider_token').notNull(),
  createdAt: createdAt(),
});

/** Driver's-licence checks (§4/§5; issue 6): every validation, by the verification integration or manual. */
export const licenseChecks = pgTable(
  'license_checks',
  {
    id: serial('id').primaryKey(),
    fleetId: text('fleet_id').notNull().references(() => fleets.id),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    country: text('country').notNull(),
    /** YYYY-MM-DD; required for Sweden. */
    validUntil: text('valid_until'),
    /** SUCCESS, REJECTED or ERROR. */
    result: text('result').notNull(),
    /** The licence state after the check (VERIFIED, MISSING, PENDING). */
    state: text('state').notNull(),
    verifier: text('verifier').notNull(),
    message: text('message'),
    checkedBy: text('checked_by'),
    checkedAt: ts('checked_at').notNull().defaultNow(),
  },
  (t) => [index('license_checks_user_idx').on(t.userId, t.checkedAt)],
);

// ---------- Sessions and auth bookkeeping ----------
export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull(),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    fleetId: text('fleet_id').notNull().references(() => fleets.id),
    createdAt: createdAt(),
    expiresAt: ts('expires_at').notNull(),
    revokedAt: ts('revoked_at'),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [uniqueIndex('sessions_token_hash_uq').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    username: text('username').notNull(),
    ip: text('ip').notNull(),
    success: boolean('success').notNull(),
    at: ts('at').notNull().defaultNow(),
  },
  (t) => [index('login_attempts_username_at_idx').on(sql`lower(${t.username})`, t.at), index('login_attempts_ip_at_idx').on(t.ip, t.at)],
);

export const passwordResetTokens = pgTable('password_reset_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
  createdAt: createdAt(),
});

// ---------- Contracts ----------
export const contracts = pgTable(
  'contracts',
  {
    id: serial('id').primaryKey(),
    fleetId: text('fleet_id').notNull().references(() => fleets.id),
    companyId: integer('company_id').references(() => companies.id),
    name: text('name').notNull(),
    contractType: text('contract_type').$type<ContractType>().notNull(),
    currency: text('currency').$type<Currency>().notNull(),
    /** ISO-8601 durations (PT1H, P7D). */
    minBookingDuration: text('min_booking_duration'),
    maxBookingDuration: text('max_booking_duration'),
    oneWayAllowed: boolean('one_way_allowed').notNull().default(false),
    onlyOneBookingAtTheSameTimeAllowed: boolean('only_one_booking_at_the_same_time_allowed').notNull().default(false),
    taxiFromPools: integer('taxi_from_pools').array().notNull().default(sql`'{}'::integer[]`),
    priceList: jsonb('price_list').$type<PriceListEntry[]>().notNull().default(sql`'[]'::jsonb`),
    metadataSpec: jsonb('metadata_spec').$type<MetadataSpecEntry[]>().notNull().default(sql`'[]'::jsonb`),
    bookableRules: jsonb('bookable_rules').$type<BookableRule[]>().notNull().default(sql`'[]'::jsonb`),
    createdAt: createdAt(),
  },
  (t) => [index('contracts_fleet_idx').on(t.fleetId), index('contracts_company_idx').on(t.companyId)],
);

export const userContracts = pgTable(
  'user_contracts',
  {
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    contractId: integer('contract_id').notNull().references(() => contracts.id),
  },
  (t) => [primaryKey({ columns: [t.userId, t.contractId] }), index('user_contracts_contract_idx').on(t.contractId)],
);

// ---------- Pools ----------
export const poolGroups = pgTable('pool_groups', {
  id: serial('id').primaryKey(),
  fleetId: text('fleet_id').notNull().references(() => fleets.id),
  name: text('name').notNull(),
});

export const pools = pgTable(
  'pools',
  {
    id: serial('id').primaryKey(),
    fleetId: text('fleet_id').notNull().references(() => fleets.id),
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
    poolId: integer('pool_id').notNull().references(() => pools.id, { onDelete: 'cascade' }),
    contractId: integer('contract_id').notNull().references(() => contracts.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.poolId, t.contractId] }), index('pool_contracts_contract_idx').on(t.contractId)],
);

// ---------- Vehicles ----------
export const vehicleModels = pgTable(
  'vehicle_models',
  {
    id: serial('id').primaryKey(),
    fleetId: text('fleet_id').notNull().references(() => fleets.id),
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
    fleetId: text('fleet_id').notNull().references(() => fleets.id),
    vin: text('vin').notNull(),
    registrationNumber: text('registration_number').notNull(),
    longPresentation: text('long_presentation').notNull(),
    modelId: integer('model_id').notNull().references(() => vehicleModels.id),
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
  vehicleId: integer('vehicle_id').primaryKey().references(() => vehicles.id, { onDelete: 'cascade' }),
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
    fleetId: text('fleet_id').notNull().references(() => fleets.id),
    vehicleId: integer('vehicle_id').notNull().references(() => vehicles.id, { onDelete: 'cascade' }),
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
    index('vehicle_commands_pending_idx').on(t.requestedAt).where(sql`state = 'PENDING'`),
  ],
);

export const journalEntries = pgTable(
  'journal_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    fleetId: text('fleet_id').notNull().references(() => fleets.id),
    vehicleId: integer('vehicle_id').notNull().references(() => vehicles.id, { onDelete: 'cascade' }),
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
    fleetId: text('fleet_id').notNull().references(() => fleets.id),
    vehicleId: integer('vehicle_id').notNull().references(() => vehicles.id, { onDelete: 'cascade' }),
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
    fleetId: text('fleet_id').notNull().references(() => fleets.id),
    name: text('name').$type<AlarmName>().notNull(),
    category: text('category').$type<AlarmCategory>().notNull().default('VEHICLE'),
    state: text('state').$type<AlarmState>().notNull(),
    alarmTypes: text('alarm_types').array().notNull().default(sql`'{}'::text[]`),
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

// ---------- Bookings ----------
export const bookings = pgTable(
  'bookings',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    bid: text('bid').notNull(),
    fleetId: text('fleet_id').notNull().references(() => fleets.id),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    contractId: integer('contract_id').notNull().references(() => contracts.id),
    state: text('state').$type<BookingState>().notNull(),
    startTime: ts('start_time').notNull(),
    endTime: ts('end_time').notNull(),
    usageStart: ts('usage_start'),
    usageEnd: ts('usage_end'),
    fromPoolId: integer('from_pool_id').notNull().references(() => pools.id),
    toPoolId: integer('to_pool_id').notNull().references(() => pools.id),
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
    metadata: jsonb('metadata').$type<Record<string, string>>().notNull().default(sql`'{}'::jsonb`),
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

// ---------- Payments ----------
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    orderId: text('order_id').notNull(),
    fleetId: text('fleet_id').notNull().references(() => fleets.id),
    bookingId: bigint('booking_id', { mode: 'number' }).references(() => bookings.id, { onDelete: 'set null' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    parentPaymentId: integer('parent_payment_id').references((): AnyPgColumn => payments.id),
    type: text('type').$type<PaymentType>().notNull(),
    status: text('status').$type<PaymentStatus>().notNull(),
    target: text('target').$type<PaymentTarget>().notNull(),
    timestampType: text('timestamp_type').$type<PaymentTimestampType>().notNull().default('CREATED_DATE'),
    timestamp: ts('timestamp').notNull().defaultNow(),
    totalPriceWithoutVat: money('total_price_without_vat').notNull().default(0),
    totalVat: money('total_vat').notNull().default(0),
    totalPrice: money('total_price').notNull().default(0),
    currency: text('currency').$type<Currency>().notNull(),
    externalId: text('external_id'),
    paymentProvider: text('payment_provider'),
    reservationFailed: boolean('reservation_failed').notNull().default(false),
    cardId: integer('card_id').references(() => registeredCards.id, { onDelete: 'set null' }),
    /** The §8 card error code of the last refused charge or reservation, or null. */
    failureCode: text('failure_code'),
    /** What was refunded to the card after it was charged (credits on a paid card payment). */
    refundedAmount: money('refunded_amount').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('payments_order_id_uq').on(t.orderId),
    index('payments_fleet_timestamp_idx').on(t.fleetId, t.timestamp, t.id),
    index('payments_parent_idx').on(t.parentPaymentId),
    index('payments_booking_idx').on(t.bookingId),
    index('payments_user_timestamp_idx').on(t.userId, t.timestamp),
    index('payments_fleet_status_timestamp_idx').on(t.fleetId, t.status, t.timestamp),
  ],
);

export const paymentEvents = pgTable(
  'payment_events',
  {
    id: serial('id').primaryKey(),
    paymentId: integer('payment_id').notNull().references(() => payments.id, { onDelete: 'cascade' }),
    itemName: text('item_name').notNull(),
    itemType: text('item_type').notNull(),
    itemDisplayText: text('item_display_text').notNull(),
    publicComment: text('public_comment'),
    comment: text('comment'),
    unitAmount: doublePrecision('unit_amount').notNull().default(1),
    unitCost: money('unit_cost').notNull(),
    priceWithoutVat: money('price_without_vat').notNull(),
    vat: money('vat').notNull(),
    totalPrice: money('total_price').notNull(),
    manualEvent: boolean('manual_event').notNull().default(false),
    createdBy: text('created_by'),
    createdAt: createdAt(),
  },
  (t) => [index('payment_events_payment_idx').on(t.paymentId)],
);

/** Idempotency keys for retried mutations (payments, commands): the first response is replayed. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    fleetId: text('fleet_id').notNull().references(() => fleets.id),
    key: text('key').notNull(),
    scope: text('scope').notNull(),
    response: jsonb('response'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.fleetId, t.scope, t.key] })],
);

// ---------- Event log ----------
export const events = pgTable(
  'events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    fleetId: text('fleet_id').notNull().references(() => fleets.id),
    occurred: ts('occurred').notNull(),
    received: ts('received').notNull().defaultNow(),
    bid: text('bid'),
    vin: text('vin'),
    actingUsername: text('acting_username'),
    affectedUsername: text('affected_username'),
    type: text('type').$type<EventType>().notNull(),
    typeGroup: text('type_group').$type<EventTypeGroup>().notNull(),
    displayText: text('display_text').notNull(),
    properties: jsonb('properties').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
  },
  (t) => [
    index('events_fleet_occurred_idx').on(t.fleetId, t.occurred, t.id),
    index('events_fleet_bid_occurred_idx').on(t.fleetId, t.bid, t.occurred, t.id),
    index('events_fleet_vin_occurred_idx').on(t.fleetId, t.vin, t.occurred, t.id),
    index('events_fleet_affected_occurred_idx').on(t.fleetId, t.affectedUsername, t.occurred, t.id),
    index('events_fleet_acting_occurred_idx').on(t.fleetId, t.actingUsername, t.occurred, t.id),
  ],
);

// ---------- Mail ----------
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    fleetId: text('fleet_id').references(() => fleets.id),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body'),
    createdAt: createdAt(),
    sentAt: ts('sent_at'),
    error: text('error'),
  },
  (t) => [index('mail_outbox_created_idx').on(t.createdAt)],
);
