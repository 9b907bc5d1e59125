import type { UserAction, UserStatus } from '@fleetdesk/contract';

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

/** Whether a user counts as approved for the wizard (approval done: APPROVED, or already ACTIVE). */
export const isApprovedStatus = (status: UserStatus) => status === 'APPROVED' || status === 'ACTIVE';
