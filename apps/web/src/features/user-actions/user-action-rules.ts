import { userActionsFor, type UserAction, type UserDetail, type UserStatus } from '@fleetdesk/contract';

/** The menu's order: the status changes of §4's table first, then the rest. */
export const USER_ACTION_ORDER: readonly UserAction[] = [
  'APPROVE',
  'UNBLOCK',
  'REACTIVATE',
  'RESEND_CONFIRMATION',
  'NEW_BOOKING',
  'VERIFY_IDENTITY',
  'RESET_PASSWORD',
  'BLOCK',
  'REQUEST_DELETION',
  'CONFIRM_DELETION',
];

/** Actions that change the user for good or lock the customer out: they ask first (block has its own dialog). */
export const CONFIRMED_ACTIONS: readonly UserAction[] = ['CONFIRM_DELETION', 'REQUEST_DELETION', 'RESET_PASSWORD'];

/**
 * The actions the menu offers for a user, in menu order: exactly §4's table through the contract's `userActionsFor`
 * (block, resend confirmation, approve, unblock, reactivate, confirm deletion, new booking by status; request deletion
 * unless DELETION_REQUESTED; reset password unless password login is off or the user is on single sign-on; verify
 * identity while it is not verified).
 */
export function menuActionsFor(user: Pick<UserDetail, 'status' | 'passwordLoginAllowed' | 'singleSignOn' | 'identityVerified'>): UserAction[] {
  const offered = new Set(userActionsFor(user));
  return USER_ACTION_ORDER.filter((action) => offered.has(action));
}

/** Whether a user counts as approved for the wizard (approval done: APPROVED, or already ACTIVE). */
export const isApprovedStatus = (status: UserStatus) => status === 'APPROVED' || status === 'ACTIVE';
