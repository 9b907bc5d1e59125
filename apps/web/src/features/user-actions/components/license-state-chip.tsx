import Chip, { type ChipProps } from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import type { LicenseState } from '@fleetdesk/contract';

const COLOR: Record<LicenseState, ChipProps['color']> = { VERIFIED: 'success', PENDING: 'warning', MISSING: 'error', UNKNOWN: 'default' };

/** The driver's licence state of §4 (VERIFIED, MISSING, PENDING, unknown). */
export function LicenseStateChip({ state }: { state: LicenseState }) {
  const { t } = useTranslation();
  return <Chip size="small" color={COLOR[state]} label={t(`userActions.license.state.${state}`)} />;
}
