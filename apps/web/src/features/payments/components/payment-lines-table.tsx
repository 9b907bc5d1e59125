import { useMemo } from 'react';
import EditNoteIcon from '@mui/icons-material/EditNote';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { Payment } from '@fleetdesk/contract';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn } from '@/components/data-table/data-table';
import { useFormat } from '@/lib/format/use-format';

type PaymentLine = Payment['events'][number];

/**
 * A payment's lines (§3 Payment event): item text, unit amount, unit cost, price without VAT, VAT and total, with
 * manual (staff-added) lines marked and their public and internal comments; the payment's totals below the lines.
 */
export function PaymentLinesTable({ payment }: { payment: Payment }) {
  const { t } = useTranslation();
  const format = useFormat();
  const currency = payment.currency;

  const columns = useMemo<DataTableColumn<PaymentLine>[]>(() => {
    const money = (amount: number) => format.money(amount, currency);
    const amountColumn = (field: 'unitCost' | 'priceWithoutVat' | 'vat' | 'totalPrice', header: string): DataTableColumn<PaymentLine> => ({
      field,
      headerName: header,
      minWidth: 104,
      flex: 0.5,
      sortable: false,
      align: 'right',
      headerAlign: 'right',
      valueGetter: (_, line) => money(line[field]),
    });
    return [
      {
        field: 'item',
        headerName: t('payments.lines.item'),
        minWidth: 180,
        flex: 1.6,
        sortable: false,
        // The export carries what the cell shows: the text, the manual mark and both comments.
        valueGetter: (_, line) =>
          [
            line.itemDisplayText,
            line.manualEvent ? `(${t('payments.lines.manual')})` : '',
            line.publicComment ? `${t('payments.lines.publicComment')}: ${line.publicComment}` : '',
            line.comment ? `${t('payments.lines.internalComment')}: ${line.comment}` : '',
          ]
            .filter(Boolean)
            .join(' '),
        renderCell: ({ row: line }) => (
          <Box sx={{ minWidth: 0, whiteSpace: 'normal' }}>
            <Typography variant="body2" component="span" sx={{ fontWeight: 500 }}>
              {line.itemDisplayText}
            </Typography>
            {line.manualEvent && (
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
            {line.publicComment && (
              <Typography variant="caption" color="text.secondary" component="div">
                {t('payments.lines.publicComment')}: {line.publicComment}
              </Typography>
            )}
            {line.comment && (
              <Typography variant="caption" color="text.secondary" component="div" sx={{ fontStyle: 'italic' }}>
                {t('payments.lines.internalComment')}: {line.comment}
              </Typography>
            )}
          </Box>
        ),
      },
      {
        field: 'unitAmount',
        headerName: t('payments.lines.quantity'),
        minWidth: 80,
        flex: 0.3,
        sortable: false,
        align: 'right',
        headerAlign: 'right',
        valueGetter: (_, line) => format.number(line.unitAmount, Number.isInteger(line.unitAmount) ? 0 : 2),
      },
      amountColumn('unitCost', t('payments.lines.unitCost')),
      amountColumn('priceWithoutVat', t('payments.lines.priceWithoutVat')),
      amountColumn('vat', t('payments.lines.vat')),
      amountColumn('totalPrice', t('payments.lines.total')),
    ];
  }, [t, format, currency]);
  const empty = useMemo(() => ({ title: t('payments.lines.empty') }), [t]);
  const money = (amount: number) => format.money(amount, currency);
  const totals: [string, number][] = [
    [t('payments.lines.priceWithoutVat'), payment.totalPriceWithoutVat],
    [t('payments.lines.vat'), payment.totalVat],
    [t('payments.lines.total'), payment.totalPrice],
  ];

  return (
    <DataTable<PaymentLine>
      id="payment-lines"
      label={t('payments.lines.label')}
      rows={payment.events}
      columns={columns}
      getRowId={(line) => line.id}
      empty={empty}
      exportFileName={`${t('payments.lines.label')} ${payment.orderId}`}
      rowAttributes={() => ({ 'data-testid': 'payment-line' })}
      autoRowHeight
      footer={
        // The payment's totals (not a sum of the lines shown: the server's figures), under the amount columns.
        <Stack
          direction="row"
          data-testid="payment-lines-totals"
          useFlexGap
          sx={{ flexWrap: 'wrap', justifyContent: 'flex-end', columnGap: 3, rowGap: 0.5, px: 2, py: 1, borderTop: 1, borderColor: 'divider' }}
        >
          <Typography variant="body2" sx={{ fontWeight: 700, mr: 'auto' }}>
            {t('payments.lines.totals')}
          </Typography>
          {totals.map(([label, amount]) => (
            <Typography key={label} variant="body2" component="span" sx={{ fontVariantNumeric: 'tabular-nums' }}>
              <Box component="span" sx={{ color: 'text.secondary', mr: 0.75 }}>
                {label}
              </Box>
              <Box component="span" sx={{ fontWeight: 700 }}>
                {money(amount)}
              </Box>
            </Typography>
          ))}
        </Stack>
      }
    />
  );
}
