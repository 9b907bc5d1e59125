import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import { useSupportMode } from '@/lib/support-mode/support-mode';

/**
 * The support-mode switch (§6; docs/decisions/0036-support-mode.md): on, the booking card and user page are collapsible
 * cards with their action menus, the username filter and the Suspicious against tab; off, the user page has an edit
 * toggle instead. On a narrow screen the top bar shows it in its menu instead (top-bar-menu.tsx).
 */
export function SupportModeSwitch() {
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
