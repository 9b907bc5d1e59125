import { useEffect, useMemo, useState } from 'react';
import DirectionsCarOutlinedIcon from '@mui/icons-material/DirectionsCarOutlined';
import PushPinOutlinedIcon from '@mui/icons-material/PushPinOutlined';
import Box from '@mui/material/Box';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Vehicle } from '@fleetdesk/contract';
import { useTranslation } from 'react-i18next';
import { VehicleCard, useVehicleStatusPolling } from '@/features/vehicles';
import { isApiError } from '@/lib/api/api-error';
import { useSearchVehiclesMore, type SearchVehiclesPageData } from '../api/search-api';
import type { PinnedVehicles } from '../pinned-vehicles';
import type { SearchCriteria } from '../search-criteria';
import { HitPinnedNote, WithPinnedNotes } from './hit-pinned-note';
import { EmptyLine, ResultSection, SECTION_ANCHORS, countLabel } from './result-section';

interface VehicleResultsProps {
  criteria: SearchCriteria;
  /** The first page from the combined search; none on plain /support, where only pinned cards show. */
  first: SearchVehiclesPageData | null;
  pins: PinnedVehicles;
}

/**
 * Vehicle cards (§2): pinned ones first, then the matches, 10 more per 'Load more'. Cards start collapsed; expanding
 * one makes the card load its events and damage. The statuses of every card on screen are polled every 30 s.
 */
export function VehicleResults({ criteria, first, pins }: VehicleResultsProps) {
  const { t } = useTranslation();
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set());
  const [moreRequested, setMoreRequested] = useState(false);
  const more = useSearchVehiclesMore(criteria, first?.nextCursor ?? null, moreRequested);

  const loaded = useMemo(() => {
    const pages = moreRequested ? (more.data?.pages ?? []) : [];
    const seen = new Set<string>();
    const vehicles: Vehicle[] = [];
    for (const vehicle of [...(first?.results ?? []), ...pages.flatMap((page) => page.results)]) {
      if (seen.has(vehicle.vin)) continue;
      seen.add(vehicle.vin);
      vehicles.push(vehicle);
    }
    return vehicles;
  }, [first, more.data, moreRequested]);

  const morePinnedNotes = moreRequested ? more.data?.pages.flatMap((page) => page.pinnedNotes ?? []) : undefined;
  const pinnedVins = new Set(pins.pinned.map((vehicle) => vehicle.vin));
  const unpinned = loaded.filter((vehicle) => !pinnedVins.has(vehicle.vin));
  // A pinned car that is also a match shows its fresh copy.
  const fresh = new Map(loaded.map((vehicle) => [vehicle.vin, vehicle]));
  const pinned = pins.pinned.map((vehicle) => fresh.get(vehicle.vin) ?? vehicle);

  // One stable list per set of cards on screen, so the polling restarts only when the cards change.
  const vinsKey = [...pinned, ...unpinned].map((vehicle) => vehicle.vin).join('\n');
  const shownVins = useMemo(() => (vinsKey ? vinsKey.split('\n') : []), [vinsKey]);
  useVehicleStatusPolling(shownVins);

  const { refresh } = pins;
  useEffect(() => refresh(loaded), [refresh, loaded]);

  const hasMore = moreRequested && more.data ? more.hasNextPage : Boolean(first?.moreResults && first.nextCursor);
  const loadMore = () => {
    if (!moreRequested) setMoreRequested(true);
    else void more.fetchNextPage();
  };
  const loadingMore = moreRequested && (more.isPending || more.isFetchingNextPage) && !more.isError;

  const toggleExpanded = (vin: string) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (next.has(vin)) next.delete(vin);
      else next.add(vin);
      return next;
    });

  // A collapsed card shows its pinned notes from the search answer; an opened one loads its own banner.
  const card = (vehicle: Vehicle) => (
    <Box key={vehicle.vin}>
      {!expanded.has(vehicle.vin) && (
        <Box sx={{ px: 0.5, pb: 0.5 }}>
          <HitPinnedNote subjectType="VEHICLE" subjectId={vehicle.vin} />
        </Box>
      )}
      <VehicleCard
        vehicle={vehicle}
        variant="search"
        expanded={expanded.has(vehicle.vin)}
        onToggleExpanded={() => toggleExpanded(vehicle.vin)}
        pinned={pinnedVins.has(vehicle.vin)}
        onTogglePinned={() => pins.toggle(vehicle)}
      />
    </Box>
  );

  return (
    <ResultSection
      icon={<DirectionsCarOutlinedIcon />}
      title={t('supportSearch.vehicles')}
      count={first ? countLabel(loaded.length, hasMore) : undefined}
      testId="vehicle-results"
      anchorId={SECTION_ANCHORS.vehicles}
    >
      <Stack spacing={1.5} sx={{ p: 1.5 }}>
        {pinned.length > 0 && (
          <Stack spacing={1} data-testid="pinned-vehicles" component="section" aria-label={t('supportSearch.pinned')}>
            <Typography variant="overline" color="text.secondary" sx={{ display: 'flex', alignItems: 'center', gap: 0.5, lineHeight: 1.5 }}>
              <PushPinOutlinedIcon sx={{ fontSize: 14 }} aria-hidden />
              {t('supportSearch.pinned')}
            </Typography>
            {pinned.map(card)}
          </Stack>
        )}
        {pinned.length > 0 && first && unpinned.length > 0 && (
          <Typography variant="overline" color="text.secondary" sx={{ lineHeight: 1.5 }}>
            {t('supportSearch.matches')}
          </Typography>
        )}
        {first && loaded.length === 0 && <EmptyLine>{t('messages.noHitsForVehicles')}</EmptyLine>}
        <WithPinnedNotes notes={morePinnedNotes}>{unpinned.map(card)}</WithPinnedNotes>
        {more.isError && moreRequested && (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => void (more.data ? more.fetchNextPage() : more.refetch())}>
                {t('common.retry')}
              </Button>
            }
          >
            {isApiError(more.error) ? more.error.envelope.message : t('supportSearch.pageFailed')}
          </Alert>
        )}
        {hasMore && !more.isError && (
          <Button variant="outlined" onClick={loadMore} loading={loadingMore} sx={{ alignSelf: 'center', minWidth: 160 }}>
            {t('supportSearch.loadMore')}
          </Button>
        )}
      </Stack>
    </ResultSection>
  );
}
