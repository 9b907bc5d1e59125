import { useId, useMemo, useRef, useState } from 'react';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlineOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  amountWithoutVat,
  checkPendingItem,
  CREDITING,
  PAYMENT_LIMITS,
  parseAmount,
  type Booking,
  type PendingItemRefusal,
} from '@fleetdesk/contract';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useFormat } from '@/lib/format/use-format';
import { newIdempotencyKey, useAddBilling } from '../../../api/booking-billing-api';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { FormTextField } from '@/components/form-text-field';
import { DialogActionsBar } from '../dialog-actions-bar';
import {
  FEE_TYPES,
  billingFormSchema,
  toBillingRequest,
  toPendingItem,
  vatRateOf,
  type BillingFormValues,
  type BillingMode,
  type BillingPrefill,
  type PendingBillingItem,
} from './billing-rules';

interface BillingDialogProps {
  booking: Booking;
  prefill: BillingPrefill;
  onClose: () => void;
}

const emptyValues = (mode: BillingMode): BillingFormValues => ({
  type: mode === 'credit' ? CREDITING : '',
  amount: '',
  includeVat: false,
  comment: '',
  publicComment: '',
});

/**
 * The credit / add fee dialog (§5 Fee form): a fee or credit is checked by the form, then by the pending-list rules
 * (the server's own billing rules, from @fleetdesk/contract), and joins the pending list; Submit sends the whole list with POST /api/bookings/{bid}/billing and one
 * Idempotency-Key per submission (a retry of the same list reuses it).
 */
