import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { OTHER_FLEET_COUNT_CAP, type OtherFleetHint } from '@fleetdesk/contract';
import { useTranslation } from 'react-i18next';

/** The server counts each kind up to a cap: a count at the cap reads "100+". */
const shownCount = (count: number) => (count >= OTHER_FLEET_COUNT_CAP ? `${count}+` : String(count));

/**
 * The hint that the phrase also matches in another operator's fleet (§2): counts per kind only (never that
 * operator's data), with a link to the same search in that operator's console when one is known.
 */
export function OtherFleetHints({ hints }: { hints: readonly OtherFleetHint[] }) {
  const { t } = useTranslation();
  const shown = hints.filter((hint) => hint.vehicles + hint.users + hint.bookings > 0);
  if (shown.length === 0) return null;
  return (
    <Stack spacing={1}>
      {shown.map((hint) => {
        const total = hint.vehicles + hint.users + hint.bookings;
        const capped = [hint.vehicles, hint.users, hint.bookings].some((count) => count >= OTHER_FLEET_COUNT_CAP);
        const parts = [
          hint.users > 0 ? t('supportSearch.otherFleet.users', { count: hint.users, shown: shownCount(hint.users) }) : null,
          hint.bookings > 0 ? t('supportSearch.otherFleet.bookings', { count: hint.bookings, shown: shownCount(hint.bookings) }) : null,
          hint.vehicles > 0 ? t('supportSearch.otherFleet.vehicles', { count: hint.vehicles, shown: shownCount(hint.vehicles) }) : null,
        ].filter((part): part is string => part !== null);
        return (
          <Alert
            key={hint.fleet}
            severity="info"
            variant="outlined"
            role="status"
            data-testid="other-fleet-hint"
            sx={{ bgcolor: 'background.paper', alignItems: 'center' }}
            action={
              hint.link ? (
                <Button
                  color="inherit"
                  size="small"
                  href={hint.link}
                  target="_blank"
                  rel="noopener noreferrer"
                  endIcon={<OpenInNewIcon fontSize="small" />}
                >
                  {t('supportSearch.otherFleet.open', { fleetName: hint.fleetName })}
                </Button>
              ) : undefined
            }
          >
            <AlertTitle sx={{ mb: 0 }}>
              {t('supportSearch.otherFleet.title', { count: total, shown: capped ? `${total}+` : String(total), fleetName: hint.fleetName })}
            </AlertTitle>
            {t('supportSearch.otherFleet.detail', { parts: parts.join(', ') })}
          </Alert>
        );
      })}
    </Stack>
  );
}
