import { useEffect } from 'react';
import LoginIcon from '@mui/icons-material/Login';
import LogoutIcon from '@mui/icons-material/Logout';
import MenuIcon from '@mui/icons-material/Menu';
import PersonOutlineIcon from '@mui/icons-material/PersonOutlined';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useClientConfig } from '@/features/config';
import { useFleet } from '@/features/fleets';
import { logout, useSession } from '@/lib/session/session';
import { displayName, hasCredentials } from '@/lib/session/session-schema';
import { useSupportMode } from '@/lib/support-mode/support-mode';
import { LanguageMenu } from './language-menu';

interface TopBarProps {
  /** On small screens, while logged in: the button that opens and closes the side menu. */
  menu?: { open: boolean; toggle: () => void };
}

export function TopBar({ menu }: TopBarProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const session = useSession();
  const loggedIn = hasCredentials(session);
  const config = useClientConfig();
  const fleet = useFleet(loggedIn ? session.user.fleet : undefined);

  const productName = config.data?.productName ?? t('app.productName');
  const title = (loggedIn && fleet.data?.name) || productName;

  useEffect(() => {
    document.title = title;
  }, [title]);

  return (
    <AppBar position="fixed" sx={{ zIndex: (theme) => theme.zIndex.drawer + 1 }}>
      <Toolbar sx={{ gap: 1 }}>
        {loggedIn && menu && (
          <IconButton
            color="inherit"
            edge="start"
            aria-label={t('topBar.openMenu')}
            aria-expanded={menu.open}
            onClick={menu.toggle}
          >
            <MenuIcon />
          </IconButton>
        )}
        <Typography variant="h6" component="div" noWrap sx={{ fontWeight: 500, letterSpacing: '0.01em' }}>
          {loggedIn && fleet.isPending && fleet.fetchStatus !== 'idle' ? (
            <Skeleton variant="text" width={140} sx={{ bgcolor: 'rgba(255,255,255,0.2)' }} aria-label={t('common.loading')} />
          ) : (
            title
          )}
        </Typography>
        <Box sx={{ flexGrow: 1 }} />
        {loggedIn && <SupportModeSwitch />}
        {loggedIn && (
          <Tooltip title={t('topBar.signedInAs', { name: displayName(session.user) })}>
            <Box sx={{ display: { xs: 'none', sm: 'flex' }, alignItems: 'center', gap: 0.75, mr: 1 }}>
              <PersonOutlineIcon fontSize="small" aria-hidden />
              <Typography variant="body2" noWrap sx={{ maxWidth: 220 }} data-testid="current-user">
                {displayName(session.user)}
              </Typography>
            </Box>
          </Tooltip>
        )}
        <LanguageMenu />
        {loggedIn ? (
          <Tooltip title={t('topBar.logout')}>
            <IconButton color="inherit" edge="end" aria-label={t('topBar.logout')} onClick={() => void logout()}>
              <LogoutIcon />
            </IconButton>
          </Tooltip>
        ) : (
          <Tooltip title={t('topBar.login')}>
            <IconButton color="inherit" edge="end" aria-label={t('topBar.login')} onClick={() => void navigate({ to: '/login' })}>
              <LoginIcon />
            </IconButton>
          </Tooltip>
        )}
      </Toolbar>
    </AppBar>
  );
}

/**
 * The support-mode switch (§6; docs/decisions/0036-support-mode.md): on, the booking card and user page are collapsible
 * cards with their action menus, the username filter and the Suspicious against tab; off, the user page has an edit
 * toggle instead.
 */
function SupportModeSwitch() {
  const { t } = useTranslation();
  const { supportMode, setSupportMode } = useSupportMode();
  return (
    <Tooltip describeChild title={supportMode ? t('topBar.supportModeOnHint') : t('topBar.supportModeOffHint')}>
      <FormControlLabel
        data-testid="support-mode"
        sx={{
          mr: 1,
          ml: 0,
          '& .MuiFormControlLabel-label': { typography: 'body2', whiteSpace: 'nowrap' },
          // On a phone the label would squeeze the operator's name: keep it for screen readers only.
          '@media (max-width: 599.95px)': {
            '& .MuiFormControlLabel-label': {
              position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap',
            },
          },
        }}
        control={
          <Switch
            size="small"
            color="default"
            checked={supportMode}
            onChange={(event) => setSupportMode(event.target.checked)}
            slotProps={{ input: { role: 'switch' } }}
            sx={{
              '& .MuiSwitch-switchBase.Mui-checked': { color: 'common.white' },
              '& .MuiSwitch-switchBase.Mui-checked + .MuiSwitch-track': { bgcolor: 'common.white', opacity: 0.6 },
            }}
          />
        }
        label={t('topBar.supportMode')}
      />
    </Tooltip>
  );
}
