import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Toolbar from '@mui/material/Toolbar';
import { Fragment } from 'react';
import { useRouterState } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ListItemLink } from '@/components/router-link';
import { ViewQueues } from '@/features/saved-views';
import { useSession } from '@/lib/session/session';
import { isMenuItemActive, menuSectionsFor } from './menu-items';
import { SIDE_MENU_WIDTH } from './side-menu-width';

interface SideMenuProps {
  /** Permanent on wide screens; a temporary drawer on small ones. */
  permanent: boolean;
  open: boolean;
  onClose: () => void;
}

function MenuList({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useTranslation();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const sections = menuSectionsFor(useSession()?.user.role);
  return (
    <Box component="nav" aria-label={t('app.mainNavigation')} sx={{ px: 1, py: 1 }}>
      {sections.map((section, index) => (
        <Fragment key={section[0]?.to ?? index}>
          {index > 0 && <Divider sx={{ my: 1 }} />}
          <List disablePadding>
            {section.map((item) => {
              const active = isMenuItemActive(item, pathname);
              const Icon = item.icon;
              return (
                <ListItem key={item.to} disablePadding sx={{ mb: 0.25 }}>
                  <ListItemLink to={item.to} selected={active} aria-current={active ? 'page' : undefined} onClick={onNavigate}>
                    <ListItemIcon>
                      <Icon fontSize="small" />
                    </ListItemIcon>
                    <ListItemText primary={t(`menu.${item.label}`)} />
                  </ListItemLink>
                </ListItem>
              );
            })}
          </List>
        </Fragment>
      ))}
      <ViewQueues onNavigate={onNavigate} />
    </Box>
  );
}

export function SideMenu({ permanent, open, onClose }: SideMenuProps) {
  const paper = { width: SIDE_MENU_WIDTH, boxSizing: 'border-box' as const };
  if (permanent) {
    return (
      <Drawer variant="permanent" sx={{ width: SIDE_MENU_WIDTH, flexShrink: 0 }} slotProps={{ paper: { sx: paper } }}>
        <Toolbar />
        <MenuList onNavigate={() => undefined} />
      </Drawer>
    );
  }
  return (
    <Drawer variant="temporary" open={open} onClose={onClose} slotProps={{ paper: { sx: paper } }} ModalProps={{ keepMounted: true }}>
      <Toolbar />
      <MenuList onNavigate={onClose} />
    </Drawer>
  );
}
