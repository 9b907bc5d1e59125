import { Suspense, lazy, useCallback, useState } from 'react';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Toolbar from '@mui/material/Toolbar';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { Outlet } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useOperatorTimeZone } from '@/features/fleets';
import { DisplayTimeZoneProvider } from '@/lib/format/display-time-zone';
import { useSession } from '@/lib/session/session';
import { useLiveUpdates } from '@/lib/live/use-live-updates';
import { hasCredentials } from '@/lib/session/session-schema';
import { useFocusHeadingOnNavigate } from './focus-heading-on-navigate';
import { withTranslations } from '@/lib/i18n/i18n';
import { HelpDeskWidget } from './help-desk-widget';
import { SIDE_MENU_WIDTH } from './side-menu-width';
import { TopBar } from './top-bar';
import { useKeyboardShortcuts } from './use-keyboard-shortcuts';

const MAIN_ID = 'main-content';

/**
 * The parts of the shell that only a signed-in user sees (the side menu, the support-mode switch) download after the
 * login, not with the login page. The routes behind the login wait for them (routes/_authenticated.tsx), so a screen
 * never shows without its menu.
 */
const importSideMenu = () => import('./side-menu');
const importSupportModeSwitch = () => import('./support-mode-switch');
const importTopBarMenu = () => import('./top-bar-menu');
const importSignedInControls = () => import('./signed-in-controls');
export const preloadSignedInShell = (): Promise<void> =>
  Promise.all([importSideMenu(), importSupportModeSwitch(), importTopBarMenu(), importSignedInControls()]).then(() => undefined);
const ShortcutsDialog = lazy(withTranslations(() => import('./shortcuts-dialog'), ['shortcuts', 'bookingCard']));
// The palette finds and acts on any record: every screen's strings come with it.
const CommandPalette = lazy(withTranslations(() => import('./command-palette'), 'features'));
const SideMenu = lazy(() => importSideMenu().then((module) => ({ default: module.SideMenu })));

/** Top bar, the side menu (only with a session) and the screen. */
export function AppShell() {
  const { t } = useTranslation();
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const loggedIn = hasCredentials(useSession());
  const [menuOpen, setMenuOpen] = useState(false);
  useFocusHeadingOnNavigate(MAIN_ID);
  // Every time on screen in the operator's zone, whatever the browser's (docs/decisions/0065-operator-time-zone.md).
  const timeZone = useOperatorTimeZone();
  // Keyboard shortcuts for a signed-in staff member: "?" lists them (docs/decisions/0066-keyboard-shortcuts.md).
  const [shortcutsOpen, setShortcutsOpen] = useState(false);
  const openShortcuts = useCallback(() => setShortcutsOpen(loggedIn), [loggedIn]);
  const [paletteOpen, setPaletteOpen] = useState(false);
  const openPalette = useCallback(() => setPaletteOpen(loggedIn), [loggedIn]);
  const mainElement = useCallback(() => document.getElementById(MAIN_ID), []);
  useKeyboardShortcuts(mainElement, openShortcuts, openPalette);
  // Live updates from the server while signed in; polling only while the stream is down (issue 20 point 1).
  useLiveUpdates(loggedIn);

  return (
    <DisplayTimeZoneProvider timeZone={loggedIn ? timeZone : null}>
      <Box sx={{ display: 'flex', minHeight: '100vh' }}>
        <Link
          href={`#${MAIN_ID}`}
          sx={{
            position: 'absolute',
            left: 8,
            top: -48,
            zIndex: (z) => z.zIndex.tooltip,
            bgcolor: 'background.paper',
            px: 2,
            py: 1,
            borderRadius: 1,
            boxShadow: 2,
            '&:focus': { top: 8 },
          }}
        >
          {t('app.skipToContent')}
        </Link>
        <TopBar onOpenPalette={openPalette} menu={wide ? undefined : { open: menuOpen, toggle: () => setMenuOpen((open) => !open) }} />
        {loggedIn && (
          <Suspense fallback={wide ? <Box sx={{ width: SIDE_MENU_WIDTH, flexShrink: 0 }} /> : null}>
            <SideMenu permanent={wide} open={menuOpen} onClose={() => setMenuOpen(false)} />
          </Suspense>
        )}
        <Box
          component="main"
          id={MAIN_ID}
          tabIndex={-1}
          sx={{ flexGrow: 1, minWidth: 0, outline: 'none', '& h1:focus:not(:focus-visible)': { outline: 'none' } }}
        >
          <Toolbar />
          <Box sx={{ p: { xs: 2, md: 3 }, maxWidth: 1600, mx: 'auto' }}>
            <Outlet />
          </Box>
        </Box>
        <HelpDeskWidget />
        {paletteOpen && (
          <Suspense fallback={null}>
            <CommandPalette onClose={() => setPaletteOpen(false)} />
          </Suspense>
        )}
        {shortcutsOpen && (
          <Suspense fallback={null}>
            <ShortcutsDialog onClose={() => setShortcutsOpen(false)} />
          </Suspense>
        )}
      </Box>
    </DisplayTimeZoneProvider>
  );
}
