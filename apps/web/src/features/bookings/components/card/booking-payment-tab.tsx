import { useId, useState } from 'react';
import AddCardOutlinedIcon from '@mui/icons-material/AddCardOutlined';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import PaymentsOutlinedIcon from '@mui/icons-material/PaymentsOutlined';
import PriceCheckOutlinedIcon from '@mui/icons-material/PriceCheckOutlined';
import ReceiptOutlinedIcon from '@mui/icons-material/ReceiptOutlined';
import RequestQuoteOutlinedIcon from '@mui/icons-material/RequestQuoteOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import type { Booking, Payment } from '@fleetdesk/contract';
import { useTranslation } from 'react-i18next';
import { PaymentActionsBar, PaymentLinesTable } from '@/features/payments';
import { isApiError } from '@/lib/api/api-error';
import { useFormat } from '@/lib/format/use-format';
import { bookingPaymentsQueryOptions } from '../../api/booking-billing-api';
import { useBookingCard } from './booking-card-context';
import { abilityReasonText } from '@/lib/abilities/ability-text';
import { PaymentStatusChip } from './booking-state-chip';
import { DetailList, DetailRow, DetailSection } from './detail-section';
import { usePaymentDialogs } from './payment/use-payment-dialogs';
import { RefreshFailedNotice, showsLoadError } from '@/components/refresh-failed-notice';

/** Event payments that no longer count towards what the customer pays. */
const NOT_CHARGED = new Set<Payment['status']>(['NO_CHARGE']);

function PaymentSummary({ payment, totals }: { payment: Payment; totals: { fees: number; count: number } }) {
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
          <DetailRow label={t(`bookingCard.paymentTimestamp.${payment.timestamp.type}`)}>{format.dateTime(payment.timestamp.timestamp)}</DetailRow>
          <DetailRow label={t('bookingCard.payment.provider')}>{payment.paymentProvider}</DetailRow>
          <DetailRow label={t('bookingCard.payment.externalId')}>{payment.externalId}</DetailRow>
        </DetailList>
      </DetailSection>
      <DetailSection title={t('bookingCard.payment.totals')} icon={<ReceiptOutlinedIcon />} testId="payment-totals">
        <DetailList>
          <DetailRow label={t('bookingCard.payment.totalWithoutVat')}>
            <span data-testid="payment-total-without-vat">{money(payment.totalPriceWithoutVat)}</span>
          </DetailRow>
          <DetailRow label={t('bookingCard.payment.vat')}>{money(payment.totalVat)}</DetailRow>
          <DetailRow label={t('bookingCard.payment.bookingTotal')}>
            <span data-testid="payment-booking-total">{money(payment.totalPrice)}</span>
          </DetailRow>
          <DetailRow label={t('bookingCard.payment.feesTotal', { count: totals.count })}>
            <span data-testid="payment-fees-total">{money(totals.fees)}</span>
          </DetailRow>
          <DetailRow label={t('bookingCard.payment.grandTotal')}>
            <Box component="span" sx={{ fontWeight: 700 }} data-testid="payment-grand-total">
              {money(payment.totalPrice + totals.fees)}
            </Box>
          </DetailRow>
        </DetailList>
      </DetailSection>
    </Box>
  );
}

