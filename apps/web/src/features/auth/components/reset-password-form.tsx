import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { MESSAGE_IDS, PASSWORD_MIN_LENGTH, ZPasswordResetConfirm } from '@fleetdesk/contract';
import { isApiError } from '@/lib/api/api-error';
import { ButtonLink } from '@/components/router-link';
import { useConfirmPasswordReset } from '../api/auth-api';

/** The new password twice; the first with the contract's rule, the second must match it. */
const ZResetPasswordForm = ZPasswordResetConfirm.pick({ password: true })
  .extend({ confirmPassword: z.string() })
  .refine((form) => form.password === form.confirmPassword, { path: ['confirmPassword'] });

interface ResetPasswordFormProps {
  token: string;
}

/** Sets a new password from the mailed link (/reset-password?token=…). */
export function ResetPasswordForm({ token }: ResetPasswordFormProps) {
  const { t } = useTranslation();
  const confirmReset = useConfirmPasswordReset();
  const [done, setDone] = useState(false);
  const resolver = useMemo(
    () =>
      zodResolver(ZResetPasswordForm, {
        // The only custom issue is the mismatch; every other one is the contract's length rule.
        error: (issue) => (issue.code === 'custom' ? t('auth.passwordsDoNotMatch') : t('messages.passwordTooShort', { min: PASSWORD_MIN_LENGTH })),
      }),
    [t],
  );
  const { register, handleSubmit, formState } = useForm({ resolver, defaultValues: { password: '', confirmPassword: '' } });

  if (done) {
    return (
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Alert severity="success" role="status">
          {t('auth.resetDone')}
        </Alert>
        <ButtonLink to="/login" variant="contained">
          {t('auth.goToLogin')}
        </ButtonLink>
      </Stack>
    );
  }

  const error = confirmReset.error;
  const invalidLink = isApiError(error) && (error.envelope.messageId === MESSAGE_IDS.passwordResetInvalid || error.status === 404);
  const failure = error
    ? invalidLink
      ? t('messages.passwordResetInvalid')
      : isApiError(error) && error.status === 400
        ? t('messages.passwordTooShort', { min: PASSWORD_MIN_LENGTH })
        : t('messages.genericError')
    : null;

  return (
    <Box
      component="form"
      noValidate
      onSubmit={handleSubmit(({ password }) => confirmReset.mutate({ token, password }, { onSuccess: () => setDone(true) }))}
    >
      <Stack spacing={2}>
        <Typography variant="body2" color="text.secondary">
          {t('auth.resetIntro', { min: PASSWORD_MIN_LENGTH })}
        </Typography>
        <TextField
          label={t('auth.newPassword')}
          type="password"
          autoFocus
          required
          autoComplete="new-password"
          error={Boolean(formState.errors.password)}
          helperText={formState.errors.password?.message}
          {...register('password')}
        />
        <TextField
          label={t('auth.confirmPassword')}
          type="password"
          required
          autoComplete="new-password"
          error={Boolean(formState.errors.confirmPassword)}
          helperText={formState.errors.confirmPassword?.message}
          {...register('confirmPassword')}
        />
        {failure && (
          <Alert
            severity="error"
            role="alert"
            action={
              invalidLink ? (
                <ButtonLink to="/forgot-password" color="inherit" size="small">
                  {t('auth.requestNewLink')}
                </ButtonLink>
              ) : undefined
            }
          >
            {failure}
          </Alert>
        )}
        <Button
          type="submit"
          variant="contained"
          size="large"
          disabled={confirmReset.isPending}
          endIcon={confirmReset.isPending ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
        >
          {t('auth.savePassword')}
        </Button>
        <ButtonLink to="/login" variant="text" sx={{ alignSelf: 'flex-start', ml: -1 }}>
          {t('auth.backToLogin')}
        </ButtonLink>
      </Stack>
    </Box>
  );
}
