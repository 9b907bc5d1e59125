import { z } from 'zod';
import { ZAbility } from '../abilities.ts';
import { ZIsoDateTime } from '../entities.ts';
import { ZLanguage, ZStaffRole } from '../enums.ts';
import { MESSAGES } from '../messages.ts';

/**
 * The operator's staff accounts (issue 13), for ADMIN staff only: every path answers 401 without a session, 403
 * (`errorId.core.forbidden`) to SUPPORT, and 404 (`errorId.core.staff.notFound`) for an unknown user name, a customer
 * or another operator's staff member. Every change appends a USER_ACTION event with the acting admin.
 *
 * - GET   /api/staff                                   → ZStaffList (the operator's staff, user name order)
 * - POST  /api/staff                 ZStaffCreateRequest → 201 ZStaffMember (mails a set-password link; no password
 *                                                        is ever typed by an admin; 409 usernameTaken)
 * - PATCH /api/staff/{username}       ZStaffUpdateRequest → ZStaffMember (role and/or disabled; disabling ends every
 *                                                        session of the member at once)
 * - POST  /api/staff/{username}/reset-password          → 202 ZStaffResetPasswordResponse (mails a reset link; a member
 *                                                        who has no password yet gets the set-password link again)
 *
 * Refusals (409, the member unchanged): disabling yourself (`errorId.core.staff.cannotDisableSelf`), and disabling
 * or demoting the operator's last enabled ADMIN (`errorId.core.staff.lastAdmin`); a reset-password mail to a disabled
 * member (`errorId.auth.accountDisabled`), to one without password login (`errorId.auth.passwordLoginNotAllowed`) or
 * without an e-mail address (`errorId.core.staff.noEmail`). The same rules travel as `abilities` on each member, so
 * the screen disables the control and says why; `enable` of an enabled member and `disable` of a disabled one carry
 * `errorId.core.staff.alreadyEnabled` / `alreadyDisabled`. A PATCH value the member already has changes nothing (200).
 * Every reason id is in FIXED_MESSAGE_KEYS.
 */

export const ZStaffStatus = z.enum(['ACTIVE', 'DISABLED']);
export type StaffStatus = z.infer<typeof ZStaffStatus>;

export const ZStaffAbilities = z.object({
  changeRole: ZAbility,
  disable: ZAbility,
  enable: ZAbility,
  resetPassword: ZAbility,
});
export type StaffAbilities = z.infer<typeof ZStaffAbilities>;

export const ZStaffMember = z.object({
  username: z.string(),
  givenName: z.string(),
  familyName: z.string(),
  emailAddress: z.string().nullable(),
  language: ZLanguage,
  role: ZStaffRole,
  status: ZStaffStatus,
  /** A new member who has not yet set a password from the mailed link. */
  passwordPending: z.boolean(),
  /** Single sign-on only (no password login): no reset mail. */
  passwordLoginAllowed: z.boolean(),
  lastLoginAt: ZIsoDateTime.nullable(),
  disabledAt: ZIsoDateTime.nullable(),
  disabledBy: z.string().nullable(),
  createdAt: ZIsoDateTime,
  abilities: ZStaffAbilities,
});
export type StaffMember = z.infer<typeof ZStaffMember>;

export const ZStaffList = z.object({ staff: z.array(ZStaffMember) });
export type StaffList = z.infer<typeof ZStaffList>;

/** A set-password link mailed to a new staff member (or mailed again) works this long; a reset link one hour. */
export const STAFF_SET_PASSWORD_TTL_HOURS = 72;

/**
 * Whether a text holds control characters (NUL and the like), which have no place in a name or a reason (and NUL
 * none in PostgreSQL at all). A reason may keep tabs and line breaks.
 */
const hasControlCharacter = (value: string, { lineBreaks = false } = {}) =>
  [...value].some((c) => {
    const code = c.charCodeAt(0);
    if (lineBreaks && (code === 0x09 || code === 0x0a || code === 0x0d)) return false;
    return code < 0x20 || code === 0x7f;
  });

const trimmed = (max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : v),
    z
      .string({ error: MESSAGES.required })
      .min(1, { error: MESSAGES.required, abort: true })
      .max(max, { error: `Maximum characters ${max}` })
      .refine((v) => !hasControlCharacter(v), { error: MESSAGES.invalid }),
  );

/** A user name a staff member types at login: letters, digits and . _ - @ (no spaces), 2 to 100 characters. */
export const STAFF_USERNAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._@-]{1,99}$/;

export const ZStaffCreateRequest = z.object({
  username: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : v),
    z
      .string({ error: MESSAGES.required })
      .min(1, { error: MESSAGES.required, abort: true })
      .regex(STAFF_USERNAME_PATTERN, { error: MESSAGES.invalidStaffUsername }),
  ),
  givenName: trimmed(100),
  familyName: trimmed(100),
  /** Required: the set-password link goes there. */
  emailAddress: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : v),
    z
      .string({ error: MESSAGES.required })
      .min(1, { error: MESSAGES.required, abort: true })
      .pipe(z.email({ error: MESSAGES.invalidEmail }).max(254, { error: MESSAGES.invalidEmail })),
  ),
  role: ZStaffRole,
  /** Default: the operator's language. */
  language: ZLanguage.optional(),
});
export type StaffCreateRequest = z.infer<typeof ZStaffCreateRequest>;

/** The longest reason a staff change may carry into its event. */
export const STAFF_REASON_MAX_LENGTH = 500;

/** At least one of role and disabled. `reason` (optional, at most STAFF_REASON_MAX_LENGTH characters) goes into the event. */
export const ZStaffUpdateRequest = z
  .object({
    role: ZStaffRole.optional(),
    disabled: z.boolean().optional(),
    reason: z.preprocess(
      (v) => (typeof v === 'string' ? v.trim() || undefined : v),
      z
        .string()
        .max(STAFF_REASON_MAX_LENGTH, { error: `Maximum characters ${STAFF_REASON_MAX_LENGTH}` })
        .refine((v) => !hasControlCharacter(v, { lineBreaks: true }), { error: MESSAGES.invalid })
        .optional(),
    ),
  })
  .refine((body) => body.role !== undefined || body.disabled !== undefined, { error: MESSAGES.staffUpdateEmpty });
export type StaffUpdateRequest = z.infer<typeof ZStaffUpdateRequest>;

/** The member's user name in the path (any case); control characters are a 400, not a lookup. */
export const ZStaffUsernameParams = z.object({
  username: z
    .string()
    .min(1)
    .max(100)
    .refine((v) => !hasControlCharacter(v), { error: MESSAGES.invalid }),
});

export const ZStaffResetPasswordResponse = z.object({ message: z.string() });
