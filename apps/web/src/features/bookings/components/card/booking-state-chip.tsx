import Chip, { type ChipProps } from '@mui/material/Chip';
import type { BookingDisplayState, PaymentStatus } from '@fleetdesk/contract';
import { useTranslation } from 'react-i18next';

const STATE_COLOURS: Record<BookingDisplayState, { color: ChipProps['color']; variant: ChipProps['variant'] }> = {
  ACTIVE: { color: 'success', variant: 'filled' },
  READY: { color: 'info', variant: 'filled' },
  INACTIVE: { color: 'primary', variant: 'outlined' },
  FINISHED: { color: 'default', variant: 'filled' },
  CANCELLED: { color: 'error', variant: 'outlined' },
  REQUIRES_AUTH: { color: 'warning', variant: 'filled' },
  ARCHIVED: { color: 'default', variant: 'outlined' },
};

/** The booking's display state (§4): INACTIVE reads 'future', READY when it can be activated, ARCHIVED without a user. */
export function BookingStateChip({ state, size = 'medium' }: { state: BookingDisplayState; size?: ChipProps['size'] }) {
  const { t } = useTranslation();
  const { color, variant } = STATE_COLOURS[state];
  return (
    <Chip
      label={t(`bookingCard.displayState.${state}`)}
      color={color}
      variant={variant}
      size={size}
      data-testid="booking-state"
      sx={{ fontWeight: 600, letterSpacing: '0.02em' }}
    />
  );
}

const PAYMENT_COLOURS: Record<PaymentStatus, ChipProps['color']> = {
  ABANDONED: 'default',
  INVOICE_SENT: 'info',
  NEEDS_AUTHORIZATION: 'warning',
  NO_CHARGE: 'default',
  PAID: 'success',
  RESERVATION_FAILED: 'error',
  RESERVED: 'info',
  UNPAID: 'error',
};

export function PaymentStatusChip({ status }: { status: PaymentStatus }) {
  const { t } = useTranslation();
  return <Chip size="small" label={t(`bookingCard.paymentStatus.${status}`)} color={PAYMENT_COLOURS[status]} variant="outlined" />;
}
