import PaymentsOutlinedIcon from '@mui/icons-material/PaymentsOutlined';
import ReceiptOutlinedIcon from '@mui/icons-material/ReceiptOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { Payment } from '@fleetdesk/contract';
import { useTranslation } from 'react-i18next';
import { useFormat } from '@/lib/format/use-format';
import { useBookingCard } from './booking-card-context';
import { PaymentStatusChip } from './booking-state-chip';
import { DetailList, DetailRow, DetailSection } from './detail-section';

function PaymentSummary({ payment }: { payment: Payment }) {
  const { t } = useTranslation();
  const format = useFormat();
  const money = (amount: number) => format.money(amount, payment.currency);
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' } }}>
      <DetailSection
        title={t('bookingCard.payment.summary')}
        icon={<PaymentsOutlinedIcon />}
        action={<PaymentStatusChip status={payment.status} />}
        testId="payment-summary"
      >
        <DetailList>
          <DetailRow label={t('bookingCard.payment.orderId')}>{payment.orderId}</DetailRow>
          <DetailRow label={t('bookingCard.payment.type')}>{t(`bookingCard.paymentType.${payment.type}`)}</DetailRow>
          <DetailRow label={t(`bookingCard.paymentTimestamp.${payment.timestamp.type}`)}>
            {format.dateTime(payment.timestamp.timestamp)}
          </DetailRow>
          <DetailRow label={t('bookingCard.payment.provider')}>{payment.paymentProvider}</DetailRow>
          <DetailRow label={t('bookingCard.payment.externalId')}>{payment.externalId}</DetailRow>
        </DetailList>
      </DetailSection>
      <DetailSection title={t('bookingCard.payment.totals')} icon={<ReceiptOutlinedIcon />} testId="payment-totals">
        <DetailList>
          <DetailRow label={t('bookingCard.payment.totalWithoutVat')}>{money(payment.totalPriceWithoutVat)}</DetailRow>
          <DetailRow label={t('bookingCard.payment.vat')}>{money(payment.totalVat)}</DetailRow>
          <DetailRow label={t('bookingCard.payment.total')}>
            <Box component="span" sx={{ fontWeight: 700 }}>
              {money(payment.totalPrice)}
            </Box>
          </DetailRow>
        </DetailList>
      </DetailSection>
    </Box>
  );
}

function PaymentEvents({ payment }: { payment: Payment }) {
  const { t } = useTranslation();
  const format = useFormat();
  const money = (amount: number) => format.money(amount, payment.currency);
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label={t('bookingCard.payment.events')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('bookingCard.payment.item')}</TableCell>
            <TableCell align="right">{t('bookingCard.payment.quantity')}</TableCell>
            <TableCell align="right">{t('bookingCard.payment.unitCost')}</TableCell>
            <TableCell align="right">{t('bookingCard.payment.vat')}</TableCell>
            <TableCell align="right">{t('bookingCard.payment.total')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {payment.events.length === 0 && (
            <TableRow>
              <TableCell colSpan={5} sx={{ color: 'text.secondary' }}>
                {t('bookingCard.payment.noEvents')}
              </TableCell>
            </TableRow>
          )}
          {payment.events.map((event) => (
            <TableRow key={event.id}>
              <TableCell>
                {event.itemDisplayText}
                {(event.publicComment || event.comment) && (
                  <Typography variant="caption" color="text.secondary" component="div">
                    {[event.publicComment, event.comment].filter(Boolean).join(' · ')}
                  </Typography>
                )}
              </TableCell>
              <TableCell align="right">{format.number(event.unitAmount, Number.isInteger(event.unitAmount) ? 0 : 1)}</TableCell>
              <TableCell align="right">{money(event.unitCost)}</TableCell>
              <TableCell align="right">{money(event.vat)}</TableCell>
              <TableCell align="right">{money(event.totalPrice)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
        <TableFooter>
          <TableRow>
            <TableCell colSpan={3} sx={{ typography: 'body2', fontWeight: 600, color: 'text.primary' }}>
              {t('bookingCard.payment.total')}
            </TableCell>
            <TableCell align="right" sx={{ typography: 'body2', fontWeight: 600, color: 'text.primary' }}>
              {money(payment.totalVat)}
            </TableCell>
            <TableCell align="right" sx={{ typography: 'body2', fontWeight: 600, color: 'text.primary' }}>
              {money(payment.totalPrice)}
            </TableCell>
          </TableRow>
        </TableFooter>
      </Table>
    </TableContainer>
  );
}

function EventPayments({ payment }: { payment: Payment }) {
  const { t } = useTranslation();
  const format = useFormat();
  if (payment.singleEventPayments.length === 0) return null;
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label={t('bookingCard.payment.eventPayments')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('bookingCard.payment.eventPayments')}</TableCell>
            <TableCell>{t('bookingCard.payment.status')}</TableCell>
            <TableCell align="right">{t('bookingCard.payment.total')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {payment.singleEventPayments.map((single) => (
            <TableRow key={single.orderId}>
              <TableCell>{single.orderId}</TableCell>
              <TableCell>
                <PaymentStatusChip status={single.status} />
              </TableCell>
              <TableCell align="right">{format.money(single.totalPrice, payment.currency)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** The Payment tab: the booking's payment summary, totals and price lines (actions come with the payments screen). */
export function BookingPaymentTab() {
  const { t } = useTranslation();
  const { booking } = useBookingCard();
  const payment = booking.payment;
  if (!payment) {
    return (
      <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }} data-testid="booking-payment">
        <PaymentsOutlinedIcon color="disabled" aria-hidden sx={{ fontSize: 40 }} />
        <Typography color="text.secondary">{t('messages.noPayments')}</Typography>
      </Paper>
    );
  }
  return (
    <Stack spacing={2} data-testid="booking-payment">
      {payment.reservationFailed && (
        <Alert severity="warning" variant="outlined">
          {t('bookingCard.payment.reservationFailed')}
        </Alert>
      )}
      <PaymentSummary payment={payment} />
      <PaymentEvents payment={payment} />
      <EventPayments payment={payment} />
    </Stack>
  );
}
