import type { ReactNode } from 'react';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import DialogActions from '@mui/material/DialogActions';
import { useTranslation } from 'react-i18next';

interface DialogActionsBarProps {
  onClose: () => void;
  submitLabel: ReactNode;
  pending: boolean;
  /** The form the submit button belongs to. */
  form?: string;
  onSubmit?: () => void;
  color?: 'primary' | 'error' | 'warning';
  disabled?: boolean;
}

/** Close and a submit button that shows progress while the action runs. */
export function DialogActionsBar({ onClose, submitLabel, pending, form, onSubmit, color = 'primary', disabled }: DialogActionsBarProps) {
  const { t } = useTranslation();
  return (
    <DialogActions sx={{ px: 3, pb: 2 }}>
      <Button onClick={onClose} disabled={pending}>
        {t('bookingCard.dialogs.close')}
      </Button>
      <Button
        type={form ? 'submit' : 'button'}
        form={form}
        onClick={onSubmit}
        variant="contained"
        color={color}
        disabled={pending || disabled}
        startIcon={pending ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
      >
        {submitLabel}
      </Button>
    </DialogActions>
  );
}
