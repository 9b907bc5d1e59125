import { useState, type ReactElement } from 'react';
import CancelIcon from '@mui/icons-material/DoNotDisturbOn';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import MarkEmailReadIcon from '@mui/icons-material/MarkEmailRead';
import PaidIcon from '@mui/icons-material/Paid';
import ReplayIcon from '@mui/icons-material/Replay';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import PublishedWithChangesIcon from '@mui/icons-material/PublishedWithChanges';
import UndoIcon from '@mui/icons-material/Undo';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { isAbilityShown, PAYMENT_ABILITY_KEYS, type Payment, type PaymentType } from '@fleetdesk/contract';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useFormat } from '@/lib/format/use-format';
import { abilityReasonText } from '@/lib/abilities/ability-text';
import { usePaymentActions } from '../api/use-payment-actions';
import { replacementTypes, type PaymentActionKind } from '../payment-action-rules';

export interface PaymentActionsBarProps {
  payment: Payment;
  /** The booking the payment belongs to (a booking payment's type switch goes through the booking). */
  bid: string | null;
  onChanged?: (payment: Payment) => void;
}

const ICONS: Record<PaymentActionKind, ReactElement> = {
  markInvoiceSent: <MarkEmailReadIcon />,
  markInvoicePaid: <PaidIcon />,
  markInvoiceUnpaid: <UndoIcon />,
  retry: <ReplayIcon />,
  release: <LockOpenIcon />,
  switchType: <SwapHorizIcon />,
  replace: <PublishedWithChangesIcon />,
  cancelEventPayment: <CancelIcon />,
};

/** Actions that end a payment: red, behind a confirmation with a reason (issue 17). */
const DESTRUCTIVE: ReadonlySet<PaymentActionKind> = new Set(['release', 'cancelEventPayment']);
/** Actions that move money or a customer's status: they ask first, naming the payment, the customer and the amount. */
const CONFIRMED = ['markInvoicePaid', 'markInvoiceUnpaid', 'retry', 'switchType', 'release', 'cancelEventPayment'] as const;
type ConfirmedKind = (typeof CONFIRMED)[number];
const isConfirmed = (kind: PaymentActionKind): kind is ConfirmedKind => (CONFIRMED as readonly PaymentActionKind[]).includes(kind);
/** The longest reason the server keeps. */
const REASON_MAX = 500;

function actionLabel(kind: PaymentActionKind, payment: Payment, t: TFunction): string {
  switch (kind) {
    case 'retry':
      return payment.status === 'ABANDONED' ? t('payments.actions.revive') : t('payments.actions.retry');
    case 'switchType':
      return payment.type === 'CREDITCARD' ? t('payments.actions.switchToInvoice') : t('payments.actions.switchToCard');
    default:
      return t(`payments.actions.${kind}`);
  }
}

/**
 * The §4 actions of one payment, drawn from the abilities the server sent with it (issue 16): an action that does not
 * apply is not offered; one refused with a reason is shown disabled, the reason in its tooltip and accessible name.
 * Every action that moves money or ends a payment asks first (issue 17); release and cancel need a reason. Each
 * button shows its own loading state while its request runs.
 */
export function PaymentActionsBar({ payment, bid, onChanged }: PaymentActionsBarProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const { run, pendingKind, isPending } = usePaymentActions({ onChanged });
  const [confirming, setConfirming] = useState<ConfirmedKind | null>(null);
  const [replacing, setReplacing] = useState(false);
  const [replaceType, setReplaceType] = useState<PaymentType | null>(null);
  const actions = PAYMENT_ABILITY_KEYS.filter((kind) => isAbilityShown(payment.abilities[kind]));
  const replaceTypes = replacementTypes(payment.type);
  const titleId = `payment-replace-title-${payment.orderId}`;

  const start = (kind: PaymentActionKind) => {
    if (kind === 'replace') {
      setReplaceType(replaceTypes[0] ?? null);
      setReplacing(true);
    } else if (isConfirmed(kind)) setConfirming(kind);
    else run({ kind, payment, bid });
  };

  const button = (kind: PaymentActionKind) => {
    const ability = payment.abilities[kind];
    const label = actionLabel(kind, payment, t);
    const element = (
      <Button
        key={kind}
        size="small"
        variant={kind === 'markInvoicePaid' || kind === 'retry' ? 'contained' : 'outlined'}
        color={DESTRUCTIVE.has(kind) ? 'error' : 'primary'}
        startIcon={ICONS[kind]}
        disabled={!ability.allowed || (isPending && pendingKind !== kind)}
        loading={pendingKind === kind}
        loadingPosition="start"
        onClick={() => start(kind)}
      >
        {label}
      </Button>
    );
    const why = abilityReasonText(ability, t);
    if (!why) return element;
    // A disabled button gets no pointer events: the tooltip listens on its wrapper, which is focusable for keyboards.
    return (
      <Tooltip key={kind} title={why}>
        <span tabIndex={0} aria-label={`${label}: ${why}`}>
          {element}
        </span>
      </Tooltip>
    );
  };

  const who = payment.username ?? t('payments.confirm.noCustomer');
  const amount = format.money(payment.totalPrice, payment.currency);

  return (
    <Box
      role="toolbar"
      aria-label={t('payments.actions.label', { orderId: payment.orderId })}
      data-testid="payment-actions"
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}
    >
      {actions.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('payments.actions.none')}
        </Typography>
      ) : (
        actions.map(button)
      )}
      <Dialog open={replacing} onClose={() => setReplacing(false)} aria-labelledby={titleId}>
        <DialogTitle id={titleId}>{t('payments.confirm.replaceTitle', { orderId: payment.orderId })}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{t('payments.confirm.replaceBody')}</DialogContentText>
          <FormControl>
            <FormLabel id={`${titleId}-type`}>{t('payments.confirm.replaceType')}</FormLabel>
            <RadioGroup aria-labelledby={`${titleId}-type`} value={replaceType ?? ''} onChange={(e) => setReplaceType(e.target.value as PaymentType)}>
              {replaceTypes.map((type) => (
                <FormControlLabel key={type} value={type} control={<Radio />} label={t(`payments.type.${type}`)} />
              ))}
            </RadioGroup>
          </FormControl>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setReplacing(false)}>{t('payments.confirm.back')}</Button>
          <Button
            variant="contained"
            disabled={!replaceType}
            onClick={() => {
              if (replaceType) run({ kind: 'replace', payment, bid, paymentType: replaceType });
              setReplacing(false);
            }}
          >
            {t('payments.confirm.replace')}
          </Button>
        </DialogActions>
      </Dialog>
      {confirming && (
        <ConfirmDialog
          title={t(`payments.confirm.${confirming}Title`, { orderId: payment.orderId })}
          message={t(`payments.confirm.${confirming}Message`, {
            orderId: payment.orderId,
            customer: who,
            amount,
            type: t(`payments.type.${payment.type}`),
          })}
          confirmLabel={actionLabel(confirming, payment, t)}
          destructive={DESTRUCTIVE.has(confirming)}
          {...(DESTRUCTIVE.has(confirming)
            ? { reason: { label: t('payments.confirm.reason'), maxLength: REASON_MAX, help: t('payments.confirm.reasonHelp') } }
            : {})}
          pending={isPending}
          onConfirm={(reason) => run({ kind: confirming, payment, bid, ...(reason ? { reason } : {}) }, { onSettled: () => setConfirming(null) })}
          onClose={() => setConfirming(null)}
        />
      )}
    </Box>
  );
}
