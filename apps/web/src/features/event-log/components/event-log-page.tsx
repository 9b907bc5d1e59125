import { useEffect, useMemo, useState } from 'react';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import ManageSearchIcon from '@mui/icons-material/ManageSearch';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputLabel from '@mui/material/InputLabel';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Select from '@mui/material/Select';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableRow from '@mui/material/TableRow';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { EVENT_LOG_PAGE_SIZE } from '@fleetdesk/contract';
import { useTranslation } from 'react-i18next';
import { useOperatorTimeZone } from '@/features/fleets';
import { isApiError } from '@/lib/api/api-error';
import { errorToNotifications } from '@/lib/notifications/error-notifications';
import { eventSearchQueryOptions } from '../api/event-log-api';
import {
  EVENT_LOG_PAGE_SIZES,
  effectiveGroups,
  effectivePeriod,
  eventLogFilterOf,
  hasSubject,
  type EventLogFilter,
  type EventLogPageSize,
  type EventLogSearch,
} from '../event-log-search';
import { EventSearchForm } from './event-search-form';
import { EventTable, eventTableColumnCount, type EventTableVariant } from './event-table';
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
  const filter = useMemo(() => (timeZone && hasSubject(search) ? eventLogFilterOf(search, now, timeZone) : null), [search, now, timeZone]);
  const variant: EventTableVariant = search.view === 'full' ? 'full' : 'simple';
  const pageSize = search.pageSize ?? EVENT_LOG_PAGE_SIZE;

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
      {period ? (
        <EventSearchForm
          key={`${searchKey}|${period.startDate}|${period.endDate}`}
          search={search}
          groups={groups}
          period={period}
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
          onVariantChange={(next) => onSearchChange({ ...search, view: next === 'full' ? 'full' : undefined }, { replace: true })}
          onPageSizeChange={(next) => onSearchChange({ ...search, pageSize: next === EVENT_LOG_PAGE_SIZE ? undefined : next }, { replace: true })}
        />
      ) : (
        !hasSubject(search) && (
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
  onVariantChange: (variant: EventTableVariant) => void;
  onPageSizeChange: (pageSize: EventLogPageSize) => void;
}

/** The result list of one search: paging by the cursors seen (previous goes back through them) and follow mode. */
function EventResults({ filter, pageSize, variant, onVariantChange, onPageSizeChange }: EventResultsProps) {
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
  const hasNext = Boolean(current?.moreResults && nextCursor);

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

  const columns = eventTableColumnCount(variant);
  const failure = events.isError && !data ? errorToNotifications(events.error, t)[0]?.message : undefined;

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
        <FormControl size="small" sx={{ ml: 'auto !important', minWidth: 110 }}>
          <InputLabel id="event-page-size-label">{t('eventLog.table.pageSize')}</InputLabel>
          <Select
            labelId="event-page-size-label"
            label={t('eventLog.table.pageSize')}
            value={pageSize}
            onChange={(event) => onPageSizeChange(Number(event.target.value) as EventLogPageSize)}
          >
            {EVENT_LOG_PAGE_SIZES.map((size) => (
              <MenuItem key={size} value={size}>
                {size}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
      </Stack>
      {following && follow.failed && <Alert severity="warning">{t('eventLog.follow.failed')}</Alert>}
      {failure !== undefined ? (
        <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }} role="alert" data-testid="event-log-error">
          <SearchOffIcon color="error" sx={{ fontSize: 40 }} aria-hidden />
          <Typography variant="subtitle1">{failure}</Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
            {t('eventLog.state.loadFailed')}
          </Typography>
          {!(isApiError(events.error) && events.error.status < 500) && (
            <Button size="small" onClick={() => void events.refetch()}>
              {t('common.retry')}
            </Button>
          )}
        </Paper>
      ) : (
        <TableContainer component={Paper} variant="outlined" sx={{ position: 'relative' }}>
          {events.isFetching && <LinearProgress aria-label={t('common.loading')} sx={{ position: 'absolute', top: 0, left: 0, right: 0 }} />}
          <EventTable
            variant={variant}
            followed={followed}
            events={data?.results ?? []}
            placeholder={
              !data ? (
                Array.from({ length: 5 }, (_, row) => (
                  <TableRow key={row}>
                    <TableCell colSpan={columns}>
                      <Skeleton variant="text" />
                    </TableCell>
                  </TableRow>
                ))
              ) : data.results.length === 0 && followed.length === 0 ? (
                <TableRow>
                  <TableCell colSpan={columns} sx={{ py: 5, textAlign: 'center', color: 'text.secondary' }}>
                    <Typography variant="subtitle1" color="text.primary">
                      {t('eventLog.state.emptyTitle')}
                    </Typography>
                    <Typography variant="body2">{t('eventLog.state.emptyBody')}</Typography>
                  </TableCell>
                </TableRow>
              ) : null
            }
          />
        </TableContainer>
      )}
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'flex-end', gap: 1 }}>
        <Typography variant="body2" color="text.secondary" aria-live="polite" data-testid="event-log-page">
          {t('eventLog.table.page', { page: paging.page + 1 })}
        </Typography>
        <Button size="small" startIcon={<ChevronLeftIcon />} disabled={paging.page === 0} onClick={goPrevious}>
          {t('eventLog.table.previous')}
        </Button>
        <Button size="small" endIcon={<ChevronRightIcon />} disabled={!hasNext} onClick={goNext}>
          {t('eventLog.table.next')}
        </Button>
      </Box>
    </Stack>
  );
}
