import { useId, useMemo } from 'react';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ZBlockReason, type BlockReason, type BlockRequest } from '@fleetdesk/contract';
import { applyServerErrors, serverErrorItems } from '@/lib/forms/apply-server-errors';
import { FormTextField } from '@/components/form-text-field';

export const BLOCK_MESSAGE_MAX_LENGTH = 1000;

interface BlockDialogProps {
  username: string;
  pending: boolean;
  onSubmit: (request: BlockRequest, onFieldErrors: (errors: { field?: string; message: string }[]) => void) => void;
  onClose: () => void;
}

/** The block dialog (§4, §5): a block reason is required ('Block reason is required'); the message is optional. */
export function BlockDialog({ username, pending, onSubmit, onClose }: BlockDialogProps) {
  const { t } = useTranslation();
  const formId = useId();
  const schema = useMemo(
    () =>
      z.object({
        blockReason: z
          .string()
          .refine((v): v is BlockReason => (ZBlockReason.options as readonly string[]).includes(v), { message: t('messages.blockReasonRequired') }),
        blockMessage: z.string().max(BLOCK_MESSAGE_MAX_LENGTH, {
          error: (issue) => t('messages.maxCharacters', { max: BLOCK_MESSAGE_MAX_LENGTH, len: String(issue.input ?? '').length }),
        }),
      }),
    [t],
  );
  const form = useForm({
    resolver: zodResolver(schema),
    defaultValues: { blockReason: '', blockMessage: '' },
  });
  const { control, handleSubmit, watch } = form;
  const length = watch('blockMessage').length;

  const submit = handleSubmit(({ blockReason, blockMessage }) => {
    const reason = ZBlockReason.safeParse(blockReason);
    if (!reason.success) return;
    onSubmit({ blockReason: reason.data, blockMessage: blockMessage.trim() || null }, (errors) => {
      applyServerErrors(form, errors, { fields: ['blockReason', 'blockMessage'], t });
    });
  });

  return (
    <Dialog open onClose={pending ? undefined : onClose} fullWidth maxWidth="sm" aria-labelledby={`${formId}-title`}>
      <DialogTitle id={`${formId}-title`}>{t('userActions.block.title', { user: username })}</DialogTitle>
      <DialogContent>
        <DialogContentText variant="body2" sx={{ mb: 2 }}>
          {t('userActions.block.intro')}
        </DialogContentText>
        <Stack component="form" id={formId} noValidate spacing={2} onSubmit={submit}>
          <Controller
            control={control}
            name="blockReason"
            render={({ field, fieldState }) => (
              <TextField
                {...field}
                select
                required
                fullWidth
                autoFocus
                label={t('userActions.block.reason')}
                error={Boolean(fieldState.error)}
                helperText={fieldState.error?.message ?? ' '}
              >
                {ZBlockReason.options.map((reason) => (
                  <MenuItem key={reason} value={reason}>
                    {t(`userActions.block.reasons.${reason}`)}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
          <FormTextField
            control={control}
            name="blockMessage"
            label={t('userActions.block.message')}
            multiline
            minRows={3}
            helperText={t('userActions.block.messageHelp', { len: length, max: BLOCK_MESSAGE_MAX_LENGTH })}
          />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={pending}>
          {t('userActions.wizard.close')}
        </Button>
        <Button
          type="submit"
          form={formId}
          variant="contained"
          color="error"
          disabled={pending}
          startIcon={pending ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
        >
          {t('userActions.block.submit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The field errors of a 400 answer, for the dialog's fields. */
export const fieldErrorsOf = (error: unknown) => serverErrorItems(error, 400);
