import { useId, useState } from 'react';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { chargeableAdminFee, EXTENSION_MINUTES, type Booking } from '@fleetdesk/contract';
import { useTranslation } from 'react-i18next';
import { useFormat } from '@/lib/format/use-format';
import { DialogActionsBar } from './dialog-actions-bar';
import { useBookingAction } from './use-booking-action';

type ExtensionMinutes = (typeof EXTENSION_MINUTES)[number];

const MINUTE_MS = 60_000;

/** The booking's end moved by `minutes`, as the ISO instant the adjust call takes. */
export const extendedEnd = (end: string, minutes: number): string => new Date(Date.parse(end) + minutes * MINUTE_MS).toISOString();

interface ExtendDialogProps {
  booking: Booking;
  onClose: () => void;
}

/**
 * Extend the booking by +15, +30 or +60 minutes (§4, §9), optionally adding the contract's admin fee, which is
 * offered only when the contract has one: the booking's contract summary carries it (adminFeeOf on the server), and a
 * fee of 0 or less is none, as the server adds none (chargeableAdminFee, the same rule).
 */
export function ExtendDialog({ booking, onClose }: ExtendDialogProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const titleId = useId();
  const [minutes, setMinutes] = useState<ExtensionMinutes>(EXTENSION_MINUTES[0]);
  const [adminFeeAdded, setAdminFeeAdded] = useState(false);
  const adminFee = chargeableAdminFee(booking.contract.adminFee);
  const action = useBookingAction(booking.bid);
  const end = booking.bookedInterval.end;
  const newEnd = extendedEnd(end, minutes);

  const submit = () => action.mutate({ kind: 'extend', endTime: newEnd, adminFeeAdded: adminFee !== null && adminFeeAdded }, { onSuccess: onClose });

  return (
    <Dialog open onClose={action.isPending ? undefined : onClose} fullWidth maxWidth="xs" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{t('bookingCard.extend.title', { bid: booking.bid })}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <DialogContentText variant="body2">{t('bookingCard.extend.currentEnd', { end: format.dateTime(end) })}</DialogContentText>
          <FormControl>
            <FormLabel id={`${titleId}-minutes`}>{t('bookingCard.extend.by')}</FormLabel>
            <RadioGroup
              row
              aria-labelledby={`${titleId}-minutes`}
              value={String(minutes)}
              onChange={(event) => {
                const chosen = EXTENSION_MINUTES.find((option) => String(option) === event.target.value);
                if (chosen) setMinutes(chosen);
              }}
            >
              {EXTENSION_MINUTES.map((option) => (
                <FormControlLabel
                  key={option}
                  value={String(option)}
                  control={<Radio />}
                  label={t('bookingCard.extend.minutes', { minutes: option })}
                />
              ))}
            </RadioGroup>
          </FormControl>
          <Typography variant="body2">
            {t('bookingCard.extend.newEnd')}{' '}
            <Typography component="strong" variant="body2" sx={{ fontWeight: 700 }} data-testid="extend-new-end">
              {format.dateTime(newEnd)}
            </Typography>
          </Typography>
          {adminFee !== null && (
            <FormControlLabel
              control={<Checkbox checked={adminFeeAdded} onChange={(event) => setAdminFeeAdded(event.target.checked)} />}
              label={t('bookingCard.extend.adminFee', { fee: format.money(adminFee, booking.contract.currency) })}
            />
          )}
        </Stack>
      </DialogContent>
      <DialogActionsBar onClose={onClose} onSubmit={submit} pending={action.isPending} submitLabel={t('bookingCard.extend.submit')} />
    </Dialog>
  );
}
