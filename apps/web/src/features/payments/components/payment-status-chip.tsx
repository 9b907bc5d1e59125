import Chip, { type ChipProps } from '@mui/material/Chip';
import type { PaymentStatus } from '@fleetdesk/contract';
import { useTranslation } from 'react-i18next';

const STATUS_COLOURS: Record<PaymentStatus, ChipProps['color']> = {
  ABANDONED: 'warning',
  INVOICE_SENT: 'info',
  NEEDS_AUTHORIZATION: 'warning',
  NO_CHARGE: 'default',
  PAID: 'success',
  RESERVATION_FAILED: 'error',
  RESERVED: 'primary',
  UNPAID: 'error',
};

/** A payment's §4 status as a small chip (data-status carries the raw value for tests). */
export function PaymentStatusChip({ status, testId = 'payment-status' }: { status: PaymentStatus; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      variant="outlined"
      color={STATUS_COLOURS[status]}
      label={t(`payments.status.${status}`)}
      data-testid={testId}
      data-status={status}
      sx={{ fontWeight: 600 }}
    />
  );
}
