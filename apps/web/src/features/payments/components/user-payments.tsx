import { useMemo, useState } from 'react';
import PaymentsOutlinedIcon from '@mui/icons-material/PaymentsOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Payment } from '@fleetdesk/contract';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn } from '@/components/data-table/data-table';
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

  const columns = useMemo<DataTableColumn<Payment>[]>(
    () => [
      {
        field: 'timestamp',
        headerName: t('payments.table.timestamp'),
        minWidth: 110,
        flex: 0.6,
        sortable: false,
        cellClassName: 'numeric',
        valueGetter: (_, payment) => format.date(payment.timestamp.timestamp),
      },
      {
        field: 'orderId',
        headerName: t('payments.table.orderId'),
        minWidth: 130,
        flex: 0.8,
        sortable: false,
        valueGetter: (_, payment) => payment.orderId,
      },
      {
        field: 'bid',
        headerName: t('payments.table.bid'),
        minWidth: 140,
        flex: 0.8,
        sortable: false,
        valueGetter: (_, payment) => payment.bid ?? '',
        renderCell: ({ row: payment }) => payment.bid && <BookingPaymentLink bid={payment.bid} />,
      },
      {
        field: 'type',
        headerName: t('payments.table.type'),
        minWidth: 120,
        flex: 0.8,
        sortable: false,
        valueGetter: (_, payment) => t(`payments.type.${payment.type}`),
      },
      {
        field: 'status',
        headerName: t('payments.table.status'),
        minWidth: 130,
        flex: 0.7,
        sortable: false,
        valueGetter: (_, payment) => t(`payments.status.${payment.status}`),
        renderCell: ({ row: payment }) => <PaymentStatusChip status={payment.status} />,
      },
      {
        field: 'total',
        headerName: t('payments.table.total'),
        minWidth: 110,
        flex: 0.6,
        sortable: false,
        align: 'right',
        headerAlign: 'right',
        cellClassName: 'numeric',
        valueGetter: (_, payment) => format.money(payment.totalPrice, payment.currency),
      },
    ],
    [t, format],
  );

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

      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', xl: payments.length > 0 ? 'minmax(0, 5fr) minmax(0, 6fr)' : 'minmax(0, 1fr)' },
          alignItems: 'start',
        }}
      >
        <DataTable<Payment>
          id="user-payments"
          label={t('payments.user.listLabel', { username })}
          rows={payments}
          columns={columns}
          getRowId={(payment) => payment.orderId}
          loading={query.isPending}
          refreshing={query.isFetching && !query.isPending}
          error={query.isError ? { message: t('payments.user.error'), onRetry: () => void query.refetch() } : null}
          empty={{ title: t('messages.noPayments'), icon: <PaymentsOutlinedIcon color="disabled" aria-hidden sx={{ fontSize: 40 }} /> }}
          exportFileName={t('payments.user.listLabel', { username })}
          // A click or Enter on a row shows that payment's detail beside (or below) the list.
          onRowOpen={(payment) => setSelected(payment.orderId)}
          rowAttributes={(payment) => ({
            'data-testid': 'user-payment-row',
            'data-order-id': payment.orderId,
            ...(payment.orderId === selected ? { 'data-selected': 'true' } : {}),
          })}
          getRowClassName={(payment) => (payment.orderId === selected ? 'Mui-selected' : '')}
          sx={{ '& .numeric': { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } }}
        />
        {payments.length > 0 && (
          <Paper variant="outlined" sx={{ p: 2 }}>
            {selectedPayment ? (
              <PaymentDetail payment={selectedPayment} />
            ) : (
              <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
                {t('payments.user.selectHint')}
              </Typography>
            )}
          </Paper>
        )}
      </Box>
    </Stack>
  );
}
