import { MESSAGE_IDS, type UserStatus } from '@fleetdesk/contract';
import { AppError } from '../../http/errors.ts';

/** 409: §4's table does not offer `action` in `status` (MESSAGES.userActionNotAllowed names both). */
export const statusRefused = (action: string, status: UserStatus) =>
  AppError.of(MESSAGE_IDS.userActionNotAllowed, 409, 'userActionNotAllowed', { action, status });
