import HistoryIcon from '@mui/icons-material/History';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { AppHrefLink } from '@/components/app-href-link';
import { useEventText } from '@/lib/format/use-event-text';
import { useFormat } from '@/lib/format/use-format';
import { useLastChange } from '../api/timeline-api';
import { CUSTOMER_NOTES_NS } from '../strings';
import { timelineEntryPath, useActorLabel } from './customer-timeline';

/**
 * "Last change" (issue 18 point 4): the newest entry of the customer's timeline, or of one of her bookings with `bid`
 * — what, who, when — with a link to that entry on the timeline. Nothing while loading or when there is none.
 */
export function LastChange({ username, bid }: { username: string; bid?: string }) {
  const { t } = useTranslation(CUSTOMER_NOTES_NS);
  const format = useFormat();
  const text = useEventText();
  const actor = useActorLabel();
  const last = useLastChange(username, bid);
  const entry = last.data;
  if (!entry) return null;
  return (
    <Typography variant="body2" color="text.secondary" data-testid="last-change" sx={{ overflowWrap: 'anywhere' }}>
      <HistoryIcon fontSize="inherit" aria-hidden sx={{ verticalAlign: '-0.125em', mr: 0.5 }} />
      {t('lastChange.label')}: {text(entry)} · {actor(entry, username)}, <time dateTime={entry.occurred}>{format.dateTime(entry.occurred)}</time> ·{' '}
      <AppHrefLink href={timelineEntryPath(username, entry.id)} underline="always">
        {t('lastChange.open')}
      </AppHrefLink>
    </Typography>
  );
}
