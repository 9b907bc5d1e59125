import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import { ZUserStatus } from '@fleetdesk/contract';

/** A user's status in the lists here; an unknown status is grey with 'unknown'. */
export function UserStatusLabel({ status }: { status: string }) {
  const { t } = useTranslation();
  const known = ZUserStatus.safeParse(status);
  return (
    <Chip
      size="small"
      variant="outlined"
      color={known.success ? 'primary' : 'default'}
      label={known.success ? t(`userActions.status.${known.data}`) : t('userActions.statusUnknown')}
    />
  );
}
