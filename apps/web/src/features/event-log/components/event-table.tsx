import { createContext, useContext, useMemo, type ReactNode } from 'react';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import type { EventLogEntry } from '@fleetdesk/contract';
import { useTranslation } from 'react-i18next';
import { formatReceivedOffset } from '@/features/bookings';
import { AppHrefLink } from '@/components/app-href-link';
import { DataTable, type DataTableColumn, type DataTablePaging } from '@/components/data-table/data-table';
import { useLanguage } from '@/lib/i18n/i18n';
import { useEventText } from '@/lib/format/use-event-text';
import { useFormat } from '@/lib/format/use-format';

export type EventTableVariant = 'simple' | 'full';

const NO_VALUE = '—';
const NEW_ROW = 'event-row--new';
const bookingPath = (bid: string) => `/booking/${encodeURIComponent(bid)}`;
const userPath = (username: string) => `/users/${encodeURIComponent(username)}`;
const vehiclePath = (vin: string) => `/vehicles/${encodeURIComponent(vin)}`;
/** Received minus occurred, in milliseconds: negative when the event arrived before it happened (§5: shown in red). */
const receivedOffset = (event: EventLogEntry) => Date.parse(event.received) - Date.parse(event.occurred);

/** The ids of the rows follow mode brought in (the columns stay the same while it adds rows). */
const FollowedContext = createContext<ReadonlySet<string>>(new Set());

function NewChip({ id }: { id: string }) {
  const { t } = useTranslation();
  return useContext(FollowedContext).has(id) ? (
    <Chip size="small" color="info" label={t('eventLog.table.new')} sx={{ mr: 0.75, height: 20 }} />
  ) : null;
}

interface EventTableProps {
  variant: EventTableVariant;
  /** The VIN column in the simple variant too (the full one always has it). */
  showVin?: boolean;
  /** Events that follow mode brought in (newest first), shown on top and marked new. */
  followed: readonly EventLogEntry[];
  events: readonly EventLogEntry[];
  loading: boolean;
  refreshing: boolean;
  error: { message: string; hint?: string; onRetry?: () => void } | null;
  paging: DataTablePaging;
}

/** The result list of the event log, in the simple or the full variant (§2), on the console's DataTable. */
export function EventTable({ variant, showVin = false, followed, events, loading, refreshing, error, paging }: EventTableProps) {
  const { t } = useTranslation();
  const columns = useEventColumns(variant, showVin);
  const followedIds = useMemo(() => new Set(followed.map((event) => event.id)), [followed]);
  const rows = useMemo(() => [...followed, ...events.filter((event) => !followedIds.has(event.id))], [followed, events, followedIds]);
  const empty = useMemo(() => ({ title: t('eventLog.state.emptyTitle'), hint: t('eventLog.state.emptyBody') }), [t]);
  return (
    <FollowedContext.Provider value={followedIds}>
      <DataTable<EventLogEntry>
        id="event-log"
        label={t('eventLog.table.label')}
        rows={rows}
        columns={columns}
        getRowId={(event) => event.id}
        loading={loading}
        refreshing={refreshing}
        error={error}
        empty={empty}
        paging={paging}
        exportFileName={t('eventLog.title')}
        autoRowHeight
        rowAttributes={(event) => ({ 'data-testid': 'event-row', ...(followedIds.has(event.id) ? { 'data-new': 'true' } : {}) })}
        getRowClassName={(event) => (followedIds.has(event.id) ? NEW_ROW : '')}
        sx={{ [`& .${NEW_ROW}`]: { bgcolor: (theme) => alpha(theme.palette.info.main, 0.08) } }}
      />
    </FollowedContext.Provider>
  );
}

function UserLink({ username }: { username: string | null }) {
  return username ? <AppHrefLink href={userPath(username)}>{username}</AppHrefLink> : <>{NO_VALUE}</>;
}

function Offset({ offset, children, strongOnlyIfEarly = false }: { offset: number; children: ReactNode; strongOnlyIfEarly?: boolean }) {
  const { t } = useTranslation();
  const early = offset < 0;
  return (
    <Typography
      component="span"
      variant="caption"
      data-testid={early ? 'negative-offset' : undefined}
      title={early ? t('eventLog.table.receivedEarly') : undefined}
      sx={{ ml: 0.75, color: early ? 'error.main' : 'text.secondary', fontWeight: early || !strongOnlyIfEarly ? 600 : 400 }}
    >
      {children}
    </Typography>
  );
}

/**
 * The columns of a variant: simple shows occurred (with a negative offset in red), type, bid, acting user and text
 * (and the vin when asked: a search across the operator's vehicles); full adds received (with its offset), group, vin,
 * affected user, whether the event is public and the position.
 * Each value is the text the cell shows, so the CSV export of the current view reads as the screen does.
 */
