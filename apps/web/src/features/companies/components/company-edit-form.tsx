import { useId } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ZCompanyType, type CompanyDetail, type CompanyUpdate } from '@fleetdesk/contract';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '@/components/form-text-field';
import { isApiError } from '@/lib/api/api-error';
import { applyServerErrors } from '@/lib/forms/apply-server-errors';
import { notifySuccess } from '@/lib/notifications/notify';
import { useUpdateCompany } from '../api/companies-api';
import { companyFormDefaults, companyFormResolver, formFieldOf, type CompanyFormValues } from '../company-form';

interface CompanyEditFormProps {
  company: CompanyDetail;
  onDone: () => void;
}

/** PUT /api/companies/{id} (ADMIN): name, type, segments, connected e-mail domains and contact, with field errors. */
export function CompanyEditForm({ company, onDone }: CompanyEditFormProps) {
  const { t } = useTranslation();
  const formId = useId();
  const update = useUpdateCompany(company.id);
  const form = useForm<CompanyFormValues, unknown, CompanyUpdate>({
    resolver: companyFormResolver,
    defaultValues: companyFormDefaults(company),
  });
  const { control, handleSubmit, formState } = form;
  const errors = formState.errors;
  const fieldProps = (name: Exclude<keyof CompanyFormValues, 'type'>) => ({ control, name, size: 'small' as const });

  const submit = handleSubmit((body) =>
    update.mutate(body, {
      onSuccess: () => {
        notifySuccess(t('companies.edit.saved'));
        onDone();
      },
      onError: (error) => {
        // Field errors of a 400, and the 409 of an e-mail domain another company has, on their fields.
        applyServerErrors(form, error, { fields: formFieldOf, t });
      },
    }),
  );

  return (
    <Box component="form" id={formId} noValidate onSubmit={submit} aria-label={t('companies.edit.title', { name: company.name })}>
      <Stack spacing={2.5}>
        <Typography variant="subtitle1" component="h3">
          {t('companies.edit.title', { name: company.name })}
        </Typography>
        {update.isError && !isApiError(update.error) && <Alert severity="error">{t('messages.genericError')}</Alert>}
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '2fr 1fr' } }}>
          <FormTextField {...fieldProps('name')} label={t('companies.fields.name')} required />
          <Controller
            name="type"
            control={control}
            render={({ field }) => (
              <TextField
                select
                size="small"
                fullWidth
                label={t('companies.fields.type')}
                {...field}
                error={Boolean(errors.type)}
                helperText={errors.type?.message}
              >
                {ZCompanyType.options.map((type) => (
                  <MenuItem key={type} value={type}>
                    {t(`companies.type.${type}`)}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
          <FormTextField {...fieldProps('marketSegment')} label={t('companies.fields.marketSegment')} />
          <FormTextField {...fieldProps('microSegment')} label={t('companies.fields.microSegment')} />
        </Box>
        <FormTextField
          {...fieldProps('emailDomains')}
          label={t('companies.fields.emailDomains')}
          multiline
          minRows={2}
          helperText={t('companies.edit.domainsHint')}
        />
        <Typography variant="subtitle2" component="h4">
          {t('companies.fields.contact')}
        </Typography>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          <FormTextField {...fieldProps('contactFirstName')} label={t('companies.fields.contactFirstName')} />
          <FormTextField {...fieldProps('contactLastName')} label={t('companies.fields.contactLastName')} />
          <FormTextField {...fieldProps('contactEmailAddress')} label={t('companies.fields.contactEmailAddress')} type="email" />
          <FormTextField {...fieldProps('contactPhoneNo')} label={t('companies.fields.contactPhoneNo')} type="tel" placeholder="+4791234567" />
        </Box>
        <Stack direction="row" spacing={1.5} sx={{ justifyContent: 'flex-end' }}>
          <Button onClick={onDone} disabled={update.isPending}>
            {t('companies.edit.cancel')}
          </Button>
          <Button type="submit" variant="contained" loading={update.isPending}>
            {t('companies.edit.save')}
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}
