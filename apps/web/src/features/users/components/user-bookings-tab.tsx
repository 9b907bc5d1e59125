import { useMemo, useState } from 'react';
import EventBusyOutlinedIcon from '@mui/icons-material/EventBusyOutlined';
import Box from '@mui/material/Box';
import Chip, { type ChipProps } from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  BOOKINGS_LIST_DEFAULT_PAGE_SIZE,
  BOOKINGS_LIST_PAGE_SIZE_OPTIONS,
  ZBookingDisplayState,
  type BookingDisplayState,
  type BookingListHighlight,
  type UserBookingsListItem,
} from '@fleetdesk/contract';
import { useTranslation } from 'react-i18next';
import { AppHrefLink } from '@/components/app-href-link';
import { DataTable, useTablePreferences, type DataTableColumn } from '@/components/data-table/data-table';
import { RefreshFailedNotice, showsLoadError } from '@/components/refresh-failed-notice';
import { useFormat } from '@/lib/format/use-format';
import { useUserBookings, type UserBookingsWindow } from '../api/users-api';
import { bookingPath } from './user-links';

const TABLE_ID = 'user-bookings';

const STATE_COLOURS: Record<BookingDisplayState, ChipProps['color']> = {
  ACTIVE: 'success',
  READY: 'info',
  INACTIVE: 'info',
  REQUIRES_AUTH: 'warning',
  FINISHED: 'default',
  CANCELLED: 'error',
  ARCHIVED: 'default',
};

/** §4 highlighting: the current booking stands out most, next and previous are marked. */
const HIGHLIGHT_COLOURS: Record<BookingListHighlight, ChipProps['color']> = { CURRENT: 'primary', NEXT: 'secondary', PREVIOUS: 'default' };

/** §9: a month either side of now. */
export function bookingsWindowAround(now: Date): UserBookingsWindow {
  const start = new Date(now);
  start.setMonth(start.getMonth() - 1);
  const end = new Date(now);
  end.setMonth(end.getMonth() + 1);
  return { startDate: start.toISOString(), endDate: end.toISOString() };
}

/**
 * The Bookings tab (§2, §9): the bookings within a month either side of now in §4's order as the server sends them
 * (active, future by start, historic newest first), each marked current, next or previous as the server decided for
 * the whole list (§4 highlighting, issue 17); 10, 25 or 50 per page (the size this staff member last chose), each page
 * fetched from the API (offset and limit, the total from its header), so a user with hundreds of bookings in the window
 * can be paged to the end. The order is the spec's, so the headers do not sort. On the console's DataTable
 * (docs/decisions/0054-data-table.md).
 */
