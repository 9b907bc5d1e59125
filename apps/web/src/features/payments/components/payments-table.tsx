import type { KeyboardEvent } from 'react';
import ErrorIcon from '@mui/icons-material/Error';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { PaymentListRow } from '@fleetdesk/contract';
import { useTranslation } from 'react-i18next';
import { useFormat } from '@/lib/format/use-format';
import { BookingPaymentLink, UserLink } from './payment-links';
import { PaymentStatusChip } from './payment-status-chip';

interface PaymentsTableProps {
  rows: readonly PaymentListRow[];
  selected: string | null;
  onOpen: (orderId: string) => void;
}

/** The payments screen's dense list. Rows are focusable; a click or Enter opens the payment's detail. */
export function PaymentsTable({ rows, selected, onOpen }: PaymentsTableProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const onKeyDown = (event: KeyboardEvent<HTMLTableRowElement>, orderId: string) => {
    if (event.target !== event.currentTarget) return; // Enter on a link inside the row follows the link
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onOpen(orderId);
    }
  };
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label={t('payments.table.label')} data-testid="payments-table">
        <TableHead>
          <TableRow>
            <TableCell>{t('payments.table.timestamp')}</TableCell>
            <TableCell>{t('payments.table.orderId')}</TableCell>
            <TableCell>{t('payments.table.bid')}</TableCell>
            <TableCell>{t('payments.table.customer')}</TableCell>
            <TableCell>{t('payments.table.type')}</TableCell>
            <TableCell>{t('payments.table.status')}</TableCell>
            <TableCell align="right">{t('payments.table.total')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow
              key={row.orderId}
              hover
              tabIndex={0}
              selected={row.orderId === selected}
              aria-selected={row.orderId === selected}
              aria-label={t('payments.table.openDetail', { orderId: row.orderId })}
              onClick={() => onOpen(row.orderId)}
              onKeyDown={(event) => onKeyDown(event, row.orderId)}
              data-testid="payment-row"
              data-order-id={row.orderId}
              sx={{
                cursor: 'pointer',
                '& > td.nowrap': { whiteSpace: 'nowrap' },
                ...(row.reservationFailed && { boxShadow: (theme) => `inset 3px 0 0 ${theme.palette.error.main}` }),
              }}
            >
              <TableCell className="nowrap" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                {format.dateTime(row.timestamp)}
              </TableCell>
              <TableCell className="nowrap">
                <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
                  {row.orderId}
                  {row.reservationFailed && (
                    <Tooltip title={t('payments.table.reservationFailed')}>
                      <ErrorIcon color="error" fontSize="small" aria-label={t('payments.table.reservationFailed')} data-testid="reservation-failed" />
                    </Tooltip>
                  )}
                </Box>
              </TableCell>
              <TableCell className="nowrap">{row.bid ? <BookingPaymentLink bid={row.bid} /> : '–'}</TableCell>
              <TableCell>
                {row.username ? (
                  <Box sx={{ maxWidth: 190, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }} title={row.username}>
                    <UserLink username={row.username} label={row.fullNameLastFirst ? `${row.fullNameLastFirst} (${row.username})` : row.username} />
                  </Box>
                ) : (
                  <Typography variant="body2" component="span" color="text.secondary">
                    {t('payments.table.noCustomer')}
                  </Typography>
                )}
              </TableCell>
              <TableCell sx={{ minWidth: 100 }}>{t(`payments.type.${row.type}`)}</TableCell>
              <TableCell>
                <PaymentStatusChip status={row.status} />
              </TableCell>
              <TableCell className="nowrap" align="right" sx={{ fontVariantNumeric: 'tabular-nums', fontWeight: 500 }}>
                {format.money(row.totalPrice, row.currency)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
