import { useState } from 'react';
import CloudOffIcon from '@mui/icons-material/CloudOff';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Pool } from '@fleetdesk/contract';
import { useTranslation } from 'react-i18next';
import { FilterField } from '@/components/filter-field';
import { ListItemLink } from '@/components/router-link';
import { poolLinkSearch, sidebarCities } from '../pools-search';

export interface PoolsSidebarProps {
  pools: readonly Pool[] | undefined;
  isPending: boolean;
  isError: boolean;
  onRetry: () => void;
  selected: Pool | null;
  /** Called when a pool is chosen (the drawer closes on small screens). */
  onChoose?: () => void;
}

/**
 * §2 sidebar: a trimmed, case-insensitive filter (the contract's filterPools), 'show disabled' (off by default; disabled
 * pools are struck through), pools grouped by city, the selected one bold; each pool links to /pools?city&pool.
 */
export function PoolsSidebar({ pools, isPending, isError, onRetry, selected, onChoose }: PoolsSidebarProps) {
  const { t } = useTranslation();
  const [filter, setFilter] = useState('');
  const [showDisabled, setShowDisabled] = useState(false);
  const cities = sidebarCities(pools ?? [], filter, showDisabled);

  let body;
  if (isPending) {
    body = (
      <Stack spacing={0.75} role="status" aria-busy="true" aria-label={t('pools.sidebar.loading')} sx={{ p: 1 }}>
        {Array.from({ length: 8 }, (_, i) => (
          <Skeleton key={i} variant="rounded" height={24} sx={{ ml: i % 4 === 0 ? 0 : 2 }} />
        ))}
      </Stack>
    );
  } else if (isError) {
    body = (
      <Box role="alert" sx={{ p: 3, textAlign: 'center' }}>
        <CloudOffIcon color="error" aria-hidden sx={{ fontSize: 36 }} />
        <Typography variant="subtitle2">{t('pools.sidebar.loadFailed')}</Typography>
        <Button variant="outlined" size="small" sx={{ mt: 1.5 }} onClick={onRetry}>
          {t('pools.states.retry')}
        </Button>
      </Box>
    );
  } else if ((pools ?? []).length === 0) {
    body = (
      <Typography role="status" variant="body2" color="text.secondary" sx={{ p: 3, textAlign: 'center' }}>
        {t('pools.sidebar.none')}
      </Typography>
    );
  } else if (cities.length === 0) {
    body = (
      <Box role="status" sx={{ p: 3, textAlign: 'center' }}>
        <SearchOffIcon color="disabled" aria-hidden sx={{ fontSize: 36 }} />
        <Typography variant="body2" color="text.secondary">
          {t('pools.sidebar.noMatch', { filter: filter.trim() })}
        </Typography>
      </Box>
    );
  } else {
    body = (
      <List dense disablePadding aria-label={t('pools.sidebar.label')}>
        {cities.map(({ city, pools: cityPools }) => (
          <li key={city}>
            <List dense disablePadding aria-label={city}>
              <ListSubheader sx={{ lineHeight: '32px', fontWeight: 700, color: 'text.primary', bgcolor: 'background.paper' }}>{city}</ListSubheader>
              {cityPools.map((pool) => {
                const isSelected = selected?.poolId === pool.poolId;
                return (
                  <ListItem key={pool.poolId} disablePadding>
                    <ListItemLink
                      to="/pools"
                      search={poolLinkSearch(pool)}
                      selected={isSelected}
                      aria-current={isSelected ? 'page' : undefined}
                      onClick={onChoose}
                      data-disabled-pool={pool.disabled || undefined}
                      sx={{
                        pl: 3,
                        py: 0.25,
                        borderRadius: 1,
                        '& .MuiListItemText-primary': { textDecoration: pool.disabled ? 'line-through' : 'none' },
                        // The selected pool is bold (§2), over the theme's selected style.
                        '&.Mui-selected .MuiListItemText-primary, &.Mui-selected:hover .MuiListItemText-primary': { fontWeight: 700 },
                      }}
                    >
                      <ListItemText primary={pool.pool} secondary={pool.disabled ? t('pools.sidebar.disabled') : undefined} />
                    </ListItemLink>
                  </ListItem>
                );
              })}
            </List>
          </li>
        ))}
      </List>
    );
  }

  return (
    <Stack spacing={1} sx={{ minHeight: 0 }}>
      <FilterField fullWidth label={t('pools.sidebar.filter')} value={filter} onChange={setFilter} clearLabel={t('pools.sidebar.clearFilter')} />
      <FormControlLabel
        control={<Checkbox size="small" checked={showDisabled} onChange={(event) => setShowDisabled(event.target.checked)} />}
        label={t('pools.sidebar.showDisabled')}
      />
      <Box sx={{ overflowY: 'auto', maxHeight: { md: 'calc(100vh - 260px)' } }}>{body}</Box>
    </Stack>
  );
}
