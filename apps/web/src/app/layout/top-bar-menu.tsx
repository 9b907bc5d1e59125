import { useId, useState } from 'react';
import CheckIcon from '@mui/icons-material/Check';
import LogoutIcon from '@mui/icons-material/Logout';
import ManageAccountsOutlinedIcon from '@mui/icons-material/ManageAccountsOutlined';
import ToggleOffOutlinedIcon from '@mui/icons-material/ToggleOffOutlined';
import ToggleOnIcon from '@mui/icons-material/ToggleOn';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useTranslation } from 'react-i18next';
import { changeLanguage, useLanguage } from '@/lib/i18n/i18n';
import { LANGUAGES } from '@/lib/i18n/languages';
import { logout } from '@/lib/session/session';
import { useSupportMode } from '@/lib/support-mode/support-mode';
import { ColorSchemeMenuItems } from './color-scheme-menu';

/**
 * The top bar on a narrow screen (a phone, or 200 % zoom; WCAG 1.4.10, docs/decisions/0052-accessibility-reflow-focus.md):
 * who is signed in, the support-mode switch, the language, the colour scheme and Log out, in one menu behind one
 * button, so the bar never runs off the screen.
 */
export function TopBarMenu({ signedInAs }: { signedInAs: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { supportMode, setSupportMode } = useSupportMode();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const buttonId = useId();
  const close = () => setAnchor(null);

  return (
    <>
      <IconButton
        id={buttonId}
        color="inherit"
        edge="end"
        aria-label={t('topBar.moreMenu')}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        data-testid="top-bar-menu"
      >
        <ManageAccountsOutlinedIcon />
      </IconButton>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={close}
        slotProps={{ list: { 'aria-labelledby': buttonId, dense: true }, paper: { sx: { maxWidth: 'calc(100vw - 16px)' } } }}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        <MenuItem disabled sx={{ '&.Mui-disabled': { opacity: 1 } }}>
          <ListItemText primary={signedInAs} slotProps={{ primary: { noWrap: true, color: 'text.secondary' } }} />
        </MenuItem>
        <Divider />
        <MenuItem
          role="menuitemcheckbox"
          aria-checked={supportMode}
          onClick={() => {
            setSupportMode(!supportMode);
            close();
          }}
        >
          <ListItemIcon>{supportMode ? <ToggleOnIcon color="primary" /> : <ToggleOffOutlinedIcon />}</ListItemIcon>
          <ListItemText>{t('topBar.supportMode')}</ListItemText>
        </MenuItem>
        <Divider />
        {LANGUAGES.map((option) => (
          <MenuItem
            key={option}
            lang={option}
            role="menuitemradio"
            aria-checked={option === language}
            onClick={() => {
              close();
              void changeLanguage(option);
            }}
          >
            <ListItemIcon>{option === language && <CheckIcon fontSize="small" />}</ListItemIcon>
            <ListItemText>{t(`languages.${option}`)}</ListItemText>
          </MenuItem>
        ))}
        <Divider />
        <ColorSchemeMenuItems onChosen={close} />
        <Divider />
        <MenuItem
          onClick={() => {
            close();
            void logout();
          }}
        >
          <ListItemIcon>
            <LogoutIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('topBar.logout')}</ListItemText>
        </MenuItem>
      </Menu>
    </>
  );
}
