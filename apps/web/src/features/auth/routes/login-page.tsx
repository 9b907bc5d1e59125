import { Suspense, lazy, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '@/lib/session/session';
import { displayName, hasCredentials } from '@/lib/session/session-schema';
import { LoginForm } from '../components/login-form';
import { safeRedirect } from '../safe-redirect';

const ThemedLoggedInNotice = lazy(() => import('../components/themed-logged-in-notice'));

interface LoginPageProps {
  /** Where to go after login (validated; defaults to /). */
  redirect?: string;
}

/**
 * The login page, drawn without MUI (issue 15): the card of the other sign-in pages (components/auth-card.tsx) in
 * plain markup and lib/theme/plain.css.
 */
export function LoginPage({ redirect }: LoginPageProps) {
  const { t } = useTranslation();
  const session = useSession();
  const titleId = useId();
  return (
    <div className="fd-card-wrap">
      <section className="fd-card" aria-labelledby={titleId}>
        <p className="fd-overline">{t('auth.loginSubtitle')}</p>
        <h1 className="fd-title" id={titleId}>
          {t('auth.loginTitle')}
        </h1>
        {hasCredentials(session) ? (
          <Suspense fallback={<span className="fd-spinner" role="progressbar" aria-label={t('auth.redirecting')} />}>
            <ThemedLoggedInNotice name={displayName(session.user)} next={safeRedirect(redirect)} />
          </Suspense>
        ) : (
          <LoginForm />
        )}
      </section>
    </div>
  );
}
