import { useState } from 'react';
import CloseIcon from '@mui/icons-material/Close';
import PlaceIcon from '@mui/icons-material/Place';
import ViewTimelineIcon from '@mui/icons-material/ViewTimeline';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { useFleet } from '@/features/fleets';
import { useSession } from '@/lib/session/session';
import { usePoolGroups, usePools } from '../api/pools-api';
import { selectedPoolOf, type PoolsSearch } from '../pools-search';
import { PoolDetailsForm } from './pool-details-form';
import { PoolLegend } from './pool-legend';
import { PoolTimeline } from './pool-timeline';
import { PoolsSidebar } from './pools-sidebar';

interface PoolsPageProps {
  search: PoolsSearch;
}

/** §2 /pools: the sidebar (a drawer on small screens) and the chosen pool's legend, details and booking timeline. */
export function PoolsPage({ search }: PoolsPageProps) {
  const { t } = useTranslation();
  const theme = useTheme();
  const small = useMediaQuery(theme.breakpoints.down('md'));
  const [drawerOpen, setDrawerOpen] = useState(false);
  const pools = usePools();
  const groups = usePoolGroups();
  const session = useSession();
  const fleet = useFleet(session?.user.fleet);
  const selected = pools.data ? selectedPoolOf(pools.data, search) : null;

  const sidebar = (onChoose?: () => void) => (
    <PoolsSidebar
      pools={pools.data}
      isPending={pools.isPending}
      isError={pools.isError}
      onRetry={() => void pools.refetch()}
      selected={selected}
      onChoose={onChoose}
    />
  );

  let main;
  if (pools.isPending) {
    main = <Skeleton variant="rounded" height={320} aria-label={t('pools.sidebar.loading')} />;
  } else if (selected) {
    main = (
      <Stack spacing={2}>
        <PoolLegend />
        <PoolDetailsForm key={selected.poolId} pool={selected} pools={pools.data ?? []} groups={groups.data} currency={fleet.data?.currency} />
        <PoolTimeline key={`timeline-${selected.poolId}`} pool={selected} />
      </Stack>
    );
  } else {
    const unknown = Boolean(search.city && search.pool) && pools.isSuccess;
    main = (
      <Paper variant="outlined" role="status" sx={{ p: 5, textAlign: 'center' }}>
        <ViewTimelineIcon color="disabled" aria-hidden sx={{ fontSize: 48 }} />
        <Typography variant="subtitle1">
          {unknown ? t('pools.screen.unknownPool', { city: search.city, pool: search.pool }) : t('pools.screen.choose')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('pools.screen.chooseHint')}
        </Typography>
        {small && (
          <Button sx={{ mt: 2 }} variant="outlined" startIcon={<PlaceIcon />} onClick={() => setDrawerOpen(true)}>
            {t('pools.sidebar.open')}
          </Button>
        )}
      </Paper>
    );
  }

  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start', justifyContent: 'space-between' }}>
        <Box>
          <Typography variant="h5" component="h1">
            {selected ? t('pools.screen.headingPool', { pool: selected.pool, city: selected.city }) : t('pools.screen.heading')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('pools.screen.subtitle')}
          </Typography>
        </Box>
        {small && (
          <Button
            variant="outlined"
            startIcon={<PlaceIcon />}
            onClick={() => setDrawerOpen(true)}
            aria-expanded={drawerOpen}
            aria-controls="pools-drawer"
          >
            {t('pools.sidebar.open')}
          </Button>
        )}
      </Stack>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', md: '260px minmax(0, 1fr)', xl: '300px minmax(0, 1fr)' },
          alignItems: 'start',
        }}
      >
        {!small && (
          <Paper component="nav" aria-label={t('pools.sidebar.label')} variant="outlined" sx={{ p: 1.5, position: 'sticky', top: 80 }}>
            {sidebar()}
          </Paper>
        )}
        <Box component="section" aria-label={t('pools.screen.main')} sx={{ minWidth: 0 }}>
          {main}
        </Box>
      </Box>
      {small && (
        <Drawer
          id="pools-drawer"
          anchor="right"
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          // Over the app bar, so its heading and close button show.
          sx={{ zIndex: (th) => th.zIndex.drawer + 2 }}
          slotProps={{ paper: { sx: { width: 300, maxWidth: '85vw', p: 1.5 } } }}
        >
          <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
            <Typography variant="subtitle1" component="h2">
              {t('pools.sidebar.label')}
            </Typography>
            <IconButton aria-label={t('pools.sidebar.close')} onClick={() => setDrawerOpen(false)}>
              <CloseIcon />
            </IconButton>
          </Stack>
          <Box component="nav" aria-label={t('pools.sidebar.label')}>
            {sidebar(() => setDrawerOpen(false))}
          </Box>
        </Drawer>
      )}
    </Stack>
  );
}