function useEventColumns(variant: EventTableVariant, showVin: boolean): DataTableColumn<EventLogEntry>[] {
  const { t } = useTranslation();
  const format = useFormat();
  const eventText = useEventText();
  const language = useLanguage();
  return useMemo(() => {
    const full = variant === 'full';
    const noSort = { sortable: false, disableColumnMenu: true } as const;
    const publicText = (event: EventLogEntry) =>
      event.properties.public === undefined
        ? ''
        : `(${t('eventLog.table.public')}: ${event.properties.public ? t('eventLog.table.yes') : t('eventLog.table.no')})`;
    const position = (event: EventLogEntry) => {
      const { lat, lon } = event.properties;
      return lat !== undefined && lon !== undefined ? `${lat.toFixed(5)}, ${lon.toFixed(5)}` : NO_VALUE;
    };
    const columns: (DataTableColumn<EventLogEntry> | false)[] = [
      {
        field: 'occurred',
        headerName: t('eventLog.table.occurred'),
        minWidth: full ? 170 : 200,
        flex: 0.6,
        ...noSort,
        valueGetter: (_, event) => {
          const offset = receivedOffset(event);
          const occurred = format.dateTimeSeconds(event.occurred);
          return !full && offset < 0 ? `${occurred} ${formatReceivedOffset(offset, language)}` : occurred;
        },
        renderCell: ({ row: event }) => {
          const offset = receivedOffset(event);
          return (
            <span style={{ whiteSpace: 'nowrap' }}>
              <NewChip id={event.id} />
              {format.dateTimeSeconds(event.occurred)}
              {!full && offset < 0 && <Offset offset={offset}>{formatReceivedOffset(offset, language)}</Offset>}
            </span>
          );
        },
      },
      full && {
        field: 'received',
        headerName: t('eventLog.table.received'),
        minWidth: 190,
        flex: 0.6,
        ...noSort,
        valueGetter: (_, event) => {
          const offset = receivedOffset(event);
          const received = format.dateTimeSeconds(event.received);
          return offset !== 0 ? `${received} ${formatReceivedOffset(offset, language)}` : received;
        },
        renderCell: ({ row: event }) => {
          const offset = receivedOffset(event);
          return (
            <span style={{ whiteSpace: 'nowrap' }}>
              {format.dateTimeSeconds(event.received)}
              {offset !== 0 && (
                <Offset offset={offset} strongOnlyIfEarly>
                  {formatReceivedOffset(offset, language)}
                </Offset>
              )}
            </span>
          );
        },
      },
      {
        field: 'type',
        headerName: t('eventLog.table.type'),
        minWidth: 140,
        flex: 0.5,
        ...noSort,
        valueGetter: (_, event) => t(`eventLog.type.${event.type}`),
      },
      full && {
        field: 'typeGroup',
        headerName: t('eventLog.table.group'),
        minWidth: 130,
        flex: 0.4,
        ...noSort,
        valueGetter: (_, event) => t(`eventLog.group.${event.typeGroup}`),
      },
      {
        field: 'bid',
        headerName: t('eventLog.table.bid'),
        minWidth: 150,
        flex: 0.4,
        ...noSort,
        valueGetter: (_, event) => event.bid ?? NO_VALUE,
        renderCell: ({ row: event }) => (event.bid ? <AppHrefLink href={bookingPath(event.bid)}>{event.bid}</AppHrefLink> : NO_VALUE),
      },
      (full || showVin) && {
        field: 'vin',
        headerName: t('eventLog.table.vin'),
        minWidth: 180,
        flex: 0.4,
        ...noSort,
        valueGetter: (_, event) => event.vin ?? NO_VALUE,
        renderCell: ({ row: event }) => (event.vin ? <AppHrefLink href={vehiclePath(event.vin)}>{event.vin}</AppHrefLink> : NO_VALUE),
      },
      {
        field: 'actingUsername',
        headerName: t('eventLog.table.acting'),
        minWidth: 140,
        flex: 0.4,
        ...noSort,
        valueGetter: (_, event) => event.actingUsername ?? NO_VALUE,
        renderCell: ({ row: event }) => <UserLink username={event.actingUsername} />,
      },
      full && {
        field: 'affectedUsername',
        headerName: t('eventLog.table.affected'),
        minWidth: 140,
        flex: 0.4,
        ...noSort,
        valueGetter: (_, event) => event.affectedUsername ?? NO_VALUE,
        renderCell: ({ row: event }) => <UserLink username={event.affectedUsername} />,
      },
      {
        field: 'text',
        headerName: t('eventLog.table.text'),
        minWidth: 240,
        flex: 1.4,
        ...noSort,
        valueGetter: (_, event) => (full && publicText(event) ? `${eventText(event)} ${publicText(event)}` : eventText(event)),
        renderCell: ({ row: event }) => (
          <span>
            {eventText(event)}
            {full && publicText(event) && (
              <Typography component="span" variant="caption" color="text.secondary" sx={{ ml: 0.75 }}>
                {publicText(event)}
              </Typography>
            )}
          </span>
        ),
      },
      full && {
        field: 'position',
        headerName: t('eventLog.table.position'),
        minWidth: 180,
        flex: 0.5,
        ...noSort,
        valueGetter: (_, event) => position(event),
        renderCell: ({ row: event }) => <span style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>{position(event)}</span>,
      },
    ];
    return columns.filter((column): column is DataTableColumn<EventLogEntry> => column !== false);
  }, [variant, showVin, t, format, eventText, language]);
}
