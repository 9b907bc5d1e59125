import { useMemo, type KeyboardEvent } from 'react';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlineOutlined';
import FilterListIcon from '@mui/icons-material/FilterList';
import RefreshIcon from '@mui/icons-material/Refresh';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useRouter } from '@tanstack/react-router';
import { isActiveBookingFlagged, overdueHours, type ActiveBookingRow } from '@fleetdesk/contract';
import { useTranslation } from 'react-i18next';
import { AppHrefLink } from '@/components/app-href-link';
import { useFormat } from '@/lib/format/use-format';
import { useActiveBookings } from '../api/active-bookings-api';
import {
  ACTIVE_BOOKING_COLUMNS,
  driverName,
  filterActiveBookings,
  nextSort,
  sortActiveBookings,
  type ActiveBookingColumn,
  type ActiveBookingsSort,
} from '../active-bookings-table';

const NO_VALUE = '—';
const bookingPath = (bid: string) => `/booking/${encodeURIComponent(bid)}`;
const userPath = (username: string) => `/users/${encodeURIComponent(username)}`;
const NUMERIC: readonly ActiveBookingColumn[] = ['overdueHours'];

export interface ActiveBookingsPageProps {
  filter: string;
  sort: ActiveBookingsSort;
  onChange: (next: { filter: string; sort: ActiveBookingsSort }) => void;
}

