import { z } from 'zod';
import { ZAbility } from '../abilities.ts';
import {
  ZBlockReason,
  ZCountryCode,
  ZIdentityMethod,
  ZLanguage,
  ZLicenseState,
  ZUserCategory,
  ZUserStatus,
  ZVehicleAccess,
  type LicenseState,
  type UserStatus,
  type VehicleAccess,
} from '../enums.ts';
import { ZBlockStatus, ZIsoDateTime, ZUser } from '../entities.ts';
import { ZMessageParams } from '../error-envelope.ts';
import { PHONE_PATTERN, PIN_PATTERN, USER_SEARCH_PAGE_SIZE_OPTIONS } from '../limits.ts';
import { MESSAGES } from '../messages.ts';
import { DB_INT_MAX, ZIntId } from '../safe-input.ts';
import { ZUserSummary } from './users.ts';

/**
 * The user page's API (issue 6; docs/decisions/0025-user-admin.md). Every path answers 401 without a session and 404
 * (`errorId.core.user.notFound`) for an unknown user, another operator's user or a staff account; bad input is a 400
 * envelope (`errorId.apigw.invalid.input`, one `{field, message}` per rule, messages of §5); a status action that §4's
 * table does not allow in the user's status is a 409 (`errorId.core.user.actionNotAllowed`, message names the action
 * and the status). Every change appends a USER_ACTION event with the acting staff member and the affected user.
 *
 * - GET    /api/users/{username}                      → ZUserDetail
 * - PUT    /api/users/{username}        ZUserUpdateRequest → ZUserDetail (400 field errors; 409 usernameTaken)
 * - DELETE /api/users/{username}                      → 204 (confirm deletion; only from DELETION_REQUESTED)
 * - GET    /api/users/{username}/block                → ZBlockStatus or null
 * - POST   /api/users/{username}/block  ZBlockRequest → ZUserDetail (BLOCKED)
 * - POST   /api/users/{username}/activate             → ZUserDetail (§4 "Activate sets ACTIVE and clears the block
 *                                                       status": BLOCKED or DELETION_REQUESTED → ACTIVE, block status
 *                                                       and deletion request cleared)
 * - POST   /api/users/{username}/reactivate           → ZUserDetail (the same, for DELETION_REQUESTED only)
 * - POST   /api/users/{username}/approve              → ZUserDetail (AWAITING_APPROVAL / PENDING_OLD → APPROVED)
 * - POST   /api/users/{username}/resend-confirmation  → ZUserActionResponse (PENDING / AWAITING_CONFIRMATION; mails)
 * - POST   /api/users/{username}/requestDeletion      → ZUserDetail (any status but DELETION_REQUESTED)
 * - POST   /api/users/{username}/password-reset       → ZUserActionResponse (mails a reset link; 409 when password
 *                                                       login is not allowed or the user signs in with single sign-on)
 * - POST   /api/users/{username}/verify-identity      → ZUserDetail (identityVerified, by and at)
 * - GET    /api/users/{username}/freeMonths           → ZFreeMonths
 * - PUT    /api/users/{username}/freeMonths ZFreeMonths → ZFreeMonths
 * - POST   /api/admin/users/approved  ZBulkApproveRequest → ZBulkApproveResponse (200; per user the new status or the failure;
 *          with `dryRun` the plan: per user what would happen, nothing written)
 * - GET    /api/admin/users/pending-deletion?page&pageSize → ZPendingDeletionResponse (oldest request first)
 * - POST   /api/users/{username}/membership/check ZMembershipCheckRequest → ZMembershipCheckResponse (§7 check membership;
 *          409 when the user's company needs no confirmation)
 * - POST   /api/users/initCache                       → 204 (§7; the server keeps no user or company cache: a no-op kept
 *          for the console's refresh action)
 */

// ---------- §4 rules shared by the server and the screens ----------

/** §4 "Actions by status" (plus verify identity and reset password, offered in any status). */
export const ZUserAction = z.enum([
  'BLOCK',
  'RESEND_CONFIRMATION',
  'APPROVE',
  'UNBLOCK',
  'REACTIVATE',
  'CONFIRM_DELETION',
  'REQUEST_DELETION',
  'NEW_BOOKING',
  'RESET_PASSWORD',
  'VERIFY_IDENTITY',
]);
export type UserAction = z.infer<typeof ZUserAction>;

