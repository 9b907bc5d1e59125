import { useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { UserStatus } from '@fleetdesk/contract';
import { useTranslation } from 'react-i18next';
import { useUserSearch } from '../../api/booking-form-api';
import { useDebouncedValue } from './use-debounced-value';

/** How long typing must pause before the user search runs. */
export const USER_SEARCH_DEBOUNCE_MS = 300;

/** A customer as the form shows them. */
export interface UserOption {
  username: string;
  givenName?: string;
  familyName?: string;
  status?: UserStatus;
  mobilePhone?: string | null;
  companyName?: string | null;
}

export const userOptionLabel = (user: UserOption): string => {
  const name = [user.familyName, user.givenName].filter(Boolean).join(', ');
  return name ? `${name} (${user.username})` : user.username;
};

interface UserFieldProps {
  value: UserOption | null;
  onChange: (user: UserOption | null) => void;
  onBlur?: () => void;
  disabled?: boolean;
  error?: string;
  helperText?: string;
}

/** The customer: a debounced search among ACTIVE users (GET /api/users?status=ACTIVE). */
export function UserField({ value, onChange, onBlur, disabled, error, helperText }: UserFieldProps) {
  const { t } = useTranslation();
  const [input, setInput] = useState('');
  const typed = value && input === userOptionLabel(value) ? '' : input.trim();
  const query = useDebouncedValue(typed, USER_SEARCH_DEBOUNCE_MS);
  const search = useUserSearch(query);
  const waiting = typed !== '' && (typed !== query || search.isFetching);
  const options: UserOption[] = typed === '' ? [] : (search.data?.results ?? []);

  const noOptionsText =
    typed === ''
      ? t('bookingForm.user.typeToSearch')
      : waiting
        ? t('bookingForm.user.searching')
        : search.isError
          ? t('bookingForm.user.searchFailed')
          : t('messages.noUsersFound');

  return (
    <Autocomplete<UserOption>
      value={value}
      onChange={(_event, user) => onChange(user)}
      inputValue={input}
      onInputChange={(_event, text) => setInput(text)}
      options={options}
      filterOptions={(list) => list}
      getOptionLabel={userOptionLabel}
      isOptionEqualToValue={(option, selected) => option.username === selected.username}
      loading={waiting}
      loadingText={t('bookingForm.user.searching')}
      noOptionsText={noOptionsText}
      disabled={disabled}
      onBlur={onBlur}
      autoHighlight
      renderOption={({ key, ...props }, option) => (
        <Box component="li" key={key} {...props}>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="body2" sx={{ fontWeight: 500 }} noWrap>
              {userOptionLabel(option)}
            </Typography>
            <Typography variant="caption" color="text.secondary" noWrap component="div">
              {[option.mobilePhone, option.companyName].filter(Boolean).join(' · ')}
            </Typography>
          </Box>
        </Box>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          label={t('bookingForm.fields.user')}
          placeholder={t('bookingForm.user.placeholder')}
          required
          error={Boolean(error)}
          helperText={error ?? helperText}
          slotProps={{
            ...params.slotProps,
            input: {
              ...params.slotProps.input,
              endAdornment: (
                <>
                  {waiting ? <CircularProgress color="inherit" size={16} aria-hidden /> : null}
                  {params.slotProps.input.endAdornment}
                </>
              ),
            },
          }}
        />
      )}
    />
  );
}
