import { z } from 'zod';
import {
  ZBlockReason,
  ZCompanyType,
  ZCountryCode,
  ZCurrency,
  ZIdentityMethod,
  ZLanguage,
  ZLicenseState,
  ZStaffRole,
  ZUserCategory,
  ZUserStatus,
} from '../enums.ts';
import { ZIsoDateTime, ZMoney } from './common.ts';
import { ZCompanyContact } from './companies.ts';

/** Users (§3 User), the staff member of a console session, and the result of a batch user creation. */

export const ZAddress = z.object({
  streetAddress: z.string().nullable(),
  zipCode: z.string().nullable(),
  city: z.string().nullable(),
  countryCode: ZCountryCode.nullable(),
});
export const ZUserIdentity = z.object({
  identityCountry: ZCountryCode.nullable(),
  identityMethod: ZIdentityMethod.nullable(),
  identityGivenName: z.string().nullable(),
  identityFamilyName: z.string().nullable(),
});

export const ZCompanyRef = z.object({
  id: z.number().int(),
  type: ZCompanyType,
  name: z.string(),
  contact: ZCompanyContact.nullable(),
  /** Names from the top-level company down to the direct parent. */
  parentHierarchy: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export const ZRegisteredCard = z.object({
  id: z.string(),
  cardTypeAndMaskedNumber: z.string(),
  /** YYYY-MM */
  expires: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/),
});
export type RegisteredCard = z.infer<typeof ZRegisteredCard>;
export const ZBlockStatus = z.object({
  blockReason: ZBlockReason,
  blockMessage: z.string().nullable(),
  blockedByUsername: z.string().nullable(),
  timestamp: ZIsoDateTime,
});
export type BlockStatus = z.infer<typeof ZBlockStatus>;
export const ZSuspiciousRegistration = z.object({
  duplicateEmail: z.boolean(),
  duplicatePhone: z.boolean(),
  duplicateIdentityNumber: z.boolean(),
});
export const ZDriversLicenseStatus = z.object({
  state: ZLicenseState,
  verifier: z.string().nullable(),
  timestamp: ZIsoDateTime.nullable(),
});
export const ZAuthenticationMethod = z.object({
  loginUrl: z.string(),
  providerLogoUrl: z.string().nullable(),
  displayName: z.string(),
  preventPasswordLogin: z.boolean(),
});
export type AuthenticationMethod = z.infer<typeof ZAuthenticationMethod>;
export const ZOutstandingPayments = z.object({
  numberOfPayments: z.number().int(),
  totalCost: ZMoney,
  currencyCode: ZCurrency,
});
export const ZUser = z.object({
  username: z.string(),
  givenName: z.string(),
  familyName: z.string(),
  emailAddress: z.string().nullable(),
  mobilePhone: z.string().nullable(),
  /** One of the console's four languages: the person's own, or the operator's when the record holds another code. */
  language: ZLanguage,
  /** The code on record when it is none of the four (a language the console does not speak, e.g. "fi"); else null. */
  languageOnRecord: z.string().nullable(),
  fleet: z.string(),
  address: ZAddress,
  pinCode: z.string().nullable(),
  rfid: z.string().nullable(),
  customerNumber: z.string().nullable(),
  campaignCode: z.string().nullable(),
  note: z.string().nullable(),
  premiumAccess: z.boolean(),
  verifiedDriversLicense: z.boolean(),
  identityVerified: z.boolean(),
  userIdentity: ZUserIdentity.nullable(),
  userCategory: ZUserCategory,
  company: ZCompanyRef.nullable(),
  status: ZUserStatus,
  lastStatusChangeDate: ZIsoDateTime.nullable(),
  applyDate: ZIsoDateTime.nullable(),
  passwordLoginAllowed: z.boolean(),
  htmlId: z.string(),
  needsToSetPassword: z.boolean(),
  blockStatus: ZBlockStatus.nullable(),
  suspiciousRegistration: ZSuspiciousRegistration.nullable(),
  freeMonths: z.number().int().min(0),
  hasOutstandingPayments: z.boolean(),
  outstandingPayments: z.array(ZOutstandingPayments),
  paymentMethods: z.object({ registeredCards: z.array(ZRegisteredCard) }),
  userAuthenticationMethods: z.array(z.object({ userAuthFields: ZAuthenticationMethod })),
});
export type User = z.infer<typeof ZUser>;

/** The staff member behind a console session. */
export const ZStaffUser = z.object({
  username: z.string(),
  givenName: z.string(),
  familyName: z.string(),
  emailAddress: z.string().nullable(),
  language: ZLanguage,
  fleet: z.string(),
  role: ZStaffRole,
});
export type StaffUser = z.infer<typeof ZStaffUser>;

export const ZSession = z.object({
  token: z.string(),
  bearerToken: z.string().nullable().optional(),
  bearerTokenIssuer: z.string().nullable().optional(),
  expires: ZIsoDateTime,
  user: ZStaffUser,
});
export type Session = z.infer<typeof ZSession>;

export const ZBatchUserCreationResult = z.object({
  createdUsers: z.array(z.string()),
  notCreatedUsers: z.array(z.object({ line: z.number().int(), username: z.string().nullable(), message: z.string() })),
  /** Spelling as in the spec. A CSV (base64) of the rows that were not created. */
  remaningUsersFileBytes: z.string().nullable(),
});
