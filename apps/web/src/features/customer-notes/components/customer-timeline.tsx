import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import BadgeOutlinedIcon from '@mui/icons-material/BadgeOutlined';
import EventNoteOutlinedIcon from '@mui/icons-material/EventNoteOutlined';
import HowToRegOutlinedIcon from '@mui/icons-material/HowToRegOutlined';
import MailOutlineOutlinedIcon from '@mui/icons-material/MailOutlineOutlined';
import PaymentsOutlinedIcon from '@mui/icons-material/PaymentsOutlined';
import SettingsRemoteOutlinedIcon from '@mui/icons-material/SettingsRemoteOutlined';
import StickyNote2OutlinedIcon from '@mui/icons-material/StickyNote2Outlined';
import SupportAgentOutlinedIcon from '@mui/icons-material/SupportAgentOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { CUSTOMER_TIMELINE_KINDS, type CustomerTimelineEntry, type CustomerTimelineKind } from '@fleetdesk/contract';
import { useTranslation } from 'react-i18next';
import { AppHrefLink } from '@/components/app-href-link';
import { useEventText } from '@/lib/format/use-event-text';
import { useFormat } from '@/lib/format/use-format';
import { useCustomerTimeline } from '../api/timeline-api';
import { CUSTOMER_NOTES_NS } from '../strings';

const KIND_ICONS: Record<CustomerTimelineKind, ReactNode> = {
  booking: <EventNoteOutlinedIcon fontSize="small" />,
  command: <SettingsRemoteOutlinedIcon fontSize="small" />,
  payment: <PaymentsOutlinedIcon fontSize="small" />,
  status: <HowToRegOutlinedIcon fontSize="small" />,
  identity: <BadgeOutlinedIcon fontSize="small" />,
  mail: <MailOutlineOutlinedIcon fontSize="small" />,
  note: <StickyNote2OutlinedIcon fontSize="small" />,
  contact: <SupportAgentOutlinedIcon fontSize="small" />,
};

/** The periods the filter offers, in days back from now (null: all time). */
const PERIODS = { all: null, day: 1, week: 7, month: 30, year: 365 } as const;
type Period = keyof typeof PERIODS;
const DAY_MS = 86_400_000;

/**
 * The customer's timeline (issue 18 point 1; docs/decisions/0062-customer-timeline.md): every booking change,
 * command, payment, status decision, identity check, mail, note and contact in one list, newest first, with filters by
 * kind and period and "Show older" paging. `highlight` is an entry id to scroll to and mark (a "last change" link).
 */
export function CustomerTimeline({ username, highlight }: { username: string; highlight?: string }) {
  const { t } = useTranslation(CUSTOMER_NOTES_NS);
  const headingId = useId();
  const [kinds, setKinds] = useState<CustomerTimelineKind[]>([]);
  const [period, setPeriod] = useState<{ key: Period; from?: string }>({ key: 'all' });
  const timeline = useCustomerTimeline(username, { kinds, from: period.from });
  const entries = timeline.data?.pages.flatMap((page) => page.results) ?? [];
  const filtered = kinds.length > 0 || period.key !== 'all';
  // A link to an older entry ("last change" of a booking): bring older pages until it is there, ten at most.
  const highlightMissing = highlight !== undefined && !entries.some((entry) => entry.id === highlight);
  const pagesLoaded = timeline.data?.pages.length ?? 0;
  useEffect(() => {
    if (highlightMissing && timeline.hasNextPage && !timeline.isFetchingNextPage && pagesLoaded < 10) void timeline.fetchNextPage();
  }, [highlightMissing, timeline, pagesLoaded]);

  const toggleKind = (kind: CustomerTimelineKind) =>
    setKinds((current) =>
      current.includes(kind) ? current.filter((k) => k !== kind) : CUSTOMER_TIMELINE_KINDS.filter((k) => k === kind || current.includes(k)),
    );
  const choosePeriod = (key: Period) => {
    const days = PERIODS[key];
    setPeriod(days === null ? { key } : { key, from: new Date(Date.now() - days * DAY_MS).toISOString() });
  };

  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: 2 }} data-testid="customer-timeline">
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5} sx={{ mb: 1.5, alignItems: { md: 'center' } }}>
        <Typography id={headingId} variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          {t('timeline.title')}
        </Typography>
        <TextField
          select
          size="small"
          label={t('timeline.period')}
          value={period.key}
          onChange={(event) => choosePeriod(event.target.value as Period)}
          sx={{ width: { xs: '100%', md: 220 }, flexShrink: 0 }}
        >
          {(Object.keys(PERIODS) as Period[]).map((key) => (
            <MenuItem key={key} value={key}>
              {t(`timeline.periods.${key}`)}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      <Stack direction="row" useFlexGap spacing={0.75} sx={{ flexWrap: 'wrap', mb: 2 }} role="group" aria-label={t('timeline.kindsLabel')}>
        <Chip
          size="small"
          label={t('timeline.allKinds')}
          color={kinds.length === 0 ? 'primary' : 'default'}
          variant={kinds.length === 0 ? 'filled' : 'outlined'}
          onClick={() => setKinds([])}
          aria-pressed={kinds.length === 0}
        />
        {CUSTOMER_TIMELINE_KINDS.map((kind) => {
          const on = kinds.includes(kind);
          return (
            <Chip
              key={kind}
              size="small"
              icon={<Box sx={{ display: 'inline-flex', ml: 0.5 }}>{KIND_ICONS[kind]}</Box>}
              label={t(`timeline.kinds.${kind}`)}
              color={on ? 'primary' : 'default'}
              variant={on ? 'filled' : 'outlined'}
              onClick={() => toggleKind(kind)}
              aria-pressed={on}
            />
          );
        })}
      </Stack>

      {timeline.isPending ? (
        <Stack spacing={1} role="status" aria-busy="true" aria-label={t('timeline.loading')}>
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} variant="rounded" height={44} />
          ))}
        </Stack>
      ) : timeline.isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void timeline.refetch()}>
              {t('timeline.retry')}
            </Button>
          }
        >
          {t('timeline.loadFailed')}
        </Alert>
      ) : entries.length === 0 ? (
        <Typography variant="body2" color="text.secondary" data-testid="timeline-empty">
          {filtered ? t('timeline.emptyFiltered') : t('timeline.empty')}
        </Typography>
      ) : (
        <>
          <Box component="ol" aria-label={t('timeline.listLabel')} sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {entries.map((entry) => (
              <TimelineItem key={entry.id} entry={entry} username={username} highlighted={entry.id === highlight} />
            ))}
          </Box>
          {timeline.hasNextPage && (
            <Box sx={{ mt: 1.5, display: 'flex', justifyContent: 'center' }}>
              <Button
                variant="outlined"
                size="small"
                onClick={() => void timeline.fetchNextPage()}
                disabled={timeline.isFetchingNextPage}
                startIcon={timeline.isFetchingNextPage ? <CircularProgress size={16} color="inherit" /> : undefined}
              >
                {t('timeline.showOlder')}
              </Button>
            </Box>
          )}
        </>
      )}
    </Paper>
  );
}

