import { useState, type FormEvent } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { UserDetail } from '@fleetdesk/contract';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess, notifyWarning } from '@/lib/notifications/notify';
import { useCheckMembership } from '../api/users-api';

/**
 * §7 "check membership": for a user in a housing-association division without a confirmed membership, staff enter
 * the membership code the resident gave; SUCCESS confirms the membership (the edit form then saves without an
 * override), REJECTED says so and changes nothing.
 */
export function MembershipCheck({ user }: { user: UserDetail }) {
  const { t } = useTranslation();
  const check = useCheckMembership(user.username);
  const [code, setCode] = useState<string | null>(null);
  if (!user.membership.required || user.membership.confirmedAt) return null;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!code?.trim()) return;
    check.mutate(code.trim(), {
      onSuccess: ({ result }) => {
        if (result === 'SUCCESS') {
          notifySuccess(t('users.membership.confirmed'));
          setCode(null);
        } else notifyWarning(t('users.membership.rejected'));
      },
      onError: (error) => notifyError(error),
    });
  };

  if (code === null) {
    return (
      <Button size="small" variant="outlined" onClick={() => setCode('')} sx={{ mt: 1 }}>
        {t('users.membership.check')}
      </Button>
    );
  }
  return (
    <Stack
      component="form"
      noValidate
      onSubmit={onSubmit}
      direction="row"
      spacing={1}
      sx={{ mt: 1, alignItems: 'flex-start' }}
      data-testid="membership-check"
    >
      <TextField
        size="small"
        label={t('users.membership.code')}
        value={code}
        onChange={(event) => setCode(event.target.value)}
        autoFocus
        required
        helperText={t('users.membership.codeHelp')}
        slotProps={{ htmlInput: { maxLength: 40 } }}
        sx={{ flex: 1 }}
      />
      <Button type="submit" variant="contained" loading={check.isPending} disabled={!code.trim()} sx={{ height: 40 }}>
        {t('users.membership.submit')}
      </Button>
      <Button onClick={() => setCode(null)} sx={{ height: 40 }}>
        {t('users.cancel')}
      </Button>
    </Stack>
  );
}
