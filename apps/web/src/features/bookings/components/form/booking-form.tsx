import RestartAltIcon from '@mui/icons-material/RestartAlt';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Booking } from '@fleetdesk/contract';
import { useTranslation } from 'react-i18next';
import { PageLoading } from '@/components/page-loading';
import { useOperatorTimeZone } from '@/features/fleets';
import { CONVERT_TO_INVOICE_AVAILABLE } from '../../api/booking-form-api';
import { BookingCreateDialog } from './booking-create-dialog';
import { CustomerSection } from './customer-section';
import { DetailsSection } from './details-section';
import { EstimatePanel } from './estimate-panel';
import { OptionsSection } from './options-section';
import { TripSection } from './trip-section';
import { useBookingFormModel } from './use-booking-form-model';
import { useBookingLiveChecks } from './use-booking-live-checks';
import { useBookingSubmit } from './use-booking-submit';
import { useSuggestedChoices } from './use-suggested-choices';
import { VehicleSection } from './vehicle-section';

export interface BookingFormProps {
  /** Update mode: the booking to change (not cancelled or finished). */
  booking?: Booking;
  /** Creation: the customer to book for (/booking?user=). */
  initialUser?: string;
  /** Creation: the chosen customer changed (the route keeps it in ?user=). */
  onUserChange?: (username: string | undefined) => void;
  /** Creation: the booking was created (the route goes to its card). */
  onCreated?: (booking: Booking) => void;
  /** Update: the changes were saved. */
  onUpdated?: (booking: Booking) => void;
  /** Update: leave the form without saving. */
  onCancel?: () => void;
  /** The operator's zone for reading and writing times; by default that of the session's fleet. */
  timeZone?: string;
}

/**
 * The booking creation and update form (spec §2, every rule of §5 "New or updated booking"). Creation
 * confirms in the dialog of §4; an update is saved directly.
 *
 * The form model (values, customer, knock-on changes) is useBookingFormModel; what is checked while staff type (length
 * rules, availability, price, overlaps) useBookingLiveChecks; suggestions useSuggestedChoices; saving useBookingSubmit.
 */
export function BookingForm(props: BookingFormProps) {
  const operatorZone = useOperatorTimeZone();
  const timeZone = props.timeZone ?? operatorZone;
  if (!timeZone) return <PageLoading />;
  return <BookingFormBody key={props.booking?.bid ?? 'new'} {...props} timeZone={timeZone} />;
}

type BodyProps = BookingFormProps & { timeZone: string };

function BookingFormBody({ booking, initialUser, onUserChange, onCreated, onUpdated, onCancel, timeZone }: BodyProps) {
  const { t } = useTranslation();
  const model = useBookingFormModel({ booking, initialUser, onUserChange, timeZone });
  useSuggestedChoices(model);
  const checks = useBookingLiveChecks(model);
  const { submit, dialog, closeDialog, showServerErrors, saving, pending, canSubmit, isDirty } = useBookingSubmit(model, checks, onUpdated);
  const { updating, started, values } = model;
  const { estimate, priceRequest, availability, availabilityQuery } = checks;

  return (
    <Box component="form" noValidate onSubmit={submit} aria-labelledby="booking-form-title">
      <Stack direction="row" spacing={2} sx={{ alignItems: 'baseline', justifyContent: 'space-between', mb: 2, flexWrap: 'wrap' }}>
        <Box>
          <Typography id="booking-form-title" variant={updating ? 'h5' : 'h4'} component={updating ? 'h2' : 'h1'}>
            {booking ? t('bookingForm.updateTitle', { bid: booking.bid }) : t('bookingForm.title')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {updating ? t('bookingForm.updateSubtitle') : t('bookingForm.subtitle')}
          </Typography>
        </Box>
        {started && <Chip size="small" color="warning" variant="outlined" label={t('bookingForm.startedChip')} />}
      </Stack>

      <Grid container spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Grid size={{ xs: 12, lg: 8 }}>
          <Stack spacing={2}>
            <CustomerSection model={model} />
            <TripSection model={model} checks={checks} />
            <VehicleSection model={model} checks={checks} />
            <OptionsSection model={model} />
            <DetailsSection model={model} />
          </Stack>
        </Grid>

        <Grid size={{ xs: 12, lg: 4 }} sx={{ position: { lg: 'sticky' }, top: { lg: 64 } }}>
          <Stack spacing={2}>
            <EstimatePanel
              estimate={{ data: estimate.data, fetching: estimate.isFetching, failed: estimate.isError, ready: priceRequest !== null }}
              vehicles={{
                data: availability.data?.vehicles,
                fetching: availability.isFetching,
                failed: availability.isError,
                ready: availabilityQuery !== null,
              }}
              selectedVin={values.vehicleSpecType === 'VEHICLE' ? values.vin : null}
              onChooseVehicle={model.chooseVehicle}
            />
            <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
              {updating ? (
                <Button onClick={onCancel} disabled={pending}>
                  {t('bookingForm.actions.cancel')}
                </Button>
              ) : (
                <Button startIcon={<RestartAltIcon />} onClick={model.resetNew} disabled={pending || !isDirty}>
                  {t('bookingForm.actions.reset')}
                </Button>
              )}
              <Button
                type="submit"
                variant="contained"
                disabled={!canSubmit}
                endIcon={saving ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
              >
                {updating ? t('bookingForm.actions.save') : t('bookingForm.actions.review')}
              </Button>
            </Stack>
          </Stack>
        </Grid>
      </Grid>

      {!updating && (
        <BookingCreateDialog
          open={dialog !== null}
          request={dialog?.request ?? null}
          summary={dialog?.summary ?? []}
          onClose={closeDialog}
          onCreated={(created) => {
            closeDialog();
            onCreated?.(created);
          }}
          onRejected={(envelope) => {
            closeDialog();
            showServerErrors(envelope);
          }}
          canConvertToInvoice={CONVERT_TO_INVOICE_AVAILABLE}
        />
      )}
    </Box>
  );
}
