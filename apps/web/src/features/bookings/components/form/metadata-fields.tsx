import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { MetadataSpecEntry } from '@fleetdesk/contract';
import { Controller, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { BookingFormResolverContext, BookingFormValues } from './booking-form-schema';
import { useFormMessage } from './use-form-message';

interface MetadataFieldsProps {
  spec: readonly MetadataSpecEntry[];
  control: Control<BookingFormValues, BookingFormResolverContext>;
  /** After a submit attempt every field shows its error; before, only the fields the user has left. */
  submitted: boolean;
}

/**
 * The contract's metadata (§3 metadata spec): TEXT and INTEGER as text inputs, CHOICE as a select. The errors shown
 * are the booking form schema's, which checks the values with the server's one metadata rule (checkMetadata of
 * @fleetdesk/contract: required when flagged, INTEGER a safe whole number, CHOICE among the choices). Labels and
 * descriptions come from the contract.
 */
export function MetadataFields({ spec, control, submitted }: MetadataFieldsProps) {
  const { t } = useTranslation();
  const message = useFormMessage();
  return (
    <Grid container spacing={1.5}>
      {spec.map((entry) => {
        return (
          <Grid key={entry.key} size={{ xs: 12, sm: 6 }}>
            <Controller
              name={`metadata.${entry.key}`}
              control={control}
              render={({ field, fieldState }) => {
                const shown = submitted || fieldState.isTouched || fieldState.error?.type === 'server';
                const error = shown ? message(fieldState.error?.message) : undefined;
                return (
                  <TextField
                    {...field}
                    value={field.value ?? ''}
                    select={entry.type === 'CHOICE'}
                    label={entry.label}
                    required={entry.required}
                    placeholder={entry.placeholder ?? undefined}
                    error={Boolean(error)}
                    helperText={error ?? entry.description ?? undefined}
                    slotProps={{
                      htmlInput: entry.type === 'INTEGER' ? { inputMode: 'numeric' } : undefined,
                      inputLabel: entry.placeholder ? { shrink: true } : undefined,
                    }}
                  >
                    {entry.type === 'CHOICE' && [
                      <MenuItem key="" value="">
                        <em>{t('bookingForm.metadata.none')}</em>
                      </MenuItem>,
                      ...(entry.choices ?? []).map((choice) => (
                        <MenuItem key={choice} value={choice}>
                          {choice}
                        </MenuItem>
                      )),
                    ]}
                  </TextField>
                );
              }}
            />
          </Grid>
        );
      })}
    </Grid>
  );
}
