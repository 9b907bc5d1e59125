import { vi } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import { RouterProvider, createMemoryHistory } from '@tanstack/react-router';
import { AppProviders } from '@/app/providers';
import { createAppRouter, type AppRouter } from '@/app/router';
import { connectSessionToApp } from '@/app/session-effects';
import { forgetListReturn } from '@/lib/router/list-return';
import { resetPinnedUserFilterCache } from '@/lib/support-mode/pinned-user-filter';
import { resetPinnedVehiclesCache } from '@/features/search/pinned-vehicles';
import { queryClient } from '@/lib/query/query-client';
import { sessionStore } from '@/lib/session/session';
import { resetSupportModeCache } from '@/lib/support-mode/support-mode';

/**
 * The whole-app test harness shared by the tests that render the console as the browser would: the real router at
 * a path, the app's providers and the session effects (logout and expiry navigate, clear the query cache). The server
 * is the typed fake backend (backend.ts), the staff member signed in by session.ts; a part of a screen rendered on its
 * own is component-harness.tsx's.
 *
 * Use: `resetBrowserState()` and `fakeBackend()` in beforeEach, `signIn()` then `startApp(path)` in a test (or leave the
 * session out to start at the login), `teardownApp()` in afterEach.
 */

let disconnectors: (() => void)[] = [];

/**
 * Renders the whole app at `path` (a memory history starting there) and connects the session store to it; the
 * connection is undone by `teardownApp()`. Returns the router, to read or drive the location.
 */
export function startApp(path: string): AppRouter {
  const router = createAppRouter({ history: createMemoryHistory({ initialEntries: [path] }) });
  disconnectors.push(connectSessionToApp(sessionStore, router, queryClient));
  render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

/**
 * A clean browser: empties localStorage and sessionStorage and forgets what the app keeps of them in memory
 * (support mode, the pinned user-name filter and the pinned vehicles).
 */
export function resetBrowserState() {
  window.localStorage.clear();
  window.sessionStorage.clear();
  resetSupportModeCache();
  resetPinnedUserFilterCache();
  resetPinnedVehiclesCache();
  forgetListReturn();
}

/**
 * Undoes a test of the whole app: unmounts what was rendered, disconnects every app `startApp` started, logs out,
 * empties the query cache and puts back the globals the test stubbed (fetch).
 */
export function teardownApp() {
  cleanup();
  disconnectors.forEach((disconnect) => disconnect());
  disconnectors = [];
  sessionStore.clear('logout');
  queryClient.clear();
  vi.unstubAllGlobals();
}
