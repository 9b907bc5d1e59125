import { z } from 'zod';
import { ZCountryCode, ZIdentityMethod, ZLicenseState, ZUserStatus } from '../enums.ts';
import { ZDriversLicenseStatus, ZIsoDateTime } from '../entities.ts';
import { ZUserDetail } from './user-admin.ts';
import { NORWEGIAN_IDENTITY_PATTERN, SWEDISH_IDENTITY_PATTERN } from '../limits.ts';
import { MESSAGES } from '../messages.ts';
import { schemaMessage } from '../message-refs.ts';
import { emptyToUndefined, listParam } from './query-params.ts';

/**
 * Issue 6, points 5 and 6: identity number, driver's licence checks and suspicious registrations
 * (docs/decisions/0026-identity-licence.md). The spec leaves these paths open; they are:
 *
 * - GET  /api/users/{username}/identity            → ZIdentityNumberResponse. An explicit reveal: every call is
 *                                                     logged as a USER_ACTION event "Identity number shown".
 * - PUT  /api/users/{username}/identity            ZSetIdentityRequest → ZUserDetail (the updated user). 400 with the
 *                                                     §5 message on `identificationNumber`.
 * - POST /api/users/{username}/license/validate    ZValidateLicenseRequest → ZValidateLicenseResponse. SE and NO
 *                                                     through the verification integration, manual otherwise.
 *                                                     REJECTED and ERROR answer 200 with `message` = §8 'We could
 *                                                     not verify {user}'s drivers license…'.
 * - GET  /api/users/{username}/license/checks      → ZLicenseChecksResponse (newest first).
 * - GET  /api/admin/users/license-status?usernames=a,b → ZLicenseStatusResponse (map by username; unknown users
 *                                                     and other operators' users are left out).
 * - GET  /api/users/{username}/duplicate           → ZUserDuplicatesResponse (spec §3 "Suspicious registration").
 * - GET  /api/admin/users/suspicious?page&pageSize → ZSuspiciousUsersResponse (the operator's flagged users).
 *
 * Every one answers 404 (userNotFound) for another operator's user, 400 in the §8 envelope for bad input.
 */

// ---------- Identity numbers (§5) ----------

const digitsOf = (s: string) => s.replace(/\D/g, '').split('').map(Number);

/**
 * Swedish personnummer (§5 format: YYYYMMDD, an optional - or +, 4 digits) with its Luhn check digit over the
 * ten digits YYMMDDNNNC. Samordningsnummer (day + 60) pass as well.
 */
export function isValidSwedishIdentityNumber(value: string): boolean {
  const v = value.trim();
  if (!SWEDISH_IDENTITY_PATTERN.test(v)) return false;
  const d = digitsOf(v).slice(2);
  const sum = d.slice(0, 9).reduce((acc, digit, i) => {
    const p = digit * (i % 2 === 0 ? 2 : 1);
    return acc + (p > 9 ? p - 9 : p);
  }, 0);
  return (10 - (sum % 10)) % 10 === d[9];
}

const NO_K1 = [3, 7, 6, 1, 8, 9, 4, 5, 2];
const NO_K2 = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2];
const mod11 = (digits: number[], weights: number[]) => {
  const r = 11 - (weights.reduce((acc, w, i) => acc + w * (digits[i] ?? 0), 0) % 11);
  return r === 11 ? 0 : r; // 10 means no valid check digit exists
};

/** Norwegian fødselsnummer (§5 format: 11 digits, DDMMYY + 5) with both mod-11 check digits. */
export function isValidNorwegianIdentityNumber(value: string): boolean {
  const v = value.trim();
  if (!NORWEGIAN_IDENTITY_PATTERN.test(v)) return false;
  const d = digitsOf(v);
  const k1 = mod11(d, NO_K1);
  if (k1 === 10 || k1 !== d[9]) return false;
  const k2 = mod11(d, NO_K2);
  return k2 !== 10 && k2 === d[10];
}

export function isValidIdentityNumber(country: z.infer<typeof ZCountryCode>, value: string): boolean {
  return country === 'SE' ? isValidSwedishIdentityNumber(value) : isValidNorwegianIdentityNumber(value);
}

/**
 * The stored form, so that duplicates match however the number was typed: Swedish YYYYMMDD-NNNN (the 12-digit
 * form needs no '+'), Norwegian the 11 digits. Call it on valid numbers only.
 */
