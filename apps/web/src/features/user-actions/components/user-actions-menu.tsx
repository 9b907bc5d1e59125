import { useId, useState, type ReactElement } from 'react';
import AddCircleOutlineIcon from '@mui/icons-material/AddCircleOutlineOutlined';
import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
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
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { UserAction, UserDetail } from '@fleetdesk/contract';
import { useUserAction } from '../api/use-user-action';
import { menuActionsFor } from '../user-action-rules';
import { ApprovalWizard } from './approval-wizard';
import { BlockDialog, fieldErrorsOf } from './block-dialog';
import { ConfirmActionDialog } from './confirm-action-dialog';

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
 * The user's status actions (§4's table): only those the status allows, each with its §8 success or failure message.
 * Block opens the block dialog, approve the approval wizard; deletion and password reset ask first; new booking opens
 * /booking?user=. After a confirmed deletion the screen goes back to /users. With `onEdit` the first entry is "Edit details".
 */
export function UserActionsMenu({ user, onChanged, onEdit }: UserActionsMenuProps) {
  const { t } = useTranslation();
  const menuId = useId();
  const navigate = useNavigate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const mutation = useUserAction(user.username, {
    onChanged: (after) => {
      if (after) onChanged?.(after);
      else void navigate({ to: '/users' });
    },
  });
  const actions = menuActionsFor(user);
  const close = () => setDialog(null);

  const choose = (action: UserAction) => {
    setAnchor(null);
    switch (action) {
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

  return (
    <>
      <Button
        variant="contained"
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? true : undefined}
        aria-busy={mutation.isPending || undefined}
        disabled={mutation.isPending}
        onClick={(event) => setAnchor(event.currentTarget)}
        startIcon={mutation.isPending ? <CircularProgress size={16} color="inherit" aria-label={t('common.loading')} /> : undefined}
        endIcon={<ArrowDropDownIcon />}
      >
        {t('userActions.menu')}
      </Button>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ list: { dense: true, 'aria-label': t('userActions.menu') } }}
      >
        {onEdit && (
          <MenuItem
            onClick={() => {
              setAnchor(null);
              onEdit();
            }}
          >
            <ListItemIcon>
              <EditOutlinedIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText>{t('userActions.editDetails')}</ListItemText>
          </MenuItem>
        )}
        {onEdit && actions.length > 0 && <Divider />}
        {actions.length === 0 && !onEdit && <MenuItem disabled>{t('userActions.noActions')}</MenuItem>}
        {actions.map((action) => (
          <MenuItem key={action} onClick={() => choose(action)}>
            <ListItemIcon>{ICONS[action]}</ListItemIcon>
            <ListItemText>{t(`userActions.action.${action}`)}</ListItemText>
          </MenuItem>
        ))}
      </Menu>

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
        <ConfirmActionDialog
          title={t(`userActions.confirm.${dialog}.title`, { user: user.username })}
          body={t(`userActions.confirm.${dialog}.body`)}
          confirmLabel={t(`userActions.action.${dialog}`)}
          color={dialog === 'RESET_PASSWORD' ? 'primary' : 'error'}
          pending={mutation.isPending}
          onConfirm={() => mutation.mutate({ action: dialog }, { onSettled: close })}
          onClose={close}
        />
      )}
      {dialog === 'APPROVE' && <ApprovalWizard user={user} onChanged={onChanged} onClose={close} />}
    </>
  );
}
