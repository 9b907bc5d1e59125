import { useState, type KeyboardEvent } from 'react';
import PaymentsOutlinedIcon from '@mui/icons-material/PaymentsOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { Payment } from '@fleetdesk/contract';
import { useTranslation } from 'react-i18next';
import { DateField } from '@/components/date-field';
import { useFormat } from '@/lib/format/use-format';
import { useUserPayments } from '../api/payments-api';
import { dayEndIso, dayStartIso } from '../date-range';
import { PaymentDetail } from './payment-detail';
import { BookingPaymentLink } from './payment-links';
import { PaymentStatusChip } from './payment-status-chip';

interface RangeInput {
  startDate: string;
  endDate: string;
}

/**
 * A user's payments (§2 user page, Payments tab): the last 12 months by default (§9) with a date range, the
 * outstanding payments summary, the list and the selected payment's detail with its lines and actions.
 */
export function UserPayments({ username }: { username: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  // Blank fields: the server's default window (the last 12 months up to now).
  const [range, setRange] = useState<RangeInput>({ startDate: '', endDate: '' });
  const [selected, setSelected] = useState<string | null>(null);
  const query = useUserPayments(username, { startDate: dayStartIso(range.startDate), endDate: dayEndIso(range.endDate) });

  const data = query.data;
  const payments = data?.payments ?? [];
  const selectedPayment: Payment | undefined = payments.find((p) => p.orderId === selected);
  const shownStart = range.startDate || (data ? format.date(data.startDate) : '');
  const shownEnd = range.endDate || (data ? format.date(data.endDate) : '');

  const onRowKey = (event: KeyboardEvent<HTMLTableRowElement>, orderId: string) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      setSelected(orderId);
    }
  };

  return (
    <Stack spacing={2} data-testid="user-payments">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <DateField
          size="small"
          width={{ sm: 200 }}
          label={t('payments.user.startDate')}
          value={shownStart}
          onChange={(startDate) => setRange((r) => ({ ...r, startDate }))}
          max={shownEnd || undefined}
        />
        <DateField
          size="small"
          width={{ sm: 200 }}
          label={t('payments.user.endDate')}
          value={shownEnd}
          onChange={(endDate) => setRange((r) => ({ ...r, endDate }))}
          min={shownStart || undefined}
        />
        {(range.startDate || range.endDate) && (
          <Button size="small" onClick={() => setRange({ startDate: '', endDate: '' })}>
            {t('payments.user.resetRange')}
          </Button>
        )}
        <Box sx={{ flex: 1 }} />
        <Box data-testid="outstanding-payments" aria-label={t('payments.user.outstanding')} role="status">
          <Typography variant="caption" color="text.secondary" component="div">
            {t('payments.user.outstanding')}
          </Typography>
          {data && data.outstandingPayments.length === 0 && <Typography variant="body2">{t('payments.user.noOutstanding')}</Typography>}
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
            {data?.outstandingPayments.map((o) => (
              <Chip
                key={o.currencyCode}
                color="warning"
                variant="outlined"
                size="small"
                label={t('payments.user.outstandingSummary', {
                  count: o.numberOfPayments,
                  total: format.money(o.totalCost, o.currencyCode),
                })}
              />
            ))}
          </Stack>
        </Box>
      </Stack>

      {query.isError && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void query.refetch()}>
              {t('payments.states.retry')}
            </Button>
          }
        >
          {t('payments.user.error')}
        </Alert>
      )}

      {query.isPending && (
        <Stack spacing={1} aria-busy="true" aria-label={t('payments.states.loading')}>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} variant="rounded" height={32} />
          ))}
        </Stack>
      )}

      {data && payments.length === 0 && (
        <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
          <PaymentsOutlinedIcon color="disabled" aria-hidden sx={{ fontSize: 40 }} />
          <Typography color="text.secondary">{t('messages.noPayments')}</Typography>
        </Paper>
      )}

      {data && payments.length > 0 && (
        <Box
          sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', xl: 'minmax(0, 5fr) minmax(0, 6fr)' }, alignItems: 'start' }}
        >
          <TableContainer component={Paper} variant="outlined" sx={{ position: 'relative' }}>
            {query.isFetching && <LinearProgress sx={{ position: 'absolute', top: 0, left: 0, right: 0 }} />}
            <Table size="small" aria-label={t('payments.user.listLabel', { username })}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('payments.table.timestamp')}</TableCell>
                  <TableCell>{t('payments.table.orderId')}</TableCell>
                  <TableCell>{t('payments.table.bid')}</TableCell>
                  <TableCell>{t('payments.table.type')}</TableCell>
                  <TableCell>{t('payments.table.status')}</TableCell>
                  <TableCell align="right">{t('payments.table.total')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {payments.map((payment) => (
                  <TableRow
                    key={payment.orderId}
                    hover
                    selected={payment.orderId === selected}
                    aria-selected={payment.orderId === selected}
                    tabIndex={0}
                    onClick={() => setSelected(payment.orderId)}
                    onKeyDown={(event) => onRowKey(event, payment.orderId)}
                    data-testid="user-payment-row"
                    data-order-id={payment.orderId}
                    sx={{ cursor: 'pointer' }}
                  >
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{format.date(payment.timestamp.timestamp)}</TableCell>
                    <TableCell>{payment.orderId}</TableCell>
                    <TableCell>{payment.bid && <BookingPaymentLink bid={payment.bid} />}</TableCell>
                    <TableCell>{t(`payments.type.${payment.type}`)}</TableCell>
                    <TableCell>
                      <PaymentStatusChip status={payment.status} />
                    </TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      {format.money(payment.totalPrice, payment.currency)}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          <Paper variant="outlined" sx={{ p: 2 }}>
            {selectedPayment ? (
              <PaymentDetail payment={selectedPayment} />
            ) : (
              <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
                {t('payments.user.selectHint')}
              </Typography>
            )}
          </Paper>
        </Box>
      )}
    </Stack>
  );
}
