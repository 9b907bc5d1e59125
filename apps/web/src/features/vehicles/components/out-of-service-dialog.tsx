import { useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  MESSAGE_IDS,
  OUT_OF_SERVICE_REASON_MAX,
  type OutOfServiceBooking,
  type OutOfServiceRequest,
  type OutOfServiceResponse,
  type Vehicle,
  isoToWallClock,
  wallClockToMs,
} from '@fleetdesk/contract';
import { DateTimeField } from '@/components/date-time-field';
import { AppHrefLink } from '@/components/app-href-link';
import { abilityReasonText } from '@/lib/abilities/ability-text';
import { isApiError } from '@/lib/api/api-error';
import { serverErrorItems } from '@/lib/forms/apply-server-errors';
import { getDisplayTimeZone } from '@/lib/format/format';
import { useFormat } from '@/lib/format/use-format';
import { serverMessageText } from '@/lib/i18n/server-message';
import { notifyError, notifySuccess } from '@/lib/notifications/notify';
import { requestOutOfService } from '../api/out-of-service-api';
import { vehicleKeys } from '../api/vehicle-keys';

type Step = 'form' | 'review' | 'done';
type FieldErrors = Partial<Record<'reason' | 'expectedReturn', string>>;

interface OutOfServiceDialogProps {
  vehicle: Vehicle;
  onClose: () => void;
}

/** The field's wall clock ('YYYY-MM-DDTHH:mm') in the zone the console shows times in (the operator's), and back. */
const zone = () => getDisplayTimeZone() ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
const toLocalInput = (ms: number) => isoToWallClock(new Date(ms).toISOString(), zone());
const fromLocalInput = (value: string): string | undefined => {
  const ms = value.trim() ? wallClockToMs(value, zone()) : null;
  return ms === null ? undefined : new Date(ms).toISOString();
};

/** The default expected return: tomorrow, on the hour. */
const defaultExpectedReturn = () => toLocalInput(Date.now() + 24 * 3_600_000).slice(0, 14) + '00';

/**
 * "Out of service…" from the vehicle card (issue 19 point 5): reason, expected return and immobilize; "Review plan"
 * asks the server for the plan (dry run) and lists each affected booking with its proposal; "Confirm" applies exactly
 * that plan (its fingerprint) and shows what happened to each booking. A plan that changed meanwhile (409) is shown
 * again for another review.
 */
