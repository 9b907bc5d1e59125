import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Booking } from '@fleetdesk/contract';
import { useTranslation } from 'react-i18next';
import { BookingForm } from '../form/booking-form';

interface BookingEditRegionProps {
  booking: Booking;
  /** Leaves edit mode (removes ?edit from the URL). */
  onDone: () => void;
}

/**
 * The update form of a booking that is not cancelled or finished (?edit=1). The form stores the saved booking
 * and says 'Booking updated'; `onDone` removes ?edit from the URL, which shows the details again.
 */
export function BookingEditRegion({ booking, onDone }: BookingEditRegionProps) {
  const { t } = useTranslation();
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-label={t('bookingCard.edit.regionLabel', { bid: booking.bid })}
      data-testid="booking-edit-region"
      sx={{ p: { xs: 2, md: 3 } }}
    >
      <Stack spacing={2}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <EditOutlinedIcon color="primary" aria-hidden />
          <Typography variant="h6" component="h2">
            {t('bookingCard.edit.title')}
          </Typography>
        </Stack>
        <BookingForm booking={booking} onUpdated={onDone} onCancel={onDone} />
      </Stack>
    </Paper>
  );
}
