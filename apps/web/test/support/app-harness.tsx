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
 * a path, the app's providers and the session effects (logout and expiry navigate, clear the query cache). What a
 * file needs of its own (its fake fetch, logging in first) stays in that file.
 *
 * Use: `resetBrowserState()` in beforeEach, `startApp(path)` in a test, `teardownApp()` in afterEach.
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
