import { useState } from 'react';
import Alert from '@mui/material/Alert';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import HistoryIcon from '@mui/icons-material/History';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useEventText } from '@/lib/format/use-event-text';
import { useFormat } from '@/lib/format/use-format';
import { vehicleEventsQueryOptions } from '../api/vehicles-api';
import { AppHrefLink } from '@/components/app-href-link';
import { VehicleSection } from './vehicle-section';

/** The vehicle's events of the last day (§9) in a compact table, with the way to the full event log. */
export function VehicleEventsSection({ vin }: { vin: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  const eventText = useEventText();
  const [now] = useState(() => Date.now());
  const { data, isPending, isError } = useQuery(vehicleEventsQueryOptions(vin, now));

  return (
    <VehicleSection
      title={t('vehicles.events.title')}
      icon={<HistoryIcon />}
      testId="vehicle-events"
      wide
      action={
        <AppHrefLink href={`/event?vin=${encodeURIComponent(vin)}`} variant="body2">
          {t('vehicles.actions.eventLog')}
        </AppHrefLink>
      }
    >
      {isPending && <LinearProgress aria-label={t('common.loading')} />}
      {isError && <Alert severity="error">{t('vehicles.events.loadError')}</Alert>}
      {data && data.results.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          {t('vehicles.events.empty')}
        </Typography>
      )}
      {data && data.results.length > 0 && (
        <Table size="small" aria-label={t('vehicles.events.title')} sx={{ '& td, & th': { py: 0.5 } }}>
          <TableHead>
            <TableRow>
              <TableCell>{t('vehicles.events.occurred')}</TableCell>
              <TableCell>{t('vehicles.events.type')}</TableCell>
              <TableCell>{t('vehicles.events.text')}</TableCell>
              <TableCell>{t('vehicles.events.actor')}</TableCell>
              <TableCell>{t('vehicles.events.bid')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {data.results.map((event) => (
              <TableRow key={event.id}>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{format.dateTime(event.occurred)}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{event.type}</TableCell>
                <TableCell>{eventText(event)}</TableCell>
                <TableCell>{event.actingUsername ?? '—'}</TableCell>
                <TableCell>{event.bid ? <AppHrefLink href={`/booking/${event.bid}`}>{event.bid}</AppHrefLink> : '—'}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {data?.moreResults && (
        <Typography variant="caption" color="text.secondary">
          {t('vehicles.events.more')}
        </Typography>
      )}
    </VehicleSection>
  );
}
