import { useTranslation } from 'react-i18next';
import { useSession } from '@/lib/session/session';
import { displayName, hasCredentials } from '@/lib/session/session-schema';
import { AuthCard } from '../components/auth-card';
import { LoggedInNotice } from '../components/logged-in-notice';
import { LoginForm } from '../components/login-form';
import { safeRedirect } from '../safe-redirect';

interface LoginPageProps {
  /** Where to go after login (validated; defaults to /). */
  redirect?: string;
}

export function LoginPage({ redirect }: LoginPageProps) {
  const { t } = useTranslation();
  const session = useSession();
  return (
    <AuthCard title={t('auth.loginTitle')}>
      {hasCredentials(session) ? <LoggedInNotice name={displayName(session.user)} next={safeRedirect(redirect)} /> : <LoginForm />}
    </AuthCard>
  );
}
