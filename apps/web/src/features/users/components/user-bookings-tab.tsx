import { useState } from 'react';
import CloudOffIcon from '@mui/icons-material/CloudOff';
import EventBusyOutlinedIcon from '@mui/icons-material/EventBusyOutlined';
import Button from '@mui/material/Button';
import Chip, { type ChipProps } from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import {
  BOOKINGS_LIST_DEFAULT_PAGE_SIZE,
  BOOKINGS_LIST_PAGE_SIZE_OPTIONS,
  ZBookingDisplayState,
  type BookingDisplayState,
  type BookingListHighlight,
} from '@fleetdesk/contract';
import { useTranslation } from 'react-i18next';
import { AppHrefLink } from '@/components/app-href-link';
import { useFormat } from '@/lib/format/use-format';
import { useUserBookings, type UserBookingsWindow } from '../api/users-api';
import { bookingPath } from './user-links';

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
 * the whole list (§4 highlighting, issue 17); 10, 25 or 50 per page, each page fetched from the API (offset and
 * limit, the total from its header), so a user with hundreds of bookings in the window can be paged to the end.
 */
export function UserBookingsTab({ username }: { username: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  const [window] = useState(() => bookingsWindowAround(new Date()));
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState<number>(BOOKINGS_LIST_DEFAULT_PAGE_SIZE);
  const query = useUserBookings(username, window, { offset: page * pageSize, limit: pageSize });

  const heading = (
    <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', px: 2, py: 1.25 }}>
      <Stack>
        <Typography variant="subtitle1" component="h2">
          {t('users.bookings.heading')}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {t('users.bookings.window', { from: format.date(window.startDate), to: format.date(window.endDate) })}
        </Typography>
      </Stack>
    </Stack>
  );

  if (query.isPending) {
    return (
      <Paper variant="outlined">
        {heading}
        <Stack spacing={0.75} sx={{ p: 2 }} role="status" aria-busy="true" aria-label={t('users.bookings.loading')}>
          {Array.from({ length: 5 }, (_, i) => (
            <Skeleton key={i} variant="rounded" height={30} />
          ))}
        </Stack>
      </Paper>
    );
  }
  if (query.isError) {
    return (
      <Paper variant="outlined" role="alert" sx={{ p: 4, textAlign: 'center' }}>
        <CloudOffIcon color="error" aria-hidden sx={{ fontSize: 40 }} />
        <Typography variant="h6" component="h2">
          {t('users.bookings.error')}
        </Typography>
        <Button variant="outlined" sx={{ mt: 2 }} onClick={() => void query.refetch()}>
          {t('common.retry')}
        </Button>
      </Paper>
    );
  }
  const { bookings: rows, total } = query.data;
  if (total === 0) {
    return (
      <Paper variant="outlined">
        {heading}
        <Stack role="status" sx={{ p: 4, alignItems: 'center', textAlign: 'center' }} data-testid="user-bookings-empty">
          <EventBusyOutlinedIcon color="disabled" aria-hidden sx={{ fontSize: 40 }} />
          <Typography variant="h6" component="p">
            {t('messages.noBookingsFound')}
          </Typography>
        </Stack>
      </Paper>
    );
  }
  // Bookings that ended while paging can leave a page past the end: show the last one there is.
  const lastPage = Math.max(0, Math.ceil(total / pageSize) - 1);
  if (page > lastPage) setPage(lastPage);
  return (
    <Paper variant="outlined" sx={{ position: 'relative', overflow: 'hidden' }}>
      {query.isFetching && <LinearProgress sx={{ position: 'absolute', top: 0, left: 0, right: 0 }} />}
      {heading}
      <TableContainer>
        <Table size="small" aria-label={t('users.bookings.heading')} sx={{ '& td, & th': { whiteSpace: 'nowrap' } }}>
          <TableHead>
            <TableRow>
              <TableCell>{t('users.bookings.columns.bid')}</TableCell>
              <TableCell>{t('users.bookings.columns.state')}</TableCell>
              <TableCell>{t('users.bookings.columns.start')}</TableCell>
              <TableCell>{t('users.bookings.columns.end')}</TableCell>
              <TableCell>{t('users.bookings.columns.vehicle')}</TableCell>
              <TableCell>{t('users.bookings.columns.from')}</TableCell>
              <TableCell>{t('users.bookings.columns.tripType')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((booking) => {
              const state = ZBookingDisplayState.safeParse(booking.displayState);
              const vehicle = booking.vehicleAllocation.vehicle;
              return (
                <TableRow
                  key={booking.bid}
                  hover
                  selected={booking.listHighlight === 'CURRENT'}
                  data-testid="user-booking-row"
                  data-highlight={booking.listHighlight ?? undefined}
                >
                  <TableCell>
                    <AppHrefLink href={bookingPath(booking.bid)} sx={{ fontFamily: 'monospace' }}>
                      {booking.bid}
                    </AppHrefLink>
                    {booking.listHighlight && (
                      <Chip
                        size="small"
                        variant={booking.listHighlight === 'CURRENT' ? 'filled' : 'outlined'}
                        color={HIGHLIGHT_COLOURS[booking.listHighlight]}
                        label={t(`users.bookings.highlight.${booking.listHighlight}`)}
                        sx={{ ml: 1 }}
                      />
                    )}
                  </TableCell>
                  <TableCell>
                    <Chip
                      size="small"
                      variant={state.success && state.data === 'ACTIVE' ? 'filled' : 'outlined'}
                      color={state.success ? STATE_COLOURS[state.data] : 'default'}
                      label={state.success ? t(`users.bookings.state.${state.data}`) : booking.displayState}
                    />
                  </TableCell>
                  <TableCell sx={{ fontVariantNumeric: 'tabular-nums' }}>{format.dateTime(booking.startTime)}</TableCell>
                  <TableCell sx={{ fontVariantNumeric: 'tabular-nums' }}>{format.dateTime(booking.endTime)}</TableCell>
                  <TableCell>
                    {vehicle ? (
                      <>
                        {vehicle.registrationNumber}
                        <Typography variant="caption" color="text.secondary" component="span" sx={{ ml: 0.75 }}>
                          {vehicle.longPresentation}
                        </Typography>
                      </>
                    ) : (
                      <Typography variant="body2" component="span" color="text.disabled">
                        {t('users.bookings.notAllocated')}
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell>{`${booking.fromLocation.pool}, ${booking.fromLocation.city}`}</TableCell>
                  <TableCell>{t(`users.bookings.tripType.${booking.tripType}`)}</TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={total}
        page={Math.min(page, lastPage)}
        rowsPerPage={pageSize}
        rowsPerPageOptions={[...BOOKINGS_LIST_PAGE_SIZE_OPTIONS]}
        onPageChange={(_, next) => setPage(next)}
        onRowsPerPageChange={(event) => {
          setPageSize(Number(event.target.value));
          setPage(0);
        }}
        labelRowsPerPage={t('users.search.rowsPerPage')}
        labelDisplayedRows={({ from, to, count }) => t('users.search.displayedRows', { from, to, count })}
        getItemAriaLabel={(type) => t(`users.search.pageButton.${type}`)}
      />
    </Paper>
  );
}
