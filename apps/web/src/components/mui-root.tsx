import type { ReactNode } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import type { StorageManager } from '@mui/system/cssVars';
import { readColorSchemeChoice, subscribeColorSchemeChoice } from '@/lib/theme/color-scheme';
import { theme } from '@/lib/theme/theme';

const MODE_STORAGE_KEY = 'fleetdesk-mode';
const noop = () => undefined;

/**
 * MUI's mode comes from the staff member's choice (lib/theme/color-scheme.ts), not from MUI's own localStorage key:
 * every MUI root below follows it at once, and it changes with the staff member who signs in. Only the mode is kept;
 * the names of the light and dark schemes are fixed.
 */
const staffColorSchemeStorage: StorageManager = ({ key }) =>
  key === MODE_STORAGE_KEY
    ? {
        get: () => readColorSchemeChoice(),
        // The choice is made through lib/theme/color-scheme.ts (the top bar), which tells every root: MUI's own setMode
        // only follows it.
        set: noop,
        subscribe: subscribeColorSchemeChoice,
      }
    : { get: (defaultValue: unknown) => defaultValue, set: noop, subscribe: () => noop };

/**
 * MUI's theme and baseline. Not in the app's providers: the login page is drawn without MUI (issue 15), so the theme
 * comes with the parts that use MUI, each loaded on demand: the console's shell (layout/themed-app-shell.tsx), the
 * toasts, the route error page, the language menu's list. `noSsr` and `forceThemeRerender`: the first render already
 * has the staff member's scheme, and `theme.palette` is the scheme in use (for the few styles computed from it).
 */
export function MuiRoot({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider
      theme={theme}
      noSsr
      forceThemeRerender
      modeStorageKey={MODE_STORAGE_KEY}
      storageManager={staffColorSchemeStorage}
      disableTransitionOnChange
    >
      <CssBaseline enableColorScheme />
      {children}
    </ThemeProvider>
  );
}
