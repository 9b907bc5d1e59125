import { vi } from 'vitest';
import { cleanup, render, type RenderResult } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import type { ReactNode } from 'react';
import { AppProviders } from '@/app/providers';
import { i18n } from '@/lib/i18n/i18n';
import { queryClient } from '@/lib/query/query-client';

/**
 * The component test harness: one part of a screen rendered on its own (no router), against the typed fake backend
 * (backend.ts) with the app's real API client. The whole console at a path is app-harness.tsx's; signing a staff
 * member in is session.ts's.
 *
 *   renderWithQueries(<UserBookingsTab username="demo.busy" />);   // a query client of its own, no retries; the strings
 *   renderInApp(<OutOfServiceDialog vehicle={…} onClose={…} />);   // the app's providers: its query client and toasts
 *   afterEach(teardownComponent);
 */

/** A query client of the test's own (no retries: a failure shows at once), and i18n; returns the client with the render. */
export function renderWithQueries(ui: ReactNode): RenderResult & { client: QueryClient } {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return {
    client,
    ...render(
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={client}>{ui}</QueryClientProvider>
      </I18nextProvider>,
    ),
  };
}

/** Inside the app's providers, as the console renders it: the app's query client, i18n and the toasts. */
export function renderInApp(ui: ReactNode): RenderResult {
  return render(<AppProviders>{ui}</AppProviders>);
}

/** Unmounts what was rendered, empties the app's query cache and puts back the globals the test stubbed (fetch). */
export function teardownComponent(): void {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
}
