import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Payment } from '@fleetdesk/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '@/lib/format/use-format';
import { PaymentActionsBar } from './payment-actions-bar';
import { PaymentLinesTable } from './payment-lines-table';
import { BookingPaymentLink, UserLink } from './payment-links';
import { PaymentStatusChip } from './payment-status-chip';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography variant="body2" component="div" sx={{ overflowWrap: 'anywhere' }}>
        {children || '–'}
      </Typography>
    </Box>
  );
}

/** One payment in full: its facts, totals, lines and the action bar (used by the payments screen and the user's payments). */
export function PaymentDetail({ payment, onChanged }: { payment: Payment; onChanged?: (payment: Payment) => void }) {
  const { t } = useTranslation();
  const format = useFormat();
  const money = (amount: number) => format.money(amount, payment.currency);
  return (
    <Stack spacing={2} data-testid="payment-detail" aria-label={t('payments.detail.title', { orderId: payment.orderId })} component="section">
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="h6" component="h2" sx={{ fontVariantNumeric: 'tabular-nums' }}>
          {t('payments.detail.title', { orderId: payment.orderId })}
        </Typography>
        <PaymentStatusChip status={payment.status} testId="payment-detail-status" />
      </Stack>
      {payment.reservationFailed && (
        <Alert severity="error" variant="outlined">
          {t('payments.detail.reservationFailed')}
        </Alert>
      )}
      <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))' }}>
        <Fact label={t('payments.table.type')}>{t(`payments.type.${payment.type}`)}</Fact>
        <Fact label={t(`payments.detail.timestamp.${payment.timestamp.type}`)}>{format.dateTime(payment.timestamp.timestamp)}</Fact>
        <Fact label={t('payments.detail.booking')}>{payment.bid && <BookingPaymentLink bid={payment.bid} />}</Fact>
        <Fact label={t('payments.detail.customer')}>{payment.username && <UserLink username={payment.username} />}</Fact>
        <Fact label={t('payments.detail.provider')}>{payment.paymentProvider}</Fact>
        <Fact label={t('payments.detail.externalId')}>{payment.externalId}</Fact>
        <Fact label={t('payments.detail.totalWithoutVat')}>{money(payment.totalPriceWithoutVat)}</Fact>
        <Fact label={t('payments.detail.vat')}>{money(payment.totalVat)}</Fact>
        <Fact label={t('payments.detail.total')}>
          <Box component="span" sx={{ fontWeight: 700 }} data-testid="payment-detail-total">
            {money(payment.totalPrice)}
          </Box>
        </Fact>
      </Box>
      <PaymentActionsBar payment={payment} bid={payment.bid} onChanged={onChanged} />
      <PaymentLinesTable payment={payment} />
      {payment.singleEventPayments.length > 0 && (
        <Box>
          <Typography variant="subtitle2" component="h3" gutterBottom>
            {t('payments.detail.eventPayments')}
          </Typography>
          <Stack spacing={0.5}>
            {payment.singleEventPayments.map((single) => (
              <Stack key={single.orderId} direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
                <Typography variant="body2" sx={{ minWidth: 110 }}>
                  {single.orderId}
                </Typography>
                <PaymentStatusChip status={single.status} />
                <Typography variant="body2" sx={{ ml: 'auto' }}>
                  {money(single.totalPrice)}
                </Typography>
              </Stack>
            ))}
          </Stack>
        </Box>
      )}
    </Stack>
  );
}
