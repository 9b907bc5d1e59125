import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '@/components/router-link';
import { AuthCard } from '../components/auth-card';
import { ResetPasswordForm } from '../components/reset-password-form';

export function ResetPasswordPage({ token }: { token?: string }) {
  const { t } = useTranslation();
  return (
    <AuthCard title={t('auth.resetTitle')}>
      {token ? (
        <ResetPasswordForm token={token} />
      ) : (
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
          <Alert severity="warning">{t('auth.missingToken')}</Alert>
          <Stack direction="row" spacing={1}>
            <ButtonLink to="/forgot-password" variant="contained">
              {t('auth.requestNewLink')}
            </ButtonLink>
            <ButtonLink to="/login" variant="text">
              {t('auth.backToLogin')}
            </ButtonLink>
          </Stack>
        </Stack>
      )}
    </AuthCard>
  );
}
