import type { ReactNode } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { theme } from '@/lib/theme/theme';

/**
 * MUI's theme and baseline. Not in the app's providers: the login page is drawn without MUI (issue 15), so the theme
 * comes with the parts that use MUI, each loaded on demand: the console's shell (layout/themed-app-shell.tsx), the
 * toasts, the route error page, the language menu's list.
 */
export function MuiRoot({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      {children}
    </ThemeProvider>
  );
}
