import { useId, useState, type ReactElement } from 'react';
import HowToRegOutlinedIcon from '@mui/icons-material/HowToRegOutlined';
import LockResetIcon from '@mui/icons-material/LockReset';
import ManageAccountsOutlinedIcon from '@mui/icons-material/ManageAccountsOutlined';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import PersonOffOutlinedIcon from '@mui/icons-material/PersonOffOutlined';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useTranslation } from 'react-i18next';
import type { StaffMember } from '@fleetdesk/contract';
import { staffMenuActions, isDestructiveStaffAction, type StaffAction } from '../staff-actions';
import { staffName } from '../staff-list';
import { abilityReasonText } from '../staff-messages';

const ICONS: Record<StaffAction, ReactElement> = {
  changeRole: <ManageAccountsOutlinedIcon fontSize="small" />,
  resetPassword: <LockResetIcon fontSize="small" />,
  disable: <PersonOffOutlinedIcon fontSize="small" />,
  enable: <HowToRegOutlinedIcon fontSize="small" />,
};

interface StaffMemberMenuProps {
  member: StaffMember;
  onChoose: (action: StaffAction) => void;
}

/**
 * The actions button of one member (row or card) and its menu, drawn from the member's abilities. An entry the server
 * refuses stays in the menu, unavailable (aria-disabled, still reachable with the arrow keys so it can be read), with
 * the server's reason under it. The menu never opens with the focus on the destructive entry.
 */
export function StaffMemberMenu({ member, onChoose }: StaffMemberMenuProps) {
  const { t } = useTranslation();
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const actions = staffMenuActions(member);
  const first = actions[0];
  const label = t('staff.actions.menu', { name: staffName(member) });

  return (
    <>
      <IconButton
        size="small"
        aria-label={label}
        title={label}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? true : undefined}
        disabled={actions.length === 0}
        onClick={(event) => setAnchor(event.currentTarget)}
        data-testid="staff-actions"
      >
        <MoreVertIcon fontSize="small" />
      </IconButton>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        // The first entry takes the focus only when it is not destructive; otherwise the menu itself does.
        disableAutoFocusItem={first === undefined || isDestructiveStaffAction(first)}
        // Unavailable entries stay reachable with the arrow keys, so that their reason can be read.
        slotProps={{ list: { dense: true, 'aria-label': label, disabledItemsFocusable: true }, paper: { sx: { maxWidth: 340 } } }}
      >
        {actions.flatMap((action, index) => {
          const ability = member.abilities[action];
          const why = abilityReasonText(ability, t);
          const destructive = isDestructiveStaffAction(action);
          const item = (
            <MenuItem
              key={action}
              aria-disabled={ability.allowed ? undefined : true}
              onClick={
                ability.allowed
                  ? () => {
                      setAnchor(null);
                      onChoose(action);
                    }
                  : undefined
              }
              sx={[
                { alignItems: why ? 'flex-start' : 'center', whiteSpace: 'normal' },
                !ability.allowed && {
                  cursor: 'default',
                  '&:hover': { bgcolor: 'transparent' },
                  '& .MuiListItemIcon-root, & .MuiListItemText-primary': { color: 'text.disabled' },
                },
                ability.allowed && destructive && { color: 'error.main', '& .MuiListItemIcon-root': { color: 'error.main' } },
              ]}
            >
              <ListItemIcon sx={{ mt: why ? 0.25 : 0 }}>{ICONS[action]}</ListItemIcon>
              <ListItemText primary={t(`staff.actions.${action}`)} secondary={why} sx={{ my: 0 }} />
            </MenuItem>
          );
          return destructive && index > 0 ? [<Divider key={`${action}-divider`} />, item] : [item];
        })}
      </Menu>
    </>
  );
}
