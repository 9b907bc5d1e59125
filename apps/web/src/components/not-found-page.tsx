import SearchOffIcon from '@mui/icons-material/SearchOff';
import { useRouterState } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from './router-link';
import { StatusPage } from './status-page';

export function NotFoundPage() {
  const { t } = useTranslation();
  const path = useRouterState({ select: (state) => state.location.pathname });
  return (
    <StatusPage
      icon={<SearchOffIcon />}
      title={t('notFound.title')}
      actions={
        <ButtonLink to="/" variant="contained">
          {t('common.goHome')}
        </ButtonLink>
      }
    >
      {t('notFound.body', { path })}
    </StatusPage>
  );
}
