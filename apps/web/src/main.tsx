import '@fontsource/roboto/400.css';
import '@fontsource/roboto/500.css';
import '@fontsource/roboto/700.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from '@tanstack/react-router';
import { AppProviders } from './app/providers';
import { createAppRouter } from './app/router';
import { connectSessionToApp } from './app/session-effects';
import { queryClient } from './lib/query/query-client';
import { sessionStore } from './lib/session/session';

// The stored session (if still valid) and its refresh timer come first, so the first route guard sees them.
sessionStore.start();
const router = createAppRouter();
connectSessionToApp(sessionStore, router, queryClient);

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
