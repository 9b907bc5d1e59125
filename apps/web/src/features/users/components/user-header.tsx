import { useId } from 'react';
import DirectionsBikeIcon from '@mui/icons-material/DirectionsBike';
import DirectionsCarIcon from '@mui/icons-material/DirectionsCar';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import BadgeOutlinedIcon from '@mui/icons-material/BadgeOutlined';
import BlockIcon from '@mui/icons-material/Block';
import HistoryIcon from '@mui/icons-material/History';
import ReceiptLongOutlinedIcon from '@mui/icons-material/ReceiptLongOutlined';
import StarIcon from '@mui/icons-material/Star';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { UserDetail, VehicleAccess } from '@fleetdesk/contract';
import { useTranslation } from 'react-i18next';
import { AppHrefLink } from '@/components/app-href-link';
import { LastChange, LogContactButton, PinnedNotesBanner } from '@/features/customer-notes';
import { useFormat } from '@/lib/format/use-format';
import { usePinnedUserFilter } from '@/lib/support-mode/pinned-user-filter';
import { UserActionsMenu } from './user-actions-slot';
import { UserStatusChip } from './user-status-chip';
import { companyPath, eventLogPath } from './user-links';

const ACCESS_ICONS: Record<VehicleAccess, typeof StarIcon> = {
  PREMIUM: StarIcon,
  CARS: DirectionsCarIcon,
  BIKES_LICENSE_PENDING: DirectionsBikeIcon,
  BIKES_NO_LICENSE: DirectionsBikeIcon,
};

const initials = (user: Pick<UserDetail, 'givenName' | 'familyName'>) => `${user.givenName.charAt(0)}${user.familyName.charAt(0)}`.toUpperCase();

export interface UserHeaderProps {
  user: UserDetail;
  onChanged: (user: UserDetail) => void;
  /** Support mode (docs/decisions/0036-support-mode.md): the actions menu, the collapse button and the username filter. */
  supportMode: boolean;
  /** Whether the tabs below are shown (support mode only; outside it they always are). */
  expanded: boolean;
  onExpandedChange: (expanded: boolean) => void;
  /** The id of the element the collapse button shows and hides. */
  bodyId: string;
  /** Opens the edit form from the actions menu ("Edit details"); left out while the form is open. */
  onEdit?: () => void;
}

/**
 * The user page's header summary (§2): name, user name, status badge, the §4 vehicle access as the API gives it
 * (premium / cars / bikes (licence pending) / bikes (no licence)), the company and the event log. In support mode it is
 * a collapsible card over the tabs, with the status actions ("Edit details" first) and the username filter checkbox.
 */
export function UserHeader({ user, onChanged, supportMode, expanded, onExpandedChange, bodyId, onEdit }: UserHeaderProps) {
  const { t } = useTranslation();
  const AccessIcon = ACCESS_ICONS[user.vehicleAccess];
  const toggleLabel = expanded ? t('users.page.collapse') : t('users.page.expand');
  // Wide: avatar, summary, actions, collapse button in a row. Narrow: the summary with the collapse button at its right,
  // the actions below.
  const layout = supportMode
    ? {
        gridTemplateColumns: { xs: 'minmax(0, 1fr) auto', sm: 'auto minmax(0, 1fr) auto auto' },
        gridTemplateAreas: { xs: '"main toggle" "actions actions"', sm: '"avatar main actions toggle"' },
      }
    : { gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'auto minmax(0, 1fr)' }, gridTemplateAreas: { xs: '"main"', sm: '"avatar main"' } };
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="user-header">
      <Box sx={{ display: 'grid', columnGap: 2, rowGap: 1.5, alignItems: 'center', ...layout }}>
        <Avatar
          sx={{ gridArea: 'avatar', display: { xs: 'none', sm: 'flex' }, bgcolor: 'primary.main', width: 52, height: 52, fontSize: 20 }}
          aria-hidden
        >
          {initials(user)}
        </Avatar>
        <Stack spacing={0.5} sx={{ gridArea: 'main', minWidth: 0 }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
            <Typography variant="h5" component="h1" sx={{ mr: 0.5 }}>
              {`${user.givenName} ${user.familyName}`}
            </Typography>
            <UserStatusChip
              status={user.status}
              suspicious={user.suspiciousRegistration !== null && Object.values(user.suspiciousRegistration).some(Boolean)}
            />
            <Chip
              size="small"
              color={user.vehicleAccess === 'PREMIUM' ? 'primary' : user.vehicleAccess === 'CARS' ? 'info' : 'default'}
              variant={user.vehicleAccess === 'PREMIUM' ? 'filled' : 'outlined'}
              icon={<AccessIcon />}
              label={t(`users.access.${user.vehicleAccess}`)}
              title={t('users.access.title')}
              data-testid="vehicle-access"
            />
          </Stack>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5, color: 'text.secondary' }}>
            <Typography variant="body2" sx={{ fontFamily: 'monospace' }}>
              {user.username}
            </Typography>
            {user.company && (
              <Typography variant="body2">
                <AppHrefLink href={companyPath(user.company.id)}>{user.company.name}</AppHrefLink>
              </Typography>
            )}
            <Typography variant="body2" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
              <HistoryIcon fontSize="inherit" aria-hidden />
              <AppHrefLink href={eventLogPath(user.username)}>{t('users.page.eventLog')}</AppHrefLink>
            </Typography>
            <LogContactButton username={user.username} name={`${user.givenName} ${user.familyName}`} />
          </Stack>
          <UserRiskStrip user={user} />
          <LastChange username={user.username} />
          {supportMode && <UserFilterCheckbox username={user.username} />}
        </Stack>
        {supportMode && (
          <>
            <Box sx={{ gridArea: 'actions', justifySelf: { xs: 'start', sm: 'end' } }}>
              <UserActionsMenu user={user} onChanged={onChanged} onEdit={onEdit} />
            </Box>
            <Box sx={{ gridArea: 'toggle', alignSelf: { xs: 'start', sm: 'center' } }}>
              <Tooltip title={toggleLabel}>
                <IconButton aria-label={toggleLabel} aria-expanded={expanded} aria-controls={bodyId} onClick={() => onExpandedChange(!expanded)}>
                  {expanded ? <ExpandLessIcon /> : <ExpandMoreIcon />}
                </IconButton>
              </Tooltip>
            </Box>
          </>
        )}
      </Box>
      <Box sx={{ mt: 1.5, '&:empty': { display: 'none' } }}>
        <PinnedNotesBanner subjectType="USER" subjectId={user.username} />
      </Box>
    </Paper>
  );
}

