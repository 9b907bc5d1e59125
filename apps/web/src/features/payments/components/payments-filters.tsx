import { useEffect, useState, type FormEvent } from 'react';
import FilterAltOffIcon from '@mui/icons-material/FilterAltOff';
import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { PAYMENT_SEARCH_STATUSES, ZPaymentType, type PaymentStatus, type PaymentType } from '@fleetdesk/contract';
import { useTranslation } from 'react-i18next';
import { effectiveRange, joinStatuses, statusesOf, type PaymentsSearch } from '../payments-search';
import { DateField } from '@/components/date-field';
import { ViewsControl } from '@/features/saved-views';

interface PaymentsFiltersProps {
  search: PaymentsSearch;
  /** Replaces the filter part of the URL (the open payment closes). */
  onChange: (next: PaymentsSearch) => void;
}

/**
 * The payments screen's filters (§4's smaller search status set, type, date range, order id / bid, user name).
 * Chips, the type and the dates apply at once; the two text fields on Enter or Search. A user name opens that user's
 * payments view.
 */
export function PaymentsFilters({ search, onChange }: PaymentsFiltersProps) {
  const { t } = useTranslation();
  const range = effectiveRange(search);
  const [text, setText] = useState(search.search ?? '');
  const [user, setUser] = useState('');
  useEffect(() => setText(search.search ?? ''), [search.search]);

  const statuses = statusesOf(search);
  const toggleStatus = (status: PaymentStatus) => {
    const next = statuses.includes(status) ? statuses.filter((s) => s !== status) : [...statuses, status];
    onChange({ ...search, status: joinStatuses(next) });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmedUser = user.trim();
    if (trimmedUser) {
      onChange({ user: trimmedUser });
      return;
    }
    onChange({ ...search, search: text.trim() ? text.trim().toUpperCase() : undefined });
  };

  const filtered = Boolean(search.status || search.type || search.from || search.to || search.search || search.olderThanDays);

  return (
    <Paper variant="outlined" component="form" onSubmit={submit} aria-label={t('payments.screen.filters')} sx={{ p: 2 }}>
      <Stack spacing={2}>
        <Box role="group" aria-label={t('payments.screen.status')} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
          <Typography variant="body2" color="text.secondary" sx={{ mr: 0.5 }}>
            {t('payments.screen.status')}
          </Typography>
          <Chip
            label={t('payments.screen.anyStatus')}
            size="small"
            color={statuses.length === 0 ? 'primary' : 'default'}
            variant={statuses.length === 0 ? 'filled' : 'outlined'}
            onClick={() => onChange({ ...search, status: undefined })}
            aria-pressed={statuses.length === 0}
          />
          {PAYMENT_SEARCH_STATUSES.map((status) => {
            const on = statuses.includes(status);
            return (
              <Chip
                key={status}
                label={t(`payments.status.${status}`)}
                size="small"
                color={on ? 'primary' : 'default'}
                variant={on ? 'filled' : 'outlined'}
                onClick={() => toggleStatus(status)}
                aria-pressed={on}
              />
            );
          })}
          {search.olderThanDays !== undefined && (
            <Chip
              label={t('payments.screen.olderThanDays', { count: search.olderThanDays })}
              size="small"
              color="primary"
              onDelete={() => onChange({ ...search, olderThanDays: undefined })}
            />
          )}
        </Box>
        <Box
          sx={{
            display: 'flex',
            flexWrap: 'wrap',
            gap: 1.5,
            alignItems: 'center',
            '& > .MuiTextField-root, & > .MuiPickersTextField-root': { flex: '1 1 160px', minWidth: 150 },
            '& > .MuiTextField-root.wide': { flex: '2 1 200px' },
          }}
        >
          <TextField
            select
            size="small"
            label={t('payments.screen.type')}
            value={search.type ?? ''}
            onChange={(event) => onChange({ ...search, type: event.target.value ? (event.target.value as PaymentType) : undefined })}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          >
            <MenuItem value="">{t('payments.screen.anyType')}</MenuItem>
            {ZPaymentType.options.map((type) => (
              <MenuItem key={type} value={type}>
                {t(`payments.type.${type}`)}
              </MenuItem>
            ))}
          </TextField>
          <DateField
            size="small"
            label={t('payments.screen.from')}
            value={range.from}
            onChange={(from) => onChange({ ...search, from: from || undefined })}
            max={range.to}
          />
          <DateField
            size="small"
            label={t('payments.screen.to')}
            value={range.to}
            onChange={(to) => onChange({ ...search, to: to || undefined })}
            min={range.from}
          />
          <TextField
            className="wide"
            size="small"
            label={t('payments.screen.search')}
            value={text}
            onChange={(event) => setText(event.target.value)}
            placeholder="BOK… / BID…"
            slotProps={{ htmlInput: { maxLength: 40 } }}
          />
          <TextField
            className="wide"
            size="small"
            label={t('payments.screen.user')}
            value={user}
            onChange={(event) => setUser(event.target.value)}
            slotProps={{ htmlInput: { maxLength: 200 } }}
          />
          <Button type="submit" variant="contained" startIcon={<SearchIcon />}>
            {t('payments.screen.searchButton')}
          </Button>
          <Button
            type="button"
            startIcon={<FilterAltOffIcon />}
            disabled={!filtered}
            onClick={() => {
              setText('');
              setUser('');
              onChange({});
            }}
          >
            {t('payments.screen.clear')}
          </Button>
          <ViewsControl screen="payments" />
        </Box>
      </Stack>
    </Paper>
  );
}
