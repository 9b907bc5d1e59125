import { useState } from 'react';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import ManageSearchIcon from '@mui/icons-material/ManageSearch';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
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
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { BOOKING_EVENTS_PAGE_SIZE, type EventLogEntry, type Language } from '@fleetdesk/contract';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '@/lib/i18n/i18n';
import { INTL_LOCALES } from '@/lib/i18n/languages';
import { useEventText } from '@/lib/format/use-event-text';
import { useFormat } from '@/lib/format/use-format';
import { bookingEventsQueryOptions } from '../../api/booking-card-api';
import { AppHrefLink } from '@/components/app-href-link';
import { useBookingCard } from './booking-card-context';
import { NO_VALUE } from './detail-section';
import { eventLogPath, userPath } from './paths';

const SECOND_MS = 1000;
const MINUTE_MS = 60 * SECOND_MS;

/** received − occurred, signed: "+4 s", "−2 min 5 s". */
export function formatReceivedOffset(ms: number, language: Language): string {
  const locale = INTL_LOCALES[language];
  const unit = (value: number, name: 'second' | 'minute' | 'hour') =>
    new Intl.NumberFormat(locale, { style: 'unit', unit: name, unitDisplay: 'narrow' }).format(value);
  const sign = ms < 0 ? '−' : '+';
  const totalSeconds = Math.round(Math.abs(ms) / SECOND_MS);
  if (totalSeconds < 60) return `${sign}${unit(totalSeconds, 'second')}`;
  const totalMinutes = Math.floor(Math.abs(ms) / MINUTE_MS);
  if (totalMinutes < 60) {
    const seconds = totalSeconds % 60;
    return `${sign}${unit(totalMinutes, 'minute')}${seconds ? ` ${unit(seconds, 'second')}` : ''}`;
  }
  const minutes = totalMinutes % 60;
  return `${sign}${unit(Math.floor(totalMinutes / 60), 'hour')}${minutes ? ` ${unit(minutes, 'minute')}` : ''}`;
}

function UserCell({ username }: { username: string | null }) {
  return <TableCell>{username ? <AppHrefLink href={userPath(username)}>{username}</AppHrefLink> : NO_VALUE}</TableCell>;
}

function EventRow({ event }: { event: EventLogEntry }) {
  const { t } = useTranslation();
  const format = useFormat();
  const eventText = useEventText();
  const language = useLanguage();
  const offset = Date.parse(event.received) - Date.parse(event.occurred);
  return (
    <TableRow hover>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{format.dateTimeSeconds(event.occurred)}</TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>
        {format.dateTimeSeconds(event.received)}
        {offset !== 0 && (
          <Typography
            component="span"
            variant="caption"
            data-testid={offset < 0 ? 'negative-offset' : undefined}
            title={offset < 0 ? t('bookingCard.events.receivedEarly') : undefined}
            sx={{ ml: 0.75, color: offset < 0 ? 'error.main' : 'text.secondary', fontWeight: offset < 0 ? 600 : 400 }}
          >
            {formatReceivedOffset(offset, language)}
          </Typography>
        )}
      </TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{t(`bookingCard.eventType.${event.type}`)}</TableCell>
      <UserCell username={event.actingUsername} />
      <UserCell username={event.affectedUsername} />
      <TableCell sx={{ minWidth: 220 }}>{eventText(event)}</TableCell>
    </TableRow>
  );
}

/** The Events tab: the booking's events, 10 per page, with previous/next, and a way into the full event log. */
export function BookingEventsTab() {
  const { t } = useTranslation();
  const { booking } = useBookingCard();
  // cursors[i] fetches page i; page 0 needs none.
  const [paging, setPaging] = useState<{ page: number; cursors: (string | null)[] }>({ page: 0, cursors: [null] });
  const cursor = paging.cursors[paging.page] ?? null;
  const events = useQuery(bookingEventsQueryOptions(booking.bid, paging.page, cursor));
  const data = events.data;
  const nextCursor = data?.nextCursor ?? null;
  const hasNext = Boolean(data?.moreResults && nextCursor) && !events.isPlaceholderData;

  const goNext = () => {
    if (!nextCursor) return;
    setPaging(({ page, cursors }) => ({ page: page + 1, cursors: [...cursors.slice(0, page + 1), nextCursor] }));
  };
  const goPrevious = () => setPaging(({ page, cursors }) => ({ page: Math.max(0, page - 1), cursors }));

  return (
    <Stack spacing={1.5} data-testid="booking-events">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', rowGap: 1 }}>
        <Typography variant="body2" color="text.secondary">
          {t('bookingCard.events.intro', { count: BOOKING_EVENTS_PAGE_SIZE })}
        </Typography>
        <AppHrefLink
          href={eventLogPath(booking.bid, booking.bookedInterval.start)}
          variant="body2"
          sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}
        >
          <ManageSearchIcon sx={{ fontSize: 18 }} aria-hidden />
          {t('bookingCard.events.openInEventLog')}
        </AppHrefLink>
      </Stack>
      {events.isError && !data ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void events.refetch()}>
              {t('common.retry')}
            </Button>
          }
        >
          {t('bookingCard.events.loadFailed')}
        </Alert>
      ) : (
        <TableContainer component={Paper} variant="outlined" sx={{ position: 'relative' }}>
          {events.isFetching && <LinearProgress aria-label={t('common.loading')} sx={{ position: 'absolute', top: 0, left: 0, right: 0 }} />}
          <Table size="small" aria-label={t('bookingCard.tabs.events')}>
            <TableHead>
              <TableRow sx={{ '& th': { whiteSpace: 'nowrap' } }}>
                <TableCell>{t('bookingCard.events.occurred')}</TableCell>
                <TableCell>{t('bookingCard.events.received')}</TableCell>
                <TableCell>{t('bookingCard.events.type')}</TableCell>
                <TableCell>{t('bookingCard.events.actingUser')}</TableCell>
                <TableCell>{t('bookingCard.events.affectedUser')}</TableCell>
                <TableCell>{t('bookingCard.events.text')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {!data &&
                Array.from({ length: 3 }, (_, row) => (
                  <TableRow key={row}>
                    <TableCell colSpan={6}>
                      <Skeleton variant="text" />
                    </TableCell>
                  </TableRow>
                ))}
              {data?.results.length === 0 && (
                <TableRow>
                  <TableCell colSpan={6} sx={{ color: 'text.secondary' }}>
                    {t('bookingCard.events.none')}
                  </TableCell>
                </TableRow>
              )}
              {data?.results.map((event) => (
                <EventRow key={event.id} event={event} />
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'flex-end', gap: 1 }}>
        <Typography variant="body2" color="text.secondary" aria-live="polite">
          {t('bookingCard.events.page', { page: paging.page + 1 })}
        </Typography>
        <Button size="small" startIcon={<ChevronLeftIcon />} disabled={paging.page === 0} onClick={goPrevious}>
          {t('bookingCard.events.previous')}
        </Button>
        <Button size="small" endIcon={<ChevronRightIcon />} disabled={!hasNext} onClick={goNext}>
          {t('bookingCard.events.next')}
        </Button>
      </Box>
    </Stack>
  );
}
