import ReportProblemOutlinedIcon from '@mui/icons-material/ReportProblemOutlined';
import Chip, { type ChipProps } from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { ZUserStatus, type UserStatus } from '@fleetdesk/contract';
import { useTranslation } from 'react-i18next';

const STATUS_COLOURS: Record<UserStatus, ChipProps['color']> = {
  ACTIVE: 'success',
  APPROVED: 'success',
  PENDING: 'warning',
  PENDING_OLD: 'warning',
  PENDING_APPROVAL: 'warning',
  AWAITING_APPROVAL: 'warning',
  AWAITING_CONFIRMATION: 'warning',
  DELETION_REQUESTED: 'default',
  BLOCKED: 'error',
};

/** Statuses of a registration that is not approved yet (§4 "status pending"): these show the suspicious badge when flagged. */
const PENDING_STATUSES: ReadonlySet<string> = new Set<UserStatus>([
  'PENDING',
  'PENDING_OLD',
  'PENDING_APPROVAL',
  'AWAITING_APPROVAL',
  'AWAITING_CONFIRMATION',
]);

export const isKnownStatus = (status: string): status is UserStatus => ZUserStatus.safeParse(status).success;

/** §4: pending users flagged as suspicious registrations show the suspicious badge. */
export const showsSuspiciousBadge = (status: string, suspicious: boolean) => suspicious && PENDING_STATUSES.has(status);

interface UserStatusChipProps {
  status: string;
  suspicious?: boolean;
  size?: ChipProps['size'];
}

/** A user's status badge (§4): coloured by status, grey with 'unknown' for a status this console does not know. */
export function UserStatusChip({ status, suspicious = false, size = 'small' }: UserStatusChipProps) {
  const { t } = useTranslation();
  const known = isKnownStatus(status);
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', flexWrap: 'nowrap' }}>
      <Chip
        size={size}
        variant="outlined"
        color={known ? STATUS_COLOURS[status] : 'default'}
        label={known ? t(`users.status.${status}`) : t('messages.unknownStatus')}
        title={known ? undefined : status}
        data-testid="user-status"
        sx={known ? undefined : { color: 'text.disabled', borderColor: 'divider' }}
      />
      {showsSuspiciousBadge(status, suspicious) && (
        <Chip size={size} color="error" icon={<ReportProblemOutlinedIcon />} label={t('users.suspicious')} data-testid="suspicious-badge" />
      )}
    </Stack>
  );
}
