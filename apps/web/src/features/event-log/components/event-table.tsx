import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import type { EventLogEntry } from '@fleetdesk/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatReceivedOffset } from '@/features/bookings';
import { AppHrefLink } from '@/components/app-href-link';
import { useLanguage } from '@/lib/i18n/i18n';
import { useEventText } from '@/lib/format/use-event-text';
import { useFormat } from '@/lib/format/use-format';

export type EventTableVariant = 'simple' | 'full';

const NO_VALUE = '—';
const bookingPath = (bid: string) => `/booking/${encodeURIComponent(bid)}`;
const userPath = (username: string) => `/users/${encodeURIComponent(username)}`;
const vehiclePath = (vin: string) => `/vehicles/${encodeURIComponent(vin)}`;

/** The number of columns of a variant (for full-width rows: skeletons, empty states). */
export const eventTableColumnCount = (variant: EventTableVariant): number => (variant === 'full' ? 10 : 5);

interface EventTableProps {
  variant: EventTableVariant;
  /** Events that follow mode brought in (newest first), shown on top and marked new. */
  followed: readonly EventLogEntry[];
  events: readonly EventLogEntry[];
  /** Rows in place of the events (loading skeletons, the empty state). */
  placeholder?: ReactNode;
}

/** The result list of the event log, in the simple or the full variant (§2). */
export function EventTable({ variant, followed, events, placeholder }: EventTableProps) {
  const { t } = useTranslation();
  const full = variant === 'full';
  const followedIds = new Set(followed.map((event) => event.id));
  return (
    <Table size="small" aria-label={t('eventLog.table.label')} sx={{ '& td, & th': { px: 1.25, verticalAlign: 'top' } }}>
      <TableHead>
        <TableRow sx={{ '& th': { whiteSpace: 'nowrap', fontWeight: 600 } }}>
          <TableCell>{t('eventLog.table.occurred')}</TableCell>
          {full && <TableCell>{t('eventLog.table.received')}</TableCell>}
          <TableCell>{t('eventLog.table.type')}</TableCell>
          {full && <TableCell>{t('eventLog.table.group')}</TableCell>}
          <TableCell>{t('eventLog.table.bid')}</TableCell>
          {full && <TableCell>{t('eventLog.table.vin')}</TableCell>}
          <TableCell>{t('eventLog.table.acting')}</TableCell>
          {full && <TableCell>{t('eventLog.table.affected')}</TableCell>}
          <TableCell>{t('eventLog.table.text')}</TableCell>
          {full && <TableCell>{t('eventLog.table.position')}</TableCell>}
        </TableRow>
      </TableHead>
      <TableBody>
        {followed.map((event) => (
          <EventTableRow key={`new-${event.id}`} event={event} full={full} isNew />
        ))}
        {events
          .filter((event) => !followedIds.has(event.id))
          .map((event) => (
            <EventTableRow key={event.id} event={event} full={full} />
          ))}
        {placeholder}
      </TableBody>
    </Table>
  );
}

function UserLink({ username }: { username: string | null }) {
  return username ? <AppHrefLink href={userPath(username)}>{username}</AppHrefLink> : <>{NO_VALUE}</>;
}

function EventTableRow({ event, full, isNew = false }: { event: EventLogEntry; full: boolean; isNew?: boolean }) {
  const { t } = useTranslation();
  const format = useFormat();
  const eventText = useEventText();
  const language = useLanguage();
  const offset = Date.parse(event.received) - Date.parse(event.occurred);
  const receivedEarly = offset < 0;
  const { lat, lon } = event.properties;
  return (
    <TableRow
      hover
      data-testid="event-row"
      data-new={isNew ? 'true' : undefined}
      sx={isNew ? { bgcolor: (theme) => alpha(theme.palette.info.main, 0.08) } : undefined}
    >
      <TableCell sx={{ whiteSpace: 'nowrap' }}>
        {isNew && <Chip size="small" color="info" label={t('eventLog.table.new')} sx={{ mr: 0.75, height: 20 }} />}
        {format.dateTimeSeconds(event.occurred)}
        {!full && receivedEarly && (
          <Typography
            component="span"
            variant="caption"
            data-testid="negative-offset"
            title={t('eventLog.table.receivedEarly')}
            sx={{ ml: 0.75, color: 'error.main', fontWeight: 600 }}
          >
            {formatReceivedOffset(offset, language)}
          </Typography>
        )}
      </TableCell>
      {full && (
        <TableCell sx={{ whiteSpace: 'nowrap' }}>
          {format.dateTimeSeconds(event.received)}
          {offset !== 0 && (
            <Typography
              component="span"
              variant="caption"
              data-testid={receivedEarly ? 'negative-offset' : undefined}
              title={receivedEarly ? t('eventLog.table.receivedEarly') : undefined}
              sx={{ ml: 0.75, color: receivedEarly ? 'error.main' : 'text.secondary', fontWeight: receivedEarly ? 600 : 400 }}
            >
              {formatReceivedOffset(offset, language)}
            </Typography>
          )}
        </TableCell>
      )}
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{t(`eventLog.type.${event.type}`)}</TableCell>
      {full && <TableCell sx={{ whiteSpace: 'nowrap' }}>{t(`eventLog.group.${event.typeGroup}`)}</TableCell>}
      <TableCell sx={{ whiteSpace: 'nowrap' }}>
        {event.bid ? <AppHrefLink href={bookingPath(event.bid)}>{event.bid}</AppHrefLink> : NO_VALUE}
      </TableCell>
      {full && (
        <TableCell sx={{ whiteSpace: 'nowrap' }}>
          {event.vin ? <AppHrefLink href={vehiclePath(event.vin)}>{event.vin}</AppHrefLink> : NO_VALUE}
        </TableCell>
      )}
      <TableCell sx={{ whiteSpace: 'nowrap' }}>
        <UserLink username={event.actingUsername} />
      </TableCell>
      {full && (
        <TableCell sx={{ whiteSpace: 'nowrap' }}>
          <UserLink username={event.affectedUsername} />
        </TableCell>
      )}
      <TableCell sx={{ minWidth: 240 }}>
        {eventText(event)}
        {full && event.properties.public !== undefined && (
          <Typography component="span" variant="caption" color="text.secondary" sx={{ ml: 0.75 }}>
            ({t('eventLog.table.public')}: {event.properties.public ? t('eventLog.table.yes') : t('eventLog.table.no')})
          </Typography>
        )}
      </TableCell>
      {full && (
        <TableCell sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
          {lat !== undefined && lon !== undefined ? `${lat.toFixed(5)}, ${lon.toFixed(5)}` : NO_VALUE}
        </TableCell>
      )}
    </TableRow>
  );
}