export function OutOfServiceDialog({ vehicle, onClose }: OutOfServiceDialogProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const queryClient = useQueryClient();
  const titleId = useId();
  const [step, setStep] = useState<Step>('form');
  const [reason, setReason] = useState('');
  const [expectedReturn, setExpectedReturn] = useState(defaultExpectedReturn);
  const [immobilize, setImmobilize] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [plan, setPlan] = useState<OutOfServiceResponse | null>(null);
  const [planChanged, setPlanChanged] = useState(false);
  const immobilizeAbility = vehicle.abilities.IMMOBILIZE;
  const alreadyImmobilized = !immobilizeAbility.allowed && immobilizeAbility.reason === null;
  const immobilizeReason = abilityReasonText(immobilizeAbility, t);

  const request = (dryRun: boolean): OutOfServiceRequest => ({
    reason: reason.trim(),
    expectedReturn: fromLocalInput(expectedReturn) ?? '',
    immobilize: immobilize && immobilizeAbility.allowed,
    dryRun,
    ...(dryRun || !plan ? {} : { planFingerprint: plan.fingerprint }),
  });

  /** Field errors of a 400 onto the fields; true when any was placed. */
  const placeErrors = (error: unknown): boolean => {
    const placed: FieldErrors = {};
    for (const item of serverErrorItems(error, 400)) {
      if (item.field === 'reason' || item.field === 'expectedReturn') placed[item.field] = serverMessageText(item, t);
    }
    setErrors(placed);
    return Object.keys(placed).length > 0;
  };

  const review = useMutation({
    mutationFn: () => requestOutOfService(vehicle.vin, request(true)),
    onSuccess: (result) => {
      setPlan(result);
      setStep('review');
    },
    onError: (error) => {
      if (!placeErrors(error)) notifyError(error);
    },
    meta: { notifyErrors: false },
  });

  const apply = useMutation({
    mutationFn: () => requestOutOfService(vehicle.vin, request(false)),
    onSuccess: (result) => {
      setPlan(result);
      setStep('done');
      notifySuccess(t('vehicles.outOfService.done', { registration: vehicle.registrationNumber }));
      void queryClient.invalidateQueries({ queryKey: vehicleKeys.all() });
    },
    onError: (error) => {
      if (isApiError(error) && error.envelope.messageId === MESSAGE_IDS.outOfServicePlanChanged) {
        setPlanChanged(true);
        review.mutate();
      } else if (placeErrors(error)) setStep('form');
      else notifyError(error);
    },
    meta: { notifyErrors: false },
  });

  const submitForm = () => {
    const found: FieldErrors = {};
    const trimmed = reason.trim();
    if (!trimmed) found.reason = t('messages.required');
    else if (trimmed.length > OUT_OF_SERVICE_REASON_MAX)
      found.reason = t('messages.maxCharacters', { max: OUT_OF_SERVICE_REASON_MAX, len: trimmed.length });
    const returnAt = fromLocalInput(expectedReturn);
    if (!returnAt) found.expectedReturn = t('messages.required');
    else if (Date.parse(returnAt) <= Date.now()) found.expectedReturn = t('messages.expectedReturnInPast');
    setErrors(found);
    if (Object.keys(found).length === 0) {
      setPlanChanged(false);
      review.mutate();
    }
  };

  const pending = review.isPending || apply.isPending;
  const moved = plan?.bookings.filter((b) => b.proposal === 'MOVE').length ?? 0;
  const cancelled = (plan?.bookings.length ?? 0) - moved;
  const notified = plan?.bookings.filter((b) => b.notified).length ?? 0;

  return (
    <Dialog open onClose={pending ? undefined : onClose} fullWidth maxWidth="md" aria-labelledby={titleId} data-testid="out-of-service-dialog">
      <DialogTitle id={titleId}>{t('vehicles.outOfService.title', { registration: vehicle.registrationNumber })}</DialogTitle>
      <DialogContent>
        {step === 'form' && (
          <Stack
            component="form"
            noValidate
            spacing={2}
            onSubmit={(event) => {
              event.preventDefault();
              submitForm();
            }}
            id={`${titleId}-form`}
          >
            <DialogContentText variant="body2">{t('vehicles.outOfService.intro')}</DialogContentText>
            <TextField
              label={t('vehicles.outOfService.reason')}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              required
              multiline
              minRows={2}
              autoFocus
              error={Boolean(errors.reason)}
              helperText={errors.reason ?? t('vehicles.outOfService.reasonHelp', { len: reason.trim().length, max: OUT_OF_SERVICE_REASON_MAX })}
            />
            <DateTimeField
              label={t('vehicles.outOfService.expectedReturn')}
              value={expectedReturn}
              onChange={setExpectedReturn}
              min={toLocalInput(Date.now())}
              required
              error={Boolean(errors.expectedReturn)}
              helperText={errors.expectedReturn ?? t('vehicles.outOfService.expectedReturnHelp')}
            />
            <Box>
              <FormControlLabel
                control={<Checkbox checked={immobilize} onChange={(event) => setImmobilize(event.target.checked)} />}
                label={t('vehicles.outOfService.immobilize')}
                disabled={!immobilizeAbility.allowed}
              />
              {!immobilizeAbility.allowed && (
                <FormHelperText sx={{ mt: 0 }}>
                  {alreadyImmobilized ? t('vehicles.outOfService.alreadyImmobilized') : immobilizeReason}
                </FormHelperText>
              )}
            </Box>
          </Stack>
        )}

        {step !== 'form' && plan && (
          <Stack spacing={1.5}>
            {planChanged && step === 'review' && <Alert severity="warning">{t('messages.outOfServicePlanChanged')}</Alert>}
            <DialogContentText variant="body2">
              {step === 'review'
                ? t('vehicles.outOfService.reviewIntro', { expectedReturn: format.dateTime(plan.expectedReturn) })
                : t('vehicles.outOfService.doneIntro', {
                    registration: vehicle.registrationNumber,
                    expectedReturn: format.dateTime(plan.expectedReturn),
                  })}
            </DialogContentText>
            <Typography variant="subtitle2" component="h3">
              {t('vehicles.outOfService.bookingsHeading', { n: plan.bookings.length })}
            </Typography>
            {plan.bookings.length === 0 ? (
              <Typography variant="body2" color="text.secondary">
                {t('vehicles.outOfService.noBookings')}
              </Typography>
            ) : (
              <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} data-testid="out-of-service-plan">
                {plan.bookings.map((b) => (
                  <PlanRow key={b.bid} booking={b} applied={step === 'done'} />
                ))}
              </Box>
            )}
            <Typography variant="body2" sx={{ fontWeight: 600 }} data-testid="out-of-service-summary">
              {t(step === 'done' ? 'vehicles.outOfService.summaryDone' : 'vehicles.outOfService.summary', { moved, cancelled, notified })}
            </Typography>
            {plan.immobilize.requested && (
              <Typography variant="body2">
                {step === 'done' ? t('vehicles.outOfService.immobilizeSent') : t('vehicles.outOfService.immobilizeWillSend')}
              </Typography>
            )}
          </Stack>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
        {step === 'form' && (
          <>
            <Button onClick={onClose} disabled={pending}>
              {t('vehicles.dialogs.cancel')}
            </Button>
            <Button
              type="submit"
              form={`${titleId}-form`}
              variant="contained"
              disabled={pending}
              startIcon={pending ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
            >
              {t('vehicles.outOfService.review')}
            </Button>
          </>
        )}
        {step === 'review' && (
          <>
            <Button onClick={() => setStep('form')} disabled={pending}>
              {t('vehicles.outOfService.change')}
            </Button>
            <Button
              onClick={() => apply.mutate()}
              variant="contained"
              color="warning"
              disabled={pending}
              startIcon={pending ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
            >
              {t('vehicles.outOfService.confirm')}
            </Button>
          </>
        )}
        {step === 'done' && (
          <Button onClick={onClose} variant="contained">
            {t('vehicles.outOfService.close')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}

/** One affected booking: BID (a link), customer, period and what happens (or happened) to it. */
function PlanRow({ booking: b, applied }: { booking: OutOfServiceBooking; applied: boolean }) {
  const { t } = useTranslation();
  const format = useFormat();
  const registration = b.toVehicle?.registrationNumber ?? '';
  const outcome =
    b.proposal === 'MOVE'
      ? t(applied ? 'vehicles.outOfService.moved' : 'vehicles.outOfService.willMove', { registration })
      : t(applied ? 'vehicles.outOfService.cancelled' : 'vehicles.outOfService.willCancel');
  return (
    <Box
      component="li"
      data-testid="out-of-service-booking"
      data-bid={b.bid}
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: '9.5rem minmax(0, 1fr) 15rem' },
        columnGap: 2,
        rowGap: 0.5,
        alignItems: 'center',
        py: 1,
        borderTop: 1,
        borderColor: 'divider',
      }}
    >
      <AppHrefLink href={`/booking/${b.bid}`} sx={{ fontWeight: 600 }}>
        {b.bid}
      </AppHrefLink>
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          {b.customer ? b.customer.fullNameLastFirst : t('vehicles.outOfService.noCustomer')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {format.dateTime(b.start)} – {format.dateTime(b.end)}
        </Typography>
        {b.customer && (
          <Typography variant="caption" color="text.secondary" component="p">
            {b.notified ? t(applied ? 'vehicles.outOfService.mailed' : 'vehicles.outOfService.willMail') : t('vehicles.outOfService.noEmail')}
          </Typography>
        )}
      </Box>
      <Box>
        <Chip
          size="small"
          variant={applied ? 'filled' : 'outlined'}
          color={applied ? (b.proposal === 'MOVE' ? 'primary' : 'warning') : 'default'}
          label={outcome}
        />
        {b.proposal === 'CANCEL' && (
          <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.25 }}>
            {b.waivedOrderId ? t('vehicles.outOfService.feesWaivedOrder', { orderId: b.waivedOrderId }) : t('vehicles.outOfService.feesWaived')}
          </Typography>
        )}
      </Box>
    </Box>
  );
}
