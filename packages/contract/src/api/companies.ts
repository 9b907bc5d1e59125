import { z } from 'zod';
import { ZCompanyType, ZCountryCode, ZLanguage, ZUserStatus } from '../enums.ts';
import { ZCompany, ZCompanyNode, ZIsoDateTime } from '../entities.ts';
import { COMPANY_USERS_DEFAULT_PAGE_SIZE, COMPANY_USERS_PAGE_SIZE_OPTIONS, PHONE_PATTERN, PIN_PATTERN } from '../limits.ts';
import { MESSAGES } from '../messages.ts';
import { schemaMessage } from '../message-refs.ts';
import { COMPANY_USERS_SORT_DIRECTIONS, COMPANY_USERS_SORT_FIELDS } from '../values.ts';
import { ZMessageParams } from '../error-envelope.ts';
import { ZIntIdParam } from '../safe-input.ts';
import { emptyToUndefined, listParam } from './query-params.ts';

/**
 * Issue 6: companies, users by company, batch user creation, fleet by user name (docs/decisions/0027-companies-batch.md).
 * Every call needs a console session; another operator's company or user answers 404 like an unknown one.
 *
 * Paths (the spec names most of them without a path; chosen here and published in /api/openapi.json):
 *  - GET  /api/companies                     the operator's company tree (ZCompanyTreeResponse)
 *  - GET  /api/companies/top-level           top-level companies only, for the batch screen (ZTopLevelCompaniesResponse)
 *  - POST /api/companies/refresh-cache       "refresh company cache": answers the tree read afresh (there is no server cache)
 *  - GET  /api/companies/{id}                company detail (ZCompanyDetail); 404 unknown or another operator's
 *  - PUT  /api/companies/{id}                update the editable fields (ZCompanyUpdate); ADMIN only (403), 400 field errors,
 *                                            409 when an e-mail domain is already connected to another company of the operator
 *  - GET  /api/companies/{id}/users          users by company: status filter, optional phrase, sort, paging (ZCompanyUsersQuery)
 *  - POST /api/users/createBatch?companyId=  batch user creation from a .csv (multipart); ADMIN only (403); ZBatchCreateResponse
 *  - GET  /api/fleets/by-username/{username} fleet by user name: {fleet, name} of the session operator's user, else 404
 */

// ---------- Company tree and detail ----------

/** GET /api/companies: the top-level companies, each with its children down the tree, sorted by name at every level. */
export const ZCompanyTreeResponse = z.array(ZCompanyNode);
export type CompanyTreeResponse = z.infer<typeof ZCompanyTreeResponse>;

/** GET /api/companies/top-level: the companies batch import is offered for (§2: top-level only), sorted by name. */
export const ZTopLevelCompany = z.object({ id: z.number().int(), name: z.string(), type: ZCompanyType });
export const ZTopLevelCompaniesResponse = z.array(ZTopLevelCompany);
export type TopLevelCompany = z.infer<typeof ZTopLevelCompany>;

export const ZCompanyParams = z.object({ id: ZIntIdParam });

/**
 * GET /api/companies/{id}: §3 Company plus parentHierarchy (from the top-level company down to the direct parent,
 * empty for a top-level company) and the number of users directly in the company and in its whole subtree.
 */
export const ZCompanyDetail = ZCompany.extend({
  parentHierarchy: z.array(z.object({ id: z.number().int(), name: z.string() })),
  /** True for a top-level company: the only ones batch import is offered for. */
  topLevel: z.boolean(),
  userCount: z.number().int(),
  subtreeUserCount: z.number().int(),
});
export type CompanyDetail = z.infer<typeof ZCompanyDetail>;

const COMPANY_TEXT_MAX = 200;
const optionalText = (max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? null : typeof v === 'string' ? v.trim() : v),
    z.string().max(max, `Maximum characters ${max}`).nullable(),
  );
