import { useState, type FormEvent } from 'react';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { UserDetail } from '@fleetdesk/contract';
import { useTranslation } from 'react-i18next';
import { applyServerErrors } from '@/lib/forms/apply-server-errors';
import { notifyError, notifySuccess } from '@/lib/notifications/notify';
import { notifyUndoable } from '@/lib/notifications/undo-notification';
import { useUpdateFreeMonths } from '../api/users-api';
import { freeMonthsMessage } from '../free-months';

/** Free months (§2, §5: zero or more), edited on their own through PUT /api/users/{username}/freeMonths. */
export function FreeMonthsCard({ user }: { user: UserDetail }) {
  const { t } = useTranslation();
  const update = useUpdateFreeMonths(user.username);
  const [value, setValue] = useState<string | null>(null);
  const editing = value !== null;
  const message = editing ? freeMonthsMessage(value) : null;
  const [serverError, setServerError] = useState<string | null>(null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (value === null || message) return;
    const previous = user.freeMonths;
    update.mutate(Number(value.trim()), {
      onSuccess: () => {
        setValue(null);
        setServerError(null);
        // Reversible: saved at once, Undo on the toast puts the previous number back (issue 17).
        const message = t('users.freeMonths.saved');
        notifyUndoable({
          message,
          what: message,
          onUndo: () =>
            void update.mutateAsync(previous).then(
              () => notifySuccess(t('common.undone')),
              (error: unknown) => notifyError(error),
            ),
        });
      },
      onError: (error) => {
        // The one field is plain state, so its setError is the state's setter.
        const setError = (_name: string, { message }: { message?: string }) => setServerError(message ?? null);
        const { placed } = applyServerErrors<{ freeMonths: string }>({ setError }, error, { fields: ['freeMonths'], status: 400, t });
        if (placed.length === 0) notifyError(error);
      },
    });
  };

  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="free-months">
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="subtitle1" component="h2">
          {t('users.freeMonths.heading')}
        </Typography>
        {!editing && (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Typography variant="h6" component="p" sx={{ fontVariantNumeric: 'tabular-nums' }}>
              {user.freeMonths}
            </Typography>
            <Button size="small" onClick={() => setValue(String(user.freeMonths))} aria-label={t('users.freeMonths.editLabel')}>
              {t('users.freeMonths.edit')}
            </Button>
          </Stack>
        )}
      </Stack>
      {editing && (
        <Stack component="form" noValidate onSubmit={onSubmit} direction="row" spacing={1} sx={{ mt: 1, alignItems: 'flex-start' }}>
          <TextField
            size="small"
            label={t('users.freeMonths.label')}
            value={value}
            onChange={(event) => {
              setValue(event.target.value);
              setServerError(null);
            }}
            autoFocus
            slotProps={{ htmlInput: { inputMode: 'numeric', min: 0, step: 1 } }}
            error={Boolean(message || serverError)}
            helperText={message ? t(`messages.${message}`) : serverError}
            sx={{ flex: 1 }}
          />
          <Button type="submit" variant="contained" loading={update.isPending} disabled={Boolean(message)} sx={{ height: 40 }}>
            {t('users.save')}
          </Button>
          <Button onClick={() => setValue(null)} sx={{ height: 40 }}>
            {t('users.cancel')}
          </Button>
        </Stack>
      )}
    </Paper>
  );
}
