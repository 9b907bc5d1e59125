import { useId, useState } from 'react';
import CheckIcon from '@mui/icons-material/Check';
import SettingsBrightnessIcon from '@mui/icons-material/SettingsBrightness';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { COLOR_SCHEME_CHOICES, setColorSchemeChoice, useColorSchemeChoice, type ColorSchemeChoice } from '@/lib/theme/color-scheme';

/**
 * The colour scheme's choices (System, Light, Dark) as menu radio items: in the top bar's menu on a narrow screen
 * (top-bar-menu.tsx) and in ColorSchemeMenu's on a wide one. Each staff member's own
 * (lib/theme/color-scheme.ts; docs/decisions/0068-dark-mode.md).
 */
export function colorSchemeMenuItems(current: ColorSchemeChoice, t: TFunction, onChosen: () => void) {
  return COLOR_SCHEME_CHOICES.map((choice) => (
    <MenuItem
      key={choice}
      role="menuitemradio"
      aria-checked={choice === current}
      onClick={() => {
        onChosen();
        setColorSchemeChoice(choice);
      }}
    >
      <ListItemIcon>{choice === current && <CheckIcon fontSize="small" />}</ListItemIcon>
      <ListItemText>{t(`topBar.colorSchemes.${choice}`)}</ListItemText>
    </MenuItem>
  ));
}

/** The top bar's colour-scheme button on a wide screen (System, Light, Dark; docs/decisions/0068-dark-mode.md). */
export function ColorSchemeMenu() {
  const { t } = useTranslation();
  const current = useColorSchemeChoice();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const buttonId = useId();
  const label = t('topBar.colorScheme');
  const close = () => setAnchor(null);

  return (
    <>
      {/* A native tooltip: MUI's is being moved out of the first download (issue 15). */}
      <IconButton
        id={buttonId}
        color="inherit"
        aria-label={label}
        title={label}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        data-testid="color-scheme-menu"
      >
        <SettingsBrightnessIcon />
      </IconButton>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={close}
        slotProps={{ list: { 'aria-labelledby': buttonId, dense: true } }}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        {colorSchemeMenuItems(current, t, close)}
      </Menu>
    </>
  );
}
