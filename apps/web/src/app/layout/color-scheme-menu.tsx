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
import { isApiError } from '@/lib/api/api-error';
import { notify } from '@/lib/notifications/notify';
import { chooseColorScheme, COLOR_SCHEME_CHOICES, useColorSchemeChoice, type ColorSchemeChoice } from '@/lib/theme/color-scheme';

/** Why the choice was not saved, in the UI language: the server's refusal, or no connection (fetch failed). */
async function failureText(error: unknown, t: TFunction): Promise<string> {
  if (isApiError(error)) {
    const { errorToNotifications } = await import('@/lib/notifications/error-notifications');
    return errorToNotifications(error, t)[0]?.message ?? t('messages.genericError');
  }
  return error instanceof TypeError ? t('topBar.colorSchemeOffline') : t('messages.genericError');
}

/** Applies the choice at once and saves it; a failed save puts the previous choice back and says why in a toast. */
function choose(choice: ColorSchemeChoice, t: TFunction) {
  void chooseColorScheme(choice).catch(async (error: unknown) => {
    notify({ variant: 'error', persist: true, message: t('topBar.colorSchemeNotSaved', { reason: await failureText(error, t) }) });
  });
}

/**
 * The colour scheme's choices (System, Light, Dark) as menu radio items, the one place they are drawn: in the top bar's
 * menu on a narrow screen (top-bar-menu.tsx) and in ColorSchemeMenu's on a wide one. The staff member's own preference,
 * saved on the server (lib/theme/color-scheme.ts; docs/decisions/0068-dark-mode.md, 0078-color-scheme-preference.md).
 */
export function ColorSchemeMenuItems({ onChosen }: { onChosen: () => void }) {
  const { t } = useTranslation();
  const current = useColorSchemeChoice();
  return COLOR_SCHEME_CHOICES.map((choice) => (
    <MenuItem
      key={choice}
      role="menuitemradio"
      aria-checked={choice === current}
      onClick={() => {
        onChosen();
        choose(choice, t);
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
        <ColorSchemeMenuItems onChosen={close} />
      </Menu>
    </>
  );
}
