import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import DateRangeIcon from '@mui/icons-material/DateRange';
import { alpha } from '@mui/material/styles';
import { useQuery } from '@tanstack/react-query';
import type { SearchBooking } from '@fleetdesk/contract';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn } from '@/components/data-table/data-table';
import { useFormat } from '@/lib/format/use-format';
import { vehicleBookingsQueryOptions } from '../api/vehicles-api';
import { AppHrefLink } from '@/components/app-href-link';
import { markOf, vehicleTimeline, type TimelineMark } from './vehicle-timeline';
import { VehicleSection } from './vehicle-section';

const DISPLAY_STATES = ['FUTURE', 'READY', 'REQUIRES_AUTH', 'ACTIVE', 'FINISHED', 'CANCELLED', 'ARCHIVED'] as const;
type DisplayState = (typeof DISPLAY_STATES)[number];
const isDisplayState = (value: string): value is DisplayState => (DISPLAY_STATES as readonly string[]).includes(value);

const MARK_COLOURS: Record<TimelineMark, 'default' | 'primary' | 'secondary'> = { previous: 'default', current: 'primary', next: 'secondary' };
const CURRENT_ROW = 'vehicle-booking--current';
const NO_VALUE = '—';

type VehicleBooking = SearchBooking;

/** The vehicle's bookings 3 days either side of now, with the previous/current/next marks and the booked warning (§4). */
export function VehicleBookingsSection({ vin }: { vin: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  const [now] = useState(() => Date.now());
  const { data, isPending, isError, isFetching, refetch } = useQuery(vehicleBookingsQueryOptions(vin, now));
  const timeline = useMemo(() => (data ? vehicleTimeline(data, now) : null), [data, now]);

  const columns = useMemo<DataTableColumn<VehicleBooking>[]>(() => {
    const mark = (booking: VehicleBooking) => (timeline ? markOf(timeline, booking) : null);
    return [
      {
        field: 'mark',
        headerName: t('vehicles.timeline.mark'),
        width: 110,
        sortable: false,
        valueGetter: (_, booking) => {
          const which = mark(booking);
          return which ? t(`vehicles.timeline.${which}`) : '';
        },
        renderCell: ({ row: booking }) => {
          const which = mark(booking);
          return which && <Chip size="small" color={MARK_COLOURS[which]} label={t(`vehicles.timeline.${which}`)} />;
        },
      },
      {
        field: 'bid',
        headerName: t('vehicles.timeline.bid'),
        minWidth: 150,
        flex: 0.6,
        sortable: false,
        renderCell: ({ row: booking }) => <AppHrefLink href={`/booking/${encodeURIComponent(booking.bid)}`}>{booking.bid}</AppHrefLink>,
      },
      {
        field: 'displayState',
        headerName: t('vehicles.timeline.state'),
        minWidth: 120,
        flex: 0.5,
        sortable: false,
        valueGetter: (_, booking) =>
          isDisplayState(booking.displayState) ? t(`vehicles.bookingStates.${booking.displayState}`) : booking.displayState,
      },
      {
        field: 'start',
        headerName: t('vehicles.timeline.start'),
        minWidth: 150,
        flex: 0.6,
        sortable: false,
        valueGetter: (_, booking) => format.dateTime(booking.usageStart ?? booking.startTime),
      },
      {
        field: 'end',
        headerName: t('vehicles.timeline.end'),
        minWidth: 150,
        flex: 0.6,
        sortable: false,
        valueGetter: (_, booking) => format.dateTime(booking.usageEnd ?? booking.endTime),
      },
      {
        field: 'user',
        headerName: t('vehicles.timeline.user'),
        minWidth: 160,
        flex: 0.8,
        sortable: false,
        valueGetter: (_, booking) => booking.user?.fullNameLastFirst ?? NO_VALUE,
      },
    ];
  }, [t, format, timeline]);
  const empty = useMemo(() => ({ title: t('messages.noBookingsFound') }), [t]);

  return (
    <VehicleSection title={t('vehicles.timeline.title')} icon={<DateRangeIcon />} testId="vehicle-bookings" wide>
      {timeline?.booked && timeline.current && (
        <Alert severity="warning" sx={{ mb: 1, py: 0 }} data-testid="vehicle-booked-warning">
          {t('messages.vehicleIsBooked')} ({timeline.current.bid})
        </Alert>
      )}
      <DataTable<VehicleBooking>
        id="vehicle-bookings"
        label={t('vehicles.timeline.title')}
        rows={data ?? []}
        columns={columns}
        getRowId={(booking) => booking.bid}
        loading={isPending}
        refreshing={isFetching && !isPending}
        error={isError ? { message: t('vehicles.timeline.loadError'), onRetry: () => void refetch() } : null}
        empty={empty}
        exportFileName={`${t('vehicles.timeline.title')} ${vin}`}
        rowAttributes={(booking) => {
          const which = timeline ? markOf(timeline, booking) : null;
          const attributes: Record<`data-${string}`, string> = {};
          if (which) attributes['data-mark'] = which;
          return attributes;
        }}
        getRowClassName={(booking) => (timeline && markOf(timeline, booking) === 'current' ? CURRENT_ROW : '')}
        sx={{ [`& .${CURRENT_ROW}`]: { bgcolor: (theme) => alpha(theme.palette.primary.main, 0.08) } }}
      />
    </VehicleSection>
  );
}