/** Who did it, as the timeline says it: a staff member by name, "the customer" or "the system". */
export function useActorLabel() {
  const { t } = useTranslation(CUSTOMER_NOTES_NS);
  return (entry: Pick<CustomerTimelineEntry, 'actingUsername'>, username: string) =>
    entry.actingUsername === null
      ? t('timeline.bySystem')
      : entry.actingUsername.toLowerCase() === username.toLowerCase()
        ? t('timeline.byCustomer')
        : t('timeline.by', { actor: entry.actingUsername });
}

/** The user page's link to one timeline entry (the timeline marks and focuses it). */
export const timelineEntryPath = (username: string, entryId: string) => `/users/${encodeURIComponent(username)}?tab=timeline&entry=${entryId}`;

function TimelineItem({ entry, username, highlighted }: { entry: CustomerTimelineEntry; username: string; highlighted: boolean }) {
  const { t } = useTranslation(CUSTOMER_NOTES_NS);
  const format = useFormat();
  const text = useEventText();
  const ref = useRef<HTMLLIElement>(null);
  useEffect(() => {
    if (!highlighted || !ref.current) return;
    ref.current.scrollIntoView({ block: 'center' });
    ref.current.focus({ preventScroll: true });
  }, [highlighted]);
  const actor = useActorLabel()(entry, username);
  // The event log around the entry: the customer's events of that minute.
  const at = Date.parse(entry.occurred);
  const eventLog = `/event?user=${encodeURIComponent(username)}&startDate=${new Date(at - 60_000).toISOString()}&endDate=${new Date(at + 60_000).toISOString()}`;
  return (
    <Box
      component="li"
      ref={ref}
      tabIndex={highlighted ? -1 : undefined}
      data-testid="timeline-entry"
      data-kind={entry.kind}
      data-entry-id={entry.id}
      aria-current={highlighted ? 'true' : undefined}
      sx={{
        display: 'grid',
        gridTemplateColumns: 'auto 1fr',
        columnGap: 1.5,
        py: 1,
        px: 1,
        borderBottom: 1,
        borderColor: 'divider',
        borderRadius: highlighted ? 1 : 0,
        bgcolor: highlighted ? 'action.selected' : undefined,
        '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineStyle: 'solid' },
      }}
    >
      <Box
        aria-hidden
        sx={{
          mt: 0.25,
          width: 32,
          height: 32,
          borderRadius: '50%',
          display: 'grid',
          placeItems: 'center',
          bgcolor: 'action.hover',
          color: 'text.secondary',
        }}
      >
        {KIND_ICONS[entry.kind]}
      </Box>
      <Stack spacing={0.25} sx={{ minWidth: 0 }}>
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          <Box component="span" sx={{ fontWeight: 600 }}>
            {t(`timeline.kinds.${entry.kind}`)}
          </Box>
          {' · '}
          {text(entry)}
        </Typography>
        <Stack direction="row" useFlexGap spacing={1.5} sx={{ flexWrap: 'wrap', alignItems: 'baseline' }}>
          <Typography variant="caption" color="text.secondary" component="span">
            <time dateTime={entry.occurred}>{format.dateTime(entry.occurred)}</time> · {actor}
          </Typography>
          {entry.bid && (
            <AppHrefLink href={`/booking/${encodeURIComponent(entry.bid)}`} variant="caption">
              {entry.bid}
            </AppHrefLink>
          )}
          {entry.vin && (
            <AppHrefLink href={`/vehicles/${encodeURIComponent(entry.vin)}`} variant="caption">
              {entry.registrationNumber ?? entry.vin}
            </AppHrefLink>
          )}
          {entry.orderId && (
            <AppHrefLink href={`/payments?order=${encodeURIComponent(entry.orderId)}`} variant="caption">
              {entry.orderId}
            </AppHrefLink>
          )}
          <AppHrefLink href={eventLog} variant="caption" aria-label={t('timeline.inEventLogLabel', { time: format.dateTime(entry.occurred) })}>
            {t('timeline.inEventLog')}
          </AppHrefLink>
        </Stack>
      </Stack>
    </Box>
  );
}
