import LogoutIcon from '@mui/icons-material/Logout';
import PersonOutlineIcon from '@mui/icons-material/PersonOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { logout } from '@/lib/session/session';

// In this module's download, so that the signed-in shell's preload brings it (app-shell.tsx).
export { ColorSchemeMenu } from './color-scheme-menu';

/**
 * The top bar's signed-in controls on a wide screen: who is signed in and Log out, with their tooltips. Downloaded
 * after the login with the rest of the signed-in shell (app-shell.tsx), so the login page loads no tooltip (Popper).
 */
export function SignedInUser({ name }: { name: string }) {
  const { t } = useTranslation();
  return (
    <Tooltip title={t('topBar.signedInAs', { name })}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.75, mr: 1, minWidth: 0 }}>
        <PersonOutlineIcon fontSize="small" aria-hidden />
        <Typography variant="body2" noWrap sx={{ maxWidth: 220 }} data-testid="current-user">
          {name}
        </Typography>
      </Box>
    </Tooltip>
  );
}

export function LogoutButton() {
  const { t } = useTranslation();
  return (
    <Tooltip title={t('topBar.logout')}>
      <IconButton color="inherit" edge="end" aria-label={t('topBar.logout')} onClick={() => void logout()}>
        <LogoutIcon />
      </IconButton>
    </Tooltip>
  );
}
