import { z } from 'zod';
import { ZUserStatus } from '../enums.ts';
import { ZContract, ZPool } from '../entities.ts';
import { USER_SEARCH_PAGE_SIZE_OPTIONS } from '../limits.ts';

const emptyToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/**
 * User search (path not shown in the spec: GET /api/users): free text over user name, names, phone,
 * e-mail and customer number, optional mobilePhone and username filters, optional status filter
 * (the booking form searches ACTIVE users only). Needs a non-blank input (§5).
 */
export const ZUserSearchQuery = z
  .object({
    query: z.preprocess(emptyToUndefined, z.string().trim().min(1).optional()),
    mobilePhone: z.preprocess(emptyToUndefined, z.string().trim().min(1).optional()),
    username: z.preprocess(emptyToUndefined, z.string().trim().min(1).optional()),
    status: z.preprocess((v) => (typeof v === 'string' ? v.split(',') : v), z.array(ZUserStatus).optional()),
    page: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).default(0)),
    pageSize: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(Math.max(...USER_SEARCH_PAGE_SIZE_OPTIONS, 20)).default(10)),
  })
  .refine((q) => q.query || q.mobilePhone || q.username, { message: 'Required', path: ['query'] });
export const ZUserSummary = z.object({
  username: z.string(),
  givenName: z.string(),
  familyName: z.string(),
  emailAddress: z.string().nullable(),
  mobilePhone: z.string().nullable(),
  customerNumber: z.string().nullable(),
  status: ZUserStatus,
  companyName: z.string().nullable(),
});
export type UserSummary = z.infer<typeof ZUserSummary>;
export const ZUserSearchResponse = z.object({
  results: z.array(ZUserSummary),
  moreResults: z.boolean(),
  currentPage: z.number().int(),
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