export function UserBookingsTab({ username }: { username: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  const [window] = useState(() => bookingsWindowAround(new Date()));
  const [preferences] = useTablePreferences(TABLE_ID);
  const rememberedSize = BOOKINGS_LIST_PAGE_SIZE_OPTIONS.find((size) => size === preferences.pageSize);
  const [paging, setPaging] = useState<{ page: number; pageSize: number }>({ page: 0, pageSize: rememberedSize ?? BOOKINGS_LIST_DEFAULT_PAGE_SIZE });
  const { page, pageSize } = paging;
  const query = useUserBookings(username, window, { offset: page * pageSize, limit: pageSize });
  const total = query.data?.total ?? 0;

  // Bookings that ended while paging can leave a page past the end: show the last one there is.
  const lastPage = Math.max(0, Math.ceil(total / pageSize) - 1);
  if (query.data && page > lastPage) setPaging({ page: lastPage, pageSize });

  const columns = useMemo<DataTableColumn<UserBookingsListItem>[]>(() => {
    const stateOf = (booking: UserBookingsListItem) => ZBookingDisplayState.safeParse(booking.displayState);
    const stateText = (booking: UserBookingsListItem) => {
      const state = stateOf(booking);
      return state.success ? t(`users.bookings.state.${state.data}`) : booking.displayState;
    };
    const vehicleText = (booking: UserBookingsListItem) => {
      const vehicle = booking.vehicleAllocation.vehicle;
      return vehicle ? `${vehicle.registrationNumber} ${vehicle.longPresentation}` : t('users.bookings.notAllocated');
    };
    return [
      {
        field: 'bid',
        headerName: t('users.bookings.columns.bid'),
        minWidth: 210,
        flex: 0.9,
        sortable: false,
        // The export carries the §4 mark after the bid, as the cell shows it.
        valueGetter: (_, booking) =>
          booking.listHighlight ? `${booking.bid} (${t(`users.bookings.highlight.${booking.listHighlight}`)})` : booking.bid,
        renderCell: ({ row: booking }) => (
          <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
            <AppHrefLink href={bookingPath(booking.bid)} sx={{ fontFamily: 'monospace' }}>
              {booking.bid}
            </AppHrefLink>
            {booking.listHighlight && (
              <Chip
                size="small"
                variant={booking.listHighlight === 'CURRENT' ? 'filled' : 'outlined'}
                color={HIGHLIGHT_COLOURS[booking.listHighlight]}
                label={t(`users.bookings.highlight.${booking.listHighlight}`)}
              />
            )}
          </Box>
        ),
      },
      {
        field: 'displayState',
        headerName: t('users.bookings.columns.state'),
        minWidth: 130,
        flex: 0.6,
        sortable: false,
        valueGetter: (_, booking) => stateText(booking),
        renderCell: ({ row: booking }) => {
          const state = stateOf(booking);
          return (
            <Chip
              size="small"
              variant={state.success && state.data === 'ACTIVE' ? 'filled' : 'outlined'}
              color={state.success ? STATE_COLOURS[state.data] : 'default'}
              label={stateText(booking)}
            />
          );
        },
      },
      {
        field: 'startTime',
        headerName: t('users.bookings.columns.start'),
        minWidth: 140,
        flex: 0.6,
        sortable: false,
        cellClassName: 'numeric',
        valueGetter: (_, booking) => format.dateTime(booking.startTime),
      },
      {
        field: 'endTime',
        headerName: t('users.bookings.columns.end'),
        minWidth: 140,
        flex: 0.6,
        sortable: false,
        cellClassName: 'numeric',
        valueGetter: (_, booking) => format.dateTime(booking.endTime),
      },
      {
        field: 'vehicle',
        headerName: t('users.bookings.columns.vehicle'),
        minWidth: 200,
        flex: 1.2,
        sortable: false,
        valueGetter: (_, booking) => vehicleText(booking),
        renderCell: ({ row: booking }) => {
          const vehicle = booking.vehicleAllocation.vehicle;
          if (!vehicle) {
            return (
              <Typography variant="body2" component="span" color="text.disabled">
                {t('users.bookings.notAllocated')}
              </Typography>
            );
          }
          return (
            <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis' }} title={vehicleText(booking)}>
              {vehicle.registrationNumber}
              <Typography variant="caption" color="text.secondary" component="span" sx={{ ml: 0.75 }}>
                {vehicle.longPresentation}
              </Typography>
            </Box>
          );
        },
      },
      {
        field: 'fromLocation',
        headerName: t('users.bookings.columns.from'),
        minWidth: 170,
        flex: 0.9,
        sortable: false,
        valueGetter: (_, booking) => `${booking.fromLocation.pool}, ${booking.fromLocation.city}`,
      },
      {
        field: 'tripType',
        headerName: t('users.bookings.columns.tripType'),
        minWidth: 110,
        flex: 0.5,
        sortable: false,
        valueGetter: (_, booking) => t(`users.bookings.tripType.${booking.tripType}`),
      },
    ];
  }, [t, format]);
  const empty = useMemo(
    () => ({ title: t('messages.noBookingsFound'), icon: <EventBusyOutlinedIcon color="disabled" aria-hidden sx={{ fontSize: 40 }} /> }),
    [t],
  );

  return (
    <Stack spacing={1}>
      <Box sx={{ px: 0.5 }}>
        <Typography variant="subtitle1" component="h2">
          {t('users.bookings.heading')}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {t('users.bookings.window', { from: format.date(window.startDate), to: format.date(window.endDate) })}
        </Typography>
      </Box>
      <RefreshFailedNotice query={query} />
      <DataTable<UserBookingsListItem>
        id={TABLE_ID}
        label={t('users.bookings.heading')}
        rows={query.data?.bookings ?? []}
        columns={columns}
        getRowId={(booking) => booking.bid}
        loading={query.isPending}
        refreshing={query.isFetching && !query.isPending}
        // A failed refresh keeps the rows on the screen, with the notice above them (docs/decisions/0080-failed-refresh.md).
        error={showsLoadError(query) ? { message: t('users.bookings.error'), onRetry: () => void query.refetch() } : null}
        empty={empty}
        exportFileName={`${t('users.bookings.heading')} ${username}`}
        paging={{
          page: Math.min(page, lastPage),
          pageSize,
          pageSizeOptions: BOOKINGS_LIST_PAGE_SIZE_OPTIONS,
          rowCount: total,
          displayedRows: ({ from, to, count }) => t('users.search.displayedRows', { from, to, count }),
          // A new page size starts again from the first page.
          onChange: (next) => setPaging(next.pageSize !== pageSize ? { page: 0, pageSize: next.pageSize } : next),
        }}
        rowAttributes={(booking) => ({
          'data-testid': 'user-booking-row',
          ...(booking.listHighlight ? { 'data-highlight': booking.listHighlight } : {}),
        })}
        // §4: the current booking stands out as the selected row does.
        getRowClassName={(booking) => (booking.listHighlight === 'CURRENT' ? 'Mui-selected' : '')}
        sx={{ '& .numeric': { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } }}
      />
    </Stack>
  );
}
