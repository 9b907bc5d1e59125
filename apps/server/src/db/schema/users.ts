import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type {
  BlockReason,
  ColorSchemeChoice,
  CountryCode,
  IdentityMethod,
  LicenseState,
  UserCategory,
  UserRole,
  UserStatus,
} from '@fleetdesk/contract';
import { ts, createdAt } from './columns.ts';
import { companies } from './companies.ts';
import { fleets } from './operators.ts';

/** Users — customers and staff (§3 User) — with their single-sign-on methods, registered cards and licence checks. */

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    fleetId: text('fleet_id')
      .notNull()
      .references(() => fleets.id),
    username: text('username').notNull(),
    role: text('role').$type<UserRole>().notNull().default('CUSTOMER'),
    passwordHash: text('password_hash'),
    givenName: text('given_name').notNull(),
    familyName: text('family_name').notNull(),
    emailAddress: text('email_address'),
    mobilePhone: text('mobile_phone'),
    /** Usually one of the four languages, but a record may hold another code (docs/decisions/0082). */
    language: text('language').notNull(),
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
    /** Staff accounts (issue 13; docs/decisions/0039-staff-accounts.md): a disabled member cannot sign in; every console sign-in sets last_login_at. */
    disabledAt: ts('disabled_at'),
    disabledBy: text('disabled_by'),
    lastLoginAt: ts('last_login_at'),
    /** A staff member's colour scheme (docs/decisions/0078-color-scheme-preference.md): system, light or dark. */
    colorScheme: text('color_scheme').$type<ColorSchemeChoice>().notNull().default('system'),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_username_lower_uq').on(sql`lower(${t.username})`),
    // The operator's staff (a few rows among many customers): the Staff screen and the last-admin lock.
    index('users_fleet_staff_idx')
      .on(t.fleetId, t.role)
      .where(sql`role <> 'CUSTOMER'`),
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
  fleetId: text('fleet_id')
    .notNull()
    .references(() => fleets.id),
  issuer: text('issuer').notNull(),
  clientId: text('client_id').notNull(),
  displayName: text('display_name').notNull(),
  providerLogoUrl: text('provider_logo_url'),
  emailDomains: text('email_domains')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  companyId: integer('company_id').references(() => companies.id),
  preventPasswordLogin: boolean('prevent_password_login').notNull().default(false),
});

export const userAuthMethods = pgTable(
  'user_auth_methods',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    providerId: integer('provider_id')
      .notNull()
      .references(() => identityProviders.id),
    externalSubject: text('external_subject'),
  },
  (t) => [primaryKey({ columns: [t.userId, t.providerId] })],
);

export const registeredCards = pgTable('registered_cards', {
  id: serial('id').primaryKey(),
  fleetId: text('fleet_id')
    .notNull()
    .references(() => fleets.id),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
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
    fleetId: text('fleet_id')
      .notNull()
      .references(() => fleets.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
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
