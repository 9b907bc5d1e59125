import { z } from 'zod';
import { ZLicenseState, ZUserStatus, ZVehicleAccess } from '../enums.ts';
import { ZContract, ZIsoDateTime, ZPool } from '../entities.ts';
import { USER_SEARCH_PAGE_SIZE_OPTIONS } from '../limits.ts';

/** The user search sorts by name up to this many matches; broader searches are listed by user name (the index order). */
export const USER_SEARCH_MATCH_CAP = 2000;

const emptyToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/**
 * User search (path not shown in the spec: GET /api/users; docs/decisions/0025-user-admin.md): free text over user
 * name, names, phone, e-mail, customer number and company name (every word must match some field), optional
 * mobilePhone (contains, at least 3 characters) and username (contains; from the start when shorter than 3
 * characters; an exact name is listed first) filters, optional status filter (the booking form searches ACTIVE users
 * only). Needs a non-blank input (§5). Page sizes 5, 10, 25 (§9); pages past 10000 results are refused (400).
 */
export const ZUserSearchQuery = z
  .object({
    query: z.preprocess(emptyToUndefined, z.string().trim().min(1).optional()),
    mobilePhone: z.preprocess(emptyToUndefined, z.string().trim().min(1).optional()),
    username: z.preprocess(emptyToUndefined, z.string().trim().min(1).optional()),
    status: z.preprocess((v) => (typeof v === 'string' ? v.split(',') : v), z.array(ZUserStatus).optional()),
    page: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).default(0)),
    pageSize: z.preprocess(
      emptyToUndefined,
      z.coerce
        .number()
        .int()
        .min(1)
        .max(Math.max(...USER_SEARCH_PAGE_SIZE_OPTIONS, 20))
        .default(10),
    ),
  })
  // A status alone is a search too (saved views: the users awaiting approval).
  .refine((q) => q.query || q.mobilePhone || q.username || q.status?.length, { message: 'Required', path: ['query'] });
export const ZUserSummary = z.object({
  username: z.string(),
  givenName: z.string(),
  familyName: z.string(),
  emailAddress: z.string().nullable(),
  mobilePhone: z.string().nullable(),
  customerNumber: z.string().nullable(),
  status: ZUserStatus,
  companyName: z.string().nullable(),
  /** §4: pending users with a duplicate e-mail, phone or identity number show the suspicious badge. */
  suspiciousRegistration: z.boolean(),
  premiumAccess: z.boolean(),
  verifiedDriversLicense: z.boolean(),
  licenseState: ZLicenseState,
  vehicleAccess: ZVehicleAccess,
  applyDate: ZIsoDateTime.nullable(),
});
export type UserSummary = z.infer<typeof ZUserSummary>;
/**
 * Ordered by family name, given name and user name when the search matches at most USER_SEARCH_MATCH_CAP users
 * (`total` is then exact); a broader search is ordered by user name (`orderedBy: 'username'`, `totalCapped: true`,
 * `total` = the cap: show it as "2000+").
 */
export const ZUserSearchResponse = z.object({
  results: z.array(ZUserSummary),
  moreResults: z.boolean(),
  currentPage: z.number().int(),
  total: z.number().int(),
  totalCapped: z.boolean(),
  orderedBy: z.enum(['name', 'username']),
});

/** GET /api/users/{username}/contracts */
export const ZUserContractsResponse = z.array(ZContract);

/**
 * GET /api/users/{username}/usable-pools: the operator's enabled pools; `directAccess` is false for
 * pools outside the user's contracts (the form marks those with an asterisk and an override notice).
 */
export const ZUsablePool = ZPool.extend({ directAccess: z.boolean() });
export const ZUsablePoolsResponse = z.array(ZUsablePool);
export type UsablePool = z.infer<typeof ZUsablePool>;

export const ZUsernameParams = z.object({ username: z.string().trim().min(1) });
