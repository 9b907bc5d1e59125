import type { ReactNode } from 'react';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { UserDetail } from '@fleetdesk/contract';
import { useTranslation } from 'react-i18next';
import { AppHrefLink } from '@/components/app-href-link';
import { useFormat } from '@/lib/format/use-format';
import { IdentityPanel, LicencePanel } from './user-actions-slot';
import { FreeMonthsCard } from './free-months-card';
import { UserEditForm } from './user-edit-form';
import { companyPath, eventLogPath } from './user-links';
import { MembershipCheck } from './membership-check';

interface UserInfoTabProps {
  user: UserDetail;
  editing: boolean;
  /** Outside support mode the tab has the edit toggle; in support mode the form opens from the actions menu (0036). */
  editToggle: boolean;
  onEditingChange: (editing: boolean) => void;
  onSaved: (user: UserDetail) => void;
}

/**
 * The User information tab (§2): the details or, with `?edit=true`, the edit form (in both modes). Outside support mode
 * the tab shows the edit toggle; in support mode it does not, and the form opens from the actions menu's "Edit details"
 * (docs/decisions/0036-support-mode.md). Beside them free months, the identity and the driver's licence, the block and
 * the account's dates.
 */
export function UserInfoTab({ user, editing, editToggle, onEditingChange, onSaved }: UserInfoTabProps) {
  const { t } = useTranslation();
  return (
    <Grid container spacing={2} sx={{ alignItems: 'flex-start' }}>
      <Grid size={{ xs: 12, lg: 8 }}>
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1.5 }}>
            <Typography variant="h6" component="h2">
              {editing ? t('users.info.editHeading') : t('users.info.heading')}
            </Typography>
            {editToggle && !editing && (
              <Button variant="outlined" size="small" startIcon={<EditOutlinedIcon />} onClick={() => onEditingChange(true)}>
                {t('users.info.edit')}
              </Button>
            )}
          </Stack>
          {user.singleSignOn && (
            <Alert severity="info" icon={<LockOutlinedIcon />} sx={{ mb: 2 }}>
              {t('users.info.ssoNote')}
            </Alert>
          )}
          {editing ? <UserEditForm user={user} onCancel={() => onEditingChange(false)} onSaved={onSaved} /> : <UserDetails user={user} />}
        </Paper>
      </Grid>
      <Grid size={{ xs: 12, lg: 4 }}>
        <Stack spacing={2}>
          <FreeMonthsCard user={user} />
          <Paper variant="outlined" sx={{ p: 2 }}>
            <IdentityPanel user={user} />
          </Paper>
          <Paper variant="outlined" sx={{ p: 2 }}>
            <LicencePanel user={user} />
          </Paper>
          <AccountCard user={user} />
        </Stack>
      </Grid>
    </Grid>
  );
}

function Field({ label, children, wide = false }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <Grid size={{ xs: 12, sm: wide ? 12 : 6, md: wide ? 12 : 4 }}>
      <Typography variant="caption" color="text.secondary" component="dt">
        {label}
      </Typography>
      <Typography variant="body2" component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Grid>
  );
}

