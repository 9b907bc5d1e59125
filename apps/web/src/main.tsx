import './app/fonts.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from '@tanstack/react-router';
import { AppProviders } from './app/providers';
import { createAppRouter } from './app/router';
import { reloadOnNewBuild } from './app/reload-on-new-build';
import { connectSessionToApp } from './app/session-effects';
import { loadTranslations } from './lib/i18n/i18n';
import { queryClient } from './lib/query/query-client';
import { sessionStore } from './lib/session/session';
import { followStaffColorScheme } from './lib/theme/color-scheme';
import { colorSchemeServer } from './lib/theme/color-scheme-server';
import { configureZodBeforeItLoads } from './lib/zod-jitless';

// The Content-Security-Policy allows no eval: zod must not probe for it (it would report a violation each load).
configureZodBeforeItLoads();

// The stored session (if still valid) and its refresh timer come first, so the first route guard sees them. Checking a
// stored session loads its schema; without one (a first visit to the login page) start() settles at once. The UI
// language's strings download meanwhile.
const translations = loadTranslations('core');
void sessionStore.start().then(() => {
  // The signed-in staff member's colour scheme (or the system's) before anything is drawn: no flash of the other one.
  // This browser's copy first; the staff member's preference on the server wins once it arrives.
  followStaffColorScheme(sessionStore, colorSchemeServer);
  const router = createAppRouter();
  connectSessionToApp(sessionStore, router, queryClient);

  reloadOnNewBuild();

  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root element');

  // The first screen loads (its route guard, which may send the visitor to /login at once, its code and data) while the
  // UI language's strings arrive; the router takes the result over when it mounts.
  void router.load().catch(() => undefined);

  const render = () =>
    createRoot(root).render(
      <StrictMode>
        <AppProviders>
          <RouterProvider router={router} />
        </AppProviders>
      </StrictMode>,
    );

  // Without its strings (a failed download) the app still starts: the keys show instead of the words.
  void translations.then(render, render);
});
