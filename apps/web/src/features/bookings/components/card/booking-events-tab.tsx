import { useMemo, useState } from 'react';
import ManageSearchIcon from '@mui/icons-material/ManageSearch';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { BOOKING_EVENTS_PAGE_SIZE, type EventLogEntry, type Language } from '@fleetdesk/contract';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn } from '@/components/data-table/data-table';
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

function UserLink({ username }: { username: string | null }) {
  return username ? <AppHrefLink href={userPath(username)}>{username}</AppHrefLink> : <>{NO_VALUE}</>;
}

const PAGE_SIZE_OPTIONS = [BOOKING_EVENTS_PAGE_SIZE] as const;

/** The columns of the booking's events; each value is the text the cell shows (the CSV export writes it). */
function useBookingEventColumns(): DataTableColumn<EventLogEntry>[] {
  const { t } = useTranslation();
  const format = useFormat();
  const eventText = useEventText();
  const language = useLanguage();
  return useMemo(() => {
    const offsetOf = (event: EventLogEntry) => Date.parse(event.received) - Date.parse(event.occurred);
    return [
      {
        field: 'occurred',
        headerName: t('bookingCard.events.occurred'),
        minWidth: 160,
        flex: 0.6,
        sortable: false,
        valueGetter: (_, event) => format.dateTimeSeconds(event.occurred),
      },
      {
        field: 'received',
        headerName: t('bookingCard.events.received'),
        minWidth: 200,
        flex: 0.7,
        sortable: false,
        valueGetter: (_, event) => {
          const offset = offsetOf(event);
          const received = format.dateTimeSeconds(event.received);
          return offset !== 0 ? `${received} ${formatReceivedOffset(offset, language)}` : received;
        },
        renderCell: ({ row: event }) => {
          const offset = offsetOf(event);
          return (
            <span style={{ whiteSpace: 'nowrap' }}>
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
            </span>
          );
        },
      },
      {
        field: 'type',
        headerName: t('bookingCard.events.type'),
        minWidth: 130,
        flex: 0.5,
        sortable: false,
        valueGetter: (_, event) => t(`bookingCard.eventType.${event.type}`),
      },
      {
        field: 'actingUsername',
        headerName: t('bookingCard.events.actingUser'),
        minWidth: 130,
        flex: 0.5,
        sortable: false,
        valueGetter: (_, event) => event.actingUsername ?? NO_VALUE,
        renderCell: ({ row: event }) => <UserLink username={event.actingUsername} />,
      },
      {
        field: 'affectedUsername',
        headerName: t('bookingCard.events.affectedUser'),
        minWidth: 130,
        flex: 0.5,
        sortable: false,
        valueGetter: (_, event) => event.affectedUsername ?? NO_VALUE,
        renderCell: ({ row: event }) => <UserLink username={event.affectedUsername} />,
      },
      {
        field: 'text',
        headerName: t('bookingCard.events.text'),
        minWidth: 220,
        flex: 1.4,
        sortable: false,
        valueGetter: (_, event) => eventText(event),
      },
    ];
  }, [t, format, eventText, language]);
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

  // While a page loads, the one shown still answers whether more exist (else the grid would go back to the first).
  const shownHasNext = Boolean(data?.moreResults && data.nextCursor);
  const columns = useBookingEventColumns();
  const empty = useMemo(() => ({ title: t('bookingCard.events.none') }), [t]);

  const goNext = () => {
    if (!nextCursor || !hasNext) return;
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
      <DataTable<EventLogEntry>
        id="booking-events"
        label={t('bookingCard.tabs.events')}
        rows={data?.results ?? []}
        columns={columns}
        getRowId={(event) => event.id}
        loading={!data && !events.isError}
        refreshing={events.isFetching && Boolean(data)}
        error={events.isError ? { message: t('bookingCard.events.loadFailed'), onRetry: () => void events.refetch() } : null}
        empty={empty}
        exportFileName={`${t('bookingCard.tabs.events')} ${booking.bid}`}
        autoRowHeight
        paging={{
          page: paging.page,
          pageSize: BOOKING_EVENTS_PAGE_SIZE,
          pageSizeOptions: PAGE_SIZE_OPTIONS,
          rowCount: shownHasNext || !data ? -1 : paging.page * BOOKING_EVENTS_PAGE_SIZE + data.results.length,
          hasNextPage: shownHasNext,
          displayedRows: () => t('bookingCard.events.page', { page: paging.page + 1 }),
          onChange: (next) => {
            if (next.page > paging.page) goNext();
            else if (next.page < paging.page) goPrevious();
          },
        }}
      />
    </Stack>
  );
}
