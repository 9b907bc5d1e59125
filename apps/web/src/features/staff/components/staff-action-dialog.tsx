import { useState } from 'react';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { STAFF_REASON_MAX_LENGTH, ZStaffUpdateRequest, type StaffMember, type StaffRole } from '@fleetdesk/contract';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { notify, notifySuccess } from '@/lib/notifications/notify';
import { useResetStaffPassword, useUpdateStaffMember } from '../api/staff-api';
import type { StaffAction } from '../staff-actions';
import { staffName } from '../staff-list';
import { failureReason, fieldMessageText } from '../staff-messages';
import { ChangeRoleDialog } from './change-role-dialog';

export interface StaffActionDialogProps {
  /** The member as the menu showed them when the action was chosen. */
  member: StaffMember;
  action: StaffAction;
  onClose: () => void;
}

/**
 * The confirmation behind each menu entry, and the call it makes. It lives on the page, not in the row: a member who
 * leaves the filtered list after the change (disabled while "Active" is shown) still gets the outcome said.
 * Success: a short notification. Refusal (409 last admin, 404 gone …): the dialog closes, the list is read again and
 * the server's reason, in the staff member's language, stays until dismissed (§8).
 */
export function StaffActionDialog({ member, action, onClose }: StaffActionDialogProps) {
  const { t } = useTranslation();
  const update = useUpdateStaffMember();
  const reset = useResetStaffPassword();
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const name = staffName(member);

  const failed = (error: unknown) => {
    onClose();
    notify({
      variant: 'error',
      persist: true,
      message: t('staff.failed.withReason', { failure: t(`staff.failed.${action}`, { name }), reason: failureReason(error, t) }),
    });
  };
  const succeeded = (message: string) => {
    onClose();
    notifySuccess(message);
  };

  switch (action) {
    case 'changeRole':
      return (
        <ChangeRoleDialog
          member={member}
          pending={update.isPending}
          onConfirm={(role: StaffRole) =>
            update.mutate(
              { username: member.username, update: { role } },
              { onSuccess: (after) => succeeded(t('staff.changeRole.done', { name, role: t(`staff.role.${after.role}`) })), onError: failed },
            )
          }
          onClose={onClose}
        />
      );
    case 'disable': {
      const confirm = () => {
        const parsed = ZStaffUpdateRequest.safeParse({ disabled: true, reason });
        if (!parsed.success) {
          const issue = parsed.error.issues.find((item) => item.path[0] === 'reason');
          setReasonError(fieldMessageText(issue?.message ?? '', reason, t) || t('messages.invalid'));
          return;
        }
        update.mutate(
          { username: member.username, update: parsed.data },
          { onSuccess: () => succeeded(t('staff.disable.done', { name })), onError: failed },
        );
      };
      return (
        <ConfirmDialog
          title={t('staff.disable.title', { name })}
          message={t('staff.disable.body', { name, username: member.username })}
          confirmLabel={t('staff.disable.submit')}
          cancelLabel={t('staff.cancel')}
          destructive
          pending={update.isPending}
          onConfirm={confirm}
          onClose={onClose}
        >
          <TextField
            label={t('staff.disable.reason')}
            value={reason}
            onChange={(event) => {
              setReason(event.target.value);
              setReasonError(null);
            }}
            disabled={update.isPending}
            multiline
            minRows={2}
            error={reasonError !== null}
            helperText={reasonError ?? t('staff.disable.reasonHint', { len: reason.trim().length, max: STAFF_REASON_MAX_LENGTH })}
          />
        </ConfirmDialog>
      );
    }
    case 'enable':
      return (
        <ConfirmDialog
          title={t('staff.enable.title', { name })}
          message={t('staff.enable.body', { name, username: member.username })}
          confirmLabel={t('staff.enable.submit')}
          cancelLabel={t('staff.cancel')}
          pending={update.isPending}
          onConfirm={() =>
            update.mutate(
              { username: member.username, update: { disabled: false } },
              { onSuccess: () => succeeded(t('staff.enable.done', { name })), onError: failed },
            )
          }
          onClose={onClose}
        />
      );
    case 'resetPassword': {
      const email = member.emailAddress ?? t('staff.noEmail');
      return (
        <ConfirmDialog
          title={t('staff.resetPassword.title', { name })}
          message={t('staff.resetPassword.body', { email })}
          confirmLabel={t('staff.resetPassword.submit')}
          cancelLabel={t('staff.cancel')}
          pending={reset.isPending}
          onConfirm={() => reset.mutate(member.username, { onSuccess: () => succeeded(t('staff.resetPassword.done', { email })), onError: failed })}
          onClose={onClose}
        />
      );
    }
  }
}