export function normalizeIdentityNumber(country: z.infer<typeof ZCountryCode>, value: string): string {
  const d = value.replace(/\D/g, '');
  return country === 'SE' ? `${d.slice(0, 8)}-${d.slice(8)}` : d;
}

/** PUT /api/users/{username}/identity. The identity is set by staff: identityMethod MANUAL, identityVerified true. */
export const ZSetIdentityRequest = z
  .object({
    country: ZCountryCode,
    identificationNumber: z.string().trim().min(1, MESSAGES.required).max(20, MESSAGES.invalidIdentityNumber),
  })
  .superRefine((v, ctx) => {
    if (v.identificationNumber && !isValidIdentityNumber(v.country, v.identificationNumber)) {
      ctx.addIssue({ code: 'custom', path: ['identificationNumber'], message: MESSAGES.invalidIdentityNumber });
    }
  });
export type SetIdentityRequest = z.infer<typeof ZSetIdentityRequest>;
/** The updated user, as GET /api/users/{username} answers it. */
export const ZSetIdentityResponse = ZUserDetail;

/** GET /api/users/{username}/identity: the number itself (null when none is on file). The call is logged. */
export const ZIdentityNumberResponse = z.object({
  username: z.string(),
  identityCountry: ZCountryCode.nullable(),
  identificationNumber: z.string().nullable(),
  identityMethod: ZIdentityMethod.nullable(),
  identityVerified: z.boolean(),
});
export type IdentityNumberResponse = z.infer<typeof ZIdentityNumberResponse>;

// ---------- Driver's licence (§4, §5, §8) ----------

/** Countries whose licences are checked through the verification integration; others are validated manually. */
export const LICENSE_REGISTRY_COUNTRIES = ['SE', 'NO'] as const;
export const ZLicenseCheckResult = z.enum(['SUCCESS', 'REJECTED', 'ERROR']);
export type LicenseCheckResult = z.infer<typeof ZLicenseCheckResult>;
/** ISO 3166-1 alpha-2, upper case ('se' is accepted as 'SE'). */
export const ZLicenseCountry = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim().toUpperCase() : v),
  z.string().regex(/^[A-Z]{2}$/, MESSAGES.countryCodeTwoLetters),
);
export const ZIsoDate = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, MESSAGES.useDateFormat);

/**
 * POST /api/users/{username}/license/validate.
 * - SE, NO: the register is asked; `result` must not be sent. The person is looked up by `identificationNumber`
 *   when given (validated like the identity), else by the user's identity number of that country (400 Required on
 *   identificationNumber when there is none).
 * - Any other country: manual validation; `result` (SUCCESS or REJECTED) is required.
 * - `validUntil` (licence expiry, YYYY-MM-DD) is required for Sweden (§5), optional elsewhere.
 */
export const ZValidateLicenseRequest = z
  .object({
    country: ZLicenseCountry,
    validUntil: z.preprocess(emptyToUndefined, ZIsoDate.optional()),
    result: z.preprocess(emptyToUndefined, z.enum(['SUCCESS', 'REJECTED']).optional()),
    identificationNumber: z.preprocess(emptyToUndefined, z.string().trim().max(20).optional()),
  })
  .superRefine((v, ctx) => {
    const registry = (LICENSE_REGISTRY_COUNTRIES as readonly string[]).includes(v.country);
    if (v.country === 'SE' && !v.validUntil) ctx.addIssue({ code: 'custom', path: ['validUntil'], message: MESSAGES.licenseExpiryRequired });
    if (registry && v.result) {
      ctx.addIssue({ code: 'custom', path: ['result'], message: MESSAGES.licenceRegisterOnly });
    }
    if (!registry && !v.result) ctx.addIssue({ code: 'custom', path: ['result'], message: MESSAGES.required });
    if (registry && v.identificationNumber && !isValidIdentityNumber(v.country as 'SE' | 'NO', v.identificationNumber)) {
      ctx.addIssue({ code: 'custom', path: ['identificationNumber'], message: MESSAGES.invalidIdentityNumber });
    }
  });
export type ValidateLicenseRequest = z.infer<typeof ZValidateLicenseRequest>;

export const ZValidateLicenseResponse = z.object({
  result: ZLicenseCheckResult,
  /** The user's licence status after the check. */
  status: ZDriversLicenseStatus,
  verifiedDriversLicense: z.boolean(),
  /** REJECTED or ERROR: the §8 text "We could not verify {user}'s drivers license…"; null on SUCCESS. */
  message: z.string().nullable(),
  /** The register's (or the staff member's) reason, e.g. "No valid licence in the register". */
  reason: z.string().nullable(),
});
export type ValidateLicenseResponse = z.infer<typeof ZValidateLicenseResponse>;

