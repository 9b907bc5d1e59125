import CloseIcon from '@mui/icons-material/Close';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import type { SnackbarKey } from 'notistack';
import { useTranslation } from 'react-i18next';
import { closeSnackbars, showSnackbar } from './snackbars';

/**
 * How long a success with Undo stays (issue 17, docs/decisions/0056-undo-and-plain-urls.md): longer than §8's 3 s
 * for a plain success, so that the button can be reached (also with the keyboard); hovering pauses it.
 */
export const UNDO_MS = 8_000;

interface UndoableNotification {
  /** The §8 success text. */
  message: string;
  /** What is undone, for the button's accessible name ('Undo: Invoice marked as sent'). */
  what: string;
  /** Runs the server's reverse operation; it tells its own outcome. */
  onUndo: () => void;
}

function UndoActions({ snackbarKey, what, onUndo }: { snackbarKey: SnackbarKey; what: string; onUndo: () => void }) {
  const { t } = useTranslation();
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
      <Button
        size="small"
        color="inherit"
        variant="outlined"
        aria-label={t('common.undoLabel', { action: what })}
        data-testid="undo-button"
        onClick={() => {
          closeSnackbars(snackbarKey);
          onUndo();
        }}
      >
        {t('common.undo')}
      </Button>
      <IconButton size="small" color="inherit" aria-label={t('common.dismiss')} onClick={() => closeSnackbars(snackbarKey)}>
        <CloseIcon fontSize="small" />
      </IconButton>
    </Stack>
  );
}

/** A success that can be taken back: the toast offers Undo for UNDO_MS instead of a confirmation before the action. */
export function notifyUndoable({ message, what, onUndo }: UndoableNotification): void {
  showSnackbar(message, {
    variant: 'success',
    autoHideDuration: UNDO_MS,
    action: (key) => <UndoActions snackbarKey={key} what={what} onUndo={onUndo} />,
  });
}
