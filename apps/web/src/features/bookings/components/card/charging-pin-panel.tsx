import { useEffect, useState } from 'react';
import CloseIcon from '@mui/icons-material/Close';
import EvStationOutlinedIcon from '@mui/icons-material/EvStationOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { CHARGING_PIN_COUNTDOWN_MS, CHARGING_PIN_SYNC_MS, type Booking } from '@fleetdesk/contract';
import { useTranslation } from 'react-i18next';
import { useFormat } from '@/lib/format/use-format';
import { whileStreamDown } from '@/lib/live/live-state';
import { bookingCardQueryOptions, chargingPinQueryOptions } from '../../api/booking-card-api';

/** §4 Charging-provider PIN: shown only while the booking is INACTIVE and the PIN's validity has not run out. */
export function isChargingPinShown(booking: Pick<Booking, 'state'>, pin: { validUntil: string } | undefined, now: number): boolean {
  return booking.state === 'INACTIVE' && pin !== undefined && Date.parse(pin.validUntil) > now;
}

/** The time left as m:ss, or h:mm:ss from an hour. */
export function formatCountdown(ms: number): string {
  const totalSeconds = Math.max(0, Math.ceil(ms / 1000));
  const hours = Math.floor(totalSeconds / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  const seconds = String(totalSeconds % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`;
}

interface ChargingPinPanelProps {
  booking: Booking;
  onClose: () => void;
}

/**
 * The charging-provider PIN of a booking allocated on activation: the PIN and the recommended terminal, with a
 * countdown that ticks every second; while it is shown the booking is re-synced every 3 seconds, so the PIN
 * disappears as soon as the customer has activated (the booking leaves INACTIVE).
 */
export function ChargingPinPanel({ booking, onClose }: ChargingPinPanelProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const pin = useQuery(chargingPinQueryOptions(booking.bid));
  const [now, setNow] = useState(() => Date.now());
  const shown = isChargingPinShown(booking, pin.data, now);

  // The countdown ticks every second while the PIN is shown, and stops when it runs out or the booking starts.
  useEffect(() => {
    if (!shown) return;
    const timer = window.setInterval(() => setNow(Date.now()), CHARGING_PIN_COUNTDOWN_MS);
    return () => window.clearInterval(timer);
  }, [shown]);

  // Re-sync the booking while the PIN is shown: the live stream refreshes it on the booking's changes (its start); polled
  // only while the stream is down (paused in background tabs, as every interval query).
  useQuery({ ...bookingCardQueryOptions(booking.bid), refetchInterval: shown ? whileStreamDown(CHARGING_PIN_SYNC_MS) : false });

  const requestAgain = () => {
    setNow(Date.now());
    void pin.refetch();
  };

  let content;
  if (pin.isPending) {
    content = (
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <CircularProgress size={16} aria-hidden />
        <Typography variant="body2">{t('bookingCard.pin.requesting')}</Typography>
      </Stack>
    );
  } else if (pin.isError && !pin.data) {
    content = (
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Typography variant="body2">{t('bookingCard.pin.failed')}</Typography>
        <Button size="small" onClick={requestAgain}>
          {t('common.retry')}
        </Button>
      </Stack>
    );
  } else if (booking.state !== 'INACTIVE') {
    content = (
      <Typography variant="body2" data-testid="charging-pin-gone">
        {t('bookingCard.pin.notInactive', { state: t(`bookingCard.displayState.${booking.state}`) })}
      </Typography>
    );
  } else if (!shown || !pin.data) {
    content = (
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }} data-testid="charging-pin-expired">
        <Typography variant="body2">{t('bookingCard.pin.expired')}</Typography>
        <Button size="small" variant="outlined" onClick={requestAgain} disabled={pin.isFetching}>
          {t('bookingCard.pin.requestNew')}
        </Button>
      </Stack>
    );
  } else {
    const left = Date.parse(pin.data.validUntil) - now;
    content = (
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 1, sm: 4 }} sx={{ alignItems: { sm: 'center' } }} data-testid="charging-pin">
        <Box>
          <Typography variant="caption" color="text.secondary" component="div">
            {t('bookingCard.pin.code')}
          </Typography>
          <Typography variant="h4" component="p" sx={{ fontFamily: 'monospace', letterSpacing: '0.3em', fontWeight: 700 }}>
            {pin.data.pinCode}
          </Typography>
        </Box>
        <Box>
          <Typography variant="caption" color="text.secondary" component="div">
            {t('bookingCard.pin.terminal')}
          </Typography>
          <Typography variant="body1" sx={{ fontWeight: 500 }}>
            {pin.data.recommendedTerminalNumber}
          </Typography>
        </Box>
        <Box>
          <Typography variant="caption" color="text.secondary" component="div">
            {t('bookingCard.pin.validFor')}
          </Typography>
          <Typography
            variant="body1"
            sx={{ fontWeight: 500, fontVariantNumeric: 'tabular-nums' }}
            role="timer"
            aria-live="off"
            data-testid="charging-pin-countdown"
          >
            {formatCountdown(left)}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {t('bookingCard.pin.validUntil', { time: format.dateTime(pin.data.validUntil) })}
          </Typography>
        </Box>
      </Stack>
    );
  }

  return (
    <Alert
      severity="info"
      variant="outlined"
      icon={<EvStationOutlinedIcon />}
      role="region"
      aria-label={t('bookingCard.pin.title')}
      action={
        <IconButton size="small" aria-label={t('bookingCard.pin.close')} onClick={onClose}>
          <CloseIcon fontSize="small" />
        </IconButton>
      }
      sx={{ '& .MuiAlert-message': { flexGrow: 1 } }}
    >
      <Typography variant="subtitle2" component="h2" sx={{ mb: 1 }}>
        {t('bookingCard.pin.title')}
      </Typography>
      {content}
    </Alert>
  );
}
