import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Grid from '@mui/material/Grid';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { FormSection } from './form-section';
import type { BookingFormModel } from './use-booking-form-model';
import { useFormMessage } from './use-form-message';
import { UserField } from './user-field';

/** The customer and their contract, with what stands in the way of booking for them (§5). */
export function CustomerSection({ model }: { model: BookingFormModel }) {
  const { t } = useTranslation();
  const fieldMessage = useFormMessage();
  const { booking, updating, values, form, selectedUser, username, contracts, contract, contractsQuery, poolsQuery, warnings } = model;
  const { userNotFound, userNotActive, noContracts } = warnings;
  const errors = form.formState.errors;
  const userHelper = userNotActive ? undefined : t('bookingForm.user.helper');
  const contractHelper = !username ? t('bookingForm.contract.chooseUserFirst') : contractsQuery.isPending ? t('common.loading') : undefined;

  return (
    <FormSection id="booking-form-customer" title={t('bookingForm.sections.customer')}>
      <Grid container spacing={1.5}>
        <Grid size={{ xs: 12, sm: 6 }}>
          <UserField
            value={selectedUser}
            onChange={model.changeUser}
            disabled={updating}
            error={fieldMessage(errors.user?.message)}
            helperText={userHelper}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField
            select
            label={t('bookingForm.fields.contract')}
            required
            value={values.contractId === null ? '' : String(values.contractId)}
            onChange={(event) => model.changeContract(event.target.value === '' ? null : Number(event.target.value))}
            disabled={!username || contracts.length === 0}
            error={Boolean(errors.contractId)}
            helperText={fieldMessage(errors.contractId?.message) ?? contractHelper}
            slotProps={{
              input: {
                endAdornment: contractsQuery.isFetching ? (
                  <InputAdornment position="end" sx={{ mr: 3 }}>
                    <CircularProgress size={16} aria-hidden />
                  </InputAdornment>
                ) : undefined,
              },
            }}
          >
            {values.contractId !== null && !contract && (
              // The booking's contract until the customer's contracts are loaded.
              <MenuItem value={String(values.contractId)}>
                {booking?.contractId === values.contractId ? booking.contract.name : t('common.loading')}
              </MenuItem>
            )}
            {contracts.map((c) => (
              <MenuItem key={c.id} value={String(c.id)}>
                {c.name}
                <Typography component="span" variant="caption" color="text.secondary" sx={{ ml: 1 }}>
                  {t(`bookingForm.contractTypes.${c.contractType}`)}
                </Typography>
              </MenuItem>
            ))}
          </TextField>
        </Grid>
      </Grid>
      <Stack spacing={1} sx={{ mt: userNotFound || userNotActive || noContracts || contractsQuery.isError || poolsQuery.isError ? 1.5 : 0 }}>
        {userNotFound && (
          <Alert severity="warning" role="status">
            {t('messages.userNotFound')}
          </Alert>
        )}
        {userNotActive && (
          <Alert severity="warning" role="status">
            {t('messages.userNotActive')}
          </Alert>
        )}
        {noContracts && (
          <Alert severity="warning" role="status">
            {t('messages.noContractsOnUser')}
          </Alert>
        )}
        {(contractsQuery.isError || poolsQuery.isError) && (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => void Promise.all([contractsQuery.refetch(), poolsQuery.refetch()])}>
                {t('common.retry')}
              </Button>
            }
          >
            {t('bookingForm.contract.loadFailed')}
          </Alert>
        )}
      </Stack>
    </FormSection>
  );
}
