import { useCallback, useMemo, useState } from 'react';
import type { Alarm } from '@fleetdesk/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useAcknowledgeAlarm, useAlarms } from '../api/alarms-api';
import { alarmsFilterOf, isAlarmsFiltered, type AlarmsSearch } from '../alarms-search';
import { AlarmsBulkAcknowledge } from './alarms-bulk-acknowledge';
import { AlarmsBulkAssign } from './alarms-bulk-assign';
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

  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const selection = useMemo(
    () => ({ ids: selected, onChange: (ids: Set<string | number>) => setSelected(new Set([...ids].map(Number))) }),
    [selected],
  );
  const toolbarStart = (
    <>
      <Typography variant="subtitle2" component="h2" role="status" sx={{ px: 0.5 }}>
        {selected.size ? t('alarms.bulk.selected', { count: selected.size }) : ''}
      </Typography>
      {selected.size > 0 && (
        <>
          <Button size="small" onClick={() => setSelected(new Set())}>
            {t('alarms.bulk.clearSelection')}
          </Button>
          <AlarmsBulkAcknowledge ids={[...selected]} onDone={() => setSelected(new Set())} />
          <AlarmsBulkAssign ids={[...selected]} onDone={() => setSelected(new Set())} />
        </>
      )}
    </>
  );

  const acknowledgeAlarm = acknowledge.mutate;
  const onAcknowledge = useCallback((alarm: Alarm) => acknowledgeAlarm(alarm.alarmId), [acknowledgeAlarm]);
  const body = (
    <AlarmsTable
      alarms={rows}
      pendingId={acknowledge.isPending ? (acknowledge.variables ?? null) : null}
      onAcknowledge={onAcknowledge}
      selection={selection}
      toolbarStart={toolbarStart}
      loading={query.isPending}
      error={query.isError ? { message: t('alarms.states.error'), onRetry: () => void query.refetch() } : null}
      emptyTitle={isAlarmsFiltered(search) ? t('alarms.states.noMatch') : t('alarms.states.empty')}
      footer={
        query.hasNextPage && (
          <Box sx={{ p: 1.5, textAlign: 'center', borderTop: 1, borderColor: 'divider' }}>
            <Button onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage}>
              {t('alarms.loadMore')}
            </Button>
          </Box>
        )
      }
    />
  );

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
      <Box sx={{ height: 2 }}>
        {query.isFetching && !query.isPending && <LinearProgress sx={{ height: 2 }} aria-label={t('alarms.states.refreshing')} />}
      </Box>
      {body}
    </Stack>
  );
}
