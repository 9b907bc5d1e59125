import { useMemo } from 'react';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlineOutlined';
import FilterListIcon from '@mui/icons-material/FilterList';
import RefreshIcon from '@mui/icons-material/Refresh';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useRouter } from '@tanstack/react-router';
import { isActiveBookingFlagged, overdueHours, type ActiveBookingRow } from '@fleetdesk/contract';
import { useTranslation } from 'react-i18next';
import { AppHrefLink } from '@/components/app-href-link';
import { FilterField } from '@/components/filter-field';
import { navItemProps } from '@/lib/shortcuts/list-navigation';
import { DataTable, type DataTableColumn } from '@/components/data-table/data-table';
import { useFormat } from '@/lib/format/use-format';
import { ViewsControl } from '@/features/saved-views';
import { useActiveBookings } from '../api/active-bookings-api';
import {
  ACTIVE_BOOKING_COLUMNS,
  driverName,
  DEFAULT_ACTIVE_BOOKINGS_SORT,
  filterActiveBookings,
  sortActiveBookings,
  type ActiveBookingColumn,
  type ActiveBookingsSort,
} from '../active-bookings-table';

const NO_VALUE = '—';
const bookingPath = (bid: string) => `/booking/${encodeURIComponent(bid)}`;
const userPath = (username: string) => `/users/${encodeURIComponent(username)}`;

export interface ActiveBookingsPageProps {
  filter: string;
  /** Only the bookings past their end (a saved view's filter, `?overdue=true`). */
  overdue?: boolean;
  sort: ActiveBookingsSort;
  onChange: (next: { filter: string; sort: ActiveBookingsSort; overdue?: boolean }) => void;
}

/** /activebookings: every active booking of the operator (§2, §3), polled every 60 s, sortable and filterable. */
export function ActiveBookingsPage({ filter, overdue = false, sort, onChange }: ActiveBookingsPageProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const router = useRouter();
  const query = useActiveBookings(overdue);
  const data = query.data;
  const generatedAt = useMemo(() => (data ? new Date(data.generatedAt) : null), [data]);

  const rows = useMemo(() => {
    if (!data) return [];
    const labels = (row: ActiveBookingRow) => [t(`activeBookings.status.${row.bookingStatus}`), t(`activeBookings.tripType.${row.tripType}`)];
    return sortActiveBookings(filterActiveBookings(data.results, filter, labels), sort);
  }, [data, filter, sort, t]);

  const columns = useColumns(generatedAt);
  const setFilter = (text: string) => onChange({ filter: text, sort, overdue });
  const openBooking = (bid: string) => router.history.push(bookingPath(bid));

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
          <FilterField
            label={t('activeBookings.filter')}
            placeholder={t('activeBookings.filterHint')}
            value={filter}
            onChange={setFilter}
            clearLabel={t('activeBookings.clearFilter')}
            icon={<FilterListIcon fontSize="small" aria-hidden />}
            sx={{ width: { xs: '100%', sm: 340 } }}
          />
          <ViewsControl screen="activeBookings" />
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
          {overdue && (
            <Chip size="small" color="primary" label={t('activeBookings.overdueOnly')} onDelete={() => onChange({ filter, sort, overdue: false })} />
          )}
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

      <DataTable<ActiveBookingRow>
        id="active-bookings"
        label={t('activeBookings.title')}
        rows={rows}
        columns={columns}
        getRowId={(row) => row.bid}
        loading={!data && query.isPending}
        refreshing={query.isFetching && Boolean(data)}
        error={query.isError ? { message: t('activeBookings.state.loadFailed'), onRetry: () => void query.refetch() } : null}
        empty={
          data && data.results.length > 0
            ? {
                title: t('activeBookings.state.noMatchTitle'),
                action: (
                  <Button size="small" onClick={() => setFilter('')}>
                    {t('activeBookings.state.clearFilter')}
                  </Button>
                ),
              }
            : {
                title: t('activeBookings.state.emptyTitle'),
                hint: t('activeBookings.state.emptyBody'),
                icon: <CheckCircleOutlineIcon color="success" aria-hidden sx={{ fontSize: 40 }} />,
              }
        }
        exportFileName={t('activeBookings.title')}
        sort={{
          value: { field: sort.column, direction: sort.direction },
          // §: a header sorts ascending first, then flips; there is always a sort (the rows' own order has no meaning).
          orders: ['asc', 'desc'],
          onChange: (next) =>
            onChange({
              filter,
              overdue,
              sort: next && isColumn(next.field) ? { column: next.field, direction: next.direction } : DEFAULT_ACTIVE_BOOKINGS_SORT,
            }),
        }}
        onRowOpen={(row) => openBooking(row.bid)}
        rowAttributes={(row) => ({
          'data-testid': `active-booking-${row.bid}`,
          'data-flagged': isActiveBookingFlagged(row.bookingStatus) ? 'true' : 'false',
        })}
        getRowClassName={(row) => (isActiveBookingFlagged(row.bookingStatus) ? 'flagged' : '')}
        sx={{
          '& .flagged': { bgcolor: (theme) => (theme.palette.mode === 'dark' ? 'rgba(244,67,54,0.12)' : 'rgba(211,47,47,0.05)') },
          '& .overdue': { color: 'error.main', fontWeight: 600 },
        }}
      />
    </Stack>
  );
}

