import { useId, useMemo, useRef } from 'react';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddAPhotoIcon from '@mui/icons-material/AddAPhoto';
import ReportIcon from '@mui/icons-material/Report';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import type { TFunction } from 'i18next';
import { DAMAGE_DESCRIPTION_MAX, ZDamageReportFields, type Damage } from '@fleetdesk/contract';
import { applyServerErrors } from '@/lib/forms/apply-server-errors';
import { FormTextField } from '@/components/form-text-field';
import { notifySuccess } from '@/lib/notifications/notify';
import { reportDamage } from '../api/vehicles-api';
import { vehicleKeys } from '../api/vehicle-keys';

/** §5 Damage form: both descriptions required, at most 80 characters each, an image file required. */
export function damageFormSchema(t: TFunction) {
  const description = z
    .string()
    .trim()
    .min(1, t('messages.required'))
    .max(DAMAGE_DESCRIPTION_MAX, {
      error: (issue) => t('messages.maxCharacters', { max: DAMAGE_DESCRIPTION_MAX, len: String(issue.input ?? '').trim().length }),
    });
  return ZDamageReportFields.extend({
    description_operator: description,
    description_en: description,
    image: z.custom<File | null>((value) => value instanceof File, { message: t('messages.imageRequired') }),
  });
}
type DamageFormInput = { description_operator: string; description_en: string; image: File | null };

/** The server's field names are the form's. */
const FIELDS = ['description_operator', 'description_en', 'image'] as const;

/**
 * Report damage (§5): the report button is disabled until both descriptions are filled and while submitting.
 * The server's field errors land on the fields.
 */
export function DamageReportForm({ vin, onReported }: { vin: string; onReported?: (damage: Damage) => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const formId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const resolver = useMemo(() => zodResolver(damageFormSchema(t)), [t]);
  const form = useForm<DamageFormInput>({
    resolver,
    mode: 'onChange',
    defaultValues: { description_operator: '', description_en: '', image: null },
  });
  const { control, handleSubmit, watch, reset, formState } = form;
  const mutation = useMutation({
    mutationFn: ({ image, ...fields }: DamageFormInput & { image: File }) => reportDamage(vin, fields, image),
    onSuccess: (damage) => {
      notifySuccess(t('vehicles.damage.reported'));
      reset();
      if (fileInput.current) fileInput.current.value = '';
      void queryClient.invalidateQueries({ queryKey: vehicleKeys.damage(vin) });
      onReported?.(damage);
    },
    onError: (error) => {
      applyServerErrors(form, error, { fields: FIELDS, t });
    },
  });

  const operatorText = watch('description_operator');
  const englishText = watch('description_en');
  const image = watch('image');
  const filled = operatorText.trim() !== '' && englishText.trim() !== '';
  const submitting = mutation.isPending || formState.isSubmitting;
  const counter = (value: string) => t('vehicles.dialogs.length', { len: value.trim().length, max: DAMAGE_DESCRIPTION_MAX });

  return (
    <Stack
      component="form"
      id={formId}
      noValidate
      spacing={1.25}
      aria-label={t('vehicles.damage.formTitle')}
      onSubmit={handleSubmit(({ image: file, ...fields }) => {
        if (file) mutation.mutate({ ...fields, image: file });
      })}
      data-testid="damage-report-form"
    >
      <Typography variant="subtitle2">{t('vehicles.damage.formTitle')}</Typography>
      <FormTextField
        control={control}
        name="description_operator"
        size="small"
        required
        fullWidth={false}
        label={t('vehicles.damage.descriptionOperator')}
        helperText={counter(operatorText)}
      />
      <FormTextField
        control={control}
        name="description_en"
        size="small"
        required
        fullWidth={false}
        label={t('vehicles.damage.descriptionEn')}
        helperText={counter(englishText)}
      />
      <Controller
        control={control}
        name="image"
        render={({ field, fieldState }) => (
          <div>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <Button component="label" size="small" variant="outlined" startIcon={<AddAPhotoIcon />}>
                {t('vehicles.damage.choosePhoto')}
                <input
                  ref={fileInput}
                  hidden
                  type="file"
                  accept="image/*"
                  aria-label={t('vehicles.damage.photo')}
                  name={field.name}
                  onBlur={field.onBlur}
                  onChange={(event) => field.onChange(event.target.files?.[0] ?? null)}
                />
              </Button>
              <Typography variant="body2" color={image ? 'text.primary' : 'text.secondary'} noWrap sx={{ minWidth: 0 }}>
                {image ? image.name : t('vehicles.damage.noPhoto')}
              </Typography>
            </Stack>
            {fieldState.error && <FormHelperText error>{fieldState.error.message}</FormHelperText>}
          </div>
        )}
      />
      <div>
        <Button
          type="submit"
          variant="contained"
          size="small"
          color="warning"
          disabled={!filled || submitting}
          startIcon={submitting ? <CircularProgress size={14} color="inherit" aria-hidden /> : <ReportIcon />}
        >
          {t('vehicles.damage.report')}
        </Button>
      </div>
    </Stack>
  );
}
