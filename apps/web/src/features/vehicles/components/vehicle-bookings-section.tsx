import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import DateRangeIcon from '@mui/icons-material/DateRange';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useFormat } from '@/lib/format/use-format';
import { vehicleBookingsQueryOptions } from '../api/vehicles-api';
import { AppHrefLink } from '@/components/app-href-link';
import { markOf, vehicleTimeline, type TimelineMark } from './vehicle-timeline';
import { VehicleSection } from './vehicle-section';

const DISPLAY_STATES = ['FUTURE', 'READY', 'REQUIRES_AUTH', 'ACTIVE', 'FINISHED', 'CANCELLED', 'ARCHIVED'] as const;
type DisplayState = (typeof DISPLAY_STATES)[number];
const isDisplayState = (value: string): value is DisplayState => (DISPLAY_STATES as readonly string[]).includes(value);

const MARK_COLOURS: Record<TimelineMark, 'default' | 'primary' | 'secondary'> = { previous: 'default', current: 'primary', next: 'secondary' };

/** The vehicle's bookings 3 days either side of now, with the previous/current/next marks and the booked warning (§4). */
export function VehicleBookingsSection({ vin }: { vin: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  const [now] = useState(() => Date.now());
  const { data, isPending, isError } = useQuery(vehicleBookingsQueryOptions(vin, now));
  const timeline = data ? vehicleTimeline(data, now) : null;

  return (
    <VehicleSection title={t('vehicles.timeline.title')} icon={<DateRangeIcon />} testId="vehicle-bookings" wide>
      {isPending && <LinearProgress aria-label={t('common.loading')} />}
      {isError && <Alert severity="error">{t('vehicles.timeline.loadError')}</Alert>}
      {timeline?.booked && timeline.current && (
        <Alert severity="warning" sx={{ mb: 1, py: 0 }} data-testid="vehicle-booked-warning">
          {t('messages.vehicleIsBooked')} ({timeline.current.bid})
        </Alert>
      )}
      {data && data.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          {t('messages.noBookingsFound')}
        </Typography>
      )}
      {data && timeline && data.length > 0 && (
        <Table size="small" aria-label={t('vehicles.timeline.title')}>
          <TableHead>
            <TableRow>
              <TableCell sx={{ width: 96 }} />
              <TableCell>{t('vehicles.timeline.bid')}</TableCell>
              <TableCell>{t('vehicles.timeline.state')}</TableCell>
              <TableCell>{t('vehicles.timeline.start')}</TableCell>
              <TableCell>{t('vehicles.timeline.end')}</TableCell>
              <TableCell>{t('vehicles.timeline.user')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {data.map((booking) => {
              const mark = markOf(timeline, booking);
              return (
                <TableRow key={booking.bid} data-mark={mark ?? undefined} selected={mark === 'current'}>
                  <TableCell>{mark && <Chip size="small" color={MARK_COLOURS[mark]} label={t(`vehicles.timeline.${mark}`)} />}</TableCell>
                  <TableCell>
                    <AppHrefLink href={`/booking/${booking.bid}`}>{booking.bid}</AppHrefLink>
                  </TableCell>
                  <TableCell>
                    {isDisplayState(booking.displayState) ? t(`vehicles.bookingStates.${booking.displayState}`) : booking.displayState}
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{format.dateTime(booking.usageStart ?? booking.startTime)}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{format.dateTime(booking.usageEnd ?? booking.endTime)}</TableCell>
                  <TableCell>{booking.user?.fullNameLastFirst ?? '—'}</TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      )}
    </VehicleSection>
  );
}
