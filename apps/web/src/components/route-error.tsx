import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlined';
import Button from '@mui/material/Button';
import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { useQueryErrorResetBoundary } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from './router-link';
import { StatusPage } from './status-page';

/** What a route shows when its loader or component throws. */
export function RouteError({ error }: ErrorComponentProps) {
  const { t } = useTranslation();
  const router = useRouter();
  const queryErrorResetBoundary = useQueryErrorResetBoundary();

  useEffect(() => {
    console.error(error);
    queryErrorResetBoundary.reset();
  }, [error, queryErrorResetBoundary]);

  return (
    <StatusPage
      icon={<ErrorOutlineIcon />}
      title={t('routeError.title')}
      actions={
        <>
          <Button variant="contained" onClick={() => void router.invalidate()}>
            {t('common.retry')}
          </Button>
          <ButtonLink to="/" variant="outlined">
            {t('common.goHome')}
          </ButtonLink>
        </>
      }
    >
      {t('routeError.body')}
    </StatusPage>
  );
}
