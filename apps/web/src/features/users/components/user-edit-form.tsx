import { useMemo, useState } from 'react';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { LANGUAGES, MESSAGE_IDS, ZCountryCode, ZUserCategory, type CompanyNode, type UserDetail } from '@fleetdesk/contract';
import { Controller, useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '@/components/form-text-field';
import { isApiError } from '@/lib/api/api-error';
import { applyServerErrors } from '@/lib/forms/apply-server-errors';
import { serverFieldMessageText } from '@/lib/i18n/server-message';
import { notify, notifyError, notifySuccess } from '@/lib/notifications/notify';
import { useCompanyOptions, useUpdateUser } from '../api/users-api';
import {
  SERVER_FIELDS,
  SSO_LOCKED_FORM_FIELDS,
  USER_FORM_MAX_LENGTH,
  isLockedField,
  toUserUpdateRequest,
  userFormValuesOf,
  validateUserForm,
  type UserFormField,
  type UserFormMessage,
  type UserFormValues,
} from '../user-form';

interface CompanyOption {
  id: number;
  name: string;
  /** The names above it, top-level first. */
  path: string;
}

/** The company tree as a flat list of choices, each with the names above it. */
export function companyOptionsOf(tree: readonly CompanyNode[], above: readonly string[] = []): CompanyOption[] {
  return tree.flatMap((node) => [
    { id: node.id, name: node.name, path: above.join(' › ') },
    ...companyOptionsOf(node.children, [...above, node.name]),
  ]);
}

interface UserEditFormProps {
  user: UserDetail;
  onCancel: () => void;
  onSaved: (user: UserDetail) => void;
}

interface ResolverContext {
  membershipRequired: (companyId: number | null) => boolean;
}

/**
 * The user form (§5 "User form" and generic field rules, §6 single-sign-on locked fields): PUT /api/users/{username};
 * the server's field errors land on the fields, a taken user name on the user name.
 */
export function UserEditForm({ user, onCancel, onSaved }: UserEditFormProps) {
  const { t } = useTranslation();
  const update = useUpdateUser(user.username);
  const companies = useCompanyOptions(!user.singleSignOn);
  // Companies the server said need a membership confirmation (the tree does not say which do).
  const [membershipCompanies, setMembershipCompanies] = useState<ReadonlySet<number>>(new Set());
  const locked = useMemo(() => (user.singleSignOn ? SSO_LOCKED_FORM_FIELDS : new Set<UserFormField>()), [user.singleSignOn]);

  const membershipRequired = (companyId: number | null) =>
    companyId !== null &&
    (companyId === user.company?.id ? user.membership.required && !user.membership.confirmedAt : membershipCompanies.has(companyId));

  const translate = (message: UserFormMessage) =>
    'text' in message ? message.text : message.key === 'maxCharacters' ? t('messages.maxCharacters', message) : t(`messages.${message.key}`);

  const resolver: Resolver<UserFormValues, ResolverContext> = (values, context) => {
    const found = validateUserForm(values, { membershipRequired: context?.membershipRequired(values.companyId) ?? false, locked });
    const errors: FieldErrors<UserFormValues> = {};
    for (const [field, message] of Object.entries(found) as [UserFormField, UserFormMessage][]) {
      errors[field] = { type: 'validate', message: translate(message) };
    }
    return Object.keys(errors).length ? { values: {}, errors } : { values, errors: {} };
  };

  const form = useForm<UserFormValues, ResolverContext>({
    defaultValues: userFormValuesOf(user),
    resolver,
    context: { membershipRequired },
    mode: 'onTouched',
  });
  const { control, handleSubmit, formState, setError, watch } = form;
  const companyId = watch('companyId');
  const showOverride = membershipRequired(companyId) || watch('membershipOverride');

  const options = useMemo(() => {
    const list = companies.data ? companyOptionsOf(companies.data) : [];
    if (user.company && !list.some((o) => o.id === user.company?.id)) {
      list.unshift({ id: user.company.id, name: user.company.name, path: user.company.parentHierarchy.map((c) => c.name).join(' › ') });
    }
    return list;
  }, [companies.data, user.company]);

  const onSubmit = handleSubmit((values) =>
    update.mutate(toUserUpdateRequest(values, user), {
      onSuccess: (saved) => {
        notifySuccess(t('users.info.saved'));
        onSaved(saved);
      },
      onError: (error) => {
        if (isApiError(error) && error.status === 409 && error.envelope.messageId === MESSAGE_IDS.usernameTaken) {
          setError('username', { type: 'server', message: error.envelope.message }, { shouldFocus: true });
          return;
        }
        if (isApiError(error) && error.status === 400 && error.envelope.errors.length) {
          const { placed, unplaced } = applyServerErrors(form, error, { fields: SERVER_FIELDS, shouldFocus: true, t });
          const membership = placed.some(({ name, item }) => name === 'companyId' && item.messageId === 'membershipConfirmationRequired');
          if (membership && values.companyId !== null) {
            const id = values.companyId;
            setMembershipCompanies((current) => new Set([...current, id]));
          }
          unplaced.forEach((item) => notify({ variant: 'error', message: serverFieldMessageText(item, t), persist: true }));
          return;
        }
        notifyError(error);
      },
    }),
  );

  const errorOf = (field: UserFormField) => formState.errors[field]?.message;
  const lockNote = t('users.info.lockedNote');
  const text = (
    field: Exclude<UserFormField, 'premiumAccess' | 'companyId' | 'membershipOverride' | 'language' | 'userCategory' | 'countryCode'>,
    options: { required?: boolean; type?: string; wide?: boolean; multiline?: boolean; autoComplete?: string } = {},
  ) => {
    const isLocked = isLockedField(user, field);
    return (
      <Grid size={{ xs: 12, sm: options.wide ? 12 : 6 }}>
        <FormTextField
          control={control}
          name={field}
          label={t(`users.fields.${field}`)}
          required={options.required}
          type={options.type}
          multiline={options.multiline}
          minRows={options.multiline ? 2 : undefined}
          autoComplete={options.autoComplete ?? 'off'}
          disabled={isLocked}
          helperText={isLocked ? lockNote : undefined}
          size="small"
          slotProps={{
            htmlInput: { maxLength: USER_FORM_MAX_LENGTH[field] ? USER_FORM_MAX_LENGTH[field] + 10 : undefined },
            input: isLocked ? { endAdornment: <LockOutlinedIcon fontSize="small" color="disabled" aria-hidden /> } : undefined,
          }}
        />
      </Grid>
    );
  };
  const categoryLocked = isLockedField(user, 'userCategory');
  const companyLocked = isLockedField(user, 'companyId');

  return (
    <form noValidate onSubmit={onSubmit} aria-label={t('users.info.formLabel')}>
      <Grid container spacing={1.5}>
        {text('username', { required: true })}
        {text('customerNumber')}
        {text('givenName', { required: true })}
        {text('familyName', { required: true })}
        {text('mobilePhone', { required: true, type: 'tel' })}
        {text('emailAddress', { type: 'email' })}
        <Grid size={{ xs: 12, sm: 6 }}>
          <Controller
            control={control}
            name="language"
            render={({ field }) => (
              <TextField {...field} select label={t('users.fields.language')} fullWidth size="small">
                {LANGUAGES.map((language) => (
                  <MenuItem key={language} value={language}>
                    {t(`languages.${language}`)}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <Controller
            control={control}
            name="userCategory"
            render={({ field }) => (
              <TextField
                {...field}
                select
                label={t('users.fields.userCategory')}
                fullWidth
                size="small"
                disabled={categoryLocked}
                helperText={categoryLocked ? lockNote : undefined}
              >
                {ZUserCategory.options.map((category) => (
                  <MenuItem key={category} value={category}>
                    {t(`users.category.${category}`)}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
        </Grid>
        <Grid size={12}>
          <Controller
            control={control}
            name="companyId"
            render={({ field }) => (
              <Autocomplete<CompanyOption>
                options={options}
                value={options.find((o) => o.id === field.value) ?? null}
                onChange={(_, option) => field.onChange(option?.id ?? null)}
                onBlur={field.onBlur}
                getOptionLabel={(option) => option.name}
                isOptionEqualToValue={(a, b) => a.id === b.id}
                loading={companies.isPending && !user.singleSignOn}
                disabled={companyLocked}
                renderOption={(props, option) => (
                  <li {...props} key={option.id}>
                    <Stack>
                      <span>{option.name}</span>
                      {option.path && (
                        <Typography variant="caption" color="text.secondary">
                          {option.path}
                        </Typography>
                      )}
                    </Stack>
                  </li>
                )}
                renderInput={(params) => (
                  <TextField
                    {...params}
                    inputRef={field.ref}
                    label={t('users.fields.company')}
                    required
                    size="small"
                    error={Boolean(errorOf('companyId'))}
                    helperText={errorOf('companyId') ?? (companyLocked ? lockNote : t('users.info.companyHelp'))}
                  />
                )}
              />
            )}
          />
          {showOverride && !companyLocked && (
            <Alert severity="warning" sx={{ mt: 1, py: 0 }}>
              <Typography variant="body2">{t('users.info.membershipNotice')}</Typography>
              <Controller
                control={control}
                name="membershipOverride"
                render={({ field }) => (
                  <FormControlLabel
                    control={<Checkbox size="small" checked={field.value} onChange={(event) => field.onChange(event.target.checked)} />}
                    label={t('users.info.membershipOverride')}
                  />
                )}
              />
            </Alert>
          )}
        </Grid>
        {text('streetAddress', { wide: true, autoComplete: 'street-address' })}
        <Grid size={{ xs: 12, sm: 3 }}>
          <FormTextField control={control} name="zipCode" label={t('users.fields.zipCode')} size="small" />
        </Grid>
        <Grid size={{ xs: 12, sm: 5 }}>
          <FormTextField control={control} name="city" label={t('users.fields.city')} size="small" />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <Controller
            control={control}
            name="countryCode"
            render={({ field }) => (
              <TextField {...field} select label={t('users.fields.countryCode')} fullWidth size="small">
                <MenuItem value="">
                  <em>{t('users.none')}</em>
                </MenuItem>
                {ZCountryCode.options.map((code) => (
                  <MenuItem key={code} value={code}>
                    {t(`users.country.${code}`)}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
        </Grid>
        {text('pinCode', { autoComplete: 'off' })}
        {text('rfid')}
        {text('campaignCode')}
        <Grid size={{ xs: 12, sm: 6 }} sx={{ display: 'flex', alignItems: 'center' }}>
          <Controller
            control={control}
            name="premiumAccess"
            render={({ field }) => (
              <FormControlLabel
                control={<Switch checked={field.value} onChange={(event) => field.onChange(event.target.checked)} />}
                label={t('users.fields.premiumAccess')}
              />
            )}
          />
        </Grid>
        {text('note', { wide: true, multiline: true })}
      </Grid>
      {Object.keys(formState.errors).length > 0 && formState.isSubmitted && (
        <FormHelperText error role="alert" sx={{ mt: 1.5 }}>
          {t('users.info.fixErrors')}
        </FormHelperText>
      )}
      <Stack direction="row" spacing={1} sx={{ mt: 2, justifyContent: 'flex-end' }}>
        <Button onClick={onCancel} disabled={update.isPending}>
          {t('users.cancel')}
        </Button>
        <Button type="submit" variant="contained" loading={update.isPending}>
          {t('users.save')}
        </Button>
      </Stack>
    </form>
  );
}
