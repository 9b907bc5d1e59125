import { useId, useMemo } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import { zodResolver } from '@hookform/resolvers/zod';
import { parseAmount, type Booking } from '@fleetdesk/contract';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '@/components/form-text-field';
import { useFormat } from '@/lib/format/use-format';
import { useFixedPrice } from '../../../api/booking-billing-api';
import { DialogActionsBar } from '../dialog-actions-bar';
import { FIXED_PRICE_COMMENT_MAX, fixedPriceFormSchema, type FixedPriceFormValues } from './fixed-price-form';

interface FixedPriceDialogProps {
  booking: Booking;
  onClose: () => void;
}

/**
 * The fixed price form (§5): POST when the booking has none, PUT to change it, DELETE to remove it. The price is
 * without VAT; it replaces the computed price lines when the booking ends.
 */
export function FixedPriceDialog({ booking, onClose }: FixedPriceDialogProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const formId = useId();
  const current = booking.fixedPrice ?? null;
  const currency = booking.payment?.currency ?? booking.contract.currency;
  const fixedPrice = useFixedPrice(booking.bid);
  const resolver = useMemo(() => zodResolver(fixedPriceFormSchema(t)), [t]);
  const { control, handleSubmit, watch } = useForm<FixedPriceFormValues>({
    resolver,
    defaultValues: { price: current ? String(current.price) : '', comment: current?.comment ?? '' },
  });
  const commentLength = watch('comment').trim().length;

  const save = handleSubmit((values) => {
    const price = parseAmount(values.price) ?? 0;
    const comment = values.comment.trim() || null;
    fixedPrice.mutate({ kind: current ? 'change' : 'set', price, comment }, { onSuccess: onClose });
  });

  return (
    <Dialog open onClose={fixedPrice.isPending ? undefined : onClose} fullWidth maxWidth="xs" aria-labelledby={`${formId}-title`}>
      <DialogTitle id={`${formId}-title`}>{t('bookingCard.fixedPrice.title', { bid: booking.bid })}</DialogTitle>
      <DialogContent>
        <DialogContentText variant="body2" sx={{ mb: 2 }}>
          {current ? t('bookingCard.fixedPrice.introCurrent', { price: format.money(current.price, currency) }) : t('bookingCard.fixedPrice.intro')}
        </DialogContentText>
        <Stack component="form" id={formId} noValidate spacing={2} onSubmit={(event) => void save(event)}>
          <FormTextField
            control={control}
            name="price"
            required
            autoFocus
            label={t('bookingCard.fixedPrice.price')}
            helperText={t('bookingCard.fixedPrice.priceHelp')}
            slotProps={{
              htmlInput: { inputMode: 'decimal', autoComplete: 'off' },
              input: { endAdornment: <InputAdornment position="end">{currency}</InputAdornment> },
            }}
          />
          <FormTextField
            control={control}
            name="comment"
            multiline
            minRows={2}
            label={t('bookingCard.fixedPrice.comment')}
            helperText={t('bookingCard.dialogs.reasonHelp', { len: commentLength, max: FIXED_PRICE_COMMENT_MAX })}
          />
        </Stack>
      </DialogContent>
      <Stack direction="row" sx={{ alignItems: 'center', pl: 2 }}>
        {current && (
          <Button color="error" disabled={fixedPrice.isPending} onClick={() => fixedPrice.mutate({ kind: 'remove' }, { onSuccess: onClose })}>
            {t('bookingCard.fixedPrice.remove')}
          </Button>
        )}
        <Stack sx={{ flexGrow: 1 }}>
          <DialogActionsBar
            onClose={onClose}
            form={formId}
            pending={fixedPrice.isPending}
            submitLabel={current ? t('bookingCard.fixedPrice.change') : t('bookingCard.fixedPrice.set')}
          />
        </Stack>
      </Stack>
    </Dialog>
  );
}
