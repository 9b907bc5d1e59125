import { useEffect, useMemo, useState } from 'react';
import ManageSearchIcon from '@mui/icons-material/ManageSearch';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { EVENT_LOG_PAGE_SIZE } from '@fleetdesk/contract';
import { useTranslation } from 'react-i18next';
import { useTablePreferences } from '@/components/data-table/data-table';
import { useOperatorTimeZone } from '@/features/fleets';
import { isApiError } from '@/lib/api/api-error';
import { errorToNotifications } from '@/lib/notifications/error-notifications';
import { eventSearchQueryOptions } from '../api/event-log-api';
import {
  EVENT_LOG_PAGE_SIZES,
  effectiveGroups,
  effectivePeriod,
  eventLogFilterOf,
  isRunnable,
  type EventLogFilter,
  type EventLogPageSize,
  type EventLogSearch,
} from '../event-log-search';
import { EventSearchForm } from './event-search-form';
import { EventTable, type EventTableVariant } from './event-table';
import { useEventFollow } from './use-event-follow';

export interface EventLogPageProps {
  search: EventLogSearch;
  onSearchChange: (next: EventLogSearch, options?: { replace?: boolean }) => void;
}

/** /event: the event log search (§2, §5) with previous/next paging, two table variants and follow mode. */
export function EventLogPage({ search, onSearchChange }: EventLogPageProps) {
  const { t } = useTranslation();
  const timeZone = useOperatorTimeZone();
  const searchKey = JSON.stringify(search);
  // "Now" for the default period is taken when the search is made (or reloaded), not on every render.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const now = useMemo(() => new Date(), [searchKey]);
  const period = timeZone ? effectivePeriod(search, now, timeZone) : null;
  const groups = useMemo(() => effectiveGroups(search), [search]);
  const filter = useMemo(() => (timeZone && isRunnable(search) ? eventLogFilterOf(search, now, timeZone) : null), [search, now, timeZone]);
  const variant: EventTableVariant = search.view === 'full' ? 'full' : 'simple';
  // The URL's page size, else the one this staff member chose last, else the §9 default.
  const [remembered] = useTablePreferences('event-log');
  const rememberedSize = EVENT_LOG_PAGE_SIZES.find((size) => size === remembered.pageSize);
  const pageSize = search.pageSize ?? rememberedSize ?? EVENT_LOG_PAGE_SIZE;

  return (
    <Stack spacing={2} sx={{ minWidth: 0 }}>
      <Box>
        <Typography variant="h5" component="h1">
          {t('eventLog.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('eventLog.intro')}
        </Typography>
      </Box>
      {period && timeZone ? (
        <EventSearchForm
          key={`${searchKey}|${period.startDate}|${period.endDate}`}
          search={search}
          groups={groups}
          period={period}
          timeZone={timeZone}
          onSubmit={(next) => onSearchChange(next)}
        />
      ) : (
        <Skeleton variant="rounded" height={180} />
      )}
      {filter ? (
        <EventResults
          key={`${JSON.stringify(filter)}|${pageSize}`}
          filter={filter}
          pageSize={pageSize}
          variant={variant}
          // The failed commands of the operator's vehicles: which vehicle is the first thing to know.
          showVin={Boolean(filter.failedCommands && !filter.vin)}
          onVariantChange={(next) => onSearchChange({ ...search, view: next === 'full' ? 'full' : undefined }, { replace: true })}
          // Named in the URL even when it is the default: without one the remembered size would apply.
          onPageSizeChange={(next) => onSearchChange({ ...search, pageSize: next }, { replace: true })}
        />
      ) : (
        !isRunnable(search) && (
          <Paper variant="outlined" sx={{ p: 4, textAlign: 'center', color: 'text.secondary' }}>
            <ManageSearchIcon sx={{ fontSize: 40 }} aria-hidden />
            <Typography variant="subtitle1" color="text.primary">
              {t('eventLog.state.startTitle')}
            </Typography>
            <Typography variant="body2">{t('eventLog.state.startBody')}</Typography>
          </Paper>
        )
      )}
    </Stack>
  );
}

interface EventResultsProps {
  filter: EventLogFilter;
  pageSize: number;
  variant: EventTableVariant;
  /** Show the VIN in the simple table too. */
  showVin: boolean;
  onVariantChange: (variant: EventTableVariant) => void;
  onPageSizeChange: (pageSize: EventLogPageSize) => void;
}

/** The result list of one search: paging by the cursors seen (previous goes back through them) and follow mode. */
function EventResults({ filter, pageSize, variant, showVin, onVariantChange, onPageSizeChange }: EventResultsProps) {
  const { t } = useTranslation();
  // cursors[i] fetches page i; page 0 needs none.
  const [paging, setPaging] = useState<{ page: number; cursors: (string | null)[] }>({ page: 0, cursors: [null] });
  const [following, setFollowing] = useState(false);
  const [headCursor, setHeadCursor] = useState<string | null>(null);
  const cursor = paging.cursors[paging.page] ?? null;
  const events = useQuery(eventSearchQueryOptions(filter, pageSize, paging.page, cursor));
  const data = events.data;
  const current = data && !events.isPlaceholderData ? data : null;
  const nextCursor = current?.nextCursor ?? null;
  const shownHasNext = Boolean(data?.moreResults && data.nextCursor);

  useEffect(() => {
    if (paging.page === 0 && current?.followCursor) setHeadCursor((previous) => previous ?? current.followCursor ?? null);
  }, [paging.page, current]);

  const follow = useEventFollow(filter, pageSize, headCursor, following);
  const followed = paging.page === 0 ? follow.events : [];

  const goNext = () => {
    if (!nextCursor) return;
    setPaging(({ page, cursors }) => ({ page: page + 1, cursors: [...cursors.slice(0, page + 1), nextCursor] }));
  };
  const goPrevious = () => setPaging(({ page, cursors }) => ({ page: Math.max(0, page - 1), cursors }));
  const toggleFollow = (on: boolean) => {
    setFollowing(on);
    if (on) setPaging(({ cursors }) => ({ page: 0, cursors }));
  };

  const failure = events.isError && !data ? errorToNotifications(events.error, t)[0]?.message : undefined;
  // Asking again cannot change a refusal (4xx: 'Booking not found.'), only a failure of the server or the network.
  const retryable = !(isApiError(events.error) && events.error.status < 500);
  return (
    <Stack spacing={1.5}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={variant}
          onChange={(_, next: EventTableVariant | null) => next && onVariantChange(next)}
          aria-label={t('eventLog.table.variant')}
        >
          <ToggleButton value="simple">{t('eventLog.table.simple')}</ToggleButton>
          <ToggleButton value="full">{t('eventLog.table.full')}</ToggleButton>
        </ToggleButtonGroup>
        <FormControlLabel
          control={<Switch checked={following} onChange={(event) => toggleFollow(event.target.checked)} />}
          label={t('eventLog.follow.label')}
          title={t('eventLog.follow.hint')}
        />
        {following && (
          <Chip
            size="small"
            color={follow.events.length ? 'info' : 'default'}
            label={t('eventLog.follow.count', { count: follow.events.length })}
            aria-live="polite"
            data-testid="follow-count"
          />
        )}
      </Stack>
      {following && follow.failed && <Alert severity="warning">{t('eventLog.follow.failed')}</Alert>}
      <EventTable
        variant={variant}
        showVin={showVin}
        followed={followed}
        events={data?.results ?? []}
        loading={!data && !events.isError}
        refreshing={events.isFetching && Boolean(data)}
        error={
          failure !== undefined
            ? { message: failure, hint: t('eventLog.state.loadFailed'), onRetry: retryable ? () => void events.refetch() : undefined }
            : null
        }
        paging={{
          page: paging.page,
          pageSize,
          pageSizeOptions: EVENT_LOG_PAGE_SIZES,
          // Cursor paging: the server says whether there is a next page, not how many. While a page loads, the one
          // shown still answers (else the grid would take the page as past the end and go back to the first).
          rowCount: shownHasNext || !data ? -1 : paging.page * pageSize + data.results.length,
          hasNextPage: shownHasNext,
          displayedRows: () => t('eventLog.table.page', { page: paging.page + 1 }),
          onChange: (next) => {
            if (next.pageSize !== pageSize) onPageSizeChange(next.pageSize as EventLogPageSize);
            else if (next.page > paging.page) goNext();
            else if (next.page < paging.page) goPrevious();
          },
        }}
      />
    </Stack>
  );
}
