import { useEffect, useReducer, type ReactNode } from 'react';
import CheckCircleIcon from '@mui/icons-material/CheckCircleOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import {
  PAYMENT_AUTH_POLL_MS,
  PAYMENT_AUTH_TIMEOUT_MS,
  type Booking,
  type BookingCreateRequest,
  type ErrorEnvelope,
} from '@fleetdesk/contract';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/lib/api/api-error';
import { notifySuccess } from '@/lib/notifications/notify';
import { useCancelCreatedBooking, useConvertToInvoice, useCreateBooking } from '../../api/booking-form-api';
import { bookingQueryOptions } from '../../api/booking-query';
import { BookingSummary, type SummaryRow } from './booking-summary';
import {
  classifyCreateFailure,
  createDialogReducer,
  initialCreateDialogState,
  needsAuthorisation,
} from './create-dialog-state';

export interface BookingCreateDialogProps {
  open: boolean;
  /** The request to send, built when the dialog opens. */
  request: BookingCreateRequest | null;
  summary: readonly SummaryRow[];
  /** Back to the form (nothing was created, or the new booking was cancelled). */
  onClose: () => void;
  /** Go to the new booking. */
  onCreated: (booking: Booking) => void;
  /** The server refused the booking with errors that cannot be overridden: the form shows them. */
  onRejected: (envelope: ErrorEnvelope) => void;
  /** Offer 'Convert to invoice' after the authorisation timed out. */
  canConvertToInvoice?: boolean;
}

const DIALOG_TITLE_ID = 'booking-create-dialog-title';

/** The creation dialog of spec §4 (see create-dialog-state for the steps). */
export function BookingCreateDialog(props: BookingCreateDialogProps) {
  // A fresh machine each time the dialog opens.
  return props.open ? <OpenCreateDialog {...props} /> : null;
}

