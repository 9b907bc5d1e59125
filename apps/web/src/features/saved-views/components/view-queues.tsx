import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import type { SavedView } from '@fleetdesk/contract';
import { useTranslation } from 'react-i18next';
import { ListItemLink } from '@/components/router-link';
import { useSavedViewCount, useSavedViews } from '../api/saved-views-api';
import { SAVED_VIEWS_NS } from '../strings';
import { viewLocation } from '../view-location';
import { useViewName } from './view-name';

function QueueCount({ view }: { view: SavedView }) {
  const { t } = useTranslation(SAVED_VIEWS_NS);
  const count = useSavedViewCount(view.id);
  if (!count.data) return null;
  const label = count.data.capped ? t('queues.countCapped', { count: count.data.count }) : String(count.data.count);
  return <Chip size="small" label={label} aria-label={t('queues.countLabel', { count: count.data.count })} sx={{ ml: 1 }} />;
}

/** The team's work queues in the side menu: the operator's shared views (built-in first), each with its live count. */
export function ViewQueues({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useTranslation(SAVED_VIEWS_NS);
  const views = useSavedViews();
  const nameOf = useViewName();
  const queues = (views.data ?? []).filter((view) => view.shared);
  if (!queues.length) return null;
  return (
    <Box component="section" aria-labelledby="view-queues-heading" data-testid="view-queues">
      <List
        disablePadding
        subheader={
          <ListSubheader id="view-queues-heading" disableSticky sx={{ lineHeight: 2.5, bgcolor: 'transparent' }}>
            {t('queues.heading')}
          </ListSubheader>
        }
      >
        {queues.map((view) => {
          const location = viewLocation(view);
          return (
            <ListItem key={view.id} disablePadding sx={{ mb: 0.25 }}>
              <ListItemLink to={location.to as never} search={location.search as never} onClick={onNavigate} sx={{ py: 0.5 }}>
                <ListItemText primary={nameOf(view)} slotProps={{ primary: { variant: 'body2' } }} />
                <QueueCount view={view} />
              </ListItemLink>
            </ListItem>
          );
        })}
      </List>
    </Box>
  );
}
