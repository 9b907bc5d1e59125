import { useEffect, useMemo, useState, type ReactNode } from 'react';
import BoltIcon from '@mui/icons-material/Bolt';
import BusinessIcon from '@mui/icons-material/Business';
import DirectionsCarOutlinedIcon from '@mui/icons-material/DirectionsCarOutlined';
import EventNoteOutlinedIcon from '@mui/icons-material/EventNoteOutlined';
import HistoryIcon from '@mui/icons-material/History';
import PaymentsOutlinedIcon from '@mui/icons-material/PaymentsOutlined';
import PersonOutlinedIcon from '@mui/icons-material/PersonOutlined';
import PlaceOutlinedIcon from '@mui/icons-material/PlaceOutlined';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { Command } from 'cmdk';
import { ZPaletteResponse, type PaletteItem, type PaletteKind } from '@fleetdesk/contract';
import { useTranslation } from 'react-i18next';
import { apiClient } from '@/lib/api/client';
import { queryKey } from '@/lib/query/query-keys';
import { useSession } from '@/lib/session/session';
import { hasCredentials } from '@/lib/session/session-schema';
import { pageActions } from '@/lib/shortcuts/page-shortcuts';
import { menuSectionsFor } from './menu-items';
import { paletteSubtitle, parseRecentItems } from './palette-subtitle';

const KIND_ICON: Record<PaletteKind, ReactNode> = {
  USER: <PersonOutlinedIcon fontSize="small" />,
  BOOKING: <EventNoteOutlinedIcon fontSize="small" />,
  VEHICLE: <DirectionsCarOutlinedIcon fontSize="small" />,
  POOL: <PlaceOutlinedIcon fontSize="small" />,
  COMPANY: <BusinessIcon fontSize="small" />,
  PAYMENT: <PaymentsOutlinedIcon fontSize="small" />,
};

/** The phrase is sent once typing pauses, and only from two characters on. */
const DEBOUNCE_MS = 200;
const MIN_QUERY = 2;
const RECENT_MAX = 8;

const recentKey = (username: string) => `fleetdesk.palette.recent.${username}`;

function readRecent(username: string): PaletteItem[] {
  try {
    return parseRecentItems(JSON.parse(localStorage.getItem(recentKey(username)) ?? '[]'));
  } catch {
    return [];
  }
}

function remember(username: string, item: PaletteItem) {
  const next = [item, ...readRecent(username).filter((old) => !(old.kind === item.kind && old.key === item.key))].slice(0, RECENT_MAX);
  localStorage.setItem(recentKey(username), JSON.stringify(next));
}

const matches = (text: string, phrase: string) => text.toLocaleLowerCase().includes(phrase.toLocaleLowerCase());

function Row({ icon, title, subtitle, aside }: { icon: ReactNode; title: string; subtitle?: string | null; aside?: string | undefined }) {
  return (
    <>
      <Box sx={{ display: 'flex', color: 'text.secondary' }} aria-hidden>
        {icon}
      </Box>
      <Box sx={{ minWidth: 0, flexGrow: 1 }}>
        <Typography variant="body2" noWrap>
          {title}
        </Typography>
        {subtitle && (
          <Typography variant="caption" color="text.secondary" noWrap component="div">
            {subtitle}
          </Typography>
        )}
      </Box>
      {aside && (
        <Typography variant="caption" color="text.secondary" sx={{ flexShrink: 0 }}>
          {aside}
        </Typography>
      )}
    </>
  );
}

/**
 * The command palette (Ctrl+K / ⌘K and the top bar's button; issue 19 point 1, docs/decisions/0067-command-palette.md):
 * the operator's records by any phrase (GET /api/search/palette), the screens of the side menu, the actions of the
 * record in view (the entries its menu allows, which ask first as from the menu) and the records recently opened here.
 */
