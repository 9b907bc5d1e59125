import { useEffect, useMemo, useRef, useState } from 'react';
import CloudOffIcon from '@mui/icons-material/CloudOff';
import EventBusyIcon from '@mui/icons-material/EventBusy';
import RefreshIcon from '@mui/icons-material/Refresh';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { POOL_BOOKING_TOAST_MS, zoneOffsetMs, type Pool } from '@fleetdesk/contract';
import moment from 'moment';
import 'moment/dist/locale/de';
import 'moment/dist/locale/en-gb';
import 'moment/dist/locale/nb';
import 'moment/dist/locale/sv';
import { Timeline } from 'vis-timeline/standalone';
import type { DataGroup, DataItem, TimelineOptions } from 'vis-timeline/standalone';
import 'vis-timeline/styles/vis-timeline-graph2d.min.css';
import { formatDate, formatDateTime, getDisplayTimeZone } from '@/lib/format/format';
import { showSnackbar } from '@/lib/notifications/snackbars';
import { usePoolBookings, usePoolVehicles, type PoolBookingsWindow } from '../api/pools-api';
import {
  POOL_TIMELINE_COLOURS,
  POOL_TIMELINE_KINDS,
  POOL_TIMELINE_STEP_MS,
  POOL_TIMELINE_ZOOM_DAYS,
  POOL_TIMELINE_ZOOM_MAX_MS,
  POOL_TIMELINE_ZOOM_MIN_MS,
  defaultView,
  goToDateView,
  poolTimelineModel,
  refreshWindow,
  zoomView,
  type PoolTimelineGroup,
  type PoolTimelineItem,
  type PoolTimelineZoomDays,
  type TimeRange,
} from '../pool-timeline-model';
import { PoolBookingsList } from './pool-bookings-list';
import { DateField } from '@/components/date-field';

const NOW_TICK_MS = 60_000;

/** The item's element: a link to the booking card, so the timeline's bookings are reachable by keyboard (Tab, Enter). */
function itemElement(item: PoolTimelineItem, label: string): HTMLElement {
  const link = document.createElement('a');
  link.href = `/booking/${encodeURIComponent(item.bid)}`;
  link.dataset.bid = item.bid;
  link.className = 'pool-booking__link';
  link.textContent = label;
  return link;
}

function groupElement(group: PoolTimelineGroup, unallocatedLabel: string, anyModel: string, hiddenLabel: string): HTMLElement {
  const box = document.createElement('div');
  box.className = `pool-group pool-group--${group.kind}`;
  const title = document.createElement('div');
  title.className = 'pool-group__title';
  title.textContent = group.kind === 'unallocated' ? `${unallocatedLabel} · ${group.title}` : group.title;
  const subtitle = document.createElement('div');
  subtitle.className = 'pool-group__subtitle';
  subtitle.textContent = [group.kind === 'unallocated' ? (group.subtitle ?? anyModel) : group.subtitle, group.hidden ? hiddenLabel : null]
    .filter(Boolean)
    .join(' · ');
  box.append(title, subtitle);
  return box;
}

const toDateInput = (ms: number) => formatDate(ms);

interface PoolTimelineProps {
  pool: Pool;
}

/** moment's name of a UI language (de, en-gb, nb, sv). */
const momentLocaleOf = (language: string) => language.toLowerCase();

/** The timeline in the dark colour scheme (docs/decisions/0068-dark-mode.md); the booking colours hold in both. */
const TIMELINE_DARK_STYLES = {
  '& .vis-time-axis .vis-text, & .vis-labelset .vis-label': { color: 'text.primary' },
  '& .vis-panel, & .vis-labelset .vis-label, & .vis-foreground .vis-group, & .vis-time-axis .vis-grid.vis-major': { borderColor: 'divider' },
  '& .vis-time-axis .vis-grid.vis-minor': { borderColor: 'rgba(255, 255, 255, 0.06)' },
  '& .vis-item.vis-selected': { outline: '2px solid', outlineColor: 'warning.main' },
} as const;

