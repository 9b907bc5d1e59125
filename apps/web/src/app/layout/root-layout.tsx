import { Suspense, lazy, useEffect } from 'react';
import { Outlet, useRouterState } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PlainPageLoading } from '@/components/plain-page-loading';
import { useFocusHeadingOnNavigate } from './focus-heading-on-navigate';
import { HelpDeskWidget } from './help-desk-widget';
import { PlainTopBar } from './plain-top-bar';
import '@/lib/theme/plain.css';

const MAIN_ID = 'main-content';

/** The console's shell with MUI (top bar, side menu), loaded for every page but the login page. */
const ThemedAppShell = lazy(() => import('./themed-app-shell'));

const isLoginPath = (pathname: string) => pathname === '/login' || pathname === '/login/';

/**
 * The login page in a shell drawn without MUI: the first page most people open downloads neither MUI nor its theme
 * (issue 15; docs/decisions/0043-fast-first-load.md). `loading`: the console's shell is on its way (the page is not
 * shown yet, so that no MUI part draws without its theme).
 */
function PlainShell({ loading = false }: { loading?: boolean }) {
  const { t } = useTranslation();
  useFocusHeadingOnNavigate(MAIN_ID);

  useEffect(() => {
    document.body.classList.add('fd-plain');
    return () => document.body.classList.remove('fd-plain');
  }, []);

  return (
    <div>
      <a className="fd-skip" href={`#${MAIN_ID}`}>
        {t('app.skipToContent')}
      </a>
      <PlainTopBar />
      <main id={MAIN_ID} tabIndex={-1} className="fd-main">
        {loading ? <PlainPageLoading /> : <Outlet />}
      </main>
      <HelpDeskWidget />
    </div>
  );
}

/** The root route's layout: the plain shell for the login page, the console's shell for every other page. */
export function RootLayout() {
  const login = useRouterState({ select: (state) => isLoginPath(state.location.pathname) });
  if (login) return <PlainShell />;
  return (
    <Suspense fallback={<PlainShell loading />}>
      <ThemedAppShell />
    </Suspense>
  );
}

/** Downloads the console's shell ahead (with the signed-in parts), e.g. while a login is checked. */
export const preloadConsoleShell = (): Promise<void> => import('./themed-app-shell').then((module) => module.preloadSignedInShell());