export default function CommandPalette({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const session = useSession();
  const username = hasCredentials(session) ? session.user.username : '';
  const role = hasCredentials(session) ? session.user.role : undefined;
  const [text, setText] = useState('');
  const [phrase, setPhrase] = useState('');
  useEffect(() => {
    const timer = window.setTimeout(() => setPhrase(text.trim()), DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [text]);

  const search = useQuery({
    queryKey: queryKey('search', 'palette', { q: phrase }),
    queryFn: ({ signal }) => apiClient.request('/search/palette', { query: { q: phrase }, schema: ZPaletteResponse, signal }),
    enabled: phrase.length >= MIN_QUERY,
    staleTime: 30_000,
    // The palette shows its own error line instead of a toast.
    meta: { notifyErrors: false },
  });
  const recent = useMemo(() => readRecent(username), [username]);
  const actions = useMemo(() => pageActions(), []);
  const screens = menuSectionsFor(role).flat();
  const typed = text.trim();

  const shownScreens = screens.filter((item) => !typed || matches(t(`menu.${item.label}`), typed));
  const shownActions = actions.filter((action) => !typed || matches(action.label, typed));
  const shownRecent = typed ? recent.filter((item) => matches(`${item.title} ${paletteSubtitle(item, t) ?? ''}`, typed)) : recent;
  const results = phrase.length >= MIN_QUERY ? (search.data?.items ?? []) : [];

  const open = (href: string) => {
    onClose();
    void navigate({ href });
  };
  const openRecord = (item: PaletteItem) => {
    remember(username, item);
    open(item.href);
  };

  return (
    <Dialog
      open
      onClose={onClose}
      maxWidth="sm"
      fullWidth
      slotProps={{ paper: { 'aria-label': t('shortcuts.palette.title') } }}
      sx={{ '& .MuiDialog-container': { alignItems: 'flex-start' } }}
    >
      <Box
        component={Command}
        label={t('shortcuts.palette.label')}
        shouldFilter={false}
        loop
        sx={{
          '& [cmdk-input]': {
            width: '100%',
            border: 0,
            borderBottom: 1,
            borderColor: 'divider',
            px: 2,
            py: 1.75,
            font: 'inherit',
            fontSize: 16,
            bgcolor: 'transparent',
            color: 'text.primary',
            outline: 'none',
          },
          '& [cmdk-input]:focus-visible': { boxShadow: (theme) => `inset 0 0 0 2px ${theme.palette.primary.main}` },
          '& [cmdk-list]': { maxHeight: 'min(60vh, 480px)', overflowY: 'auto', p: 1 },
          '& [cmdk-group-heading]': { px: 1, pt: 1, pb: 0.5, fontSize: 12, fontWeight: 600, color: 'text.secondary', textTransform: 'uppercase' },
          '& [cmdk-item]': { display: 'flex', alignItems: 'center', gap: 1.5, px: 1, py: 0.75, borderRadius: 1, cursor: 'pointer' },
          '& [cmdk-item][data-selected="true"]': { bgcolor: 'action.selected', outline: (theme) => `2px solid ${theme.palette.primary.main}` },
          '& [cmdk-empty], & [cmdk-loading]': { px: 1, py: 2, color: 'text.secondary', fontSize: 14 },
        }}
      >
        <Command.Input
          value={text}
          onValueChange={setText}
          placeholder={t('shortcuts.palette.placeholder')}
          aria-label={t('shortcuts.palette.label')}
          autoFocus
        />
        <Command.List>
          {search.isFetching && <Command.Loading>{t('shortcuts.palette.searching')}</Command.Loading>}
          {search.isError && phrase.length >= MIN_QUERY && (
            <Typography role="alert" variant="body2" color="error" sx={{ px: 1, py: 1 }}>
              {t('shortcuts.palette.failed')}
            </Typography>
          )}
          {!search.isFetching && <Command.Empty>{t('shortcuts.palette.empty')}</Command.Empty>}
          {shownActions.length > 0 && (
            <Command.Group heading={t('shortcuts.palette.actions')}>
              {shownActions.map((action) => (
                <Command.Item
                  key={`action-${action.id}`}
                  value={`action-${action.id}`}
                  onSelect={() => {
                    onClose();
                    action.run();
                  }}
                >
                  <Row icon={<BoltIcon fontSize="small" />} title={action.label} aside={action.shortcut?.toUpperCase()} />
                </Command.Item>
              ))}
            </Command.Group>
          )}
          {results.length > 0 && (
            <Command.Group heading={t('shortcuts.palette.results')}>
              {results.map((item) => (
                <Command.Item key={`${item.kind}-${item.key}`} value={`${item.kind}-${item.key}`} onSelect={() => openRecord(item)}>
                  <Row
                    icon={KIND_ICON[item.kind]}
                    title={item.title}
                    subtitle={paletteSubtitle(item, t)}
                    aside={t(`shortcuts.palette.kinds.${item.kind}`)}
                  />
                </Command.Item>
              ))}
            </Command.Group>
          )}
          {shownRecent.length > 0 && (
            <Command.Group heading={t('shortcuts.palette.recent')}>
              {shownRecent.map((item) => (
                <Command.Item key={`recent-${item.kind}-${item.key}`} value={`recent-${item.kind}-${item.key}`} onSelect={() => openRecord(item)}>
                  <Row
                    icon={<HistoryIcon fontSize="small" />}
                    title={item.title}
                    subtitle={paletteSubtitle(item, t)}
                    aside={t(`shortcuts.palette.kinds.${item.kind}`)}
                  />
                </Command.Item>
              ))}
            </Command.Group>
          )}
          {shownScreens.length > 0 && (
            <Command.Group heading={t('shortcuts.palette.screens')}>
              {shownScreens.map((item) => (
                <Command.Item key={`screen-${item.to}`} value={`screen-${item.to}`} onSelect={() => open(item.to)}>
                  <Row icon={<item.icon fontSize="small" />} title={t(`menu.${item.label}`)} />
                </Command.Item>
              ))}
            </Command.Group>
          )}
        </Command.List>
        <Typography variant="caption" color="text.secondary" component="div" sx={{ px: 2, py: 1, borderTop: 1, borderColor: 'divider' }}>
          {t('shortcuts.palette.hint')}
        </Typography>
      </Box>
    </Dialog>
  );
}
