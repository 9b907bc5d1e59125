import { Fragment, useId, useState, type KeyboardEvent, type ReactElement, type ReactNode } from 'react';
import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Box from '@mui/material/Box';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { isAbilityShown, type Ability } from '@fleetdesk/contract';
import { useTranslation } from 'react-i18next';
import { abilityReasonText } from '@/lib/abilities/ability-text';
import { shortcutKey } from '@/lib/shortcuts/keys';
import { usePageActions } from '@/lib/shortcuts/page-shortcuts';
import { AppHrefLink } from './app-href-link';

export interface ActionsMenuItem<K extends string> {
  key: K;
  label: ReactNode;
  icon: ReactElement;
  /** From the record's abilities (the server's decision). Refused without a reason: not shown at all. */
  ability: Ability;
  /** Ends, cancels or blocks something: drawn in red, never focused when the menu opens. */
  destructive?: boolean;
  /** Items of another group than the previous one get a divider above them. */
  group?: number;
  /** A link to another screen (opens like any link: middle click, new tab) instead of an action. */
  href?: string;
  /** Its key (a lower-case letter): shown in the menu, chooses it while the menu is open (docs/decisions/0066). */
  shortcut?: string;
}

interface ActionsMenuProps<K extends string> {
  /** The accessible name of the button and the menu. */
  label: string;
  items: readonly ActionsMenuItem<K>[];
  onChoose: (key: K) => void;
  /** A labelled button (a card's main menu) or a compact icon button (a row). */
  variant?: 'button' | 'icon';
  /** The labelled button's look: contained (a card's main actions) or outlined and small (a dense card's). */
  buttonStyle?: 'contained' | 'outlined';
  /** An action of this menu is running: the button shows progress and is disabled. */
  busy?: boolean;
  /** Called with the button's click, before the menu opens (e.g. to take the time the menu is drawn for). */
  onOpen?: () => void;
  /** The screen is this record's own (a booking card): the items' keys choose them without opening the menu. */
  pageShortcuts?: boolean;
  testId?: string;
}

/**
 * One actions menu for every record (GUIDE §3.2, issue 16): the entries come from the record's abilities, as the server
 * sent them. An entry the server refuses stays in the menu, unavailable (aria-disabled, still reachable with the arrow
 * keys so it can be read), with the server's reason under it. The menu opens with the focus on the list, never on an
 * entry, so Enter on the button followed by Enter cannot run an action (least of all a destructive one).
 */
export function ActionsMenu<K extends string>({
  label,
  items,
  onChoose,
  variant = 'button',
  buttonStyle = 'contained',
  busy = false,
  onOpen,
  pageShortcuts = false,
  testId,
}: ActionsMenuProps<K>) {
  const { t } = useTranslation();
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const shown = items.filter((item) => isAbilityShown(item.ability));
  // The keys of the entries that can run now (not links): the same choice as a click, so the same confirmation.
  const runnable = shown.filter((item) => item.ability.allowed && item.shortcut && !item.href);
  const byKey = (key: string | null) => (key === null ? undefined : runnable.find((item) => item.shortcut === key));
  // The page's keys and the command palette's actions: allowed actions (not links) with a text label.
  usePageActions(
    pageShortcuts && !busy
      ? shown
          .filter((item) => item.ability.allowed && !item.href && typeof item.label === 'string')
          .map((item) => ({ id: item.key, label: item.label as string, shortcut: item.shortcut, run: () => onChoose(item.key) }))
      : null,
  );
  const open = (element: HTMLElement) => {
    onOpen?.();
    setAnchor(element);
  };
  const common = {
    'aria-haspopup': 'menu' as const,
    'aria-controls': anchor ? menuId : undefined,
    'aria-expanded': anchor ? true : undefined,
    'aria-busy': busy || undefined,
    disabled: busy || shown.length === 0,
    'data-testid': testId,
  };

  return (
    <>
      {variant === 'button' ? (
        <Button
          variant={buttonStyle}
          size={buttonStyle === 'outlined' ? 'small' : 'medium'}
          {...common}
          onClick={(event) => open(event.currentTarget)}
          startIcon={busy ? <CircularProgress size={16} color="inherit" aria-label={t('common.loading')} /> : undefined}
          endIcon={<ArrowDropDownIcon />}
        >
          {label}
        </Button>
      ) : (
        <IconButton size="small" aria-label={label} title={label} {...common} onClick={(event) => open(event.currentTarget)}>
          {busy ? <CircularProgress size={16} aria-label={t('common.loading')} /> : <MoreVertIcon fontSize="small" />}
        </IconButton>
      )}
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        disableAutoFocusItem
        slotProps={{
          list: {
            dense: true,
            'aria-label': label,
            disabledItemsFocusable: true,
            onKeyDown: (event: KeyboardEvent<HTMLUListElement>) => {
              const item = byKey(shortcutKey(event.nativeEvent));
              if (!item) return;
              event.preventDefault();
              setAnchor(null);
              onChoose(item.key);
            },
          },
          paper: { sx: { maxWidth: 360 } },
        }}
      >
        {shown.map((item, index) => {
          const why = abilityReasonText(item.ability, t);
          const allowed = item.ability.allowed;
          const previous = shown[index - 1];
          return (
            <Fragment key={item.key}>
              {previous && previous.group !== item.group && <Divider component="li" role="separator" />}
              <MenuItem
                {...(allowed && item.href ? { component: AppHrefLink, href: item.href, underline: 'none', color: 'inherit' } : {})}
                aria-disabled={allowed ? undefined : true}
                // Named by its label alone; the reason it is unavailable is its description.
                aria-labelledby={`${menuId}-${item.key}-label`}
                aria-describedby={why ? `${menuId}-${item.key}-why` : undefined}
                data-action={item.key}
                aria-keyshortcuts={item.shortcut && allowed ? item.shortcut : undefined}
                onClick={
                  allowed
                    ? () => {
                        setAnchor(null);
                        onChoose(item.key);
                      }
                    : undefined
                }
                sx={[
                  { alignItems: why ? 'flex-start' : 'center', whiteSpace: 'normal' },
                  !allowed && {
                    cursor: 'default',
                    '&:hover': { bgcolor: 'transparent' },
                    '& .MuiListItemIcon-root, & .MuiListItemText-primary': { color: 'text.disabled' },
                  },
                  allowed && Boolean(item.destructive) && { color: 'error.main', '& .MuiListItemIcon-root': { color: 'error.main' } },
                ]}
              >
                <ListItemIcon sx={{ mt: why ? 0.25 : 0 }}>{item.icon}</ListItemIcon>
                <ListItemText
                  primary={item.label}
                  secondary={why}
                  slotProps={{ primary: { id: `${menuId}-${item.key}-label` }, secondary: { id: `${menuId}-${item.key}-why` } }}
                  sx={{ my: 0 }}
                />
                {item.shortcut && allowed && (
                  <Box
                    component="kbd"
                    aria-hidden
                    sx={{
                      ml: 2,
                      px: 0.75,
                      minWidth: 22,
                      textAlign: 'center',
                      border: 1,
                      borderColor: 'divider',
                      borderRadius: 0.5,
                      color: 'text.secondary',
                      fontFamily: 'inherit',
                      fontSize: 12,
                      lineHeight: '20px',
                    }}
                  >
                    {item.shortcut.toUpperCase()}
                  </Box>
                )}
              </MenuItem>
            </Fragment>
          );
        })}
      </Menu>
    </>
  );
}
