import { useId, type ReactNode } from 'react';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { DialogActionsBar } from './dialog-actions-bar';

interface ConfirmDialogProps {
  title: ReactNode;
  body: ReactNode;
  confirmLabel: ReactNode;
  color?: 'primary' | 'error' | 'warning';
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** Asks before an action that cannot be undone (spec §2 Modals: confirmation dialogs). */
export function ConfirmDialog({ title, body, confirmLabel, color, pending, onConfirm, onClose }: ConfirmDialogProps) {
  const titleId = useId();
  return (
    <Dialog open onClose={pending ? undefined : onClose} maxWidth="xs" fullWidth aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText variant="body2">{body}</DialogContentText>
      </DialogContent>
      <DialogActionsBar onClose={onClose} onSubmit={onConfirm} pending={pending} color={color} submitLabel={confirmLabel} />
    </Dialog>
  );
}