/** The statuses each status-bound action of §4's table is offered in. */
export const USER_ACTION_STATUSES: Record<Exclude<UserAction, 'RESET_PASSWORD' | 'VERIFY_IDENTITY' | 'REQUEST_DELETION'>, readonly UserStatus[]> = {
  BLOCK: ['PENDING', 'AWAITING_CONFIRMATION', 'AWAITING_APPROVAL', 'PENDING_OLD', 'APPROVED', 'ACTIVE'],
  RESEND_CONFIRMATION: ['PENDING', 'AWAITING_CONFIRMATION'],
  APPROVE: ['AWAITING_APPROVAL', 'PENDING_OLD'],
  UNBLOCK: ['BLOCKED'],
  REACTIVATE: ['DELETION_REQUESTED'],
  CONFIRM_DELETION: ['DELETION_REQUESTED'],
  NEW_BOOKING: ['ACTIVE'],
};

/**
 * The actions §4 offers for a user: the status table, request deletion in any status but DELETION_REQUESTED, reset
 * password unless password login is not allowed or the user signs in with single sign-on, verify identity until it
 * is verified.
 */
export function userActionsFor(user: {
  status: UserStatus;
  passwordLoginAllowed: boolean;
  singleSignOn: boolean;
  identityVerified: boolean;
}): UserAction[] {
  const actions: UserAction[] = [];
  for (const [action, statuses] of Object.entries(USER_ACTION_STATUSES) as [UserAction, readonly UserStatus[]][]) {
    if (statuses.includes(user.status)) actions.push(action);
  }
  if (user.status !== 'DELETION_REQUESTED') actions.push('REQUEST_DELETION');
  if (user.passwordLoginAllowed && !user.singleSignOn) actions.push('RESET_PASSWORD');
  if (!user.identityVerified) actions.push('VERIFY_IDENTITY');
  return actions;
}

/** The abilities of a user (issue 16): one per action of §4, computed by the server (user-admin/rules.ts). */
export const ZUserAbilities = z.object(
  Object.fromEntries(ZUserAction.options.map((action) => [action, ZAbility])) as Record<UserAction, typeof ZAbility>,
);
export type UserAbilities = z.infer<typeof ZUserAbilities>;

/** §4 bulk approve: only when every selected user is AWAITING_APPROVAL. */
export const canBulkApprove = (statuses: readonly UserStatus[]) => statuses.length > 0 && statuses.every((s) => s === 'AWAITING_APPROVAL');

/**
 * §4 vehicle access (the user page's header summary): all vehicles if premium and licence verified; non-premium cars
 * if only the licence is verified; otherwise bikes only, with the licence pending or without a licence.
 */
export function vehicleAccessOf(user: { premiumAccess: boolean; verifiedDriversLicense: boolean; licenseState: LicenseState }): VehicleAccess {
  if (user.verifiedDriversLicense) return user.premiumAccess ? 'PREMIUM' : 'CARS';
  return user.licenseState === 'PENDING' ? 'BIKES_LICENSE_PENDING' : 'BIKES_NO_LICENSE';
}

/** §6: the fields of a user with an external single-sign-on method that cannot be changed in the console. */
export const SSO_LOCKED_FIELDS = [
  'username',
  'customerNumber',
  'givenName',
  'familyName',
  'mobilePhone',
  'emailAddress',
  'userCategory',
  'company',
] as const;

// ---------- GET /api/users/{username} ----------

/**
 * The §3 User plus what the user page needs beside it: the header summary's vehicle access, the licence status, the
 * actions §4 offers now, the status bookkeeping and the housing-association membership.
 */
export const ZUserDetail = ZUser.extend({
  vehicleAccess: ZVehicleAccess,
  driversLicense: z.object({
    state: ZLicenseState,
    verifier: z.string().nullable(),
    timestamp: ZIsoDateTime.nullable(),
    country: z.string().nullable(),
    validUntil: z.string().nullable(),
  }),
  identityVerifiedBy: z.string().nullable(),
  identityVerifiedAt: ZIsoDateTime.nullable(),
  /** True when the user has an external single-sign-on method: SSO_LOCKED_FIELDS cannot change, no password reset. */
  singleSignOn: z.boolean(),
  availableActions: z.array(ZUserAction),
  /** Every action of §4 for this user now, with the reason when it is not allowed (issue 16). */
  abilities: ZUserAbilities,
  approvedBy: z.string().nullable(),
  approvedAt: ZIsoDateTime.nullable(),
  deletionRequestedBy: z.string().nullable(),
  deletionRequestedAt: ZIsoDateTime.nullable(),
  confirmationSentAt: ZIsoDateTime.nullable(),
  /** Housing-association divisions (§5): `required` when the user's company needs a confirmed membership. */
  membership: z.object({
    required: z.boolean(),
    confirmedAt: ZIsoDateTime.nullable(),
    confirmedBy: z.string().nullable(),
    override: z.boolean(),
  }),
});
export type UserDetail = z.infer<typeof ZUserDetail>;

