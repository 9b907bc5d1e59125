import Alert from '@mui/material/Alert';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Grid from '@mui/material/Grid';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DateTimeField } from '@/components/date-time-field';
import { useFormat } from '@/lib/format/use-format';
import type { BookingLiveChecks } from './use-booking-live-checks';
import type { BookingFormModel } from './use-booking-form-model';
import { useFormMessage } from './use-form-message';

interface TimeFieldsProps {
  model: BookingFormModel;
  checks: BookingLiveChecks;
}

/** Start and end (two cells of the trip grid): the end says the duration, or the first length rule it breaks (§5). */
export function TimeFields({ model, checks }: TimeFieldsProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const fieldMessage = useFormMessage();
  const { values, started, minimum, form } = model;
  const { period, ruleTexts, rulesBlocking } = checks;
  const errors = form.formState.errors;
  const endError = fieldMessage(errors.endTime?.message);

  return (
    <>
      <Grid size={{ xs: 12, sm: 6 }}>
        <DateTimeField
          label={t('bookingForm.fields.startTime')}
          required
          value={values.startTime}
          onChange={model.changeStart}
          disabled={started}
          min={started ? undefined : minimum}
          error={Boolean(errors.startTime)}
          helperText={fieldMessage(errors.startTime?.message)}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <DateTimeField
          label={t('bookingForm.fields.endTime')}
          required
          value={values.endTime}
          onChange={model.changeEnd}
          min={minimum}
          error={Boolean(endError) || rulesBlocking}
          helperText={
            endError ??
            (rulesBlocking
              ? ruleTexts[0]?.inline
              : period
                ? t('bookingForm.duration', { duration: format.duration(period.endMs - period.startMs) })
                : undefined)
          }
          helperTextProps={{ id: 'booking-form-end-helper', role: rulesBlocking ? 'alert' : undefined }}
        />
      </Grid>
    </>
  );
}

/** "Ignore rules" and, for scheduled or ignored rules, every broken length rule written out. */
export function LengthRulesFields({ model, checks }: TimeFieldsProps) {
  const { t } = useTranslation();
  const { values, form } = model;
  const { ruleTexts } = checks;

  return (
    <>
      <Controller
        name="ignoreRules"
        control={form.control}
        render={({ field }) => (
          <FormControlLabel
            sx={{ mt: 0.5 }}
            control={
              <Checkbox
                checked={field.value}
                onChange={(event) => field.onChange(event.target.checked)}
                onBlur={field.onBlur}
                slotProps={{ input: { 'aria-describedby': 'booking-form-ignore-rules-help' } }}
              />
            }
            label={t('bookingForm.fields.ignoreRules')}
          />
        )}
      />
      <FormHelperText id="booking-form-ignore-rules-help" sx={{ mt: -0.5, ml: 4 }}>
        {t('bookingForm.ignoreRulesHelp')}
      </FormHelperText>

      {ruleTexts.some((rule) => rule.scheduled) || (ruleTexts.length > 0 && values.ignoreRules) ? (
        <Alert severity={values.ignoreRules ? 'info' : 'error'} sx={{ mt: 1.5 }} data-testid="booking-rules-expanded">
          {values.ignoreRules && <strong>{t('bookingForm.rules.ignored')} </strong>}
          {ruleTexts.map((rule) => rule.expanded).join(' ')}
        </Alert>
      ) : null}
    </>
  );
}
