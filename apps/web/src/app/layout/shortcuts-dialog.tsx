import { Fragment, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { BOOKING_ABILITY_KEYS } from '@fleetdesk/contract';
import { useTranslation } from 'react-i18next';
import { BOOKING_ACTION_SHORTCUTS } from '@/features/bookings';
import { GO_TO_KEYS, type GoToKey } from '@/lib/shortcuts/keys';

/** The side menu's name of each screen "g" goes to. */
const SCREEN_LABEL = {
  s: 'support',
  a: 'activeBookings',
  e: 'events',
  p: 'pools',
  u: 'users',
  m: 'fleetMap',
} as const satisfies Record<GoToKey, string>;

function Keys({ keys, then }: { keys: readonly string[]; then: string }) {
  return (
    <Box component="span" sx={{ display: 'inline-flex', gap: 0.5, alignItems: 'center', whiteSpace: 'nowrap' }}>
      {keys.map((key, index) => (
        <Fragment key={`${key}-${index}`}>
          {index > 0 && (
            <Typography component="span" variant="caption" color="text.secondary">
              {then}
            </Typography>
          )}
          <Box
            component="kbd"
            sx={{
              px: 0.75,
              minWidth: 24,
              textAlign: 'center',
              border: 1,
              borderColor: 'divider',
              borderRadius: 0.5,
              bgcolor: 'action.hover',
              fontFamily: 'inherit',
              fontSize: 13,
              lineHeight: '22px',
            }}
          >
            {key}
          </Box>
        </Fragment>
      ))}
    </Box>
  );
}

function Group({ title, rows }: { title: string; rows: readonly { keys: readonly string[]; does: ReactNode }[] }) {
  const { t } = useTranslation();
  return (
    <Box component="section" aria-label={title} sx={{ mt: 2 }}>
      <Typography variant="subtitle2" component="h3">
        {title}
      </Typography>
      <Table size="small" aria-label={title}>
        <TableHead>
          <TableRow>
            <TableCell sx={{ width: '40%' }}>{t('shortcuts.keys')}</TableCell>
            <TableCell>{t('shortcuts.does')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.keys.join(' ')}>
              <TableCell>
                <Keys keys={row.keys} then={t('shortcuts.then')} />
              </TableCell>
              <TableCell>{row.does}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

/** The list of keyboard shortcuts ("?"; docs/decisions/0066-keyboard-shortcuts.md), in the UI language. */
export default function ShortcutsDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const bookingRows = BOOKING_ABILITY_KEYS.flatMap((key) => {
    const shortcut = BOOKING_ACTION_SHORTCUTS[key];
    return shortcut ? [{ keys: [shortcut.toUpperCase()], does: t(`bookingCard.actions.${key}`) }] : [];
  });
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="shortcuts-title" scroll="paper">
      <DialogTitle id="shortcuts-title">{t('shortcuts.title')}</DialogTitle>
      <DialogContent dividers>
        <Typography variant="body2" color="text.secondary">
          {t('shortcuts.intro')}
        </Typography>
        <Group
          title={t('shortcuts.groups.general')}
          rows={[
            { keys: ['?'], does: t('shortcuts.showList') },
            { keys: ['/'], does: t('shortcuts.focusSearch') },
          ]}
        />
        <Group
          title={t('shortcuts.groups.goTo')}
          rows={GO_TO_KEYS.map((key) => ({ keys: ['G', key.toUpperCase()], does: t(`menu.${SCREEN_LABEL[key]}`) }))}
        />
        <Group
          title={t('shortcuts.groups.lists')}
          rows={[
            { keys: ['J'], does: t('shortcuts.nextResult') },
            { keys: ['K'], does: t('shortcuts.previousResult') },
            { keys: ['Enter'], does: t('shortcuts.openResult') },
          ]}
        />
        <Group title={t('shortcuts.groups.booking')} rows={bookingRows} />
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {t('shortcuts.inMenu')}
        </Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} autoFocus>
          {t('shortcuts.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
