import { Suspense, lazy, useEffect } from 'react';
import LoginIcon from '@mui/icons-material/Login';
import MenuIcon from '@mui/icons-material/Menu';
import SearchIcon from '@mui/icons-material/Search';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useClientConfig } from '@/features/config';
import { useFleet } from '@/features/fleets';
import { useSession } from '@/lib/session/session';
import { displayName, hasCredentials } from '@/lib/session/session-schema';
import { LanguageMenu } from './language-menu';
import { LiveIndicator } from './live-indicator';

// Signed in only: downloaded after the login (see app-shell.tsx).
const SupportModeSwitch = lazy(() => import('./support-mode-switch').then((module) => ({ default: module.SupportModeSwitch })));
const TopBarMenu = lazy(() => import('./top-bar-menu').then((module) => ({ default: module.TopBarMenu })));
const SignedInUser = lazy(() => import('./signed-in-controls').then((module) => ({ default: module.SignedInUser })));
const LogoutButton = lazy(() => import('./signed-in-controls').then((module) => ({ default: module.LogoutButton })));
const ColorSchemeMenu = lazy(() => import('./signed-in-controls').then((module) => ({ default: module.ColorSchemeMenu })));

interface TopBarProps {
  /** On small screens, while logged in: the button that opens and closes the side menu. */
  menu?: { open: boolean; toggle: () => void };
  /** Opens the command palette (also Ctrl+K / ⌘K). */
  onOpenPalette?: () => void;
}

export function TopBar({ menu, onOpenPalette }: TopBarProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const session = useSession();
  const loggedIn = hasCredentials(session);
  const config = useClientConfig();
  const fleet = useFleet(loggedIn ? session.user.fleet : undefined);
  // Below md (a phone, a tablet, 200 % zoom of a laptop) the signed-in controls fold into one menu (WCAG 1.4.10).
  const compact = useMediaQuery(useTheme().breakpoints.down('md'), { noSsr: true });

  const productName = config.data?.productName ?? t('app.productName');
  const title = (loggedIn && fleet.data?.name) || productName;

  useEffect(() => {
    document.title = title;
  }, [title]);

  return (
    <AppBar position="fixed" sx={{ zIndex: (theme) => theme.zIndex.drawer + 1 }}>
      <Toolbar sx={{ gap: 1 }}>
        {loggedIn && menu && (
          <IconButton color="inherit" edge="start" aria-label={t('topBar.openMenu')} aria-expanded={menu.open} onClick={menu.toggle}>
            <MenuIcon />
          </IconButton>
        )}
        <Typography variant="h6" component="div" noWrap sx={{ fontWeight: 500, letterSpacing: '0.01em', minWidth: 0 }}>
          {loggedIn && fleet.isPending && fleet.fetchStatus !== 'idle' ? (
            <Skeleton variant="text" width={140} sx={{ bgcolor: 'rgba(255,255,255,0.2)' }} role="status" aria-label={t('common.loading')} />
          ) : (
            title
          )}
        </Typography>
        <Box sx={{ flexGrow: 1 }} />
        {loggedIn && <LiveIndicator compact={compact} />}
        {loggedIn && onOpenPalette && (
          <IconButton
            color="inherit"
            aria-label={t('topBar.palette')}
            title={t('topBar.palette')}
            aria-keyshortcuts="Control+K Meta+K"
            onClick={onOpenPalette}
          >
            <SearchIcon />
          </IconButton>
        )}
        {loggedIn && compact ? (
          <Suspense fallback={null}>
            <TopBarMenu signedInAs={t('topBar.signedInAs', { name: displayName(session.user) })} />
          </Suspense>
        ) : (
          <>
            {loggedIn && (
              <Suspense fallback={null}>
                <SupportModeSwitch />
              </Suspense>
            )}
            {loggedIn && (
              <Suspense fallback={null}>
                <SignedInUser name={displayName(session.user)} />
              </Suspense>
            )}
            <LanguageMenu />
            {loggedIn && (
              <Suspense fallback={null}>
                <ColorSchemeMenu />
              </Suspense>
            )}
            {loggedIn ? (
              <Suspense fallback={null}>
                <LogoutButton />
              </Suspense>
            ) : (
              // A native tooltip: MUI's Tooltip (with Popper) is left out of the login page's download (issue 15).
              <IconButton
                color="inherit"
                edge="end"
                aria-label={t('topBar.login')}
                title={t('topBar.login')}
                onClick={() => void navigate({ to: '/login' })}
              >
                <LoginIcon />
              </IconButton>
            )}
          </>
        )}
      </Toolbar>
    </AppBar>
  );
}