export function BillingDialog({ booking, prefill, onClose }: BillingDialogProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const formId = useId();
  const payment = booking.payment ?? null;
  const currency = payment?.currency ?? booking.contract.currency;
  const money = (amount: number) => format.money(amount, currency);
  const vatRate = vatRateOf(booking);
  // The server's decision (Booking.abilities.credit), never re-derived here.
  const creditAllowed = booking.abilities.credit.allowed;
  const initialMode: BillingMode = prefill.mode === 'credit' && creditAllowed ? 'credit' : 'fee';
  const [mode, setMode] = useState<BillingMode>(initialMode);
  const [pending, setPending] = useState<PendingBillingItem[]>([]);
  const [refusal, setRefusal] = useState<PendingItemRefusal | null>(null);
  const [confirming, setConfirming] = useState<PendingBillingItem | null>(null);
  const submission = useRef<{ signature: string; key: string } | null>(null);
  const nextId = useRef(0);
  const billing = useAddBilling(booking.bid);

  const resolver = useMemo(() => zodResolver(billingFormSchema(t, { payment, vatRate })), [t, payment, vatRate]);
  const { control, handleSubmit, reset, watch, setValue, formState } = useForm<BillingFormValues>({
    resolver,
    defaultValues: {
      ...emptyValues(initialMode),
      ...(initialMode === 'fee' && prefill.type && prefill.type !== CREDITING ? { type: prefill.type } : {}),
      amount: prefill.amount !== undefined ? String(prefill.amount) : '',
      includeVat: Boolean(prefill.vatIncluded) && vatRate !== null,
      comment: prefill.comment ?? '',
    },
  });
  const { errors } = formState;
  const type = watch('type');
  const amount = parseAmount(watch('amount'));
  const includeVat = watch('includeVat');
  const publicCommentLength = watch('publicComment').trim().length;
  const publicCommentLimited = type === 'OTHER' || type === CREDITING;
  const netPreview = amount !== null && !Number.isNaN(amount) && amount > 0 ? amountWithoutVat(amount, includeVat, vatRate) : null;

  const switchMode = (next: BillingMode) => {
    setMode(next);
    setRefusal(null);
    setValue('type', next === 'credit' ? CREDITING : '', { shouldValidate: false });
  };

  const join = (item: PendingBillingItem) => {
    setPending((list) => [...list, item]);
    setRefusal(null);
    reset({ ...emptyValues(mode) });
  };

  const addToList = handleSubmit((values) => {
    nextId.current += 1;
    const item = toPendingItem(values, vatRate, `pending-${nextId.current}`);
    const check = checkPendingItem(item, pending, {
      payment,
      estimatedPriceWithoutVat: booking.estimatedPriceWithoutVat,
    });
    if (check.outcome === 'refused') setRefusal(check.message);
    else if (check.outcome === 'confirm') setConfirming(item);
    else join(item);
  });

  const submit = () => {
    if (pending.length === 0) return;
    const items = toBillingRequest(pending);
    const signature = JSON.stringify(items);
    if (submission.current?.signature !== signature) submission.current = { signature, key: newIdempotencyKey() };
    billing.mutate({ items, idempotencyKey: submission.current.key }, { onSuccess: onClose });
  };

  const typeLabel = (value: string) => t(`bookingCard.feeType.${value as (typeof FEE_TYPES)[number]}`);
  const vatLabel =
    vatRate !== null
      ? t('bookingCard.billing.includeVat', { rate: format.number(vatRate * 100, (vatRate * 100) % 1 === 0 ? 0 : 1) })
      : t('bookingCard.billing.includeVatUnknown');

  return (
    <Dialog open onClose={billing.isPending ? undefined : onClose} fullWidth maxWidth="sm" aria-labelledby={`${formId}-title`}>
      <DialogTitle id={`${formId}-title`}>
        {t(mode === 'credit' ? 'bookingCard.billing.titleCredit' : 'bookingCard.billing.titleFee', { bid: booking.bid })}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 0.5 }}>
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
            <Typography id={`${formId}-mode`} variant="body2" color="text.secondary">
              {t('bookingCard.billing.kind')}
            </Typography>
            <ToggleButtonGroup
              exclusive
              size="small"
              color="primary"
              value={mode}
              onChange={(_event, next: BillingMode | null) => next && switchMode(next)}
              aria-labelledby={`${formId}-mode`}
            >
              <ToggleButton value="fee" sx={{ px: 1.5, py: 0.25 }}>
                {t('bookingCard.billing.modeFee')}
              </ToggleButton>
              <ToggleButton value="credit" disabled={!creditAllowed} sx={{ px: 1.5, py: 0.25 }}>
                {t('bookingCard.billing.modeCredit')}
              </ToggleButton>
            </ToggleButtonGroup>
          </Stack>
          {!creditAllowed && (
            <FormHelperText sx={{ mt: -1 }} data-testid="credit-disabled-reason">
              {t('bookingCard.billing.creditNeedsTotal')}
            </FormHelperText>
          )}

          <Box component="form" id={formId} noValidate onSubmit={(event) => void addToList(event)}>
            <Stack spacing={2}>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                {mode === 'fee' ? (
                  <Controller
                    name="type"
                    control={control}
                    render={({ field }) => (
                      <TextField
                        {...field}
                        select
                        required
                        fullWidth
                        autoFocus={!prefill.type}
                        label={t('bookingCard.billing.feeType')}
                        error={Boolean(errors.type)}
                        helperText={errors.type?.message}
                      >
                        {FEE_TYPES.map((option) => (
                          <MenuItem key={option} value={option}>
                            {typeLabel(option)}
                          </MenuItem>
                        ))}
                      </TextField>
                    )}
                  />
                ) : (
                  <TextField
                    fullWidth
                    label={t('bookingCard.billing.feeType')}
                    value={typeLabel(CREDITING)}
                    slotProps={{ input: { readOnly: true } }}
                  />
                )}
                <FormTextField
                  control={control}
                  name="amount"
                  required
                  autoFocus={Boolean(prefill.type) || mode === 'credit'}
                  label={t(mode === 'credit' ? 'bookingCard.billing.creditAmount' : 'bookingCard.billing.amount')}
                  helperText={
                    netPreview !== null
                      ? t('bookingCard.billing.sentWithoutVat', { amount: money(mode === 'credit' ? -netPreview : netPreview) })
                      : ' '
                  }
                  slotProps={{
                    htmlInput: { inputMode: 'decimal', autoComplete: 'off' },
                    input: { endAdornment: <InputAdornment position="end">{currency}</InputAdornment> },
                  }}
                />
              </Stack>
              <Controller
                name="includeVat"
                control={control}
                render={({ field }) => (
                  <FormControlLabel
                    sx={{ mt: -1 }}
                    disabled={vatRate === null}
                    control={<Checkbox checked={field.value} onChange={(event) => field.onChange(event.target.checked)} onBlur={field.onBlur} />}
                    label={vatLabel}
                  />
                )}
              />
              <FormTextField
                control={control}
                name="publicComment"
                required={type === 'OTHER'}
                label={t('bookingCard.billing.publicComment')}
                helperText={
                  publicCommentLimited
                    ? t('bookingCard.billing.publicCommentHelpLimited', { len: publicCommentLength, max: PAYMENT_LIMITS.PUBLIC_COMMENT_MAX })
                    : t('bookingCard.billing.publicCommentHelp')
                }
              />
              <FormTextField
                control={control}
                name="comment"
                multiline
                minRows={2}
                label={t('bookingCard.billing.comment')}
                helperText={t('bookingCard.billing.commentHelp')}
              />
              {refusal && (
                <Alert severity="error" role="alert" onClose={() => setRefusal(null)} data-testid="billing-refusal">
                  {t(`messages.${refusal}`)}
                </Alert>
              )}
              <Box>
                <Button type="submit" variant="outlined" startIcon={<AddIcon />} disabled={billing.isPending}>
                  {t(mode === 'credit' ? 'bookingCard.billing.addCreditToList' : 'bookingCard.billing.addFeeToList')}
                </Button>
              </Box>
            </Stack>
          </Box>

          <Divider />
          <Box>
            <Typography variant="subtitle2" component="h3" id={`${formId}-pending`}>
              {t('bookingCard.billing.pendingTitle', { count: pending.length })}
            </Typography>
            {pending.length === 0 ? (
              <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                {t('bookingCard.billing.pendingEmpty')}
              </Typography>
            ) : (
              <List dense aria-labelledby={`${formId}-pending`} data-testid="billing-pending">
                {pending.map((item) => (
                  <ListItem
                    key={item.id}
                    divider
                    secondaryAction={
                      <Tooltip title={t('bookingCard.billing.removeFromList')}>
                        <IconButton
                          edge="end"
                          aria-label={t('bookingCard.billing.removeItem', { type: typeLabel(item.type) })}
                          disabled={billing.isPending}
                          onClick={() => {
                            setPending((list) => list.filter((entry) => entry.id !== item.id));
                            setRefusal(null);
                          }}
                        >
                          <DeleteOutlineIcon fontSize="small" />
                        </IconButton>
                      </Tooltip>
                    }
                  >
                    <ListItemText
                      primary={
                        <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', pr: 2 }}>
                          <span>{typeLabel(item.type)}</span>
                          <Box component="span" sx={{ fontWeight: 600, color: item.value < 0 ? 'success.main' : 'text.primary' }}>
                            {money(item.value)}
                          </Box>
                        </Stack>
                      }
                      secondary={[
                        item.vatIncluded
                          ? t('bookingCard.billing.enteredWithVat', { amount: money(item.enteredAmount) })
                          : t('bookingCard.billing.withoutVat'),
                        item.publicComment,
                        item.comment,
                      ]
                        .filter(Boolean)
                        .join(' · ')}
                    />
                  </ListItem>
                ))}
              </List>
            )}
          </Box>
        </Stack>
      </DialogContent>
      <DialogActionsBar
        onClose={onClose}
        onSubmit={submit}
        pending={billing.isPending}
        disabled={pending.length === 0}
        submitLabel={t('bookingCard.billing.submit', { count: pending.length })}
      />
      {confirming && (
        <ConfirmDialog
          title={t('bookingCard.billing.confirmTitle')}
          message={t('messages.creditAboveEstimate')}
          confirmLabel={t('bookingCard.billing.confirmAdd')}
          onConfirm={() => {
            join(confirming);
            setConfirming(null);
          }}
          onClose={() => setConfirming(null)}
        />
      )}
    </Dialog>
  );
}
