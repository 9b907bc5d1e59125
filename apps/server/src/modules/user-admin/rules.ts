import {
  ALLOWED,
  MESSAGE_IDS,
  NOT_APPLICABLE,
  notAllowed,
  userActionsFor,
  ZUserAction,
  type UserAbilities,
  type UserAction,
  type UserStatus,
} from '@fleetdesk/contract';
import { AppError } from '../../http/errors.ts';

/** 409: §4's table does not offer `action` in `status` (MESSAGES.userActionNotAllowed names both). */
export const statusRefused = (action: string, status: UserStatus) =>
  AppError.of(MESSAGE_IDS.userActionNotAllowed, 409, 'userActionNotAllowed', { action, status });

/**
 * The abilities of a user (issue 16; docs/decisions/0044-abilities.md): the actions §4's table offers are allowed
 * (the contract's `userActionsFor`, which the action endpoints enforce through USER_ACTION_STATUSES); a new booking
 * for a user who is not ACTIVE and a password reset where password login is off are shown unavailable with the §8
 * reason; the other actions do not apply to the user's status and are left out.
 */
export function userAbilities(user: {
  status: UserStatus;
  passwordLoginAllowed: boolean;
  singleSignOn: boolean;
  identityVerified: boolean;
}): UserAbilities {
  const offered = new Set(userActionsFor(user));
  const ability = (action: UserAction) => {
    if (offered.has(action)) return ALLOWED;
    if (action === 'NEW_BOOKING') return notAllowed('userNotActive');
    if (action === 'RESET_PASSWORD') return notAllowed('passwordLoginNotAllowed');
    return NOT_APPLICABLE;
  };
  return Object.fromEntries(ZUserAction.options.map((action) => [action, ability(action)])) as UserAbilities;
}
