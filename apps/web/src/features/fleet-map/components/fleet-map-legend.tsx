import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import type { FleetMapStatus, VehicleCategory } from '@fleetdesk/contract';
import {
  CATEGORY_GLYPH,
  FLEET_MAP_CATEGORIES,
  FLEET_MAP_STATUSES,
  SHAPE_GEOMETRY,
  STATUS_LOOK,
  legendEntries,
  type FleetMapFilter,
} from '../fleet-map-markers';
import { toggleIn } from '../fleet-map-search';

/** The status's marker shape in its colour, as on the map. */
export function StatusShape({ status, size = 20 }: { status: FleetMapStatus; size?: number }) {
  const look = STATUS_LOOK[status];
  return (
    <Box component="svg" viewBox="0 0 32 32" width={size} height={size} aria-hidden sx={{ flexShrink: 0, display: 'block' }} data-shape={look.shape}>
      <path d={SHAPE_GEOMETRY[look.shape].outline} fill={look.color} stroke="#fff" strokeWidth={2} strokeLinejoin="round" />
    </Box>
  );
}

/** The category's glyph, as inside the markers. */
export function CategoryGlyph({ category, size = 20 }: { category: VehicleCategory; size?: number }) {
  return (
    <Box
      component="svg"
      viewBox="0 0 24 24"
      width={size}
      height={size}
      aria-hidden
      sx={{ flexShrink: 0, display: 'block', fill: 'currentColor', color: 'text.secondary' }}
    >
      {CATEGORY_GLYPH[category].map((d) => (
        <path key={d} d={d} />
      ))}
    </Box>
  );
}

export interface FleetMapLegendProps {
  counts: Partial<Record<FleetMapStatus, number>>;
  categoryCounts: Partial<Record<VehicleCategory, number>>;
  filter: FleetMapFilter;
  onFilterChange: (next: FleetMapFilter) => void;
}

/**
 * The legend doubles as the filter: one checkbox per status (its marker shape, colour and count) and per category
 * (its glyph). Nothing ticked in a group shows the whole group.
 */
export function FleetMapLegend({ counts, categoryCounts, filter, onFilterChange }: FleetMapLegendProps) {
  const { t } = useTranslation();
  const filtered = filter.statuses.length > 0 || filter.categories.length > 0;
  return (
    <Stack spacing={2} data-testid="fleet-map-legend">
      <FormControl component="fieldset" variant="standard">
        <FormLabel component="legend">{t('fleetMap.legend.status')}</FormLabel>
        <FormGroup>
          {legendEntries(counts).map((entry) => (
            <FormControlLabel
              key={entry.status}
              data-testid={`legend-${entry.status}`}
              control={
                <Checkbox
                  size="small"
                  checked={filter.statuses.includes(entry.status)}
                  onChange={() => onFilterChange({ ...filter, statuses: toggleIn(filter.statuses, entry.status, FLEET_MAP_STATUSES) })}
                />
              }
              label={
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                  <StatusShape status={entry.status} />
                  <span>
                    {t(`fleetMap.statuses.${entry.status}`)}{' '}
                    <Box component="span" sx={{ color: 'text.secondary' }}>
                      ({entry.count})
                    </Box>
                  </span>
                </Stack>
              }
            />
          ))}
        </FormGroup>
      </FormControl>
      <FormControl component="fieldset" variant="standard">
        <FormLabel component="legend">{t('fleetMap.legend.category')}</FormLabel>
        <FormGroup>
          {FLEET_MAP_CATEGORIES.map((category) => (
            <FormControlLabel
              key={category}
              control={
                <Checkbox
                  size="small"
                  checked={filter.categories.includes(category)}
                  onChange={() => onFilterChange({ ...filter, categories: toggleIn(filter.categories, category, FLEET_MAP_CATEGORIES) })}
                />
              }
              label={
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                  <CategoryGlyph category={category} />
                  <span>
                    {t(`fleetMap.categories.${category}`)}{' '}
                    <Box component="span" sx={{ color: 'text.secondary' }}>
                      ({categoryCounts[category] ?? 0})
                    </Box>
                  </span>
                </Stack>
              }
            />
          ))}
        </FormGroup>
      </FormControl>
      <Box>
        <Button size="small" disabled={!filtered} onClick={() => onFilterChange({ statuses: [], categories: [] })}>
          {t('fleetMap.legend.showAll')}
        </Button>
      </Box>
    </Stack>
  );
}
