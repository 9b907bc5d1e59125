import DirectionsBikeIcon from '@mui/icons-material/DirectionsBike';
import DirectionsCarIcon from '@mui/icons-material/DirectionsCar';
import HistoryIcon from '@mui/icons-material/History';
import StarIcon from '@mui/icons-material/Star';
import Avatar from '@mui/material/Avatar';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { UserDetail, VehicleAccess } from '@fleetdesk/contract';
import { useTranslation } from 'react-i18next';
import { AppHrefLink } from '@/components/app-href-link';
import { UserActionsMenu } from './user-actions-slot';
import { UserStatusChip } from './user-status-chip';
import { companyPath, eventLogPath } from './user-links';

const ACCESS_ICONS: Record<VehicleAccess, typeof StarIcon> = {
  PREMIUM: StarIcon,
  CARS: DirectionsCarIcon,
  BIKES_LICENSE_PENDING: DirectionsBikeIcon,
  BIKES_NO_LICENSE: DirectionsBikeIcon,
};

const initials = (user: Pick<UserDetail, 'givenName' | 'familyName'>) =>
  `${user.givenName.charAt(0)}${user.familyName.charAt(0)}`.toUpperCase();

/**
 * The user page's header summary (§2): name, user name, status badge, the §4 vehicle access as the API gives it
 * (premium / cars / bikes (licence pending) / bikes (no licence)), the company and the event log, and the status actions.
 */
export function UserHeader({ user, onChanged }: { user: UserDetail; onChanged: (user: UserDetail) => void }) {
  const { t } = useTranslation();
  const AccessIcon = ACCESS_ICONS[user.vehicleAccess];
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="user-header">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <Avatar sx={{ bgcolor: 'primary.main', width: 52, height: 52, fontSize: 20 }} aria-hidden>
          {initials(user)}
        </Avatar>
        <Stack spacing={0.5} sx={{ flex: 1, minWidth: 0 }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
            <Typography variant="h5" component="h1" sx={{ mr: 0.5 }}>
              {`${user.givenName} ${user.familyName}`}
            </Typography>
            <UserStatusChip status={user.status} suspicious={user.suspiciousRegistration !== null && Object.values(user.suspiciousRegistration).some(Boolean)} />
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
          </Stack>
        </Stack>
        <UserActionsMenu user={user} onChanged={onChanged} />
      </Stack>
    </Paper>
  );
}
