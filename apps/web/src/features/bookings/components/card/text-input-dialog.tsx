import { useId, useMemo, type ReactNode } from 'react';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '@/components/form-text-field';
import { z } from 'zod';
import { DialogActionsBar } from './dialog-actions-bar';

interface TextInputDialogProps {
  title: ReactNode;
  intro: ReactNode;
  label: string;
  maxLength: number;
  submitLabel: ReactNode;
  color?: 'primary' | 'error' | 'warning';
  pending: boolean;
  onSubmit: (text: string) => void;
  onClose: () => void;
}

/** A dialog asking for one required text (a reason, a description) before an action runs. */
export function TextInputDialog({ title, intro, label, maxLength, submitLabel, color, pending, onSubmit, onClose }: TextInputDialogProps) {
  const { t } = useTranslation();
  const formId = useId();
  const resolver = useMemo(
    () =>
      zodResolver(
        z.object({
          text: z
            .string()
            .trim()
            .min(1, t('messages.required'))
            .max(maxLength, {
              error: (issue) => t('messages.maxCharacters', { max: maxLength, len: String(issue.input ?? '').length }),
            }),
        }),
      ),
    [t, maxLength],
  );
  const { control, handleSubmit, watch } = useForm({ resolver, defaultValues: { text: '' } });
  const length = watch('text').trim().length;

  return (
    <Dialog open onClose={pending ? undefined : onClose} fullWidth maxWidth="sm" aria-labelledby={`${formId}-title`}>
      <DialogTitle id={`${formId}-title`}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText variant="body2" sx={{ mb: 2 }}>
          {intro}
        </DialogContentText>
        <form id={formId} noValidate onSubmit={handleSubmit(({ text }) => onSubmit(text))}>
          <FormTextField
            control={control}
            name="text"
            label={label}
            required
            multiline
            minRows={3}
            autoFocus
            helperText={t('bookingCard.dialogs.reasonHelp', { len: length, max: maxLength })}
          />
        </form>
      </DialogContent>
      <DialogActionsBar onClose={onClose} form={formId} pending={pending} color={color} submitLabel={submitLabel} />
    </Dialog>
  );
}
