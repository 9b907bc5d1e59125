import { useEffect } from 'react';
import type { Booking } from '@fleetdesk/contract';
import { useTranslation } from 'react-i18next';
import { FormSection } from './form-section';
import type { BookingLiveChecks } from './use-booking-live-checks';
import type { BookingFormModel } from './use-booking-form-model';
import { useFormMessage } from './use-form-message';
import { VehicleFields } from './vehicle-fields';

/** What the booking being updated had, to name a choice no longer listed. */
function originalVehicle(booking: Booking | undefined) {
  if (!booking) return undefined;
  const spec = booking.vehicleAllocation.specification;
  return {
    className: spec.type === 'CLASS' ? spec.className : undefined,
    modelName: spec.type === 'MODEL' ? spec.model?.modelName : undefined,
    vehicle: spec.type === 'VEHICLE' ? spec.vehicle.longPresentation : undefined,
  };
}

/** The vehicle wanted: a class, a model or one vehicle, from what is free for the period (availability). */
export function VehicleSection({ model, checks }: { model: BookingFormModel; checks: BookingLiveChecks }) {
  const { t } = useTranslation();
  const fieldMessage = useFormMessage();
  const { values, booking, set } = model;
  const { availability, period } = checks;
  const errors = model.form.formState.errors;
  const ready = values.fromPoolId !== null && period !== null;
  const choiceField = values.vehicleSpecType === 'CLASS' ? 'className' : values.vehicleSpecType === 'MODEL' ? 'modelId' : 'vin';
  const { trigger } = model.form;
  // Once the trip is chosen, an empty vehicle choice says so ('Choose a price class'): nothing is picked for staff.
  useEffect(() => {
    if (ready) void trigger(choiceField);
  }, [ready, choiceField, trigger]);

  return (
    <FormSection id="booking-form-vehicle" title={t('bookingForm.sections.vehicle')}>
      <VehicleFields
        specType={values.vehicleSpecType}
        className={values.className}
        modelId={values.modelId}
        vin={values.vin}
        onSpecTypeChange={model.changeSpecType}
        onClassChange={(name) => set('className', name)}
        onModelChange={(id) => set('modelId', id)}
        onVehicleChange={(vin) => set('vin', vin)}
        availability={availability.data}
        loading={availability.isFetching}
        failed={availability.isError}
        ready={ready}
        original={originalVehicle(booking)}
        errors={{
          className: fieldMessage(errors.className?.message),
          modelId: fieldMessage(errors.modelId?.message),
          vin: fieldMessage(errors.vin?.message),
        }}
      />
    </FormSection>
  );
}