/** /activebookings: every active booking of the operator (§2, §3), polled every 60 s, sortable and filterable. */
export function ActiveBookingsPage({ filter, sort, onChange }: ActiveBookingsPageProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const router = useRouter();
  const query = useActiveBookings();
  const data = query.data;
  const generatedAt = useMemo(() => (data ? new Date(data.generatedAt) : null), [data]);

  const rows = useMemo(() => {
    if (!data) return [];
    const labels = (row: ActiveBookingRow) => [t(`activeBookings.status.${row.bookingStatus}`), t(`activeBookings.tripType.${row.tripType}`)];
    return sortActiveBookings(filterActiveBookings(data.results, filter, labels), sort);
  }, [data, filter, sort, t]);

  const setFilter = (text: string) => onChange({ filter: text, sort });
  const openBooking = (bid: string) => router.history.push(bookingPath(bid));
  const onRowKey = (event: KeyboardEvent<HTMLTableRowElement>, bid: string) => {
    if (event.key === 'Enter' && event.target === event.currentTarget) openBooking(bid);
  };

  return (
    <Stack spacing={2} sx={{ minWidth: 0 }}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5} sx={{ alignItems: { md: 'flex-end' }, justifyContent: 'space-between' }}>
        <Box>
          <Typography variant="h5" component="h1">
            {t('activeBookings.title')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('activeBookings.intro')}
          </Typography>
        </Box>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <TextField
            size="small"
            label={t('activeBookings.filter')}
            placeholder={t('activeBookings.filterHint')}
            value={filter}
            onChange={(event) => setFilter(event.target.value)}
            sx={{ width: { xs: '100%', sm: 340 } }}
            slotProps={{
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <FilterListIcon fontSize="small" />
                  </InputAdornment>
                ),
              },
            }}
          />
          <Tooltip title={t('activeBookings.refresh')}>
            <span>
              <IconButton aria-label={t('activeBookings.refresh')} onClick={() => void query.refetch()} disabled={query.isFetching}>
                <RefreshIcon />
              </IconButton>
            </span>
          </Tooltip>
        </Stack>
      </Stack>

      {data && (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography variant="body2" sx={{ fontWeight: 600 }} data-testid="active-bookings-count">
            {t('activeBookings.count', { count: data.results.length })}
          </Typography>
          {filter.trim() && (
            <Typography variant="body2" color="text.secondary">
              {t('activeBookings.shown', { shown: rows.length, total: data.results.length })}
            </Typography>
          )}
          <Typography variant="caption" color="text.secondary" sx={{ ml: 'auto !important' }}>
            {t('activeBookings.updated', { time: format.dateTimeSeconds(data.generatedAt) })}
          </Typography>
        </Stack>
      )}

      {query.isError && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void query.refetch()}>
              {t('common.retry')}
            </Button>
          }
        >
          {t('activeBookings.state.loadFailed')}
        </Alert>
      )}

      {!(query.isError && !data) && (
        <TableContainer component={Paper} variant="outlined" sx={{ position: 'relative' }}>
          {query.isFetching && <LinearProgress aria-label={t('common.loading')} sx={{ position: 'absolute', top: 0, left: 0, right: 0 }} />}
          <Table size="small" aria-label={t('activeBookings.title')} sx={{ '& td, & th': { px: 1.25 } }}>
            <TableHead>
              <TableRow sx={{ '& th': { whiteSpace: 'nowrap', fontWeight: 600 } }}>
                {ACTIVE_BOOKING_COLUMNS.map((column) => {
                  const label = t(`activeBookings.column.${column}`);
                  const active = sort.column === column;
                  return (
                    <TableCell key={column} align={NUMERIC.includes(column) ? 'right' : 'left'} sortDirection={active ? sort.direction : false}>
                      <TableSortLabel
                        active={active}
                        direction={active ? sort.direction : 'asc'}
                        onClick={() => onChange({ filter, sort: nextSort(sort, column) })}
                        title={t('activeBookings.sortBy', { column: label })}
                      >
                        {label}
                      </TableSortLabel>
                    </TableCell>
                  );
                })}
              </TableRow>
            </TableHead>
            <TableBody>
              {!data &&
                Array.from({ length: 5 }, (_, index) => (
                  <TableRow key={index}>
                    <TableCell colSpan={ACTIVE_BOOKING_COLUMNS.length}>
                      <Skeleton variant="text" />
                    </TableCell>
                  </TableRow>
                ))}
              {data && rows.length === 0 && (
                <TableRow>
                  <TableCell colSpan={ACTIVE_BOOKING_COLUMNS.length} sx={{ py: 5 }}>
                    <EmptyState
                      matchMissing={data.results.length > 0}
                      onClear={() => setFilter('')}
                    />
                  </TableCell>
                </TableRow>
              )}
              {generatedAt &&
                rows.map((row) => (
                  <ActiveBookingTableRow
                    key={row.bid}
                    row={row}
                    overdue={overdueHours(row.endTime, generatedAt)}
                    onOpen={() => openBooking(row.bid)}
                    onKeyDown={(event) => onRowKey(event, row.bid)}
                  />
                ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Stack>
  );
}


function EmptyState({ matchMissing, onClear }: { matchMissing: boolean; onClear: () => void }) {
  const { t } = useTranslation();
  return (
    <Stack spacing={1} sx={{ alignItems: 'center', textAlign: 'center', color: 'text.secondary' }}>
      {matchMissing ? <SearchOffIcon fontSize="large" /> : <CheckCircleOutlineIcon fontSize="large" color="success" />}
      <Typography variant="subtitle1" color="text.primary">
        {matchMissing ? t('activeBookings.state.noMatchTitle') : t('activeBookings.state.emptyTitle')}
      </Typography>
      {matchMissing ? (
        <Button size="small" onClick={onClear}>
          {t('activeBookings.state.clearFilter')}
        </Button>
      ) : (
        <Typography variant="body2">{t('activeBookings.state.emptyBody')}</Typography>
      )}
    </Stack>
  );
}

interface RowProps {
  row: ActiveBookingRow;
  overdue: number;
  onOpen: () => void;
  onKeyDown: (event: KeyboardEvent<HTMLTableRowElement>) => void;
}

function ActiveBookingTableRow({ row, overdue, onOpen, onKeyDown }: RowProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const flagged = isActiveBookingFlagged(row.bookingStatus);
  const driver = driverName(row);
  const stop = (event: { stopPropagation: () => void }) => event.stopPropagation();
  return (
    <TableRow
      hover
      tabIndex={0}
      data-testid={`active-booking-${row.bid}`}
      data-flagged={flagged ? 'true' : 'false'}
      onClick={onOpen}
      onKeyDown={onKeyDown}
      sx={{
        cursor: 'pointer',
        '& td': { whiteSpace: 'nowrap' },
        ...(flagged && { bgcolor: (theme) => (theme.palette.mode === 'dark' ? 'rgba(244,67,54,0.12)' : 'rgba(211,47,47,0.05)') }),
      }}
    >
      <TableCell>
        <AppHrefLink href={bookingPath(row.bid)} onClick={stop} sx={{ fontWeight: 600 }}>
          {row.bid}
        </AppHrefLink>
      </TableCell>
      <TableCell>
        <Chip
          size="small"
          label={t(`activeBookings.status.${row.bookingStatus}`)}
          color={flagged ? 'error' : 'success'}
          variant={flagged ? 'filled' : 'outlined'}
          data-testid="active-booking-status"
        />
      </TableCell>
      <TableCell>{format.dateTime(row.startTime)}</TableCell>
      <TableCell sx={{ color: overdue > 0 ? 'error.main' : undefined, fontWeight: overdue > 0 ? 600 : undefined }}>{format.dateTime(row.endTime)}</TableCell>
      <TableCell>{row.usageStart ? format.dateTime(row.usageStart) : NO_VALUE}</TableCell>
      <TableCell align="right" sx={{ color: overdue > 0 ? 'error.main' : 'text.secondary', fontWeight: overdue > 0 ? 600 : undefined }} data-testid="active-booking-overdue">
        {overdue > 0 ? format.number(overdue, 1) : NO_VALUE}
      </TableCell>
      <TableCell>{t(`activeBookings.tripType.${row.tripType}`)}</TableCell>
      <TableCell>
        {row.driverUsername ? (
          <AppHrefLink href={userPath(row.driverUsername)} onClick={stop} title={row.driverUsername}>
            {driver}
          </AppHrefLink>
        ) : (
          driver || NO_VALUE
        )}
      </TableCell>
      <TableCell>{row.companyName ?? NO_VALUE}</TableCell>
      <TableCell>{row.registrationNumber ?? NO_VALUE}</TableCell>
      <TableCell>
        {row.fetchAtPoolName}
        <Typography component="span" variant="caption" color="text.secondary" sx={{ ml: 0.5 }}>
          {row.fetchAtCityName}
        </Typography>
      </TableCell>
      <TableCell sx={{ maxWidth: 240, overflow: 'hidden', textOverflow: 'ellipsis' }} title={row.note ?? undefined}>
        {row.note ?? NO_VALUE}
      </TableCell>
    </TableRow>
  );
}
