import { ALLOWED, fixedMessageKey, MESSAGE_IDS, MESSAGES, notAllowed, type StaffAbilities, type StaffRole } from '@fleetdesk/contract';
import { AppError } from '../../http/errors.ts';

/**
 * The staff-account rules (issue 13; docs/decisions/0039-staff-accounts.md), written once: the services refuse with
 * them (409) and the same function answers each member's `abilities`, so the Staff screen disables a control for the
 * reason the server would refuse it.
 */

export type StaffAction = 'changeRole' | 'disable' | 'enable' | 'resetPassword' | 'remove';

/** What the rules need to know of a member. */
export interface StaffRuleMember {
  id: number;
  role: StaffRole;
  /** Not disabled (and ACTIVE): may sign in. */
  enabled: boolean;
  passwordLoginAllowed: boolean;
  hasEmail: boolean;
}

export interface StaffRuleContext {
  /** The acting staff member's user id; null for the command line (`system`), which is nobody's own account. */
  actorUserId: number | null;
  /** The operator's enabled ADMIN accounts now (counted under lock when a change follows). */
  enabledAdmins: number;
}

/**
 * The message id of why `action` on `member` is refused, or null when it is allowed. Changing the role means
 * switching to the other role; a change that would leave the operator without an enabled ADMIN is refused.
 */
export function staffRefusal(action: StaffAction, member: StaffRuleMember, ctx: StaffRuleContext): string | null {
  const lastAdmin = member.enabled && member.role === 'ADMIN' && ctx.enabledAdmins <= 1;
  const self = ctx.actorUserId !== null && member.id === ctx.actorUserId;
  switch (action) {
    case 'changeRole':
      return lastAdmin ? MESSAGE_IDS.staffLastAdmin : null;
    case 'disable':
      if (!member.enabled) return MESSAGE_IDS.staffAlreadyDisabled;
      if (self) return MESSAGE_IDS.staffCannotDisableSelf;
      return lastAdmin ? MESSAGE_IDS.staffLastAdmin : null;
    case 'enable':
      return member.enabled ? MESSAGE_IDS.staffAlreadyEnabled : null;
    case 'resetPassword':
      if (!member.enabled) return MESSAGE_IDS.staffDisabled;
      if (!member.passwordLoginAllowed) return MESSAGE_IDS.passwordLoginNotAllowed;
      return member.hasEmail ? null : MESSAGE_IDS.staffNoEmail;
    case 'remove':
      if (self) return MESSAGE_IDS.staffCannotDisableSelf;
      return lastAdmin ? MESSAGE_IDS.staffLastAdmin : null;
  }
}

/** The abilities sent with a member (ZStaffMember.abilities). */
export function staffAbilities(member: StaffRuleMember, ctx: StaffRuleContext): StaffAbilities {
  const ability = (action: StaffAction) => {
    const reason = staffRefusal(action, member, ctx);
    return reason ? notAllowed(reason) : ALLOWED;
  };
  return { changeRole: ability('changeRole'), disable: ability('disable'), enable: ability('enable'), resetPassword: ability('resetPassword') };
}

/** 409 with the refusal's message id and its fixed text. */
export function staffRefused(messageId: string): AppError {
  const key = fixedMessageKey(messageId);
  return new AppError(messageId, 409, key ? MESSAGES[key] : MESSAGES.conflict);
}

/** Throws the refusal of `action`, if any. */
export function assertStaffAllowed(action: StaffAction, member: StaffRuleMember, ctx: StaffRuleContext): void {
  const reason = staffRefusal(action, member, ctx);
  if (reason) throw staffRefused(reason);
}