/** One row of license_checks. */
export const ZLicenseCheck = z.object({
  id: z.number().int(),
  country: z.string(),
  validUntil: z.string().nullable(),
  result: ZLicenseCheckResult,
  state: ZLicenseState,
  verifier: z.string(),
  reason: z.string().nullable(),
  checkedBy: z.string().nullable(),
  checkedAt: ZIsoDateTime,
});
export type LicenseCheck = z.infer<typeof ZLicenseCheck>;
export const ZLicenseChecksResponse = z.array(ZLicenseCheck);

export const LICENSE_STATUS_MAX_USERNAMES = 100;
const TOO_MANY_USERNAMES = schemaMessage('tooManyUsernames', { max: LICENSE_STATUS_MAX_USERNAMES });
/** GET /api/admin/users/license-status?usernames=a,b (repeat or comma separate; at most 100). */
export const ZLicenseStatusQuery = z.object({ usernames: listParam(z.string().min(1).max(200)) }).superRefine((q, ctx) => {
  if (!q.usernames?.length) ctx.addIssue({ code: 'custom', path: ['usernames'], message: MESSAGES.required });
  else if (q.usernames.length > LICENSE_STATUS_MAX_USERNAMES) {
    ctx.addIssue({ code: 'custom', path: ['usernames'], message: TOO_MANY_USERNAMES });
  }
});
/** A map by username (as stored) of {state, verifier, timestamp}; unknown users are left out. */
export const ZLicenseStatusResponse = z.record(z.string(), ZDriversLicenseStatus);
export type LicenseStatusResponse = z.infer<typeof ZLicenseStatusResponse>;

// ---------- Suspicious registrations (§3) ----------

/**
 * A user of the same operator that shares something with the subject. The flags say what matched
 * (e-mail case-insensitively, mobile phone, identity number); the identity number itself is never sent.
 */
export const ZUserDuplicate = z.object({
  username: z.string(),
  givenName: z.string(),
  familyName: z.string(),
  emailAddress: z.string().nullable(),
  mobilePhone: z.string().nullable(),
  status: ZUserStatus,
  applyDate: ZIsoDateTime.nullable(),
  duplicateEmail: z.boolean(),
  duplicatePhone: z.boolean(),
  duplicateIdentityNumber: z.boolean(),
});
export type UserDuplicate = z.infer<typeof ZUserDuplicate>;

/**
 * GET /api/users/{username}/duplicate. `userDuplicates`: this operator's users only. `ownerMap`: operator name →
 * how many users of that operator (this one included) share the e-mail, phone or identity number — counts only,
 * never another operator's personal data.
 */
export const ZUserDuplicatesResponse = z.object({
  userDuplicates: z.array(ZUserDuplicate),
  ownerMap: z.record(z.string(), z.number().int()),
});
export type UserDuplicatesResponse = z.infer<typeof ZUserDuplicatesResponse>;

export const SUSPICIOUS_PAGE_SIZE_OPTIONS = [10, 25, 50] as const;
/** GET /api/admin/users/suspicious: page from 0; pageSize 1–50, default 25. */
export const ZSuspiciousUsersQuery = z.object({
  page: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(1000).default(0)),
  pageSize: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(50).default(25)),
});
export type SuspiciousUsersQuery = z.infer<typeof ZSuspiciousUsersQuery>;
/** A flagged user of the operator: newest registration first (applyDate descending, then username). */
export const ZSuspiciousUser = z.object({
  username: z.string(),
  givenName: z.string(),
  familyName: z.string(),
  emailAddress: z.string().nullable(),
  mobilePhone: z.string().nullable(),
  status: ZUserStatus,
  applyDate: ZIsoDateTime.nullable(),
  duplicateEmail: z.boolean(),
  duplicatePhone: z.boolean(),
  duplicateIdentityNumber: z.boolean(),
});
export type SuspiciousUser = z.infer<typeof ZSuspiciousUser>;
export const ZSuspiciousUsersResponse = z.object({
  results: z.array(ZSuspiciousUser),
  total: z.number().int(),
  moreResults: z.boolean(),
  currentPage: z.number().int(),
});
export type SuspiciousUsersResponse = z.infer<typeof ZSuspiciousUsersResponse>;