/** A connected e-mail domain: lower-cased, no @, at least one dot (nordlys.example). */
export const EMAIL_DOMAIN_PATTERN = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;
export const COMPANY_EMAIL_DOMAINS_MAX = 20;

export const ZCompanyContactInput = z.object({
  firstName: optionalText(100),
  lastName: optionalText(100),
  emailAddress: optionalText(254).refine((v) => v === null || z.email().safeParse(v).success, MESSAGES.invalidEmail),
  phoneNo: z.preprocess(
    (v) => (typeof v === 'string' ? (v.replace(/\s/g, '') === '' ? null : v.replace(/\s/g, '')) : v),
    z.string().regex(PHONE_PATTERN, MESSAGES.invalidPhoneNumber).nullable(),
  ),
});

/**
 * PUT /api/companies/{id} (ADMIN): the editable fields, all sent (a full replace of these fields). Not editable here:
 * the parent (the tree's shape), companyCode and requiresMembershipConfirmation (they drive the membership check).
 * E-mail domains are trimmed and lower-cased; each may be connected to one company of the operator only.
 */
export const ZCompanyUpdate = z.object({
  name: z.string().trim().min(1, MESSAGES.required).max(COMPANY_TEXT_MAX, `Maximum characters ${COMPANY_TEXT_MAX}`),
  type: ZCompanyType,
  marketSegment: optionalText(100),
  microSegment: optionalText(100),
  emailDomains: z
    .array(z.string().trim().toLowerCase().regex(EMAIL_DOMAIN_PATTERN, MESSAGES.invalidEmailDomain))
    .max(COMPANY_EMAIL_DOMAINS_MAX, schemaMessage('tooManyEmailDomains', { max: COMPANY_EMAIL_DOMAINS_MAX }))
    .refine((list) => new Set(list).size === list.length, MESSAGES.emailDomainListedTwice),
  /** null removes the contact. */
  contact: ZCompanyContactInput.nullable(),
});
export type CompanyUpdate = z.infer<typeof ZCompanyUpdate>;
export const ZCompanyUpdateResponse = ZCompanyDetail;

// ---------- Users by company ----------

/** Columns the company users table sorts by (§9: applyDate descending by default). */
export const ZCompanyUsersSortField = z.enum(COMPANY_USERS_SORT_FIELDS);
export type CompanyUsersSortField = z.infer<typeof ZCompanyUsersSortField>;
export const ZCompanyUsersSortDirection = z.enum(COMPANY_USERS_SORT_DIRECTIONS);
export type CompanyUsersSortDirection = z.infer<typeof ZCompanyUsersSortDirection>;

/**
 * GET /api/companies/{id}/users?status=&query=&includeChildren=&sort=&direction=&page=&pageSize=
 *  - status: optional list (repeat or comma separated) of user statuses;
 *  - query: optional phrase (§5: the company user search phrase is optional), each word must match user name,
 *    given or family name, e-mail, phone or customer number;
 *  - includeChildren (default true): users of the company's whole subtree, else of the company only;
 *  - sort (default applyDate) and direction (default desc; none = user-name order); ties by user id;
 *  - page (0-based) and pageSize (10, 25 or 50; default 25).
 * Customers only (staff accounts are not company users). Users without an applyDate sort last in both directions.
 */
export const ZCompanyUsersQuery = z.object({
  status: listParam(ZUserStatus),
  query: z.preprocess(emptyToUndefined, z.string().trim().min(1).max(200).optional()),
  includeChildren: z.preprocess(
    emptyToUndefined,
    z
      .enum(['true', 'false'])
      .default('true')
      .transform((v) => v === 'true'),
  ),
  sort: z.preprocess(emptyToUndefined, ZCompanyUsersSortField.default('applyDate')),
  direction: z.preprocess(emptyToUndefined, ZCompanyUsersSortDirection.default('desc')),
  page: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(100_000).default(0)),
  pageSize: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number()
      .int()
      .refine((n) => (COMPANY_USERS_PAGE_SIZE_OPTIONS as readonly number[]).includes(n), `One of ${COMPANY_USERS_PAGE_SIZE_OPTIONS.join(', ')}`)
      .default(COMPANY_USERS_DEFAULT_PAGE_SIZE),
  ),
});
export type CompanyUsersQuery = z.infer<typeof ZCompanyUsersQuery>;