/** One event payment (EVE…): what it is for, its status, total and actions; its lines on demand. */
function EventPaymentCard({ payment, bid }: { payment: Payment; bid: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  const linesId = useId();
  const [open, setOpen] = useState(false);
  const title = payment.events.map((event) => event.itemDisplayText).join(', ') || payment.orderId;
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-label={t('bookingCard.payment.eventPaymentLabel', { orderId: payment.orderId })}
      data-testid="event-payment"
      sx={{ p: 1.5 }}
    >
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5} sx={{ alignItems: { md: 'center' } }}>
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {title}
            </Typography>
            <PaymentStatusChip status={payment.status} />
          </Stack>
          <Typography variant="caption" color="text.secondary">
            {payment.orderId} · {t(`bookingCard.paymentType.${payment.type}`)} · {format.dateTime(payment.timestamp.timestamp)}
          </Typography>
        </Box>
        <Typography variant="body2" sx={{ fontWeight: 700, whiteSpace: 'nowrap' }} data-testid="event-payment-total">
          {format.money(payment.totalPrice, payment.currency)}
        </Typography>
        <Button
          size="small"
          aria-expanded={open}
          aria-controls={linesId}
          endIcon={open ? <ExpandLessIcon /> : <ExpandMoreIcon />}
          onClick={() => setOpen((shown) => !shown)}
        >
          {open ? t('bookingCard.payment.hideLines') : t('bookingCard.payment.showLines')}
        </Button>
      </Stack>
      <Box sx={{ mt: 1 }}>
        <PaymentActionsBar payment={payment} bid={bid} />
      </Box>
      <Collapse in={open} id={linesId} unmountOnExit>
        <Box sx={{ mt: 1.5 }}>
          <PaymentLinesTable payment={payment} />
        </Box>
      </Collapse>
    </Paper>
  );
}

/** The booking's event payments, loaded in full (GET /api/bookings/{bid}/payments), with loading and error states. */
function EventPayments({ booking }: { booking: Booking }) {
  const { t } = useTranslation();
  const format = useFormat();
  const summaries = booking.payment?.singleEventPayments ?? [];
  const payments = useQuery(bookingPaymentsQueryOptions(booking.bid));
  const bookingOrderId = booking.payment?.orderId;
  const eventPayments = (payments.data ?? []).filter((payment) => payment.orderId !== bookingOrderId && payment.target !== 'BOOKING');

  let body;
  if (payments.isPending) {
    body = (
      <Stack spacing={1} role="status" aria-busy="true" aria-label={t('common.loading')}>
        {(summaries.length > 0 ? summaries : [null]).map((summary, index) => (
          <Paper key={summary?.orderId ?? index} variant="outlined" sx={{ p: 1.5 }}>
            {summary ? (
              <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
                <Typography variant="body2" sx={{ flexGrow: 1 }}>
                  {summary.orderId}
                </Typography>
                <PaymentStatusChip status={summary.status} />
                <Typography variant="body2">{format.money(summary.totalPrice, booking.payment?.currency ?? booking.contract.currency)}</Typography>
              </Stack>
            ) : (
              <Skeleton variant="text" width="60%" />
            )}
            <Skeleton variant="rounded" height={30} width={240} sx={{ mt: 1 }} />
          </Paper>
        ))}
      </Stack>
    );
  } else if (showsLoadError(payments)) {
    body = (
      <Alert
        severity="error"
        variant="outlined"
        action={
          <Button color="inherit" size="small" onClick={() => void payments.refetch()}>
            {t('common.retry')}
          </Button>
        }
      >
        {t('bookingCard.payment.eventPaymentsFailed')}
        {isApiError(payments.error) ? ` ${payments.error.envelope.message}` : ''}
      </Alert>
    );
  } else if (eventPayments.length === 0) {
    body = (
      <Typography variant="body2" color="text.secondary" data-testid="event-payments-empty">
        {t('bookingCard.payment.noEventPayments')}
      </Typography>
    );
  } else {
    body = (
      <Stack spacing={1}>
        {eventPayments.map((payment) => (
          <EventPaymentCard key={payment.orderId} payment={payment} bid={booking.bid} />
        ))}
      </Stack>
    );
  }

  return (
    <Box component="section" aria-labelledby="booking-event-payments-title" data-testid="event-payments">
      <Typography id="booking-event-payments-title" variant="subtitle2" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
        {t('bookingCard.payment.eventPayments')}
      </Typography>
      <RefreshFailedNotice query={payments} />
      {body}
    </Box>
  );
}

