import { useState } from 'react';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { UserDetail } from '@fleetdesk/contract';
import { useFormat } from '@/lib/format/use-format';
import { notify } from '@/lib/notifications/notify';
import { useUserAction, userActionFailure } from '../api/use-user-action';
import { revealIdentityNumber } from '../api/user-actions-api';
import { SetIdentityDialog } from './set-identity-dialog';

export interface IdentityPanelProps {
  user: UserDetail;
  /** The user after a change here (identity set or verified). */
  onChanged?: (user: UserDetail) => void;
  /** Offer 'Verify identity' here too (the approval wizard); the user page has it in the actions menu. */
  allowVerify?: boolean;
}

/**
 * The user's identity (§3 userIdentity, §5): verified or not, the method and country. The number is shown only after an
 * explicit click, with the note that this is logged (the server logs each reveal as an event). Staff can set the
 * identity when none is verified, and replace one set by the manual method.
 */
export function IdentityPanel({ user, onChanged, allowVerify = false }: IdentityPanelProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const [dialogOpen, setDialogOpen] = useState(false);
  const reveal = useMutation({
    mutationFn: () => revealIdentityNumber(user.username),
    meta: { notifyErrors: false },
    onError: (error) => notify(userActionFailure('VERIFY_IDENTITY', error, t)),
  });
  const verify = useUserAction(user.username, { onChanged: (after) => after && onChanged?.(after) });
  const identity = user.userIdentity;
  const manual = identity?.identityMethod === 'MANUAL';
  const canSet = !user.identityVerified || manual;
  const revealed = reveal.data && reveal.data.username === user.username ? reveal.data : null;

  return (
    <Stack spacing={1.5} aria-label={t('userActions.identity.title')} component="section">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Typography variant="subtitle1" component="h3">
          {t('userActions.identity.title')}
        </Typography>
        <Chip
          size="small"
          color={user.identityVerified ? 'success' : 'default'}
          label={user.identityVerified ? t('userActions.identity.verified') : t('userActions.identity.notVerified')}
        />
      </Stack>
      <Stack direction="row" spacing={3} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Field
          label={t('userActions.identity.method')}
          value={identity?.identityMethod ? t(`userActions.identity.methods.${identity.identityMethod}`) : '–'}
        />
        <Field
          label={t('userActions.identity.country')}
          value={identity?.identityCountry ? t(`userActions.identity.countries.${identity.identityCountry}`) : '–'}
        />
        <Field
          label={t('userActions.identity.name')}
          value={
            identity && (identity.identityGivenName || identity.identityFamilyName)
              ? `${identity.identityGivenName ?? ''} ${identity.identityFamilyName ?? ''}`.trim()
              : '–'
          }
        />
        <Field
          label={t('userActions.identity.number')}
          value={revealed ? (revealed.identificationNumber ?? t('userActions.identity.none')) : t('userActions.identity.hidden')}
          testId="identity-number"
        />
      </Stack>
      {user.identityVerified && user.identityVerifiedBy && (
        <Typography variant="body2" color="text.secondary">
          {t('userActions.identity.verifiedBy', { by: user.identityVerifiedBy, at: format.dateTime(user.identityVerifiedAt) })}
        </Typography>
      )}
      {!revealed && (
        <Alert severity="info" variant="outlined" sx={{ py: 0 }}>
          {t('userActions.identity.showNote')}
        </Alert>
      )}
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        {!revealed && (
          <Button
            size="small"
            variant="outlined"
            onClick={() => reveal.mutate()}
            disabled={reveal.isPending}
            startIcon={reveal.isPending ? <CircularProgress size={14} color="inherit" aria-hidden /> : <VisibilityOutlinedIcon />}
          >
            {t('userActions.identity.show')}
          </Button>
        )}
        {canSet && (
          <Button size="small" variant="outlined" onClick={() => setDialogOpen(true)}>
            {manual && user.identityVerified ? t('userActions.identity.replace') : t('userActions.identity.set')}
          </Button>
        )}
        {allowVerify && !user.identityVerified && (
          <Button
            size="small"
            variant="outlined"
            disabled={verify.isPending}
            onClick={() => verify.mutate({ action: 'VERIFY_IDENTITY' })}
            startIcon={verify.isPending ? <CircularProgress size={14} color="inherit" aria-hidden /> : undefined}
          >
            {t('userActions.identity.verify')}
          </Button>
        )}
      </Stack>
      {dialogOpen && (
        <SetIdentityDialog
          user={user}
          onSaved={(saved) => {
            setDialogOpen(false);
            reveal.reset();
            onChanged?.({ ...user, ...saved });
          }}
          onClose={() => setDialogOpen(false)}
        />
      )}
    </Stack>
  );
}

function Field({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <Stack spacing={0.25} data-testid={testId}>
      <Typography variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="body2">{value}</Typography>
    </Stack>
  );
}
