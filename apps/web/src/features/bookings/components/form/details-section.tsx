import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { NOTE_MAX_LENGTH } from './booking-form-schema';
import { FormSection } from './form-section';
import { MetadataFields } from './metadata-fields';
import type { BookingFormModel } from './use-booking-form-model';
import { useFormMessage } from './use-form-message';

/** The contract's metadata fields and the note. */
export function DetailsSection({ model }: { model: BookingFormModel }) {
  const { t } = useTranslation();
  const fieldMessage = useFormMessage();
  const { form, contract } = model;
  const { control, formState } = form;
  const errors = formState.errors;

  return (
    <FormSection id="booking-form-details" title={t('bookingForm.sections.details')}>
      <Stack spacing={1.5}>
        {contract && contract.metaDataSpec.length > 0 && (
          <MetadataFields spec={contract.metaDataSpec} control={control} submitted={formState.isSubmitted} />
        )}
        <Controller
          name="note"
          control={control}
          render={({ field }) => (
            <TextField
              {...field}
              label={t('bookingForm.fields.note')}
              multiline
              minRows={2}
              maxRows={6}
              error={Boolean(errors.note)}
              helperText={fieldMessage(errors.note?.message) ?? t('bookingForm.noteCounter', { len: field.value.length, max: NOTE_MAX_LENGTH })}
            />
          )}
        />
      </Stack>
    </FormSection>
  );
}
