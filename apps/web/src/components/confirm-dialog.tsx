import { useId, useState, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

export interface ConfirmReason {
  /** The field's label ("Reason"). */
  label: string;
  maxLength: number;
  /** What the reason is for (e.g. "saved in the event log"); the character count is added. */
  help?: string;
}

/** What is wrong with a required reason (none given, too long), or null. Shared with the bulk action dialog. */
export function reasonProblem(text: string, maxLength: number, t: TFunction): string | null {
  const trimmed = text.trim();
  if (trimmed.length === 0) return t('messages.required');
  if (trimmed.length > maxLength) return t('messages.maxCharacters', { max: maxLength, len: trimmed.length });
  return null;
}

export interface ConfirmDialogProps {
  title: ReactNode;
  /** What happens, naming whom it happens to. */
  message: ReactNode;
  /** Extra content under the message. */
  children?: ReactNode;
  confirmLabel: ReactNode;
  /** Defaults to "Cancel". */
  cancelLabel?: ReactNode;
  /**
   * A destructive action: the confirm button is red and the dialog opens with the focus on Cancel (or in the reason
   * field), so a stray Enter never confirms it.
   */
  destructive?: boolean;
  /** Asks for a required reason (destructive actions: it goes into the event log). */
  reason?: ConfirmReason;
  pending?: boolean;
  onConfirm: (reason: string | undefined) => void;
  onClose: () => void;
}

/**
 * Asks before a state-changing action (issue 17: every such action is deliberate). It names what happens to whom,
 * asks for a reason where one is required, and cannot be closed while the action runs.
 */
export function ConfirmDialog({
  title,
  message,
  children,
  confirmLabel,
  cancelLabel,
  destructive = false,
  reason,
  pending = false,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const messageId = useId();
  const [text, setText] = useState('');
  const [touched, setTouched] = useState(false);
  const trimmed = text.trim();
  const reasonError = reason ? reasonProblem(text, reason.maxLength, t) : null;
  const confirm = () => {
    setTouched(true);
    if (reasonError) return;
    onConfirm(reason ? trimmed : undefined);
  };
  return (
    <Dialog open onClose={pending ? undefined : onClose} maxWidth="xs" fullWidth aria-labelledby={titleId} aria-describedby={messageId}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <Stack
          spacing={2}
          component="form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            confirm();
          }}
        >
          <DialogContentText id={messageId} variant="body2">
            {message}
          </DialogContentText>
          {reason && (
            <TextField
              label={reason.label}
              required
              fullWidth
              multiline
              minRows={2}
              autoFocus
              value={text}
              onChange={(event) => setText(event.target.value)}
              onBlur={() => setTouched(true)}
              error={touched && Boolean(reasonError)}
              helperText={
                touched && reasonError
                  ? reasonError
                  : [reason.help, t('common.characterCount', { len: trimmed.length, max: reason.maxLength })].filter(Boolean).join(' · ')
              }
            />
          )}
          {children}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={pending} autoFocus={destructive && !reason}>
          {cancelLabel ?? t('common.cancel')}
        </Button>
        <Button
          onClick={confirm}
          variant="contained"
          color={destructive ? 'error' : 'primary'}
          disabled={pending}
          aria-busy={pending || undefined}
          startIcon={pending ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
        >
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
