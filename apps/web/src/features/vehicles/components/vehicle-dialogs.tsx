import { useId, useMemo, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '@/components/form-text-field';
import { z } from 'zod';

interface ActionsProps {
  onClose: () => void;
  submitLabel: ReactNode;
  pending: boolean;
  form?: string;
  onSubmit?: () => void;
  color?: 'primary' | 'error' | 'warning';
}

function DialogButtons({ onClose, submitLabel, pending, form, onSubmit, color = 'primary' }: ActionsProps) {
  const { t } = useTranslation();
  return (
    <DialogActions sx={{ px: 3, pb: 2 }}>
      <Button onClick={onClose} disabled={pending}>
        {t('vehicles.dialogs.cancel')}
      </Button>
      <Button
        type={form ? 'submit' : 'button'}
        form={form}
        onClick={onSubmit}
        variant="contained"
        color={color}
        disabled={pending}
        startIcon={pending ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
      >
        {submitLabel}
      </Button>
    </DialogActions>
  );
}

interface ConfirmDialogProps {
  title: ReactNode;
  body: ReactNode;
  confirmLabel: ReactNode;
  color?: 'primary' | 'error' | 'warning';
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** Asks before an action that cannot be undone (§2 Modals: confirmation dialogs). */
export function VehicleConfirmDialog({ title, body, confirmLabel, color, pending, onConfirm, onClose }: ConfirmDialogProps) {
  const titleId = useId();
  return (
    <Dialog open onClose={pending ? undefined : onClose} maxWidth="xs" fullWidth aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText variant="body2">{body}</DialogContentText>
      </DialogContent>
      <DialogButtons onClose={onClose} onSubmit={onConfirm} pending={pending} color={color} submitLabel={confirmLabel} />
    </Dialog>
  );
}

interface TextDialogProps {
  title: ReactNode;
  intro?: ReactNode;
  label: string;
  maxLength: number;
  /** A required text (a reason) or an optional one that may be cleared (a note). */
  required: boolean;
  initialValue?: string;
  submitLabel: ReactNode;
  color?: 'primary' | 'error' | 'warning';
  pending: boolean;
  onSubmit: (text: string) => void;
  onClose: () => void;
}

/** A dialog for one text: the reason of a command, the public note, the parking place info. */
export function VehicleTextDialog({
  title,
  intro,
  label,
  maxLength,
  required,
  initialValue = '',
  submitLabel,
  color,
  pending,
  onSubmit,
  onClose,
}: TextDialogProps) {
  const { t } = useTranslation();
  const formId = useId();
  const resolver = useMemo(() => {
    const base = z.string().trim();
    const text = (required ? base.min(1, t('messages.required')) : base).max(maxLength, {
      error: (issue) => t('messages.maxCharacters', { max: maxLength, len: String(issue.input ?? '').length }),
    });
    return zodResolver(z.object({ text }));
  }, [t, maxLength, required]);
  const { control, handleSubmit, watch } = useForm({ resolver, defaultValues: { text: initialValue } });
  const length = watch('text').trim().length;

  return (
    <Dialog open onClose={pending ? undefined : onClose} fullWidth maxWidth="sm" aria-labelledby={`${formId}-title`}>
      <DialogTitle id={`${formId}-title`}>{title}</DialogTitle>
      <DialogContent>
        {intro && (
          <DialogContentText variant="body2" sx={{ mb: 2 }}>
            {intro}
          </DialogContentText>
        )}
        <form id={formId} noValidate onSubmit={handleSubmit(({ text }) => onSubmit(text))}>
          <FormTextField
            control={control}
            name="text"
            label={label}
            required={required}
            multiline
            minRows={3}
            autoFocus
            sx={{ mt: intro ? 0 : 1 }}
            helperText={t('vehicles.dialogs.length', { len: length, max: maxLength })}
          />
        </form>
      </DialogContent>
      <DialogButtons onClose={onClose} form={formId} pending={pending} color={color} submitLabel={submitLabel} />
    </Dialog>
  );
}