// ---------- PUT /api/users/{username} ----------

/** §5 free months: a whole number, zero or more, that fits its int4 column. */
const ZFreeMonthsCount = z
  .number({ error: MESSAGES.mustBeNumber })
  .int({ error: MESSAGES.mustBeNumber })
  .min(0, { error: MESSAGES.valueCanNotBeNegative })
  .max(DB_INT_MAX, { error: MESSAGES.intOutOfRange });

const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : typeof v === 'string' ? v.trim() : v);
const requiredText = (max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : v),
    z
      .string({ error: MESSAGES.required })
      .min(1, { error: MESSAGES.required, abort: true })
      .max(max, { error: `Maximum characters ${max}` }),
  );
const optionalText = (max: number) =>
  z.preprocess(
    blankToNull,
    z
      .string()
      .max(max, { error: `Maximum characters ${max}` })
      .nullable()
      .optional(),
  );

/**
 * The edit form's body: the §3 User as read (the client may send it whole); `htmlId`, `outstandingPayments`,
 * `hasOutstandingPayments`, `status` and every other read-only field are dropped, never stored. An optional field left
 * out keeps its value; null (or a blank text) clears it. §5 rules and messages: username, givenName, familyName and
 * mobilePhone 'Required'; mobilePhone + then 6–21 digits ('Invalid phone number'); emailAddress ('Invalid email
 * address'); pinCode exactly 4 digits ('Invalid pin code'); company membership 'Required'; freeMonths an integer ≥ 0
 * ('Value can not be negative'). A housing-association division needs a confirmed membership or `membershipOverride:
 * true` (field `company`, MESSAGES.membershipConfirmationRequired). For single-sign-on users SSO_LOCKED_FIELDS must
 * keep their values (field error MESSAGES.ssoFieldLocked). A user name taken by anyone else (any case) → 409.
 */
export const ZUserUpdateRequest = z.object({
  username: requiredText(100),
  givenName: requiredText(100),
  familyName: requiredText(100),
  mobilePhone: z.preprocess(
    (v) => (typeof v === 'string' ? v.replace(/[\s\-().]/g, '') : v),
    z
      .string({ error: MESSAGES.required })
      .min(1, { error: MESSAGES.required, abort: true })
      .regex(PHONE_PATTERN, { error: MESSAGES.invalidPhoneNumber }),
  ),
  emailAddress: z.preprocess(blankToNull, z.email({ error: MESSAGES.invalidEmail }).max(254, { error: MESSAGES.invalidEmail }).nullable().optional()),
  language: ZLanguage.optional(),
  address: z
    .object({
      streetAddress: optionalText(200),
      zipCode: optionalText(20),
      city: optionalText(100),
      countryCode: z.preprocess(blankToNull, ZCountryCode.nullable().optional()),
    })
    .optional(),
  pinCode: z.preprocess(blankToNull, z.string().regex(PIN_PATTERN, { error: MESSAGES.invalidPinCode }).nullable().optional()),
  rfid: optionalText(100),
  customerNumber: optionalText(50),
  campaignCode: optionalText(50),
  note: optionalText(2000),
  premiumAccess: z.boolean().optional(),
  userCategory: ZUserCategory.optional(),
  /** Company membership (required): the §3 company object as read, or just `{id}`. */
  company: z.object({ id: ZIntId }, { error: MESSAGES.required }).nullable(),
  freeMonths: ZFreeMonthsCount.optional(),
  /** Staff override of the housing-association membership confirmation (§5), stored on the user. */
  membershipOverride: z.boolean().optional(),
});
export type UserUpdateRequest = z.infer<typeof ZUserUpdateRequest>;

// ---------- actions ----------

/** POST /api/users/{username}/block: a §4 block reason is required ('Block reason is required'); an optional message. */
export const ZBlockRequest = z.object({
  blockReason: z.enum(ZBlockReason.options, {
    error: (issue) =>
      issue.input === undefined || issue.input === null ? MESSAGES.blockReasonRequired : `Must be one of: ${ZBlockReason.options.join(', ')}`,
  }),
  blockMessage: z.preprocess(blankToNull, z.string().max(1000, { error: 'Maximum characters 1000' }).nullable().optional()),
});
export type BlockRequest = z.infer<typeof ZBlockRequest>;
/** GET /api/users/{username}/block: the block status, null when the user is not blocked. */
export const ZBlockStatusResponse = ZBlockStatus.nullable();