export const ZCompanyUser = z.object({
  username: z.string(),
  givenName: z.string(),
  familyName: z.string(),
  emailAddress: z.string().nullable(),
  mobilePhone: z.string().nullable(),
  customerNumber: z.string().nullable(),
  status: ZUserStatus,
  applyDate: ZIsoDateTime.nullable(),
  lastStatusChangeDate: ZIsoDateTime.nullable(),
  /** The user's own company (a child of the requested one when includeChildren). */
  company: z.object({ id: z.number().int(), name: z.string() }),
});
export type CompanyUser = z.infer<typeof ZCompanyUser>;
export const ZCompanyUsersResponse = z.object({
  results: z.array(ZCompanyUser),
  totalCount: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  sort: ZCompanyUsersSortField,
  direction: ZCompanyUsersSortDirection,
});
export type CompanyUsersResponse = z.infer<typeof ZCompanyUsersResponse>;

// ---------- Batch user creation (§3, §5, §8) ----------

/** Largest .csv accepted (bytes) and most data lines (the header not counted); beyond either the whole file is a 400. */
export const BATCH_FILE_MAX_BYTES = 1024 * 1024;
export const BATCH_MAX_LINES = 1000;
/** The multipart file part's name. */
export const BATCH_FILE_FIELD = 'file';

/**
 * The .csv columns: a header row of user field names (matched case-insensitively, in any order). The first four are
 * required columns; the others are optional. `company` names a company in the chosen top-level company's subtree by
 * id or exact name (blank: the chosen company). A column named `error` is ignored, so the remaining-users file of an
 * earlier import (which adds it) can be corrected and uploaded again. Any other column is refused (400).
 */
export const BATCH_REQUIRED_COLUMNS = ['username', 'givenName', 'familyName', 'mobilePhone'] as const;
export const BATCH_OPTIONAL_COLUMNS = [
  'emailAddress',
  'language',
  'streetAddress',
  'zipCode',
  'city',
  'countryCode',
  'customerNumber',
  'campaignCode',
  'note',
  'pinCode',
  'rfid',
  'company',
] as const;
export const BATCH_COLUMNS = [...BATCH_REQUIRED_COLUMNS, ...BATCH_OPTIONAL_COLUMNS] as const;
export type BatchColumn = (typeof BATCH_COLUMNS)[number];
export const BATCH_ERROR_COLUMN = 'error';

const required = (max: number) => z.string().trim().min(1, MESSAGES.required).max(max, `Maximum characters ${max}`);
const optional = (max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : typeof v === 'string' ? v.trim() : v),
    z.string().max(max, `Maximum characters ${max}`).optional(),
  );

/**
 * One line of the file, with the user form's field rules (§5): user name, first and last name and mobile phone
 * required; phone + then 6–21 digits (spaces ignored); e-mail; PIN 4 digits. Uniqueness is checked by the server.
 */
