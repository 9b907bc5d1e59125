import { useId, useMemo } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { LANGUAGES, MESSAGE_IDS, MESSAGES, ZLanguage, ZStaffCreateRequest, ZStaffRole } from '@fleetdesk/contract';
import { FormTextField } from '@/components/form-text-field';
import { isApiError } from '@/lib/api/api-error';
import { applyServerErrors } from '@/lib/forms/apply-server-errors';
import { notify, notifySuccess } from '@/lib/notifications/notify';
import { useCreateStaffMember } from '../api/staff-api';
import { failureReason, fieldMessageText } from '../staff-messages';

/**
 * The form is the contract's ZStaffCreateRequest (the server's own rules), with the language choice's empty option
 * ("the operator's language") sent as no language at all.
 */
const ZStaffCreateForm = ZStaffCreateRequest.extend({
  language: z.union([ZLanguage, z.literal('')]).transform((language) => (language === '' ? undefined : language)),
});
type StaffCreateFormInput = z.input<typeof ZStaffCreateForm>;

const FIELDS = ['username', 'givenName', 'familyName', 'emailAddress', 'role', 'language'] as const satisfies readonly Path<StaffCreateFormInput>[];
type StaffCreateField = (typeof FIELDS)[number];

const DEFAULTS: StaffCreateFormInput = { username: '', givenName: '', familyName: '', emailAddress: '', role: 'SUPPORT', language: '' };

interface StaffCreateDialogProps {
  onClose: () => void;
}

/**
 * "New staff member" (issue 13): user name, names, e-mail, role and language; never a password. On success the server
 * mails a set-password link, the toast says where, and the list is read again. The server's field errors (400 with
 * field names, 409 user name taken) land on their fields; anything else stays in a notification until dismissed.
 */
export function StaffCreateDialog({ onClose }: StaffCreateDialogProps) {
  const { t } = useTranslation();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const formId = useId();
  const create = useCreateStaffMember();
  const resolver = useMemo(() => zodResolver(ZStaffCreateForm), []);
  const form = useForm({ resolver, defaultValues: DEFAULTS });
  const { control, handleSubmit, formState, getValues, setError } = form;

  const errorOf = (name: StaffCreateField) => {
    const message = formState.errors[name]?.message;
    return message ? fieldMessageText(message, getValues(name), t) : undefined;
  };
  // A blank helper line keeps the rows of the form aligned whether or not a field shows an error.
  const textField = (name: Exclude<StaffCreateField, 'role' | 'language'>) => ({ control, name, helperText: ' ' });

  const submit = handleSubmit((request) =>
    create.mutate(request, {
      onSuccess: (member) => {
        notifySuccess(t('messages.staffPasswordLinkSent', { email: member.emailAddress ?? request.emailAddress }));
        onClose();
      },
      onError: (error) => {
        if (isApiError(error) && error.status === 409 && error.envelope.messageId === MESSAGE_IDS.usernameTaken) {
          setError('username', { message: MESSAGES.usernameTaken }, { shouldFocus: true });
          return;
        }
        // The fields word the messages as they show them (errorOf), so they are placed as the server wrote them.
        if (applyServerErrors(form, error, { fields: FIELDS, status: 400, shouldFocus: true }).placed.length > 0) return;
        notify({
          variant: 'error',
          persist: true,
          message: t('staff.failed.withReason', { failure: t('staff.failed.create'), reason: failureReason(error, t) }),
        });
      },
    }),
  );

  const pending = create.isPending;
  return (
    <Dialog open onClose={pending ? undefined : onClose} fullWidth maxWidth="sm" fullScreen={phone} aria-labelledby={`${formId}-title`}>
      <DialogTitle id={`${formId}-title`}>{t('staff.create.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText variant="body2" sx={{ mb: 2 }}>
          {t('staff.create.intro')}
        </DialogContentText>
        <Box
          component="form"
          id={formId}
          noValidate
          onSubmit={submit}
          aria-label={t('staff.create.title')}
          sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2, rowGap: 0.5, pt: 0.5 }}
        >
          <FormTextField
            {...textField('username')}
            label={t('staff.create.username')}
            required
            autoFocus
            autoComplete="off"
            slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: 'none' } }}
            helperText={t('staff.create.usernameHint')}
          />
          <FormTextField
            {...textField('emailAddress')}
            label={t('staff.create.email')}
            required
            type="email"
            autoComplete="off"
            helperText={t('staff.create.emailHint')}
          />
          <FormTextField {...textField('givenName')} label={t('staff.create.givenName')} required autoComplete="off" />
          <FormTextField {...textField('familyName')} label={t('staff.create.familyName')} required autoComplete="off" />
          <Controller
            control={control}
            name="role"
            render={({ field, fieldState }) => (
              <TextField
                {...field}
                select
                required
                label={t('staff.create.role')}
                error={Boolean(fieldState.error)}
                helperText={errorOf('role') ?? t(`staff.roleHint.${field.value}`)}
              >
                {ZStaffRole.options.map((role) => (
                  <MenuItem key={role} value={role}>
                    {t(`staff.role.${role}`)}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
          <Controller
            control={control}
            name="language"
            render={({ field, fieldState }) => (
              <TextField
                {...field}
                select
                label={t('staff.create.language')}
                error={Boolean(fieldState.error)}
                helperText={errorOf('language') ?? ' '}
                slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
              >
                <MenuItem value="">{t('staff.create.languageDefault')}</MenuItem>
                {LANGUAGES.map((language) => (
                  <MenuItem key={language} value={language} lang={language}>
                    {t(`languages.${language}`)}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
        </Box>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={pending}>
          {t('staff.cancel')}
        </Button>
        <Button
          type="submit"
          form={formId}
          variant="contained"
          disabled={pending}
          aria-busy={pending || undefined}
          startIcon={pending ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
        >
          {t('staff.create.submit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
