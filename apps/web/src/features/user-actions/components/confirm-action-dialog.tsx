import { useId, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';

interface ConfirmActionDialogProps {
  title: ReactNode;
  body: ReactNode;
  confirmLabel: ReactNode;
  color?: 'primary' | 'error' | 'warning';
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** Asks before an action on a user that cannot simply be undone. */
export function ConfirmActionDialog({ title, body, confirmLabel, color = 'primary', pending, onConfirm, onClose }: ConfirmActionDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Dialog open onClose={pending ? undefined : onClose} maxWidth="xs" fullWidth aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText variant="body2">{body}</DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={pending}>
          {t('userActions.wizard.close')}
        </Button>
        <Button
          onClick={onConfirm}
          variant="contained"
          color={color}
          disabled={pending}
          startIcon={pending ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
        >
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
