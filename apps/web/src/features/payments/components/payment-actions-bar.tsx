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
import type { Payment, PaymentType } from '@fleetdesk/contract';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { usePaymentActions } from '../api/use-payment-actions';
import { paymentActions, replacementTypes, type ActionAvailability, type PaymentActionKind } from '../payment-action-rules';

export interface PaymentActionsBarProps {
  payment: Payment;
  /** The booking the payment belongs to (a booking payment's type switch goes through the booking). */
  bid: string | null;
  /** Whether the customer has a registered card (§4: switching type needs one). */
  hasRegisteredCard: boolean;
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

/** Actions that cannot be undone ask first. */
const CONFIRMED: ReadonlySet<PaymentActionKind> = new Set(['release', 'cancelEventPayment']);

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
 * The §4 actions of one payment. Only the steps that apply are offered; release, type switching and event-payment
 * cancelling show disabled with a tooltip saying why. Each button shows its own loading state while its request runs.
 */
export function PaymentActionsBar({ payment, bid, hasRegisteredCard, onChanged }: PaymentActionsBarProps) {
  const { t } = useTranslation();
  const { run, pendingKind, isPending } = usePaymentActions({ onChanged });
  const [confirming, setConfirming] = useState<PaymentActionKind | null>(null);
  const [replacing, setReplacing] = useState(false);
  const [replaceType, setReplaceType] = useState<PaymentType | null>(null);
  const actions = paymentActions(payment, hasRegisteredCard);
  const replaceTypes = replacementTypes(payment.type);
  const titleId = `payment-replace-title-${payment.orderId}`;

  const start = (kind: PaymentActionKind) => {
    if (kind === 'replace') {
      setReplaceType(replaceTypes[0] ?? null);
      setReplacing(true);
    } else if (CONFIRMED.has(kind)) setConfirming(kind);
    else run({ kind, payment, bid });
  };

  const button = (action: ActionAvailability) => {
    const label = actionLabel(action.kind, payment, t);
    const element = (
      <Button
        key={action.kind}
        size="small"
        variant={action.kind === 'markInvoicePaid' || action.kind === 'retry' ? 'contained' : 'outlined'}
        color={action.kind === 'release' || action.kind === 'cancelEventPayment' ? 'error' : 'primary'}
        startIcon={ICONS[action.kind]}
        disabled={!action.enabled || (isPending && pendingKind !== action.kind)}
        loading={pendingKind === action.kind}
        loadingPosition="start"
        onClick={() => start(action.kind)}
      >
        {label}
      </Button>
    );
    if (action.enabled) return element;
    // A disabled button gets no pointer events: the tooltip listens on its wrapper, which is focusable for keyboards.
    return (
      <Tooltip key={action.kind} title={t(`payments.disabledReason.${action.reason}`)}>
        <span tabIndex={0} aria-label={`${label}: ${t(`payments.disabledReason.${action.reason}`)}`}>
          {element}
        </span>
      </Tooltip>
    );
  };

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
            <RadioGroup
              aria-labelledby={`${titleId}-type`}
              value={replaceType ?? ''}
              onChange={(e) => setReplaceType(e.target.value as PaymentType)}
            >
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
      <Dialog open={confirming !== null} onClose={() => setConfirming(null)} aria-labelledby="payment-confirm-title">
        <DialogTitle id="payment-confirm-title">
          {confirming === 'release'
            ? t('payments.confirm.releaseTitle', { orderId: payment.orderId })
            : t('payments.confirm.cancelTitle', { orderId: payment.orderId })}
        </DialogTitle>
        <DialogContent>
          <DialogContentText>
            {confirming === 'release' ? t('payments.confirm.releaseBody') : t('payments.confirm.cancelBody')}
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(null)}>{t('payments.confirm.back')}</Button>
          <Button
            color="error"
            variant="contained"
            onClick={() => {
              if (confirming) run({ kind: confirming, payment, bid });
              setConfirming(null);
            }}
          >
            {t('payments.confirm.confirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
