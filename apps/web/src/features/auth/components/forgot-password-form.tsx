import { useMemo, useState } from 'react';
import MarkEmailReadIcon from '@mui/icons-material/MarkEmailRead';
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
import { ZPasswordResetRequest } from '@fleetdesk/contract';
import { isApiError } from '@/lib/api/api-error';
import { ButtonLink } from '@/components/router-link';
import { useRequestPasswordReset } from '../api/auth-api';

interface ForgotPasswordFormProps {
  initialUsername?: string;
}

/** Asks for the user name and requests a reset e-mail (spec §2 /forgot-password). */
export function ForgotPasswordForm({ initialUsername = '' }: ForgotPasswordFormProps) {
  const { t } = useTranslation();
  const requestReset = useRequestPasswordReset();
  const [sent, setSent] = useState(false);
  const resolver = useMemo(() => zodResolver(ZPasswordResetRequest, { error: () => t('messages.required') }), [t]);
  const { register, handleSubmit, formState } = useForm({ resolver, defaultValues: { username: initialUsername } });

  if (sent) {
    return (
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Alert icon={<MarkEmailReadIcon />} severity="success" role="status">
          {t('messages.passwordResetRequested')}
        </Alert>
        <ButtonLink to="/login" variant="contained">
          {t('auth.backToLogin')}
        </ButtonLink>
      </Stack>
    );
  }

  const failure = requestReset.error
    ? isApiError(requestReset.error) && requestReset.error.status === 429
      ? t('messages.tooManyAttempts')
      : t('messages.genericError')
    : null;

  return (
    <Box component="form" noValidate onSubmit={handleSubmit(({ username }) => requestReset.mutate(username, { onSuccess: () => setSent(true) }))}>
      <Stack spacing={2}>
        <Typography variant="body2" color="text.secondary">
          {t('auth.forgotIntro')}
        </Typography>
        <TextField
          label={t('auth.username')}
          autoFocus
          required
          autoComplete="username"
          error={Boolean(formState.errors.username)}
          helperText={formState.errors.username?.message}
          {...register('username')}
        />
        {failure && (
          <Alert severity="error" role="alert">
            {failure}
          </Alert>
        )}
        <Button
          type="submit"
          variant="contained"
          size="large"
          disabled={requestReset.isPending}
          endIcon={requestReset.isPending ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
        >
          {t('auth.sendResetLink')}
        </Button>
        <ButtonLink to="/login" variant="text" sx={{ alignSelf: 'flex-start', ml: -1 }}>
          {t('auth.backToLogin')}
        </ButtonLink>
      </Stack>
    </Box>
  );
}
