import { useId, useMemo } from 'react';
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
import { ZCountryCode, isValidIdentityNumber, type User, type UserDetail } from '@fleetdesk/contract';
import { isApiError } from '@/lib/api/api-error';
import { FormTextField } from '@/components/form-text-field';
import { applyServerErrors } from '@/lib/forms/apply-server-errors';
import { notify, notifySuccess } from '@/lib/notifications/notify';
import { setIdentity, userActionKeys } from '../api/user-actions-api';

interface SetIdentityDialogProps {
  user: UserDetail;
  onSaved: (user: User) => void;
  onClose: () => void;
}

/**
 * The identity dialog (§5): a country (Sweden or Norway) and the identity number, required and in the country's format
 * (the contract's check functions, check digits included). The server's message lands on identificationNumber.
 */
export function SetIdentityDialog({ user, onSaved, onClose }: SetIdentityDialogProps) {
  const { t } = useTranslation();
  const formId = useId();
  const queryClient = useQueryClient();
  const schema = useMemo(
    () =>
      z.object({ country: ZCountryCode, identificationNumber: z.string().trim().min(1, t('messages.required')) }).superRefine((v, ctx) => {
        if (v.identificationNumber && !isValidIdentityNumber(v.country, v.identificationNumber)) {
          ctx.addIssue({ code: 'custom', path: ['identificationNumber'], message: t('messages.invalidIdentityNumber') });
        }
      }),
    [t],
  );
  const defaultCountry = user.userIdentity?.identityCountry ?? (user.address.countryCode === 'SE' ? 'SE' : 'NO');
  const form = useForm({
    resolver: zodResolver(schema),
    defaultValues: { country: ZCountryCode.catch('NO').parse(defaultCountry), identificationNumber: '' },
  });
  const { control, handleSubmit, setError, watch } = form;
  const country = watch('country');
  const mutation = useMutation({
    mutationFn: (body: z.infer<typeof schema>) => setIdentity(user.username, body),
    meta: { notifyErrors: false },
    onSuccess: (saved) => {
      notifySuccess(t('userActions.success.identitySet'));
      void queryClient.invalidateQueries({ queryKey: userActionKeys.users() });
      onSaved(saved);
    },
    onError: (error) => {
      const { placed } = applyServerErrors(form, error, { fields: ['identificationNumber', 'country'], t });
      if (placed.length > 0) return;
      if (isApiError(error) && error.envelope.message) setError('identificationNumber', { message: error.envelope.message });
      else notify({ variant: 'error', message: t('messages.somethingWentWrong') });
    },
  });

  return (
    <Dialog open onClose={mutation.isPending ? undefined : onClose} fullWidth maxWidth="xs" aria-labelledby={`${formId}-title`}>
      <DialogTitle id={`${formId}-title`}>{t('userActions.identity.dialogTitle', { user: user.username })}</DialogTitle>
      <DialogContent>
        <DialogContentText variant="body2" sx={{ mb: 2 }}>
          {t('userActions.identity.dialogIntro')}
        </DialogContentText>
        <Stack component="form" id={formId} noValidate spacing={2} onSubmit={handleSubmit((body) => mutation.mutate(body))}>
          <Controller
            control={control}
            name="country"
            render={({ field }) => (
              <TextField {...field} select required fullWidth label={t('userActions.identity.country')}>
                {ZCountryCode.options.map((code) => (
                  <MenuItem key={code} value={code}>
                    {t(`userActions.identity.countries.${code}`)}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
          <FormTextField
            control={control}
            name="identificationNumber"
            label={t('userActions.identity.number')}
            required
            autoFocus
            autoComplete="off"
            helperText={t(`userActions.identity.formatHint.${country}`)}
          />
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
          {t('userActions.identity.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
