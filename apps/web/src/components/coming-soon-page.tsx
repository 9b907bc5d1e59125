import ConstructionIcon from '@mui/icons-material/Construction';
import { useTranslation } from 'react-i18next';
import type { Translation } from '@/lib/i18n/resources';
import { StatusPage } from './status-page';

interface ComingSoonPageProps {
  /** The screen, by its side-menu label. */
  screen: keyof Translation['menu'];
}

/** Placeholder for a screen that is not built yet, titled like its menu item. */
export function ComingSoonPage({ screen }: ComingSoonPageProps) {
  const { t } = useTranslation();
  const title = t(`menu.${screen}`);
  return (
    <StatusPage icon={<ConstructionIcon />} eyebrow={t('coming.badge')} title={title}>
      {t('coming.body', { screen: title })}
    </StatusPage>
  );
}