function OpenCreateDialog({ request, summary, onClose, onCreated, onRejected, canConvertToInvoice = false }: BookingCreateDialogProps) {
  const { t } = useTranslation();
  const [state, dispatch] = useReducer(createDialogReducer, initialCreateDialogState);
  const create = useCreateBooking();
  const cancel = useCancelCreatedBooking();
  const convert = useConvertToInvoice();

  const booking = 'booking' in state ? state.booking : null;
  const polling = state.step === 'waiting';
  const poll = useQuery({
    ...bookingQueryOptions(booking?.bid ?? ''),
    enabled: polling && booking !== null,
    refetchInterval: polling ? PAYMENT_AUTH_POLL_MS : false,
    meta: { notifyErrors: false },
  });
  const polled = poll.data;
  useEffect(() => {
    if (polled) dispatch({ type: 'POLLED', booking: polled });
  }, [polled]);

  const waitingBid = state.step === 'waiting' ? state.booking.bid : null;
  useEffect(() => {
    if (waitingBid === null) return undefined;
    const timer = setTimeout(() => dispatch({ type: 'TIMED_OUT' }), PAYMENT_AUTH_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [waitingBid]);

  const submit = (override: boolean) => {
    if (!request) return;
    create.mutate(
      { ...request, ignoreRules: request.ignoreRules || override },
      {
        onSuccess: (created) => {
          notifySuccess(t('messages.bookingCreated'));
          if (needsAuthorisation(created)) dispatch({ type: 'NEEDS_AUTHORISATION', booking: created });
          else onCreated(created);
        },
        onError: (error) => {
          const failure = classifyCreateFailure(error);
          if (failure.kind === 'override') dispatch({ type: 'OVERRIDABLE', errors: failure.errors });
          else if (failure.kind === 'close') onRejected(failure.envelope);
          else {
            if (!isApiError(error)) console.error(error);
            dispatch({ type: 'FAILED', message: failure.message ?? t('messages.failedToCreateBooking') });
          }
        },
      },
    );
  };

  const cancelBooking = (bid: string) =>
    cancel.mutate(
      { bid, reason: t('bookingForm.dialog.cancelReason') },
      {
        onSuccess: () => {
          notifySuccess(t('messages.bookingCancelled'));
          onClose();
        },
      },
    );

  const convertToInvoice = (bid: string) =>
    convert.mutate(
      { bid, paymentType: 'USER_INVOICE' },
      {
        onSuccess: () => {
          notifySuccess(t('messages.convertedToInvoice'));
          dispatch({ type: 'CONVERTED' });
        },
      },
    );

  const busy = create.isPending || cancel.isPending || convert.isPending;
  const spinner = (on: boolean) => (on ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined);
  // Escape and the backdrop go back to the form only while nothing has been created.
  const dismissible = (state.step === 'confirm' || state.step === 'override') && !busy;

  let title: string;
  let content: ReactNode;
  let actions: ReactNode;
  switch (state.step) {
    case 'confirm':
    case 'override': {
      const override = state.step === 'override';
      title = override ? t('bookingForm.dialog.overrideTitle') : t('bookingForm.dialog.confirmTitle');
      content = (
        <Stack spacing={2}>
          {override && (
            <Alert severity="warning">
              <AlertTitle>{t('bookingForm.dialog.overrideIntro')}</AlertTitle>
              <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
                {state.errors.map((item, index) => (
                  <li key={`${item.ruleName ?? ''}-${index}`}>{item.message}</li>
                ))}
              </Box>
            </Alert>
          )}
          {!override && (
            <Typography variant="body2" color="text.secondary">
              {t('bookingForm.dialog.confirmIntro')}
            </Typography>
          )}
          <BookingSummary rows={summary} />
          {override && (
            <FormControlLabel
              control={
                <Checkbox
                  checked={state.ticked}
                  onChange={(event) => dispatch({ type: 'TOGGLE_OVERRIDE', ticked: event.target.checked })}
                  disabled={busy}
                />
              }
              label={t('bookingForm.dialog.overrideTick')}
            />
          )}
          {state.error && (
            <Alert severity="error" role="alert">
              {state.error}
            </Alert>
          )}
        </Stack>
      );
      actions = (
        <>
          <Button onClick={onClose} disabled={busy}>
            {t('bookingForm.dialog.back')}
          </Button>
          <Button
            variant="contained"
            onClick={() => submit(override)}
            disabled={busy || !request || (override && !state.ticked)}
            endIcon={spinner(create.isPending)}
          >
            {override ? t('bookingForm.dialog.confirmOverride') : t('bookingForm.dialog.confirm')}
          </Button>
        </>
      );
      break;
    }
    case 'waiting':
      title = t('bookingForm.dialog.waitingTitle');
      content = (
        <Stack spacing={2} role="status" aria-live="polite">
          <LinearProgress aria-label={t('bookingForm.dialog.waitingTitle')} />
          <Typography variant="body2">{t('bookingForm.dialog.waitingBody', { bid: state.booking.bid })}</Typography>
          <Typography variant="caption" color="text.secondary">
            {t('bookingForm.dialog.waitingHint', { seconds: PAYMENT_AUTH_POLL_MS / 1000, minutes: PAYMENT_AUTH_TIMEOUT_MS / 60_000 })}
          </Typography>
        </Stack>
      );
      actions = (
        <Button variant="outlined" onClick={() => onCreated(state.booking)}>
          {t('bookingForm.dialog.openBooking')}
        </Button>
      );
      break;
    case 'timeout': {
      const bid = state.booking.bid;
      title = t('bookingForm.dialog.timeoutTitle');
      content = (
        <Stack spacing={2}>
          <Alert severity="warning" role="status">
            <AlertTitle>{t('messages.paymentAuthorisationTimedOut')}</AlertTitle>
            {canConvertToInvoice ? t('bookingForm.dialog.timeoutBodyWithInvoice', { bid }) : t('bookingForm.dialog.timeoutBody', { bid })}
          </Alert>
        </Stack>
      );
      actions = (
        <>
          <Button color="error" onClick={() => cancelBooking(bid)} disabled={busy} endIcon={spinner(cancel.isPending)}>
            {t('bookingForm.dialog.cancelBooking')}
          </Button>
          {canConvertToInvoice && (
            <Button onClick={() => convertToInvoice(bid)} disabled={busy} endIcon={spinner(convert.isPending)}>
              {t('bookingForm.dialog.convertToInvoice')}
            </Button>
          )}
          <Button variant="contained" onClick={() => onCreated(state.booking)} disabled={busy}>
            {t('bookingForm.dialog.close')}
          </Button>
        </>
      );
      break;
    }
    case 'complete':
    case 'converted':
      title = state.step === 'complete' ? t('bookingForm.dialog.completeTitle') : t('bookingForm.dialog.convertedTitle');
      content = (
        <Alert severity="success" icon={<CheckCircleIcon />} role="status">
          {state.step === 'complete' ? t('bookingForm.dialog.completeBody', { bid: state.booking.bid }) : t('messages.convertedToInvoice')}
        </Alert>
      );
      actions = (
        <Button variant="contained" onClick={() => onCreated(state.booking)} autoFocus>
          {t('bookingForm.dialog.openBooking')}
        </Button>
      );
      break;
    case 'failure':
      title = t('bookingForm.dialog.failureTitle');
      content = (
        <Alert severity="error" role="alert">
          {t('bookingForm.dialog.failureBody', { bid: state.booking.bid })}
        </Alert>
      );
      actions = (
        <>
          <Button onClick={() => onCreated(state.booking)}>{t('bookingForm.dialog.openBooking')}</Button>
          <Button variant="contained" onClick={onClose} autoFocus>
            {t('bookingForm.dialog.backToForm')}
          </Button>
        </>
      );
      break;
  }

  return (
    <Dialog
      open
      onClose={() => {
        if (dismissible) onClose();
      }}
      aria-labelledby={DIALOG_TITLE_ID}
      fullWidth
      maxWidth="sm"
    >
      <DialogTitle id={DIALOG_TITLE_ID}>{title}</DialogTitle>
      <DialogContent dividers>{content}</DialogContent>
      <DialogActions sx={{ px: 3, py: 1.5 }}>{actions}</DialogActions>
    </Dialog>
  );
}