export const ZBatchUserLine = z.object({
  username: required(100).refine((v) => !/\s/.test(v), MESSAGES.usernameNoSpaces),
  givenName: required(100),
  familyName: required(100),
  mobilePhone: z.preprocess(
    (v) => (typeof v === 'string' ? v.replace(/\s/g, '') : v),
    z.string().min(1, MESSAGES.required).regex(PHONE_PATTERN, MESSAGES.invalidPhoneNumber),
  ),
  emailAddress: optional(254).refine((v) => v === undefined || z.email().safeParse(v).success, MESSAGES.invalidEmail),
  language: z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : typeof v === 'string' ? v.trim() : v), ZLanguage.optional()),
  streetAddress: optional(200),
  zipCode: optional(20),
  city: optional(100),
  countryCode: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : typeof v === 'string' ? v.trim().toUpperCase() : v),
    ZCountryCode.optional(),
  ),
  customerNumber: optional(50),
  campaignCode: optional(50),
  note: optional(1000),
  pinCode: optional(4).refine((v) => v === undefined || PIN_PATTERN.test(v), MESSAGES.invalidPinCode),
  rfid: optional(100),
  company: optional(200),
});
export type BatchUserLine = z.infer<typeof ZBatchUserLine>;

/** POST /api/users/createBatch?companyId=N (companyId may instead be a form field of the multipart body). */
export const ZBatchCreateQuery = z.object({ companyId: z.preprocess(emptyToUndefined, ZIntIdParam.optional()) });
/**
 * The multipart/form-data body of POST /api/users/createBatch, as the OpenAPI document publishes it: the .csv file part
 * and, when not in the query, the companyId field. The server reads the parts itself (readBatchUpload).
 */
export const ZBatchCreateForm = z.object({
  [BATCH_FILE_FIELD]: z
    .file()
    .max(BATCH_FILE_MAX_BYTES)
    .describe(`The users as a .csv file with a header row (columns: ${BATCH_COLUMNS.join(', ')}), at most ${BATCH_MAX_LINES} lines`),
  companyId: z.number().int().positive().optional().describe('The top-level company, when not given as the companyId query parameter'),
});

export const ZBatchCreatedUser = z.object({ line: z.number().int(), username: z.string() });
/** A line that was not created: its line number in the file (header = 1), user name as written, and why. */
export const ZBatchFailedLine = z.object({
  line: z.number().int(),
  username: z.string(),
  /** All of the line's problems in one text ("mobilePhone: Invalid phone number; …"). */
  message: z.string(),
  /** Each problem of the line: its field, its message key and params (see ZErrorItem) and its English text. */
  errors: z.array(z.object({ field: z.string(), messageId: z.string().optional(), params: ZMessageParams.optional(), message: z.string() })),
});
export type BatchFailedLine = z.infer<typeof ZBatchFailedLine>;

/**
 * §3 Batch user creation result. 200 whenever the file itself could be read, even if no line was created; the screen
 * shows a message with createdCount and a warning with failedCount (MESSAGES.batchUsersCreated / batchUsersFailed).
 * remaningUsersFileBytes (the spec's spelling) is the base64 of a UTF-8 .csv of the failed lines as uploaded, with the
 * same header and separator plus an `error` column; null when every line was created.
 */
export const ZBatchCreateResponse = z.object({
  createdCount: z.number().int(),
  failedCount: z.number().int(),
  createdUsers: z.array(ZBatchCreatedUser),
  notCreatedUsers: z.array(ZBatchFailedLine),
  remaningUsersFileBytes: z.string().nullable(),
  /** Suggested download name: '<original name>-remaining.csv'. */
  remainingUsersFileName: z.string().nullable(),
  /** The encoding the file was read in (UTF-8, UTF-16 with a byte-order mark, or Windows-1252 when not UTF-8). */
  fileEncoding: z.enum(['UTF-8', 'UTF-16', 'Windows-1252']),
});
export type BatchCreateResponse = z.infer<typeof ZBatchCreateResponse>;

// ---------- Fleet by user name ----------

/** GET /api/fleets/by-username/{username}: the operator of one of the session operator's users; else 404. */
export const ZFleetByUsernameParams = z.object({ username: z.string().trim().min(1).max(200) });
export const ZFleetByUsernameResponse = z.object({ fleet: z.string(), name: z.string() });
export type FleetByUsernameResponse = z.infer<typeof ZFleetByUsernameResponse>;
