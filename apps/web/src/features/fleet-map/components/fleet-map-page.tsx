import { useMemo } from 'react';
import CloudOffIcon from '@mui/icons-material/CloudOff';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { VehicleCategory } from '@fleetdesk/contract';
import { useFleetMap } from '../api/fleet-map-api';
import { filterFleetMapVehicles, isPlaced } from '../fleet-map-markers';
import { fleetMapFilterOf, fleetMapSearchOf, type FleetMapSearch } from '../fleet-map-search';
import { FleetMapLegend } from './fleet-map-legend';
import FleetMapView from './fleet-map-view';
import { RefreshFailedNotice, showsLoadError } from '@/components/refresh-failed-notice';

export interface FleetMapPageProps {
  search: FleetMapSearch;
  onSearchChange: (next: FleetMapSearch) => void;
}

/** /fleetMap (§1, §2; issue 7): every vehicle at its last position, by status and category, clustered. */
export function FleetMapPage({ search, onSearchChange }: FleetMapPageProps) {
  const { t } = useTranslation();
  const query = useFleetMap();
  const filter = useMemo(() => fleetMapFilterOf(search), [search]);
  const all = useMemo(() => query.data?.vehicles ?? [], [query.data]);
  const placed = useMemo(() => all.filter(isPlaced), [all]);
  const shown = useMemo(() => filterFleetMapVehicles(placed, filter), [placed, filter]);
  const categoryCounts = useMemo(() => {
    const counts: Partial<Record<VehicleCategory, number>> = {};
    for (const v of all) counts[v.vehicleCategory] = (counts[v.vehicleCategory] ?? 0) + 1;
    return counts;
  }, [all]);
  const unplaced = all.length - placed.length;

  let body;
  if (query.isPending) {
    body = (
      <Skeleton variant="rounded" sx={{ flexGrow: 1, minHeight: 420 }} aria-label={t('fleetMap.states.loading')} data-testid="fleet-map-loading" />
    );
  } else if (showsLoadError(query)) {
    body = (
      <Paper variant="outlined" role="alert" sx={{ p: 4, textAlign: 'center', flexGrow: 1 }}>
        <CloudOffIcon color="error" aria-hidden sx={{ fontSize: 40 }} />
        <Typography variant="h6" component="h2">
          {t('fleetMap.states.error')}
        </Typography>
        <Button variant="outlined" sx={{ mt: 2 }} onClick={() => void query.refetch()}>
          {t('fleetMap.states.retry')}
        </Button>
      </Paper>
    );
  } else if (all.length === 0) {
    body = (
      <Paper variant="outlined" sx={{ p: 4, textAlign: 'center', flexGrow: 1 }}>
        <Typography variant="h6" component="h2">
          {t('fleetMap.states.empty')}
        </Typography>
      </Paper>
    );
  } else {
    body = (
      <Stack spacing={1} sx={{ flexGrow: 1, minWidth: 0 }}>
        <RefreshFailedNotice query={query} />
        {shown.length === 0 && <Alert severity="info">{t('fleetMap.states.noMatch')}</Alert>}
        <Box sx={{ flexGrow: 1, height: { xs: 480, md: 'calc(100vh - 220px)' } }}>
          <FleetMapView vehicles={shown} allVehicles={placed} />
        </Box>
      </Stack>
    );
  }

  return (
    <Stack spacing={2}>
      <Box>
        <Typography variant="h5" component="h1">
          {t('fleetMap.title')}
        </Typography>
        {query.data && (
          <Typography variant="body2" color="text.secondary" data-testid="fleet-map-summary">
            {t('fleetMap.summary', { shown: shown.length, total: all.length })}
            {unplaced > 0 && ` · ${t('fleetMap.unplaced', { count: unplaced })}`}
          </Typography>
        )}
      </Box>
      {/* A fixed-height slot, so the 30 s refresh does not shift the map. */}
      <Box sx={{ height: 2, mt: '8px !important' }}>
        {query.isFetching && !query.isPending && <LinearProgress sx={{ height: 2 }} aria-label={t('fleetMap.states.refreshing')} />}
      </Box>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: 'stretch' }}>
        <Paper variant="outlined" sx={{ p: 2, width: { md: 260 }, flexShrink: 0 }}>
          <FleetMapLegend
            counts={query.data?.counts ?? {}}
            categoryCounts={categoryCounts}
            filter={filter}
            onFilterChange={(next) => onSearchChange(fleetMapSearchOf(next))}
          />
        </Paper>
        {body}
      </Stack>
    </Stack>
  );
}
