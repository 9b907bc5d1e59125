import { ZUserStatus, type UserStatus } from '@fleetdesk/contract';
import { describe, expect, it } from 'vitest';
import { userAbilities } from '../src/modules/user-admin/rules.ts';

/** §4 "Actions by status" as the abilities the server sends with a user (issue 16; the web only draws them). */

/** The actions a user's menu offers (allowed abilities), in the menu's order. */
const ORDER = [
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
] as const;
const actionsOf = (status: UserStatus, extra: Partial<{ passwordLoginAllowed: boolean; singleSignOn: boolean; identityVerified: boolean }> = {}) => {
  const abilities = userAbilities({ status, passwordLoginAllowed: true, singleSignOn: false, identityVerified: true, ...extra });
  return ORDER.filter((action) => abilities[action].allowed);
};

describe('user actions by status (§4)', () => {
  it('offers exactly the actions of the status table', () => {
    expect(actionsOf('PENDING')).toEqual(['RESEND_CONFIRMATION', 'RESET_PASSWORD', 'BLOCK', 'REQUEST_DELETION']);
    expect(actionsOf('AWAITING_CONFIRMATION')).toEqual(['RESEND_CONFIRMATION', 'RESET_PASSWORD', 'BLOCK', 'REQUEST_DELETION']);
    expect(actionsOf('AWAITING_APPROVAL')).toEqual(['APPROVE', 'RESET_PASSWORD', 'BLOCK', 'REQUEST_DELETION']);
    expect(actionsOf('PENDING_OLD')).toEqual(['APPROVE', 'RESET_PASSWORD', 'BLOCK', 'REQUEST_DELETION']);
    expect(actionsOf('APPROVED')).toEqual(['RESET_PASSWORD', 'BLOCK', 'REQUEST_DELETION']);
    expect(actionsOf('ACTIVE')).toEqual(['NEW_BOOKING', 'RESET_PASSWORD', 'BLOCK', 'REQUEST_DELETION']);
    expect(actionsOf('BLOCKED')).toEqual(['UNBLOCK', 'RESET_PASSWORD', 'REQUEST_DELETION']);
    expect(actionsOf('DELETION_REQUESTED')).toEqual(['REACTIVATE', 'RESET_PASSWORD', 'CONFIRM_DELETION']);
    expect(actionsOf('PENDING_APPROVAL')).toEqual(['RESET_PASSWORD', 'REQUEST_DELETION']);
  });

  it('offers new booking only to ACTIVE users and request deletion to every status but DELETION_REQUESTED', () => {
    for (const status of ZUserStatus.options) {
      expect(actionsOf(status).includes('NEW_BOOKING')).toBe(status === 'ACTIVE');
      expect(actionsOf(status).includes('REQUEST_DELETION')).toBe(status !== 'DELETION_REQUESTED');
    }
  });

  it('hides reset password when password login is not allowed or the user is on single sign-on; verify identity until verified', () => {
    expect(actionsOf('ACTIVE', { passwordLoginAllowed: false })).not.toContain('RESET_PASSWORD');
    expect(actionsOf('ACTIVE', { singleSignOn: true })).not.toContain('RESET_PASSWORD');
    expect(actionsOf('ACTIVE', { identityVerified: false })).toContain('VERIFY_IDENTITY');
    expect(actionsOf('ACTIVE')).not.toContain('VERIFY_IDENTITY');
  });

  it('says why a new booking or a password reset is not available', () => {
    expect(userAbilities({ status: 'BLOCKED', passwordLoginAllowed: true, singleSignOn: false, identityVerified: true }).NEW_BOOKING).toEqual({
      allowed: false,
      reason: 'userNotActive',
    });
    expect(userAbilities({ status: 'ACTIVE', passwordLoginAllowed: false, singleSignOn: false, identityVerified: true }).RESET_PASSWORD).toEqual({
      allowed: false,
      reason: 'passwordLoginNotAllowed',
    });
    expect(userAbilities({ status: 'ACTIVE', passwordLoginAllowed: true, singleSignOn: false, identityVerified: true }).UNBLOCK).toEqual({
      allowed: false,
      reason: null,
    });
  });
});