function UserDetails({ user }: { user: UserDetail }) {
  const { t } = useTranslation();
  const none = (
    <Box component="span" sx={{ color: 'text.secondary' }}>
      –
    </Box>
  );
  const text = (value: string | null | undefined) => (value ? value : none);
  const address = [user.address.streetAddress, [user.address.zipCode, user.address.city].filter(Boolean).join(' '), user.address.countryCode]
    .filter((part) => part)
    .join(', ');
  return (
    <Grid container spacing={1.5} component="dl" sx={{ m: 0 }} data-testid="user-details">
      <Field label={t('users.fields.username')}>{user.username}</Field>
      <Field label={t('users.fields.givenName')}>{user.givenName}</Field>
      <Field label={t('users.fields.familyName')}>{user.familyName}</Field>
      <Field label={t('users.fields.mobilePhone')}>{text(user.mobilePhone)}</Field>
      <Field label={t('users.fields.emailAddress')}>{text(user.emailAddress)}</Field>
      <Field label={t('users.fields.language')}>
        {t(`languages.${user.language}`)}
        {user.languageOnRecord === null ? null : ` · ${t('users.fields.languageOnRecord', { code: user.languageOnRecord })}`}
      </Field>
      <Field label={t('users.fields.customerNumber')}>{text(user.customerNumber)}</Field>
      <Field label={t('users.fields.userCategory')}>{t(`users.category.${user.userCategory}`)}</Field>
      <Field label={t('users.fields.company')}>
        {user.company ? (
          <>
            <AppHrefLink href={companyPath(user.company.id)}>{user.company.name}</AppHrefLink>
            {user.company.parentHierarchy.length > 0 && (
              <Typography variant="caption" color="text.secondary" component="span" sx={{ display: 'block' }}>
                {user.company.parentHierarchy.map((c) => c.name).join(' › ')}
              </Typography>
            )}
          </>
        ) : (
          none
        )}
      </Field>
      <Field label={t('users.fields.address')} wide>
        {text(address)}
      </Field>
      <Field label={t('users.fields.pinCode')}>{user.pinCode ? '••••' : none}</Field>
      <Field label={t('users.fields.rfid')}>{text(user.rfid)}</Field>
      <Field label={t('users.fields.campaignCode')}>{text(user.campaignCode)}</Field>
      <Field label={t('users.fields.premiumAccess')}>{user.premiumAccess ? t('users.yes') : t('users.no')}</Field>
      <Field label={t('users.fields.passwordLogin')}>{user.passwordLoginAllowed ? t('users.yes') : t('users.no')}</Field>
      <Field label={t('users.fields.cards')}>
        {user.paymentMethods.registeredCards.length
          ? user.paymentMethods.registeredCards.map((card) => `${card.cardTypeAndMaskedNumber} (${card.expires})`).join(', ')
          : none}
      </Field>
      <Field label={t('users.fields.note')} wide>
        <Box component="span" sx={{ whiteSpace: 'pre-wrap' }}>
          {text(user.note)}
        </Box>
      </Field>
    </Grid>
  );
}

function AccountCard({ user }: { user: UserDetail }) {
  const { t } = useTranslation();
  const format = useFormat();
  const rows: [string, ReactNode][] = [
    [t('users.account.applyDate'), format.dateTime(user.applyDate) || '–'],
    [t('users.account.lastStatusChange'), format.dateTime(user.lastStatusChangeDate) || '–'],
  ];
  if (user.approvedAt) rows.push([t('users.account.approved'), `${format.dateTime(user.approvedAt)} · ${user.approvedBy ?? '–'}`]);
  if (user.deletionRequestedAt) {
    rows.push([t('users.account.deletionRequested'), `${format.dateTime(user.deletionRequestedAt)} · ${user.deletionRequestedBy ?? '–'}`]);
  }
  if (user.confirmationSentAt) rows.push([t('users.account.confirmationSent'), format.dateTime(user.confirmationSentAt)]);
  if (user.membership.required) {
    rows.push([
      t('users.account.membership'),
      user.membership.confirmedAt
        ? t('users.account.membershipConfirmed', { at: format.dateTime(user.membership.confirmedAt), by: user.membership.confirmedBy ?? '–' })
        : user.membership.override
          ? t('users.account.membershipOverride')
          : t('users.account.membershipMissing'),
    ]);
  }
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="subtitle1" component="h2" sx={{ mb: 1 }}>
        {t('users.account.heading')}
      </Typography>
      {user.blockStatus && (
        <Alert severity="error" sx={{ mb: 1.5 }} data-testid="block-status">
          <strong>{t(`users.blockReason.${user.blockStatus.blockReason}`)}</strong>
          {user.blockStatus.blockMessage && <Box sx={{ whiteSpace: 'pre-wrap' }}>{user.blockStatus.blockMessage}</Box>}
          <Box sx={{ typography: 'caption' }}>
            {t('users.account.blockedBy', { by: user.blockStatus.blockedByUsername ?? '–', at: format.dateTime(user.blockStatus.timestamp) })}
          </Box>
        </Alert>
      )}
      {/* dl > div > dt + dd; the lines between the rows are borders, since an <hr> may not sit in a <dl>. */}
      <Stack component="dl" sx={{ m: 0, '& > div + div': { borderTop: 1, borderColor: 'divider', mt: 0.75, pt: 0.75 } }}>
        {rows.map(([label, value]) => (
          <Stack key={label} direction="row" spacing={2} sx={{ justifyContent: 'space-between' }}>
            <Typography variant="body2" color="text.secondary" component="dt">
              {label}
            </Typography>
            <Typography variant="body2" component="dd" sx={{ m: 0, textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}>
              {value}
            </Typography>
          </Stack>
        ))}
      </Stack>
      <MembershipCheck user={user} />
      <Box sx={{ mt: 1.5 }}>
        <AppHrefLink href={eventLogPath(user.username)} variant="body2">
          {t('users.page.eventLogLong')}
        </AppHrefLink>
      </Box>
    </Paper>
  );
}
