import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { TextLink } from '@/components/router-link';
import { formatDateTime } from '@/lib/format/format';
import { POOL_TIMELINE_COLOURS, type PoolTimelineGroup, type PoolTimelineItem } from '../pool-timeline-model';

interface PoolBookingsListProps {
  items: readonly PoolTimelineItem[];
  groups: readonly PoolTimelineGroup[];
}

/** The timeline's bookings as a table: the accessible alternative (screen readers, keyboard) to the drawn timeline. */
export function PoolBookingsList({ items, groups }: PoolBookingsListProps) {
  const { t } = useTranslation();
  const groupById = new Map(groups.map((g) => [g.id, g]));
  const groupLabel = (id: string) => {
    const group = groupById.get(id);
    if (!group) return '';
    if (group.kind === 'vehicle') return group.title;
    return `${t('pools.timeline.unallocated')} · ${group.title} · ${group.subtitle ?? t('pools.timeline.anyModel')}`;
  };
  const sorted = [...items].sort((a, b) => Date.parse(a.start) - Date.parse(b.start));

  return (
    <Accordion disableGutters variant="outlined" sx={{ mt: 1.5 }}>
      <AccordionSummary expandIcon={<ExpandMoreIcon />} aria-controls="pool-bookings-list" id="pool-bookings-list-summary">
        <Typography variant="body2">{t('pools.list.summary', { count: items.length })}</Typography>
      </AccordionSummary>
      <AccordionDetails id="pool-bookings-list" sx={{ p: 0, overflowX: 'auto' }}>
        {sorted.length === 0 ? (
          <Typography variant="body2" color="text.secondary" sx={{ p: 2 }}>
            {t('pools.timeline.empty')}
          </Typography>
        ) : (
          <Table size="small" aria-label={t('pools.list.label')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('pools.list.bid')}</TableCell>
                <TableCell>{t('pools.list.row')}</TableCell>
                <TableCell>{t('pools.list.user')}</TableCell>
                <TableCell>{t('pools.list.start')}</TableCell>
                <TableCell>{t('pools.list.end')}</TableCell>
                <TableCell>{t('pools.list.kind')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {sorted.map((item) => (
                <TableRow key={item.id} hover>
                  <TableCell>
                    <TextLink to="/booking/$bid" params={{ bid: item.bid }}>
                      {item.bid}
                    </TextLink>
                  </TableCell>
                  <TableCell>{groupLabel(item.group)}</TableCell>
                  <TableCell>{item.row.user?.fullNameLastFirst ?? '—'}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(item.row.startTime)}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(item.row.endTime)}</TableCell>
                  <TableCell>
                    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75 }}>
                      <Box
                        component="span"
                        aria-hidden
                        sx={{
                          width: 10,
                          height: 10,
                          borderRadius: '2px',
                          bgcolor: POOL_TIMELINE_COLOURS[item.kind].background,
                          border: 1,
                          borderColor: POOL_TIMELINE_COLOURS[item.kind].border,
                        }}
                      />
                      {t(`pools.kind.${item.kind}`)}
                    </Box>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </AccordionDetails>
    </Accordion>
  );
}
