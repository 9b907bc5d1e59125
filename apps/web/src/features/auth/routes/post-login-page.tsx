import { useEffect, useMemo } from 'react';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '@/components/router-link';
import { PageLoading } from '@/components/page-loading';
import { sessionStore } from '@/lib/session/session';
import { fleetOfSession } from '../api/auth-api';
import { AuthCard } from '../components/auth-card';
import { sessionFromPostLogin, ssoError, type PostLoginParams } from '../post-login-session';
import { safeRedirect } from '../safe-redirect';

/** Takes over a single-sign-on login from the query string, stores it as the session and goes on (to / by default). */
export function PostLoginPage(params: PostLoginParams) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { issuer, token, username, expirationTime, redirect, error } = params;
  // Evaluated once per hand-over: a later clock tick must not turn a valid hand-over into an invalid one.
  const session = useMemo(() => sessionFromPostLogin({ issuer, token, username, expirationTime }), [issuer, token, username, expirationTime]);

  useEffect(() => {
    if (!session) return;
    let cancelled = false;
    void fleetOfSession(session).then((fleet) => {
      if (cancelled) return;
      sessionStore.setSession(fleet ? { ...session, user: { ...session.user, fleet } } : session);
      void navigate({ href: safeRedirect(redirect), replace: true });
    });
    return () => {
      cancelled = true;
    };
  }, [session, redirect, navigate]);

  if (session) return <PageLoading />;
  const reason = ssoError(error);
  return (
    <AuthCard title={t('auth.postLoginTitle')}>
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Alert severity="error" role="alert">
          {reason ? t(`auth.ssoError.${reason}`) : t('auth.postLoginInvalid')}
        </Alert>
        <ButtonLink to="/login" variant="contained">
          {t('auth.goToLogin')}
        </ButtonLink>
      </Stack>
    </AuthCard>
  );
}
