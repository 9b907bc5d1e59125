import { useMemo, type ReactNode } from 'react';
import ErrorIcon from '@mui/icons-material/Error';
import Box from '@mui/material/Box';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { PaymentListRow } from '@fleetdesk/contract';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn } from '@/components/data-table/data-table';
import { useFormat } from '@/lib/format/use-format';
import { BookingPaymentLink, UserLink } from './payment-links';
import { PaymentStatusChip } from './payment-status-chip';

interface PaymentsTableProps {
  rows: readonly PaymentListRow[];
  selected: string | null;
  onOpen: (orderId: string) => void;
  loading: boolean;
  refreshing: boolean;
  error: { message: string; onRetry: () => void } | null;
  toolbarStart?: ReactNode;
  /** 'Load more' below the rows. */
  footer?: ReactNode;
}

const customerText = (row: PaymentListRow) => (row.fullNameLastFirst ? `${row.fullNameLastFirst} (${row.username})` : row.username);

/** The payments screen's dense list, newest first as the server sends it. A click or Enter on a row opens its detail. */
export function PaymentsTable({ rows, selected, onOpen, loading, refreshing, error, toolbarStart, footer }: PaymentsTableProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const columns = useMemo<DataTableColumn<PaymentListRow>[]>(
    () => [
      {
        field: 'timestamp',
        headerName: t('payments.table.timestamp'),
        minWidth: 150,
        flex: 0.8,
        sortable: false,
        valueGetter: (_, row) => format.dateTime(row.timestamp),
        cellClassName: 'numeric',
      },
      {
        field: 'orderId',
        headerName: t('payments.table.orderId'),
        minWidth: 140,
        flex: 0.7,
        sortable: false,
        valueGetter: (_, row) => (row.reservationFailed ? `${row.orderId} (${t('payments.table.reservationFailed')})` : row.orderId),
        renderCell: ({ row }) => (
          <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
            {row.orderId}
            {row.reservationFailed && (
              <Tooltip title={t('payments.table.reservationFailed')}>
                <ErrorIcon color="error" fontSize="small" aria-label={t('payments.table.reservationFailed')} data-testid="reservation-failed" />
              </Tooltip>
            )}
          </Box>
        ),
      },
      {
        field: 'bid',
        headerName: t('payments.table.bid'),
        minWidth: 140,
        flex: 0.7,
        sortable: false,
        valueGetter: (_, row) => row.bid ?? '–',
        renderCell: ({ row }) => (row.bid ? <BookingPaymentLink bid={row.bid} /> : '–'),
      },
      {
        field: 'customer',
        headerName: t('payments.table.customer'),
        minWidth: 200,
        flex: 1.4,
        sortable: false,
        valueGetter: (_, row) => (row.username ? customerText(row) : t('payments.table.noCustomer')),
        renderCell: ({ row }) =>
          row.username ? (
            <Box sx={{ minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }} title={row.username}>
              <UserLink username={row.username} label={customerText(row)} />
            </Box>
          ) : (
            <Typography variant="body2" component="span" color="text.secondary">
              {t('payments.table.noCustomer')}
            </Typography>
          ),
      },
      {
        field: 'type',
        headerName: t('payments.table.type'),
        minWidth: 130,
        flex: 0.8,
        sortable: false,
        valueGetter: (_, row) => t(`payments.type.${row.type}`),
      },
      {
        field: 'status',
        headerName: t('payments.table.status'),
        minWidth: 140,
        flex: 0.7,
        sortable: false,
        valueGetter: (_, row) => t(`payments.status.${row.status}`),
        renderCell: ({ row }) => <PaymentStatusChip status={row.status} />,
      },
      {
        field: 'total',
        headerName: t('payments.table.total'),
        minWidth: 120,
        flex: 0.6,
        sortable: false,
        align: 'right',
        headerAlign: 'right',
        cellClassName: 'numeric total',
        valueGetter: (_, row) => format.money(row.totalPrice, row.currency),
      },
    ],
    [t, format],
  );
  return (
    <DataTable<PaymentListRow>
      id="payments"
      label={t('payments.table.label')}
      rows={rows}
      columns={columns}
      getRowId={(row) => row.orderId}
      loading={loading}
      refreshing={refreshing}
      error={error}
      empty={{ title: t('payments.states.empty'), hint: t('payments.states.emptyHint') }}
      exportFileName={t('payments.table.label')}
      onRowOpen={(row) => onOpen(row.orderId)}
      rowAttributes={(row) => ({
        'data-testid': 'payment-row',
        'data-order-id': row.orderId,
        ...(row.reservationFailed ? { 'data-reservation-failed': 'true' } : {}),
      })}
      getRowClassName={(row) => (row.orderId === selected ? 'Mui-selected' : '')}
      toolbarStart={toolbarStart}
      footer={footer}
      sx={{
        '& .numeric': { fontVariantNumeric: 'tabular-nums' },
        '& .total': { fontWeight: 500 },
        '& [data-reservation-failed="true"]': { boxShadow: (theme) => `inset 3px 0 0 ${theme.palette.error.main}` },
      }}
    />
  );
}
