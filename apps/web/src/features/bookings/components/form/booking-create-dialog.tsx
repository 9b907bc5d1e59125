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
  BOOKING_REASON_MAX_LENGTH,
  PAYMENT_AUTH_POLL_MS,
  PAYMENT_AUTH_TIMEOUT_MS,
  type Booking,
  type BookingCreateRequest,
  type ErrorEnvelope,
} from '@fleetdesk/contract';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { isApiError } from '@/lib/api/api-error';
import { useFormat } from '@/lib/format/use-format';
import { whileStreamDown } from '@/lib/live/live-state';
import { envelopeToNotifications } from '@/lib/notifications/error-notifications';
import { serverMessageText } from '@/lib/i18n/server-message';
import { notifySuccess } from '@/lib/notifications/notify';
import { useCancelCreatedBooking, useConvertToInvoice, useCreateBooking } from '../../api/booking-form-api';
import { bookingQueryOptions } from '../../api/booking-query';
import { BookingSummary, type SummaryRow } from './booking-summary';
import {
  authorisationFailure,
  classifyCreateFailure,
  createDialogReducer,
  initialCreateDialogState,
  needsAuthorisation,
  type AuthorisationFailure,
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
  /** Offer 'Convert to invoice' while the card payment is not authorised (where the payment's switch ability allows it). */
  canConvertToInvoice?: boolean;
}

const DIALOG_TITLE_ID = 'booking-create-dialog-title';

/** What the dialog offers on a created booking: only what the server's abilities allow (GUIDE §3.2). */
export function createdBookingOffers(booking: Booking, canConvertToInvoice: boolean): { cancel: boolean; convert: boolean } {
  const payment = booking.payment ?? null;
  return {
    cancel: booking.abilities.cancel.allowed,
    convert: canConvertToInvoice && payment?.type === 'CREDITCARD' && payment.abilities.switchType.allowed,
  };
}

const customerOf = (booking: Booking) => booking.user?.fullNameLastFirst ?? booking.user?.username ?? '–';

/** The §4 failure state: what failed and why, naming the booking and the customer. */
function FailureAlert({ booking, failure }: { booking: Booking; failure: AuthorisationFailure }) {
  const { t } = useTranslation();
  const names = { bid: booking.bid, customer: customerOf(booking) };
  let heading: string;
  let body: string;
  switch (failure.reason) {
    case 'ABANDONED':
      heading = t('bookingForm.dialog.failureAbandoned');
      body = t('bookingForm.dialog.failureNotConfirmed', { ...names, orderId: failure.orderId ?? '–' });
      break;
    case 'RESERVATION_FAILED':
      heading = failure.code ? t(`paymentErrors.${failure.code}`) : t('messages.generalPaymentError');
      body = t('bookingForm.dialog.failureNotConfirmed', { ...names, orderId: failure.orderId ?? '–' });
      heading = t('bookingForm.dialog.failureReservation', { reason: heading });
      break;
    case 'CANCELLED':
      heading = t('bookingForm.dialog.failureCancelled');
      body = t('bookingForm.dialog.failureBody', names);
      break;
  }
  return (
    <Alert severity="error" role="alert">
      <AlertTitle>{heading}</AlertTitle>
      {body}
    </Alert>
  );
}

/** The creation dialog of spec §4 (see create-dialog-state for the steps). */
export function BookingCreateDialog(props: BookingCreateDialogProps) {
  // A fresh machine each time the dialog opens.
  return props.open ? <OpenCreateDialog {...props} /> : null;
}

