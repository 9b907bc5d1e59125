import { useMemo } from 'react';
import CloudOffIcon from '@mui/icons-material/CloudOff';
import NotificationsNoneIcon from '@mui/icons-material/NotificationsNone';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useAcknowledgeAlarm, useAlarms } from '../api/alarms-api';
import { alarmsFilterOf, isAlarmsFiltered, type AlarmsSearch } from '../alarms-search';
import { AlarmsFilters } from './alarms-filters';
import { AlarmsTable } from './alarms-table';

export interface AlarmsPageProps {
  search: AlarmsSearch;
  onSearchChange: (next: AlarmsSearch) => void;
}

/**
 * /alarms: the operator's alarms newest first, by state, category, VIN and BID (GET /api/alarms), refreshed every
 * 30 s (§9); TRIGGERED ones can be acknowledged, HANDLED ones show who handled them and when.
 */
export function AlarmsPage({ search, onSearchChange }: AlarmsPageProps) {
  const { t } = useTranslation();
  const filter = useMemo(() => alarmsFilterOf(search), [search]);
  const query = useAlarms(filter);
  const acknowledge = useAcknowledgeAlarm();
  const rows = useMemo(() => query.data?.pages.flatMap((page) => page.results) ?? [], [query.data]);

  let body;
  if (query.isPending) {
    body = (
      <Stack spacing={0.75} aria-busy="true" aria-label={t('alarms.states.loading')} data-testid="alarms-loading">
        {Array.from({ length: 8 }, (_, i) => (
          <Skeleton key={i} variant="rounded" height={30} />
        ))}
      </Stack>
    );
  } else if (query.isError) {
    body = (
      <Paper variant="outlined" role="alert" sx={{ p: 4, textAlign: 'center' }}>
        <CloudOffIcon color="error" aria-hidden sx={{ fontSize: 40 }} />
        <Typography variant="h6" component="h2">
          {t('alarms.states.error')}
        </Typography>
        <Button variant="outlined" sx={{ mt: 2 }} onClick={() => void query.refetch()}>
          {t('alarms.states.retry')}
        </Button>
      </Paper>
    );
  } else if (rows.length === 0) {
    body = (
      <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }} data-testid="alarms-empty">
        <NotificationsNoneIcon color="disabled" aria-hidden sx={{ fontSize: 40 }} />
        <Typography variant="h6" component="h2">
          {isAlarmsFiltered(search) ? t('alarms.states.noMatch') : t('alarms.states.empty')}
        </Typography>
      </Paper>
    );
  } else {
    body = (
      <Paper variant="outlined">
        <AlarmsTable alarms={rows} pendingId={acknowledge.isPending ? (acknowledge.variables ?? null) : null} onAcknowledge={(alarm) => acknowledge.mutate(alarm.alarmId)} />
        {query.hasNextPage && (
          <Box sx={{ p: 1.5, textAlign: 'center' }}>
            <Button onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage}>
              {t('alarms.loadMore')}
            </Button>
          </Box>
        )}
      </Paper>
    );
  }

  return (
    <Stack spacing={2}>
      <Box>
        <Typography variant="h5" component="h1">
          {t('alarms.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('alarms.subtitle')}
        </Typography>
      </Box>
      <AlarmsFilters search={search} onSearch={onSearchChange} />
      <Box sx={{ height: 2 }}>{query.isFetching && !query.isPending && <LinearProgress sx={{ height: 2 }} aria-label={t('alarms.states.refreshing')} />}</Box>
      {body}
    </Stack>
  );
}