/** Add fee, credit (disabled when totalPrice ≤ 0) and fixed price (not on finished or cancelled bookings). */
function BillingToolbar({
  booking,
  onAddFee,
  onCredit,
  onFixedPrice,
}: {
  booking: Booking;
  onAddFee: () => void;
  onCredit: () => void;
  onFixedPrice: () => void;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const creditAbility = booking.abilities.credit;
  const creditAllowed = creditAbility.allowed;
  const creditWhy = abilityReasonText(creditAbility, t) ?? '';
  const currency = booking.payment?.currency ?? booking.contract.currency;
  const creditButton = (
    <Button variant="outlined" startIcon={<RequestQuoteOutlinedIcon />} disabled={!creditAllowed} onClick={onCredit}>
      {t('bookingCard.actions.credit')}
    </Button>
  );
  return (
    <Paper variant="outlined" sx={{ p: 1.5 }}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5} sx={{ alignItems: { md: 'center' } }}>
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <Typography variant="subtitle2" component="h2" sx={{ fontWeight: 600 }}>
            {t('bookingCard.payment.billingTitle')}
          </Typography>
          {booking.fixedPrice ? (
            <Typography variant="body2" data-testid="fixed-price">
              <PriceCheckOutlinedIcon color="primary" sx={{ fontSize: 16, verticalAlign: 'text-bottom', mr: 0.5 }} aria-hidden />
              {t('bookingCard.payment.fixedPriceValue', { price: format.money(booking.fixedPrice.price, currency) })}
              {booking.fixedPrice.comment && (
                <Typography component="span" variant="body2" color="text.secondary">
                  {' · '}
                  {booking.fixedPrice.comment}
                </Typography>
              )}
            </Typography>
          ) : (
            <Typography variant="body2" color="text.secondary">
              {t('bookingCard.payment.billingHint')}
            </Typography>
          )}
        </Box>
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }} role="toolbar" aria-label={t('bookingCard.payment.billingTitle')}>
          <Button variant="contained" startIcon={<AddCardOutlinedIcon />} onClick={onAddFee}>
            {t('bookingCard.actions.addFee')}
          </Button>
          {creditAllowed ? (
            creditButton
          ) : (
            <Tooltip title={creditWhy}>
              <span tabIndex={0} aria-label={`${t('bookingCard.actions.credit')}: ${creditWhy}`}>
                {creditButton}
              </span>
            </Tooltip>
          )}
          {booking.abilities.fixedPrice.allowed && (
            <Button variant="outlined" startIcon={<PriceCheckOutlinedIcon />} onClick={onFixedPrice}>
              {booking.fixedPrice ? t('bookingCard.fixedPrice.changeButton') : t('bookingCard.actions.fixedPrice')}
            </Button>
          )}
        </Stack>
      </Stack>
    </Paper>
  );
}

/**
 * The Payment tab: fees, credits and the fixed price; the booking payment (summary, totals with the fees, action
 * bar, price lines); and its event payments, each with its status, actions and lines.
 */
export function BookingPaymentTab() {
  const { t } = useTranslation();
  const { booking } = useBookingCard();
  const payment = booking.payment ?? null;
  const dialogs = usePaymentDialogs(booking);
  const charged = (payment?.singleEventPayments ?? []).filter((single) => !NOT_CHARGED.has(single.status));
  const totals = { fees: charged.reduce((sum, single) => sum + single.totalPrice, 0), count: charged.length };

  return (
    <Stack spacing={2} data-testid="booking-payment">
      <BillingToolbar
        booking={booking}
        onAddFee={() => dialogs.openBilling({ mode: 'fee' })}
        onCredit={() => dialogs.openBilling({ mode: 'credit' })}
        onFixedPrice={dialogs.openFixedPrice}
      />
      {payment?.reservationFailed && (
        <Alert severity="warning" variant="outlined">
          {t('bookingCard.payment.reservationFailed')}
        </Alert>
      )}
      {payment ? (
        <>
          <PaymentSummary payment={payment} totals={totals} />
          <Paper variant="outlined" sx={{ p: 1.5 }}>
            <PaymentActionsBar payment={payment} bid={booking.bid} />
          </Paper>
          <PaymentLinesTable payment={payment} />
        </>
      ) : (
        <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }} data-testid="booking-payment-empty">
          <PaymentsOutlinedIcon color="disabled" aria-hidden sx={{ fontSize: 40 }} />
          <Typography color="text.secondary">{t('messages.noPayments')}</Typography>
        </Paper>
      )}
      <EventPayments booking={booking} />
      {dialogs.dialogs}
    </Stack>
  );
}