function OpenCreateDialog({ request, summary, onClose, onCreated, onRejected, canConvertToInvoice = false }: BookingCreateDialogProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const [state, dispatch] = useReducer(createDialogReducer, initialCreateDialogState);
  const create = useCreateBooking();
  const cancel = useCancelCreatedBooking();
  const convert = useConvertToInvoice();

  const booking = 'booking' in state ? state.booking : null;
  const polling = state.step === 'waiting';
  const poll = useQuery({
    ...bookingQueryOptions(booking?.bid ?? ''),
    enabled: polling && booking !== null,
    // The authorisation's event (with the bid) refreshes the booking through the live stream; polled only while it is down.
    refetchInterval: polling ? whileStreamDown(PAYMENT_AUTH_POLL_MS) : false,
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
          if (needsAuthorisation(created) || authorisationFailure(created)) dispatch({ type: 'CREATED', booking: created });
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

  /** A refused cancel or conversion (e.g. 409: the customer authorised meanwhile): say why, and read the booking again. */
  const actionFailed = (error: unknown) => {
    if (!isApiError(error)) console.error(error);
    const message = isApiError(error)
      ? envelopeToNotifications(error.envelope, t)
          .map((notification) => notification.message)
          .join(' ')
      : t('messages.genericError');
    dispatch({ type: 'ACTION_FAILED', message });
    void poll.refetch().then((result) => {
      if (result.data) dispatch({ type: 'POLLED', booking: result.data });
    });
  };

  const cancelBooking = (bid: string, reason: string) =>
    cancel.mutate(
      { bid, reason },
      {
        onSuccess: () => {
          notifySuccess(t('messages.bookingCancelled'));
          onClose();
        },
        onError: actionFailed,
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
        onError: actionFailed,
      },
    );

  const busy = create.isPending || cancel.isPending || convert.isPending;
  const spinner = (on: boolean) => (on ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined);
  // Escape and the backdrop go back to the form only while nothing has been created.
  const dismissible = (state.step === 'confirm' || state.step === 'override') && !busy;

  let title: string;
  let content: ReactNode;
  let actions: ReactNode;
  let confirmation: ReactNode = null;
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
                  <li key={`${item.ruleName ?? ''}-${index}`}>{serverMessageText(item, t)}</li>
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
    case 'timeout':
    case 'failure': {
      const created = state.booking;
      const bid = created.bid;
      const offers = createdBookingOffers(created, canConvertToInvoice);
      title =
        state.step === 'waiting'
          ? t('bookingForm.dialog.waitingTitle')
          : state.step === 'timeout'
            ? t('bookingForm.dialog.timeoutTitle')
            : t('bookingForm.dialog.failureTitle');
      content = (
        <Stack spacing={2}>
          {state.step === 'waiting' && (
            <Stack spacing={2} role="status" aria-live="polite">
              <LinearProgress aria-label={t('bookingForm.dialog.waitingTitle')} />
              <Typography variant="body2">{t('bookingForm.dialog.waitingBody', { bid })}</Typography>
              <Typography variant="caption" color="text.secondary">
                {t('bookingForm.dialog.waitingHint', { seconds: PAYMENT_AUTH_POLL_MS / 1000, minutes: PAYMENT_AUTH_TIMEOUT_MS / 60_000 })}
              </Typography>
            </Stack>
          )}
          {state.step === 'timeout' && (
            <Alert severity="warning" role="status">
              <AlertTitle>{t('messages.paymentAuthorisationTimedOut')}</AlertTitle>
              {t('bookingForm.dialog.timeoutBody', { bid })}
            </Alert>
          )}
          {state.step === 'failure' && <FailureAlert booking={created} failure={state.failure} />}
          {(offers.cancel || offers.convert) && state.step !== 'failure' && (
            <Typography variant="body2" color="text.secondary">
              {t('bookingForm.dialog.whileWaiting')}
            </Typography>
          )}
          {state.error && (
            <Alert severity="error" role="alert" onClose={() => dispatch({ type: 'DISMISS_ERROR' })} closeText={t('bookingForm.dialog.dismiss')}>
              <AlertTitle>{t('bookingForm.dialog.actionFailed')}</AlertTitle>
              {state.error}
            </Alert>
          )}
        </Stack>
      );
      actions = (
        <>
          {offers.cancel && (
            <Button color="error" onClick={() => dispatch({ type: 'ASK', action: 'cancel' })} disabled={busy} endIcon={spinner(cancel.isPending)}>
              {t('bookingForm.dialog.cancelBooking')}
            </Button>
          )}
          {offers.convert && (
            <Button onClick={() => dispatch({ type: 'ASK', action: 'convert' })} disabled={busy} endIcon={spinner(convert.isPending)}>
              {t('bookingForm.dialog.convertToInvoice')}
            </Button>
          )}
          {state.step === 'failure' && created.state === 'CANCELLED' && (
            <Button onClick={onClose} disabled={busy}>
              {t('bookingForm.dialog.backToForm')}
            </Button>
          )}
          <Button variant={state.step === 'waiting' ? 'outlined' : 'contained'} onClick={() => onCreated(created)} disabled={busy}>
            {state.step === 'timeout' ? t('bookingForm.dialog.close') : t('bookingForm.dialog.openBooking')}
          </Button>
        </>
      );
      if (state.asking === 'cancel') {
        confirmation = (
          <ConfirmDialog
            title={t('bookingForm.dialog.cancelConfirmTitle', { bid })}
            message={t('bookingForm.dialog.cancelConfirmBody', { bid, customer: customerOf(created) })}
            confirmLabel={t('bookingForm.dialog.cancelBooking')}
            cancelLabel={t('bookingForm.dialog.keepBooking')}
            destructive
            reason={{
              label: t('bookingForm.dialog.cancelReasonLabel'),
              maxLength: BOOKING_REASON_MAX_LENGTH,
              help: t('bookingForm.dialog.cancelReasonHelp'),
            }}
            pending={cancel.isPending}
            onConfirm={(reason) => cancelBooking(bid, reason ?? '')}
            onClose={() => dispatch({ type: 'UNASK' })}
          />
        );
      } else if (state.asking === 'convert') {
        const payment = created.payment;
        confirmation = (
          <ConfirmDialog
            title={t('bookingForm.dialog.convertConfirmTitle', { bid })}
            message={t('bookingForm.dialog.convertConfirmBody', {
              bid,
              customer: customerOf(created),
              amount: payment ? format.money(payment.totalPrice, payment.currency) : '–',
            })}
            confirmLabel={t('bookingForm.dialog.convertToInvoice')}
            cancelLabel={t('bookingForm.dialog.keepCard')}
            pending={convert.isPending}
            onConfirm={() => convertToInvoice(bid)}
            onClose={() => dispatch({ type: 'UNASK' })}
          />
        );
      }
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
      <DialogActions sx={{ px: 3, py: 1.5, flexWrap: 'wrap', gap: 1, '& > :not(style) ~ :not(style)': { ml: 0 } }}>{actions}</DialogActions>
      {confirmation}
    </Dialog>
  );
}
