import { useTranslation } from 'react-i18next';
import '@/lib/theme/plain.css';

/**
 * The pending state of a route (the router's default): a thin bar at the top and a spinner in the middle, as
 * components/page-loading.tsx draws it with MUI, in plain CSS so that the first load carries no MUI (issue 15).
 */
export function PlainPageLoading() {
  const { t } = useTranslation();
  return (
    <div role="status" aria-live="polite" className="fd-loading">
      <div className="fd-loading-bar" role="progressbar" aria-label={t('common.loading')} />
      <div className="fd-loading-spinner">
        <span className="fd-spinner" aria-hidden="true" />
      </div>
    </div>
  );
}