/**
 * What an agent must see before anything else, on every tab (issue 17): the customer's outstanding debt (count and
 * amount per currency, linking to the Payments tab), why they are blocked, and a licence that is not verified.
 */
function UserRiskStrip({ user }: { user: UserDetail }) {
  const { t } = useTranslation();
  const format = useFormat();
  const debts = user.outstandingPayments.filter((debt) => debt.numberOfPayments > 0);
  const licenceMissing = !user.verifiedDriversLicense;
  if (debts.length === 0 && !user.blockStatus && !licenceMissing) return null;
  return (
    <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 0.5 }} role="group" aria-label={t('users.risk.label')} data-testid="user-risk">
      {debts.map((debt) => (
        <Chip
          key={debt.currencyCode}
          size="small"
          color="error"
          icon={<ReceiptLongOutlinedIcon />}
          component={AppHrefLink}
          href={`/users/${encodeURIComponent(user.username)}?tab=payments`}
          underline="none"
          clickable
          label={t('users.risk.debt', { count: debt.numberOfPayments, total: format.money(debt.totalCost, debt.currencyCode) })}
          data-testid="user-debt"
        />
      ))}
      {user.blockStatus && (
        <Chip
          size="small"
          color="error"
          variant="outlined"
          icon={<BlockIcon />}
          label={t('users.risk.blocked', { reason: t(`users.blockReason.${user.blockStatus.blockReason}`) })}
          title={user.blockStatus.blockMessage ?? undefined}
        />
      )}
      {licenceMissing && (
        <Chip
          size="small"
          color="warning"
          variant="outlined"
          icon={<BadgeOutlinedIcon />}
          label={t(user.driversLicense.state === 'PENDING' ? 'users.risk.licencePending' : 'users.risk.licenceNotVerified')}
        />
      )}
    </Stack>
  );
}

/**
 * Support mode's username filter (§2, §6; 0036): ticked, the support search keeps to this user name (the pinned `user`
 * filter of /support, kept for the browser tab). Ticking stays on the page.
 */
function UserFilterCheckbox({ username }: { username: string }) {
  const { t } = useTranslation();
  const filter = usePinnedUserFilter();
  const hintId = useId();
  const hint = t('users.page.userFilterHint', { username });
  return (
    <Box>
      <Tooltip title={hint} describeChild placement="bottom-start">
        <FormControlLabel
          sx={{ ml: -0.75, mr: 0, '& .MuiFormControlLabel-label': { typography: 'body2' } }}
          control={
            <Checkbox
              size="small"
              sx={{ py: 0.25 }}
              checked={filter.username === username}
              onChange={(event) => (event.target.checked ? filter.pin(username) : filter.unpin())}
              slotProps={{ input: { 'aria-describedby': hintId } }}
              data-testid="user-filter-checkbox"
            />
          }
          label={t('users.page.userFilter')}
        />
      </Tooltip>
      <span id={hintId} hidden>
        {hint}
      </span>
    </Box>
  );
}
