import { useTranslation } from 'react-i18next';
import { AuthCard } from '../components/auth-card';
import { ForgotPasswordForm } from '../components/forgot-password-form';

export function ForgotPasswordPage({ username }: { username?: string }) {
  const { t } = useTranslation();
  return (
    <AuthCard title={t('auth.forgotTitle')}>
      <ForgotPasswordForm initialUsername={username} />
    </AuthCard>
  );
}
