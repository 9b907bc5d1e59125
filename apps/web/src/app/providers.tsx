import type { ReactNode } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { i18n } from '@/lib/i18n/i18n';
import { SnackbarHost } from '@/lib/notifications/snackbar-host';
import { queryClient } from '@/lib/query/query-client';
import { theme } from './theme';

/**
 * The app's providers. The date pickers bring their own (components/date-time-field.tsx), so only screens with one
 * load them; the toasts' provider comes with the first toast (lib/notifications/snackbars.ts).
 */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <ThemeProvider theme={theme}>
          <CssBaseline />
          {children}
          <SnackbarHost />
        </ThemeProvider>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
