import { useEffect } from 'react';
import Alert from '@mui/material/Alert';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';

/** How long 'Logged in as …' is shown before the user is taken on. */
export const LOGGED_IN_REDIRECT_MS = 700;

interface LoggedInNoticeProps {
  name: string;
  /** A validated same-origin path. */
  next: string;
}

/** 'Logged in as {user}', then on to the stored next path (spec §2 /login). */
export function LoggedInNotice({ name, next }: LoggedInNoticeProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();

  useEffect(() => {
    const timer = setTimeout(() => void navigate({ href: next, replace: true }), LOGGED_IN_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [navigate, next]);

  return (
    <Stack spacing={2} role="status">
      <Alert severity="success">{t('messages.loggedInAs', { user: name })}</Alert>
      <Typography variant="body2" color="text.secondary">
        {t('auth.redirecting')}
      </Typography>
      <LinearProgress aria-label={t('auth.redirecting')} />
    </Stack>
  );
}
