import { useEffect, useState, type FormEvent } from 'react';
import SearchIcon from '@mui/icons-material/Search';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { ZAlarmCategory, ZAlarmState } from '@fleetdesk/contract';
import { ViewsControl } from '@/features/saved-views';
import { alarmsSearchOfForm, isAlarmsFiltered, type AlarmsSearch } from '../alarms-search';

export interface AlarmsFiltersProps {
  search: AlarmsSearch;
  onSearch: (next: AlarmsSearch) => void;
}

const ALL = '';

/** State and category apply at once; VIN and BID on Enter or 'Search'. */
export function AlarmsFilters({ search, onSearch }: AlarmsFiltersProps) {
  const { t } = useTranslation();
  const [vin, setVin] = useState(search.vin ?? '');
  const [bid, setBid] = useState(search.bid ?? '');
  useEffect(() => setVin(search.vin ?? ''), [search.vin]);
  useEffect(() => setBid(search.bid ?? ''), [search.bid]);

  const apply = (patch: Partial<Record<'state' | 'category' | 'vin' | 'bid', string>>) =>
    onSearch(alarmsSearchOfForm({ state: search.state ?? ALL, category: search.category ?? ALL, vin, bid, ...patch }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    apply({});
  };

  return (
    <Stack
      component="form"
      role="search"
      aria-label={t('alarms.filters.label')}
      onSubmit={submit}
      direction={{ xs: 'column', sm: 'row' }}
      spacing={1.5}
      useFlexGap
      sx={{ alignItems: { sm: 'center' }, flexWrap: 'wrap' }}
    >
      <TextField
        select
        fullWidth={false}
        size="small"
        label={t('alarms.filters.state')}
        value={search.state ?? ALL}
        onChange={(e) => apply({ state: e.target.value })}
        sx={{ minWidth: 160 }}
      >
        <MenuItem value={ALL}>{t('alarms.filters.allStates')}</MenuItem>
        {ZAlarmState.options.map((state) => (
          <MenuItem key={state} value={state}>
            {t(`alarms.alarmStates.${state}`)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        fullWidth={false}
        size="small"
        label={t('alarms.filters.category')}
        value={search.category ?? ALL}
        onChange={(e) => apply({ category: e.target.value })}
        sx={{ minWidth: 160 }}
      >
        <MenuItem value={ALL}>{t('alarms.filters.allCategories')}</MenuItem>
        {ZAlarmCategory.options.map((category) => (
          <MenuItem key={category} value={category}>
            {t(`alarms.categories.${category}`)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        fullWidth={false}
        size="small"
        sx={{ minWidth: 220 }}
        label={t('alarms.filters.vin')}
        value={vin}
        onChange={(e) => setVin(e.target.value)}
        slotProps={{ htmlInput: { maxLength: 40 } }}
      />
      <TextField
        fullWidth={false}
        size="small"
        label={t('alarms.filters.bid')}
        value={bid}
        onChange={(e) => setBid(e.target.value)}
        slotProps={{ htmlInput: { maxLength: 40 } }}
      />
      <Button type="submit" variant="contained" startIcon={<SearchIcon />}>
        {t('alarms.filters.search')}
      </Button>
      <Button
        disabled={!isAlarmsFiltered(search) && !vin && !bid}
        onClick={() => {
          setVin('');
          setBid('');
          onSearch({});
        }}
      >
        {t('alarms.filters.clear')}
      </Button>
      <ViewsControl screen="alarms" />
    </Stack>
  );
}
