import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Booking } from '@fleetdesk/contract';
import { useTranslation } from 'react-i18next';

interface BookingEditRegionProps {
  booking: Booking;
  /** Leaves edit mode (removes ?edit from the URL). */
  onDone: () => void;
}

/**
 * Where the booking update form opens (?edit=1 on a booking that is not cancelled or finished).
 *
 * MOUNT POINT: the update form of `features/bookings/components/form/booking-form.tsx` replaces the placeholder
 * below: `<BookingForm booking={booking} onUpdated={onDone} onCancel={onDone} />` (import it from
 * '../form/booking-form'). The form stores the saved booking with `applyBookingUpdate` and says 'Booking updated';
 * `onDone` removes ?edit from the URL, which shows the details again.
 */
export function BookingEditRegion({ booking, onDone }: BookingEditRegionProps) {
  const { t } = useTranslation();
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-label={t('bookingCard.edit.regionLabel', { bid: booking.bid })}
      data-testid="booking-edit-region"
      sx={{ p: { xs: 2, md: 3 }, borderStyle: 'dashed' }}
    >
      <Stack spacing={1.5} sx={{ alignItems: 'flex-start' }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <EditOutlinedIcon color="primary" aria-hidden />
          <Typography variant="h6" component="h2">
            {t('bookingCard.edit.title')}
          </Typography>
        </Stack>
        <Typography variant="body2" color="text.secondary">
          {t('bookingCard.edit.placeholder')}
        </Typography>
        <Button variant="outlined" onClick={onDone}>
          {t('bookingCard.edit.leave')}
        </Button>
      </Stack>
    </Paper>
  );
}
