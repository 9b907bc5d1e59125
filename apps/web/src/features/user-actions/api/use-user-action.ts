import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { BlockRequest, UserAction, UserDetail } from '@fleetdesk/contract';
import { isApiError } from '@/lib/api/api-error';
import type { AppNotification } from '@/lib/notifications/notification';
import { notify, notifySuccess } from '@/lib/notifications/notify';
import {
  activateUser,
  approveUser,
  blockUser,
  confirmDeletion,
  reactivateUser,
  requestDeletion,
  resendConfirmation,
  resetPassword,
  userActionKeys,
  verifyIdentity,
} from './user-actions-api';

/** The status actions that call the server (new booking is a link). */
export type ServerUserAction = Exclude<UserAction, 'NEW_BOOKING'>;

export interface UserActionVariables {
  action: ServerUserAction;
  block?: BlockRequest;
}

/** The user after the action; null when it was deleted. */
export async function runUserAction(username: string, { action, block }: UserActionVariables): Promise<UserDetail | null> {
  switch (action) {
    case 'BLOCK':
      if (!block) throw new Error('block needs a reason');
      return blockUser(username, block);
    case 'UNBLOCK':
      return activateUser(username);
    case 'REACTIVATE':
      return reactivateUser(username);
    case 'APPROVE':
      return approveUser(username);
    case 'RESEND_CONFIRMATION':
      return (await resendConfirmation(username)).user;
    case 'RESET_PASSWORD':
      return (await resetPassword(username)).user;
    case 'REQUEST_DELETION':
      return requestDeletion(username);
    case 'CONFIRM_DELETION':
      await confirmDeletion(username);
      return null;
    case 'VERIFY_IDENTITY':
      return verifyIdentity(username);
  }
}

/** §8 User successes: activated, deactivated, password reset (with the user), approved, confirmation resent. */
export function userActionSuccessMessage(action: ServerUserAction, username: string, t: TFunction): string {
  switch (action) {
    case 'BLOCK':
      return t('messages.userDeactivated');
    case 'UNBLOCK':
      return t('messages.userActivated');
    case 'REACTIVATE':
      return t('userActions.success.reactivated');
    case 'APPROVE':
      return t('messages.userApproved');
    case 'RESEND_CONFIRMATION':
      return t('messages.confirmationResent');
    case 'RESET_PASSWORD':
      return t('messages.passwordResetSent', { user: username });
    case 'REQUEST_DELETION':
      return t('userActions.success.deletionRequested', { user: username });
    case 'CONFIRM_DELETION':
      return t('userActions.success.deleted', { user: username });
    case 'VERIFY_IDENTITY':
      return t('userActions.success.identityVerified');
  }
}

/**
 * §8 User failures: 404 'not found'; 400 the server message or 'invalid'; otherwise the server message (a refused
 * status change answers 409 naming the action and the status). Each is prefixed with the failed action.
 */
export function userActionFailure(action: UserAction, error: unknown, t: TFunction): AppNotification {
  const failure = t(`userActions.failed.${action}`);
  let reason = t('messages.somethingWentWrong');
  if (isApiError(error)) {
    const { httpCode, message, errors } = error.envelope;
    if (error.status === 404 || httpCode === 404) reason = t('messages.userNotFound');
    else if (error.status === 400) reason = errors[0]?.message ?? (message || t('messages.invalid'));
    else reason = message || reason;
  }
  return { variant: 'error', message: t('userActions.failed.withReason', { failure, reason }) };
}

/**
 * One status action on a user: the §8 message, then every users query re-fetches (`['users']`, the users feature's
 * key prefix) and onChanged gets the user after the change (null when deleted). Field errors of a 400 stay with the
 * caller (the block dialog shows them on its fields).
 */
export function useUserAction(username: string, options: { onChanged?: (user: UserDetail | null) => void } = {}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['users', 'action', { username }],
    mutationFn: (variables: UserActionVariables) => runUserAction(username, variables),
    meta: { notifyErrors: false },
    onSuccess: (after, { action }) => {
      notifySuccess(userActionSuccessMessage(action, username, t));
      options.onChanged?.(after);
      void queryClient.invalidateQueries({ queryKey: userActionKeys.users() });
    },
    onError: (error, { action }) => {
      const fieldErrors = isApiError(error) && error.status === 400 && error.envelope.errors.some((e) => e.field);
      if (!(action === 'BLOCK' && fieldErrors)) notify(userActionFailure(action, error, t));
      void queryClient.invalidateQueries({ queryKey: userActionKeys.users() });
    },
  });
}