/** vis-timeline's date labels from our moment, with the UI language's locale loaded. */
const localeOptions = (locale: string): Pick<TimelineOptions, 'locale' | 'moment'> => ({
  locale,
  // The axis in the operator's zone, as every other time on screen (decision 0065): the zone's offset at each date.
  moment: (date: moment.MomentInput) => {
    const value = moment(date).locale(locale);
    const timeZone = getDisplayTimeZone();
    return timeZone ? value.utcOffset(zoneOffsetMs(value.valueOf(), timeZone) / 60_000) : value;
  },
});

/**
 * §2 booking timeline of a pool: rows per unallocated price class / model and per vehicle, zoom 1 / 3 / 7 days, go to date,
 * fetch bookings, 'show hidden'. The first load asks the server's §9 default window plus the 'upcoming' call; zoom,
 * go-to-date and fetch ask for the view extended by 5 h each side. A load failure toasts top right for 5 s (§8).
 */
export function PoolTimeline({ pool }: PoolTimelineProps) {
  const { t, i18n } = useTranslation();
  const momentLocale = momentLocaleOf(i18n.language);
  const navigate = useNavigate();
  const [now, setNow] = useState(() => new Date());
  const [view, setView] = useState<TimeRange>(() => defaultView(Date.now()));
  const [fetchWindow, setFetchWindow] = useState<PoolBookingsWindow | null>(null);
  const [showHidden, setShowHidden] = useState(false);
  const [dateInput, setDateInput] = useState(() => toDateInput(Date.now()));
  const vehicles = usePoolVehicles(pool.poolId);
  const bookings = usePoolBookings(pool.poolId, fetchWindow);

  const containerRef = useRef<HTMLDivElement | null>(null);
  const timelineRef = useRef<Timeline | null>(null);

  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), NOW_TICK_MS);
    return () => window.clearInterval(timer);
  }, []);

  // A load failure: the §8 toast, top right, 5 s, once when the bookings fail. Refetches that fail again (a live
  // update from another desk, a retry) keep the inline error below and add no new toast.
  useEffect(() => {
    if (!bookings.isError) return;
    showSnackbar(t('pools.timeline.loadFailed', { pool: pool.pool }), {
      variant: 'error',
      autoHideDuration: POOL_BOOKING_TOAST_MS,
      anchorOrigin: { vertical: 'top', horizontal: 'right' },
      preventDuplicate: true,
    });
  }, [bookings.isError, pool.pool, t]);

  const model = useMemo(
    () => poolTimelineModel(vehicles.data ?? [], bookings.data?.rows ?? [], now, showHidden),
    [vehicles.data, bookings.data, now, showHidden],
  );

  // Create the timeline once.
  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const initial = defaultView(Date.now());
    const options: TimelineOptions = {
      start: initial.start,
      end: initial.end,
      zoomMin: POOL_TIMELINE_ZOOM_MIN_MS,
      zoomMax: POOL_TIMELINE_ZOOM_MAX_MS,
      snap: (date) => Math.round(date.getTime() / POOL_TIMELINE_STEP_MS) * POOL_TIMELINE_STEP_MS,
      stack: true,
      selectable: false,
      editable: false,
      groupOrder: 'order',
      orientation: { axis: 'top' },
      showCurrentTime: true,
      zoomKey: 'ctrlKey',
      horizontalScroll: true,
      verticalScroll: true,
      maxHeight: 640,
      margin: { item: { horizontal: 2, vertical: 4 } },
      format: { minorLabels: { minute: 'HH:mm', hour: 'HH:mm' }, majorLabels: { minute: 'ddd D MMM', hour: 'ddd D MMM' } },
    };
    const timeline = new Timeline(container, [], [], { ...options, ...localeOptions(momentLocaleOf(i18n.language)) });
    timeline.on('rangechanged', (props: { start: Date; end: Date; byUser: boolean }) => {
      if (props.byUser) setView({ start: props.start.getTime(), end: props.end.getTime() });
    });
    timelineRef.current = timeline;
    return () => {
      timeline.destroy();
      timelineRef.current = null;
    };
    // Created once; a language change reaches it through setOptions below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // The axis speaks the UI language (issue 17: without it vis-timeline's own moment fell back to Ukrainian under nb/sv).
  useEffect(() => {
    timelineRef.current?.setOptions(localeOptions(momentLocale));
  }, [momentLocale]);

  // Feed groups and items.
  useEffect(() => {
    const unallocated = t('pools.timeline.unallocated');
    const anyModel = t('pools.timeline.anyModel');
    const hidden = t('pools.timeline.hiddenVehicle');
    const timeline = timelineRef.current;
    if (!timeline) return;
    const groups: DataGroup[] = model.groups.map((group) => ({
      id: group.id,
      content: groupElement(group, unallocated, anyModel, hidden),
      order: group.order,
      className: `pool-group-row pool-group-row--${group.kind}`,
    }));
    const items: DataItem[] = model.items.map((item) => {
      const who = item.row.user?.fullNameLastFirst ?? item.bid;
      return {
        id: item.id,
        group: item.group,
        start: item.start,
        end: item.end,
        type: 'range',
        className: item.className,
        content: itemElement(item, `${who} · ${item.bid}`) as unknown as string,
        title: `${item.bid} · ${t(`pools.kind.${item.kind}`)} · ${formatDateTime(item.row.startTime)} – ${formatDateTime(item.row.endTime)}`,
      };
    });
    timeline.setGroups(groups);
    timeline.setItems(items);
  }, [model, t]);

  // A click (or Enter) on a booking opens its card inside the app.
  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const onClick = (event: MouseEvent) => {
      const link = (event.target as HTMLElement | null)?.closest?.('a[data-bid]');
      if (!(link instanceof HTMLAnchorElement) || event.ctrlKey || event.metaKey || event.shiftKey) return;
      event.preventDefault();
      void navigate({ to: '/booking/$bid', params: { bid: link.dataset.bid ?? '' } });
    };
    container.addEventListener('click', onClick);
    return () => container.removeEventListener('click', onClick);
  }, [navigate]);

  const applyView = (next: TimeRange) => {
    setView(next);
    timelineRef.current?.setWindow(next.start, next.end, { animation: false });
    setFetchWindow(refreshWindow(next));
  };
  const zoomDays = Math.round((view.end - view.start) / 86_400_000);
  const zoomValue = (POOL_TIMELINE_ZOOM_DAYS as readonly number[]).includes(zoomDays) && (view.end - view.start) % 86_400_000 === 0 ? zoomDays : null;

  const loading = vehicles.isPending || (bookings.isPending && !bookings.data);
  const empty = !loading && model.groups.length === 0;

  return (
    <Paper variant="outlined" component="section" aria-labelledby="pool-timeline-heading" sx={{ p: 2 }}>
      <Stack direction={{ xs: 'column', lg: 'row' }} spacing={1.5} sx={{ alignItems: { lg: 'center' }, justifyContent: 'space-between', mb: 1.5 }}>
        <Typography id="pool-timeline-heading" variant="subtitle1" component="h2" sx={{ whiteSpace: 'nowrap' }}>
          {t('pools.timeline.heading')}
        </Typography>
        <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
          <ToggleButtonGroup
            size="small"
            exclusive
            value={zoomValue}
            aria-label={t('pools.timeline.zoom')}
            onChange={(_, days: PoolTimelineZoomDays | null) => days && applyView(zoomView(view, days))}
          >
            {POOL_TIMELINE_ZOOM_DAYS.map((days) => (
              <ToggleButton key={days} value={days} aria-label={t('pools.timeline.zoomDays', { count: days })}>
                {t('pools.timeline.zoomDaysShort', { count: days })}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
          <Box
            component="form"
            onSubmit={(event) => {
              event.preventDefault();
              const next = goToDateView(view, dateInput, getDisplayTimeZone());
              if (next) applyView(next);
            }}
            sx={{ display: 'flex', gap: 1, alignItems: 'center' }}
          >
            <DateField size="small" label={t('pools.timeline.date')} value={dateInput} onChange={setDateInput} width={190} />
            <Button type="submit" variant="outlined" size="small" disabled={!dateInput}>
              {t('pools.timeline.goToDate')}
            </Button>
          </Box>
          <Button
            variant="contained"
            size="small"
            startIcon={<RefreshIcon />}
            onClick={() => {
              const next = refreshWindow(view);
              if (fetchWindow && next.start === fetchWindow.start && next.end === fetchWindow.end) void bookings.refetch();
              else setFetchWindow(next);
            }}
            loading={bookings.isFetching}
          >
            {t('pools.timeline.fetch')}
          </Button>
          <FormControlLabel
            control={<Switch checked={showHidden} onChange={(event) => setShowHidden(event.target.checked)} />}
            label={t('pools.timeline.showHidden')}
          />
        </Stack>
      </Stack>
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 1 }} aria-live="polite">
        {bookings.data
          ? t('pools.timeline.loadedWindow', {
              start: formatDateTime(bookings.data.window.start),
              end: bookings.data.window.end ? formatDateTime(bookings.data.window.end) : '…',
              count: model.items.length,
            })
          : t('pools.timeline.loading')}
      </Typography>
      {bookings.data?.moreResults && (
        <Alert severity="warning" sx={{ mb: 1 }}>
          {t('pools.timeline.moreResults')}
        </Alert>
      )}
      {bookings.isError && (
        <Alert
          severity="error"
          icon={<CloudOffIcon />}
          sx={{ mb: 1 }}
          action={
            <Button color="inherit" size="small" onClick={() => void bookings.refetch()}>
              {t('pools.states.retry')}
            </Button>
          }
        >
          {t('pools.timeline.loadFailed', { pool: pool.pool })}
        </Alert>
      )}
      {vehicles.isError && (
        <Alert
          severity="error"
          sx={{ mb: 1 }}
          action={
            <Button color="inherit" size="small" onClick={() => void vehicles.refetch()}>
              {t('pools.states.retry')}
            </Button>
          }
        >
          {t('pools.timeline.vehiclesFailed')}
        </Alert>
      )}
      <Box sx={{ position: 'relative' }}>
        {(loading || bookings.isFetching) && (
          <LinearProgress aria-label={t('pools.timeline.loading')} sx={{ position: 'absolute', top: 0, left: 0, right: 0, zIndex: 2 }} />
        )}
        {empty && (
          <Box role="status" sx={{ p: 4, textAlign: 'center' }}>
            <EventBusyIcon color="disabled" aria-hidden sx={{ fontSize: 40 }} />
            <Typography variant="body2" color="text.secondary">
              {t('pools.timeline.empty')}
            </Typography>
          </Box>
        )}
        <Box
          ref={containerRef}
          data-testid="pool-timeline"
          aria-label={t('pools.timeline.heading')}
          role="region"
          sx={{
            display: empty ? 'none' : 'block',
            '& .vis-timeline': { border: 1, borderColor: 'divider', borderRadius: 1, fontFamily: 'inherit', fontSize: 13 },
            // vis-timeline's own colours are for a light page: in the dark scheme its labels, lines and selection take the theme's.
            '[data-color-scheme="dark"] &': TIMELINE_DARK_STYLES,
            '& .vis-label .vis-inner': { py: 0.5, px: 1 },
            '& .pool-group__title': { fontWeight: 600 },
            '& .pool-group__subtitle': { fontSize: 11, color: 'text.secondary' },
            '& .pool-group-row--unallocated': { bgcolor: 'action.hover' },
            '& .vis-item.pool-booking': { borderRadius: '4px', borderWidth: '1px', cursor: 'pointer' },
            '& .pool-booking__link': { color: 'inherit', textDecoration: 'none', display: 'block', overflow: 'hidden', textOverflow: 'ellipsis' },
            '& .pool-booking__link:focus-visible': { outline: '3px solid', outlineColor: 'warning.main', outlineOffset: '2px' },
            ...Object.fromEntries(
              POOL_TIMELINE_KINDS.map((kind) => [
                `& .vis-item.pool-booking--${kind}`,
                {
                  backgroundColor: POOL_TIMELINE_COLOURS[kind].background,
                  borderColor: POOL_TIMELINE_COLOURS[kind].border,
                  color: POOL_TIMELINE_COLOURS[kind].text,
                  ...(kind === 'cancelled' ? { textDecoration: 'line-through', borderStyle: 'dashed' } : {}),
                },
              ]),
            ),
          }}
        />
      </Box>
      <PoolBookingsList
        pool={pool.pool}
        items={model.items}
        groups={model.groups}
        loading={loading}
        refreshing={bookings.isFetching && !loading}
        error={bookings.isError ? { message: t('pools.timeline.loadFailed', { pool: pool.pool }), onRetry: () => void bookings.refetch() } : null}
      />
    </Paper>
  );
}
