import { Suspense, lazy, useEffect, useId, useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { LoginPlainIcon, TranslatePlainIcon } from '@/components/plain-icons';
import { useClientConfig } from '@/features/config';
import { changeLanguage, useLanguage } from '@/lib/i18n/i18n';
import type { Language } from '@/lib/i18n/languages';

const LanguageMenuPopup = lazy(() => import('./language-menu-popup'));

/** The language button of the login page: the same name and list as the console's (language-menu.tsx). */
function PlainLanguageMenu() {
  const { t } = useTranslation();
  const language = useLanguage();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [wanted, setWanted] = useState(false);
  const menuId = useId();
  const buttonId = useId();

  const choose = (next: Language) => {
    setAnchor(null);
    void changeLanguage(next);
  };

  return (
    <>
      <button
        type="button"
        id={buttonId}
        className="fd-bar-button"
        aria-label={`${t('topBar.language')}: ${t(`languages.${language}`)}`}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => {
          setWanted(true);
          setAnchor(event.currentTarget);
        }}
      >
        <TranslatePlainIcon />
        <span className="fd-hide-small" lang={language}>
          {t(`languages.${language}`)}
        </span>
      </button>
      {wanted && (
        <Suspense fallback={null}>
          <LanguageMenuPopup anchor={anchor} menuId={menuId} buttonId={buttonId} onChoose={choose} onClose={() => setAnchor(null)} />
        </Suspense>
      )}
    </>
  );
}

/**
 * The top bar of the login page (spec §1: the product title, the language, the login icon), drawn without MUI so
 * that the page loads without it (issue 15); every other page has the console's bar (top-bar.tsx).
 */
export function PlainTopBar() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const config = useClientConfig();
  const title = config.data?.productName ?? t('app.productName');

  useEffect(() => {
    document.title = title;
  }, [title]);

  return (
    <header className="fd-bar">
      <div className="fd-bar-title">{title}</div>
      <PlainLanguageMenu />
      <button
        type="button"
        className="fd-bar-button fd-icon-only"
        aria-label={t('topBar.login')}
        title={t('topBar.login')}
        onClick={() => void navigate({ to: '/login' })}
      >
        <LoginPlainIcon />
      </button>
    </header>
  );
}