const isColumn = (field: string): field is ActiveBookingColumn => (ACTIVE_BOOKING_COLUMNS as readonly string[]).includes(field);

/** The §3 columns: every one sortable by the screen's rule (empty values last), the value as shown (and exported). */
function useColumns(generatedAt: Date | null): DataTableColumn<ActiveBookingRow>[] {
  const { t } = useTranslation();
  const format = useFormat();
  return useMemo(() => {
    const overdueOf = (row: ActiveBookingRow) => (generatedAt ? overdueHours(row.endTime, generatedAt) : 0);
    const stop = (event: { stopPropagation: () => void }) => event.stopPropagation();
    const column = (
      field: ActiveBookingColumn,
      rest: Omit<DataTableColumn<ActiveBookingRow>, 'field' | 'headerName'>,
    ): DataTableColumn<ActiveBookingRow> => ({
      field,
      headerName: t(`activeBookings.column.${field}`),
      ...rest,
    });
    return [
      column('bid', {
        minWidth: 140,
        valueGetter: (_, row) => row.bid,
        renderCell: ({ row }) => (
          <AppHrefLink href={bookingPath(row.bid)} onClick={stop} sx={{ fontWeight: 600 }} {...navItemProps}>
            {row.bid}
          </AppHrefLink>
        ),
      }),
      column('bookingStatus', {
        minWidth: 150,
        valueGetter: (_, row) => t(`activeBookings.status.${row.bookingStatus}`),
        renderCell: ({ row }) => {
          const flagged = isActiveBookingFlagged(row.bookingStatus);
          return (
            <Chip
              size="small"
              label={t(`activeBookings.status.${row.bookingStatus}`)}
              color={flagged ? 'error' : 'success'}
              variant={flagged ? 'filled' : 'outlined'}
              data-testid="active-booking-status"
            />
          );
        },
      }),
      column('startTime', { minWidth: 145, valueGetter: (_, row) => format.dateTime(row.startTime) }),
      column('endTime', {
        minWidth: 145,
        valueGetter: (_, row) => format.dateTime(row.endTime),
        cellClassName: ({ row }) => (overdueOf(row) > 0 ? 'overdue' : ''),
      }),
      column('usageStart', { minWidth: 145, valueGetter: (_, row) => (row.usageStart ? format.dateTime(row.usageStart) : NO_VALUE) }),
      column('overdueHours', {
        minWidth: 110,
        align: 'right',
        headerAlign: 'right',
        valueGetter: (_, row) => (overdueOf(row) > 0 ? format.number(overdueOf(row), 1) : NO_VALUE),
        renderCell: ({ row, value }) => (
          <Box
            component="span"
            data-testid="active-booking-overdue"
            sx={{ color: overdueOf(row) > 0 ? 'error.main' : 'text.secondary', fontWeight: overdueOf(row) > 0 ? 600 : undefined }}
          >
            {String(value)}
          </Box>
        ),
      }),
      column('tripType', { minWidth: 110, valueGetter: (_, row) => t(`activeBookings.tripType.${row.tripType}`) }),
      column('driver', {
        minWidth: 170,
        valueGetter: (_, row) => driverName(row) || NO_VALUE,
        renderCell: ({ row }) =>
          row.driverUsername ? (
            <AppHrefLink href={userPath(row.driverUsername)} onClick={stop} title={row.driverUsername}>
              {driverName(row)}
            </AppHrefLink>
          ) : (
            driverName(row) || NO_VALUE
          ),
      }),
      column('companyName', { minWidth: 150, valueGetter: (_, row) => row.companyName ?? NO_VALUE }),
      column('registrationNumber', { minWidth: 110, valueGetter: (_, row) => row.registrationNumber ?? NO_VALUE }),
      column('fetchAt', {
        minWidth: 180,
        valueGetter: (_, row) => `${row.fetchAtPoolName} (${row.fetchAtCityName})`,
        renderCell: ({ row }) => (
          <span>
            {row.fetchAtPoolName}
            <Typography component="span" variant="caption" color="text.secondary" sx={{ ml: 0.5 }}>
              {row.fetchAtCityName}
            </Typography>
          </span>
        ),
      }),
      column('note', {
        minWidth: 200,
        flex: 1,
        valueGetter: (_, row) => row.note ?? NO_VALUE,
        renderCell: ({ row }) => (
          <Box component="span" title={row.note ?? undefined} sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
            {row.note ?? NO_VALUE}
          </Box>
        ),
      }),
    ];
  }, [t, format, generatedAt]);
}
