import { useState, type ReactElement } from 'react';
import AddCircleOutlineIcon from '@mui/icons-material/AddCircleOutlineOutlined';
import BlockIcon from '@mui/icons-material/Block';
import DeleteForeverOutlinedIcon from '@mui/icons-material/DeleteForeverOutlined';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlineOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import HowToRegOutlinedIcon from '@mui/icons-material/HowToRegOutlined';
import LockOpenOutlinedIcon from '@mui/icons-material/LockOpenOutlined';
import LockResetIcon from '@mui/icons-material/LockReset';
import MarkEmailReadOutlinedIcon from '@mui/icons-material/MarkEmailReadOutlined';
import RestoreIcon from '@mui/icons-material/Restore';
import VerifiedUserOutlinedIcon from '@mui/icons-material/VerifiedUserOutlined';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ALLOWED, type UserAction, type UserDetail } from '@fleetdesk/contract';
import { ActionsMenu, type ActionsMenuItem } from '@/components/actions-menu';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useUserAction } from '../api/use-user-action';
import { USER_ACTION_ORDER } from '../user-action-rules';
import { ApprovalWizard } from './approval-wizard';
import { BlockDialog, fieldErrorsOf } from './block-dialog';

const ICONS: Record<UserAction, ReactElement> = {
  APPROVE: <HowToRegOutlinedIcon fontSize="small" />,
  UNBLOCK: <LockOpenOutlinedIcon fontSize="small" />,
  REACTIVATE: <RestoreIcon fontSize="small" />,
  RESEND_CONFIRMATION: <MarkEmailReadOutlinedIcon fontSize="small" />,
  NEW_BOOKING: <AddCircleOutlineIcon fontSize="small" />,
  VERIFY_IDENTITY: <VerifiedUserOutlinedIcon fontSize="small" />,
  RESET_PASSWORD: <LockResetIcon fontSize="small" />,
  BLOCK: <BlockIcon fontSize="small" />,
  REQUEST_DELETION: <DeleteOutlineIcon fontSize="small" />,
  CONFIRM_DELETION: <DeleteForeverOutlinedIcon fontSize="small" />,
};

type ConfirmedAction = 'CONFIRM_DELETION' | 'REQUEST_DELETION' | 'RESET_PASSWORD';
/** Actions that lock the customer out or remove them: red, never focused when the menu opens. */
const DESTRUCTIVE: ReadonlySet<UserAction> = new Set(['BLOCK', 'REQUEST_DELETION', 'CONFIRM_DELETION']);
type MenuKey = UserAction | 'EDIT';
type OpenDialog = 'BLOCK' | 'APPROVE' | ConfirmedAction | null;

export interface UserActionsMenuProps {
  user: UserDetail;
  onChanged?: (user: UserDetail) => void;
  /**
   * Opens the user's edit form. Given, the menu starts with "Edit details": in support mode the user page has no edit
   * toggle and edits from here (docs/decisions/0036-support-mode.md). Left out while the form is open.
   */
  onEdit?: () => void;
}

/**
 * The user's status actions (§4's table), drawn from the abilities the server sent with the user (issue 16): offered,
 * unavailable with the reason, or left out. Each with its §8 success or failure message.
 * Block opens the block dialog, approve the approval wizard; deletion and password reset ask first; new booking opens
 * /booking?user=. After a confirmed deletion the screen goes back to /users. With `onEdit` the first entry is "Edit details".
 */
export function UserActionsMenu({ user, onChanged, onEdit }: UserActionsMenuProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const mutation = useUserAction(user.username, {
    onChanged: (after) => {
      if (after) onChanged?.(after);
      else void navigate({ to: '/users' });
    },
  });
  const close = () => setDialog(null);

  const choose = (action: MenuKey) => {
    switch (action) {
      case 'EDIT':
        return onEdit?.();
      case 'NEW_BOOKING':
        return void navigate({ to: '/booking', search: { user: user.username } });
      case 'BLOCK':
      case 'APPROVE':
      case 'CONFIRM_DELETION':
      case 'REQUEST_DELETION':
      case 'RESET_PASSWORD':
        return setDialog(action);
      default:
        return mutation.mutate({ action });
    }
  };

  const items: ActionsMenuItem<MenuKey>[] = [
    ...(onEdit
      ? [{ key: 'EDIT' as const, label: t('userActions.editDetails'), icon: <EditOutlinedIcon fontSize="small" />, ability: ALLOWED, group: 0 }]
      : []),
    ...USER_ACTION_ORDER.map((action) => ({
      key: action,
      label: t(`userActions.action.${action}`),
      icon: ICONS[action],
      ability: user.abilities[action],
      destructive: DESTRUCTIVE.has(action),
      group: 1,
    })),
  ];

  return (
    <>
      <ActionsMenu label={t('userActions.menu')} items={items} onChoose={choose} busy={mutation.isPending} testId="user-actions" />

      {dialog === 'BLOCK' && (
        <BlockDialog
          username={user.username}
          pending={mutation.isPending}
          onSubmit={(block, onFieldErrors) =>
            mutation.mutate({ action: 'BLOCK', block }, { onSuccess: close, onError: (error) => onFieldErrors(fieldErrorsOf(error)) })
          }
          onClose={close}
        />
      )}
      {(dialog === 'CONFIRM_DELETION' || dialog === 'REQUEST_DELETION' || dialog === 'RESET_PASSWORD') && (
        <ConfirmDialog
          title={t(`userActions.confirm.${dialog}.title`, { user: user.username })}
          message={t(`userActions.confirm.${dialog}.body`)}
          confirmLabel={t(`userActions.action.${dialog}`)}
          cancelLabel={t('userActions.wizard.close')}
          destructive={dialog !== 'RESET_PASSWORD'}
          pending={mutation.isPending}
          onConfirm={() => mutation.mutate({ action: dialog }, { onSettled: close })}
          onClose={close}
        />
      )}
      {dialog === 'APPROVE' && <ApprovalWizard user={user} onChanged={onChanged} onClose={close} />}
    </>
  );
}
