import EditNoteIcon from '@mui/icons-material/EditNote';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { Payment } from '@fleetdesk/contract';
import { useTranslation } from 'react-i18next';
import { useFormat } from '@/lib/format/use-format';

const totalCell = { typography: 'body2', fontWeight: 700, color: 'text.primary' } as const;

/**
 * A payment's lines (§3 Payment event): item text, unit amount, unit cost, price without VAT, VAT and total, with
 * manual (staff-added) lines marked and their public and internal comments; a totals row from the payment.
 */
export function PaymentLinesTable({ payment }: { payment: Payment }) {
  const { t } = useTranslation();
  const format = useFormat();
  const money = (amount: number) => format.money(amount, payment.currency);
  return (
    // On a phone the lines scroll inside their card; a keyboard reaches the scroller (WCAG 2.1.1, 1.4.10).
    <TableContainer
      component={Paper}
      variant="outlined"
      data-testid="payment-lines"
      tabIndex={0}
      role="region"
      aria-label={t('payments.lines.label')}
    >
      <Table size="small" aria-label={t('payments.lines.label')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('payments.lines.item')}</TableCell>
            <TableCell align="right">{t('payments.lines.quantity')}</TableCell>
            <TableCell align="right">{t('payments.lines.unitCost')}</TableCell>
            <TableCell align="right">{t('payments.lines.priceWithoutVat')}</TableCell>
            <TableCell align="right">{t('payments.lines.vat')}</TableCell>
            <TableCell align="right">{t('payments.lines.total')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {payment.events.length === 0 && (
            <TableRow>
              <TableCell colSpan={6} align="center" sx={{ color: 'text.secondary', py: 3 }}>
                {t('payments.lines.empty')}
              </TableCell>
            </TableRow>
          )}
          {payment.events.map((event) => (
            <TableRow key={event.id} data-testid="payment-line" hover>
              <TableCell>
                <Typography variant="body2" component="span" sx={{ fontWeight: 500 }}>
                  {event.itemDisplayText}
                </Typography>
                {event.manualEvent && (
                  <Tooltip title={t('payments.lines.manualHint')}>
                    <Chip
                      size="small"
                      variant="outlined"
                      icon={<EditNoteIcon />}
                      label={t('payments.lines.manual')}
                      sx={{ ml: 1, height: 20, '& .MuiChip-label': { px: 0.75 } }}
                    />
                  </Tooltip>
                )}
                {event.publicComment && (
                  <Typography variant="caption" color="text.secondary" component="div">
                    {t('payments.lines.publicComment')}: {event.publicComment}
                  </Typography>
                )}
                {event.comment && (
                  <Typography variant="caption" color="text.secondary" component="div" sx={{ fontStyle: 'italic' }}>
                    {t('payments.lines.internalComment')}: {event.comment}
                  </Typography>
                )}
              </TableCell>
              <TableCell align="right">{format.number(event.unitAmount, Number.isInteger(event.unitAmount) ? 0 : 2)}</TableCell>
              <TableCell align="right">{money(event.unitCost)}</TableCell>
              <TableCell align="right">{money(event.priceWithoutVat)}</TableCell>
              <TableCell align="right">{money(event.vat)}</TableCell>
              <TableCell align="right">{money(event.totalPrice)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
        <TableFooter>
          <TableRow data-testid="payment-lines-totals">
            <TableCell colSpan={3} sx={totalCell}>
              {t('payments.lines.totals')}
            </TableCell>
            <TableCell align="right" sx={totalCell}>
              {money(payment.totalPriceWithoutVat)}
            </TableCell>
            <TableCell align="right" sx={totalCell}>
              {money(payment.totalVat)}
            </TableCell>
            <TableCell align="right" sx={totalCell}>
              {money(payment.totalPrice)}
            </TableCell>
          </TableRow>
        </TableFooter>
      </Table>
    </TableContainer>
  );
}
