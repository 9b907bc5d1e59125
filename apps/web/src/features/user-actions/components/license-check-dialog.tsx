import { useId, useMemo } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import {
  LICENSE_REGISTRY_COUNTRIES,
  isValidIdentityNumber,
  type UserDetail,
  type ValidateLicenseRequest,
  type ValidateLicenseResponse,
} from '@fleetdesk/contract';
import { DateField } from '@/components/date-field';
import { FormTextField } from '@/components/form-text-field';
import { isApiError } from '@/lib/api/api-error';
import { applyServerErrors } from '@/lib/forms/apply-server-errors';
import { notify, notifySuccess } from '@/lib/notifications/notify';
import { userActionKeys, validateLicense } from '../api/user-actions-api';

const isRegistryCountry = (country: string) => (LICENSE_REGISTRY_COUNTRIES as readonly string[]).includes(country.trim().toUpperCase());

/** The server's field names are the form's. */
const FORM_FIELDS = ['country', 'validUntil', 'result', 'identificationNumber'] as const;

interface LicenseCheckDialogProps {
  user: UserDetail;
  onChecked: (response: ValidateLicenseResponse) => void;
  onClose: () => void;
}

/**
 * The driver's licence check (§4, §5, §8): Swedish and Norwegian licences through the verification integration,
 * a manual result for other countries; the licence expiry is required for Sweden. REJECTED and ERROR show §8's
 * 'We could not verify {user}'s drivers license…'.
 */
export function LicenseCheckDialog({ user, onChecked, onClose }: LicenseCheckDialogProps) {
  const { t } = useTranslation();
  const formId = useId();
  const queryClient = useQueryClient();
  const schema = useMemo(
    () =>
      z
        .object({
          country: z
            .string()
            .trim()
            .toUpperCase()
            .regex(/^[A-Z]{2}$/, t('userActions.license.countryHelp')),
          validUntil: z.string(),
          result: z.enum(['', 'SUCCESS', 'REJECTED']),
          identificationNumber: z.string().trim(),
        })
        .superRefine((v, ctx) => {
          const registry = isRegistryCountry(v.country);
          if (v.country === 'SE' && !v.validUntil)
            ctx.addIssue({ code: 'custom', path: ['validUntil'], message: t('messages.licenseExpiryRequired') });
          if (!registry && !v.result) ctx.addIssue({ code: 'custom', path: ['result'], message: t('messages.required') });
          if (registry && v.identificationNumber && !isValidIdentityNumber(v.country as 'SE' | 'NO', v.identificationNumber)) {
            ctx.addIssue({ code: 'custom', path: ['identificationNumber'], message: t('messages.invalidIdentityNumber') });
          }
        }),
    [t],
  );
  const form = useForm({
    resolver: zodResolver(schema),
    defaultValues: {
      country: user.driversLicense.country ?? user.userIdentity?.identityCountry ?? user.address.countryCode ?? 'NO',
      validUntil: user.driversLicense.validUntil ?? '',
      result: '' as '' | 'SUCCESS' | 'REJECTED',
      identificationNumber: '',
    },
  });
  const { control, handleSubmit, formState, watch } = form;
  const registry = isRegistryCountry(watch('country'));
  const mutation = useMutation({
    mutationFn: (body: ValidateLicenseRequest) => validateLicense(user.username, body),
    meta: { notifyErrors: false },
    onSuccess: (response) => {
      if (response.result === 'SUCCESS') notifySuccess(t('userActions.success.licenseVerified'));
      else notify({ variant: 'warning', message: response.message ?? t('messages.licenseNotVerified', { user: user.username }) });
      void queryClient.invalidateQueries({ queryKey: userActionKeys.users() });
      onChecked(response);
    },
    onError: (error) => {
      // §8: field errors map to fields, else the message or 'Something went wrong'.
      const { placed } = applyServerErrors(form, error, { fields: FORM_FIELDS, t });
      if (placed.length === 0)
        notify({ variant: 'error', message: (isApiError(error) && error.envelope.message) || t('messages.somethingWentWrong') });
    },
  });

  const submit = handleSubmit((v) =>
    mutation.mutate({
      country: v.country,
      validUntil: v.validUntil || undefined,
      result: registry ? undefined : v.result || undefined,
      identificationNumber: registry ? v.identificationNumber || undefined : undefined,
    }),
  );

  return (
    <Dialog open onClose={mutation.isPending ? undefined : onClose} fullWidth maxWidth="xs" aria-labelledby={`${formId}-title`}>
      <DialogTitle id={`${formId}-title`}>{t('userActions.license.dialogTitle', { user: user.username })}</DialogTitle>
      <DialogContent>
        <DialogContentText variant="body2" sx={{ mb: 2 }}>
          {registry ? t('userActions.license.registryIntro') : t('userActions.license.manualIntro')}
        </DialogContentText>
        <Stack component="form" id={formId} noValidate spacing={2} onSubmit={submit}>
          <FormTextField
            control={control}
            name="country"
            label={t('userActions.license.country')}
            required
            autoFocus
            slotProps={{ htmlInput: { maxLength: 2, style: { textTransform: 'uppercase' } } }}
            helperText={t('userActions.license.countryHelp')}
          />
          <Controller
            control={control}
            name="validUntil"
            render={({ field }) => (
              <DateField
                label={t('userActions.license.validUntil')}
                required={watch('country').trim().toUpperCase() === 'SE'}
                fullWidth
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                name={field.name}
                inputRef={field.ref}
                error={Boolean(formState.errors.validUntil)}
                helperText={formState.errors.validUntil?.message ?? ' '}
              />
            )}
          />
          {registry ? (
            <FormTextField
              control={control}
              name="identificationNumber"
              label={t('userActions.license.identificationNumber')}
              autoComplete="off"
              helperText={t('userActions.license.identificationNumberHelp')}
            />
          ) : (
            <Controller
              control={control}
              name="result"
              render={({ field, fieldState }) => (
                <TextField
                  {...field}
                  select
                  required
                  fullWidth
                  label={t('userActions.license.result')}
                  error={Boolean(fieldState.error)}
                  helperText={fieldState.error?.message ?? ' '}
                >
                  <MenuItem value="SUCCESS">{t('userActions.license.results.SUCCESS')}</MenuItem>
                  <MenuItem value="REJECTED">{t('userActions.license.results.REJECTED')}</MenuItem>
                </TextField>
              )}
            />
          )}
          {mutation.data && mutation.data.result !== 'SUCCESS' && (
            <Alert severity="warning">
              {mutation.data.message ?? t('messages.licenseNotVerified', { user: user.username })}
              {mutation.data.reason ? ` (${mutation.data.reason})` : ''}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={mutation.isPending}>
          {t('userActions.wizard.close')}
        </Button>
        <Button
          type="submit"
          form={formId}
          variant="contained"
          disabled={mutation.isPending}
          startIcon={mutation.isPending ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
        >
          {t('userActions.license.submit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