/** Answer of the actions that mail (resend confirmation, password reset): the §8 success text and the user. */
export const ZUserActionResponse = z.object({ message: z.string(), user: ZUserDetail });
export type UserActionResponse = z.infer<typeof ZUserActionResponse>;

/** GET and PUT /api/users/{username}/freeMonths (§5: zero or more). */
export const ZFreeMonths = z.object({
  freeMonths: ZFreeMonthsCount,
});
export type FreeMonths = z.infer<typeof ZFreeMonths>;

/** Bulk approve: at most this many users per request. */
export const BULK_APPROVE_MAX = 100;
/** POST /api/admin/users/approved */
export const ZBulkApproveRequest = z.object({
  usernames: z
    .array(z.string().trim().min(1, { error: MESSAGES.required }))
    .min(1, { error: MESSAGES.required })
    .max(BULK_APPROVE_MAX),
  /** Why these users are approved together (issue 17: a bulk action is deliberate); written into each user's event. */
  reason: z.string().trim().max(500).optional(),
  /**
   * The plan only (issue 19 point 4): per user what the run would do, by the same check, and nothing is written (no
   * state, no event). Absent or false: the users are approved.
   */
  dryRun: z.boolean().default(false),
});
export type BulkApproveRequestInput = z.input<typeof ZBulkApproveRequest>;
/**
 * What happened (or, in a dry run, would happen) to one user: PLANNED only in a dry run (would be approved); DONE
 * approved; SKIPPED not approved, with the reason (not found, which includes another operator's user, or a status that
 * cannot be approved).
 */
export const ZBulkApproveOutcome = z.enum(['PLANNED', 'DONE', 'SKIPPED']);
export type BulkApproveOutcome = z.infer<typeof ZBulkApproveOutcome>;
/**
 * Per requested user (in request order, duplicates once): `approved` with the new `status`, or the failure with its
 * HTTP code and message (404 unknown or another operator's user, 409 a status that cannot be approved). In a dry run
 * nothing is approved (`approved` false, `status` null): `outcome` PLANNED says the user would be, and a refusal comes
 * with the HTTP code and message the run would answer. `messageId` and `params` name `message` in the contract's
 * MESSAGES (docs/decisions/0059), so clients translate it.
 */
export const ZBulkApproveResult = z.object({
  username: z.string(),
  approved: z.boolean(),
  status: ZUserStatus.nullable(),
  httpCode: z.number().int().nullable(),
  message: z.string(),
  outcome: ZBulkApproveOutcome,
  messageId: z.string().optional(),
  params: ZMessageParams.optional(),
});
export type BulkApproveResult = z.infer<typeof ZBulkApproveResult>;
export const ZBulkApproveResponse = z.object({ dryRun: z.boolean(), results: z.array(ZBulkApproveResult) });
export type BulkApproveResponse = z.infer<typeof ZBulkApproveResponse>;

/** GET /api/admin/users/pending-deletion: the operator's users in DELETION_REQUESTED, oldest request first; offset pages. */
export const ZPendingDeletionQuery = z.object({
  page: z.coerce.number().int().min(0).default(0),
  pageSize: z.coerce
    .number()
    .int()
    .min(1)
    .max(Math.max(...USER_SEARCH_PAGE_SIZE_OPTIONS))
    .default(10),
});
export const ZPendingDeletionUser = ZUserSummary.extend({
  deletionRequestedAt: ZIsoDateTime.nullable(),
  deletionRequestedBy: z.string().nullable(),
});
export const ZPendingDeletionResponse = z.object({
  results: z.array(ZPendingDeletionUser),
  moreResults: z.boolean(),
  currentPage: z.number().int(),
  total: z.number().int(),
});
export type PendingDeletionResponse = z.infer<typeof ZPendingDeletionResponse>;

/** Identity methods a verification may record (default MANUAL when none is set yet). */
export const ZVerifyIdentityRequest = z.object({ identityMethod: ZIdentityMethod.optional() }).nullish();

/** POST /api/users/{username}/membership/check: the housing association's membership code the resident gave. */
export const ZMembershipCheckRequest = z.object({ companyCode: z.string().trim().min(1).max(40) });
export type MembershipCheckRequest = z.infer<typeof ZMembershipCheckRequest>;
/** SUCCESS when confirmed (the user's membership is then confirmed, by and at); REJECTED changes nothing. */
export const ZMembershipCheckResponse = z.object({ result: z.enum(['SUCCESS', 'REJECTED']), user: ZUserDetail });
export type MembershipCheckResponse = z.infer<typeof ZMembershipCheckResponse>;
