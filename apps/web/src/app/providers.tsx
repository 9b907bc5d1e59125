import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { i18n } from '@/lib/i18n/i18n';
import { SnackbarHost } from '@/lib/notifications/snackbar-host';
import { queryClient } from '@/lib/query/query-client';

/**
 * The app's providers. MUI's theme is not one of them: the login page is drawn without MUI (issue 15), and the parts
 * that use MUI bring the theme with them (components/mui-root.tsx). The date pickers bring their own provider
 * (components/date-time-field.tsx); the toasts' provider comes with the first toast (lib/notifications/snackbars.ts).
 */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        {children}
        <SnackbarHost />
      </QueryClientProvider>
    </I18nextProvider>
  );
}
