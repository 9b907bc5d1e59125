import { useState, type ReactNode } from 'react';
import type { Booking } from '@fleetdesk/contract';
import { BillingDialog } from './billing-dialog';
import type { BillingPrefill } from './billing-rules';
import { FixedPriceDialog } from './fixed-price-dialog';

type OpenPaymentDialog = { kind: 'billing'; prefill: BillingPrefill } | { kind: 'fixedPrice' } | null;

/**
 * The credit, add fee and fixed price dialogs, for whoever offers them (the booking menu, the Payment tab):
 * `open*` shows one, `dialogs` renders it.
 */
export function usePaymentDialogs(booking: Booking): {
  openBilling: (prefill: BillingPrefill) => void;
  openFixedPrice: () => void;
  dialogs: ReactNode;
} {
  const [open, setOpen] = useState<OpenPaymentDialog>(null);
  const close = () => setOpen(null);
  let dialogs: ReactNode = null;
  if (open?.kind === 'billing') dialogs = <BillingDialog booking={booking} prefill={open.prefill} onClose={close} />;
  if (open?.kind === 'fixedPrice') dialogs = <FixedPriceDialog booking={booking} onClose={close} />;
  return {
    openBilling: (prefill) => setOpen({ kind: 'billing', prefill }),
    openFixedPrice: () => setOpen({ kind: 'fixedPrice' }),
    dialogs,
  };
}
