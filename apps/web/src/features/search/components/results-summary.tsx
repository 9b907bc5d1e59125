import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { SECTION_ANCHORS } from './result-section';

interface ResultsSummaryProps {
  /** Counts as shown on the panels ('10+'); a kind without a panel is left out. */
  vehicles: string | null;
  bookings: string;
  users: string;
}

/** One line of what was found, each count a jump to its panel (long vehicle lists push the rest far down). */
export function ResultsSummary({ vehicles, bookings, users }: ResultsSummaryProps) {
  const { t } = useTranslation();
  const jump = (anchor: string) => {
    const target = document.getElementById(anchor);
    target?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    target?.focus({ preventScroll: true });
  };
  const items = [
    vehicles === null ? null : { anchor: SECTION_ANCHORS.vehicles, label: t('supportSearch.vehicles'), count: vehicles },
    { anchor: SECTION_ANCHORS.bookings, label: t('supportSearch.bookings'), count: bookings },
    { anchor: SECTION_ANCHORS.users, label: t('supportSearch.users'), count: users },
  ].filter((item) => item !== null);
  return (
    <Stack component="nav" aria-label={t('supportSearch.summary')} direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
      {items.map((item) => (
        <Chip
          key={item.anchor}
          size="small"
          variant="outlined"
          clickable
          onClick={() => jump(item.anchor)}
          label={t('supportSearch.jumpTo', { section: item.label, count: item.count })}
          sx={{ bgcolor: 'background.paper' }}
        />
      ))}
    </Stack>
  );
}
