import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useFormat } from '@/lib/format/use-format';
import { FormSection } from './form-section';
import type { BookingFormModel } from './use-booking-form-model';

/** The optional services: ride share, a taxi where the contract offers one from the pool, the contract's admin fee. */
export function OptionsSection({ model }: { model: BookingFormModel }) {
  const { t } = useTranslation();
  const format = useFormat();
  const { form, contract, taxiOffered, adminFee } = model;

  return (
    <FormSection id="booking-form-options" title={t('bookingForm.sections.options')}>
      <FormGroup row sx={{ columnGap: 2 }}>
        <Controller
          name="rideShare"
          control={form.control}
          render={({ field }) => (
            <FormControlLabel
              control={<Checkbox checked={field.value} onChange={(event) => field.onChange(event.target.checked)} onBlur={field.onBlur} />}
              label={t('bookingForm.fields.rideShare')}
            />
          )}
        />
        {taxiOffered && (
          <Controller
            name="taxiAcceptable"
            control={form.control}
            render={({ field }) => (
              <FormControlLabel
                control={<Checkbox checked={field.value} onChange={(event) => field.onChange(event.target.checked)} onBlur={field.onBlur} />}
                label={t('bookingForm.fields.taxiAcceptable')}
              />
            )}
          />
        )}
        {adminFee !== null && contract && (
          <Controller
            name="adminFeeAdded"
            control={form.control}
            render={({ field }) => (
              <FormControlLabel
                control={<Checkbox checked={field.value} onChange={(event) => field.onChange(event.target.checked)} onBlur={field.onBlur} />}
                label={t('bookingForm.fields.adminFee', { amount: format.money(adminFee, contract.currency) })}
              />
            )}
          />
        )}
      </FormGroup>
    </FormSection>
  );
}
