import { useMemo, useState } from 'react';
import Typography from '@mui/material/Typography';
import HistoryIcon from '@mui/icons-material/History';
import { useQuery } from '@tanstack/react-query';
import type { EventLogEntry } from '@fleetdesk/contract';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn } from '@/components/data-table/data-table';
import { useEventText } from '@/lib/format/use-event-text';
import { useFormat } from '@/lib/format/use-format';
import { vehicleEventsQueryOptions } from '../api/vehicles-api';
import { AppHrefLink } from '@/components/app-href-link';
import { VehicleSection } from './vehicle-section';

const NO_VALUE = '—';

/** The vehicle's events of the last day (§9) in a compact table, with the way to the full event log. */
export function VehicleEventsSection({ vin }: { vin: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  const eventText = useEventText();
  const [now] = useState(() => Date.now());
  const { data, isPending, isError, isFetching, refetch } = useQuery(vehicleEventsQueryOptions(vin, now));

  const columns = useMemo<DataTableColumn<EventLogEntry>[]>(
    () => [
      {
        field: 'occurred',
        headerName: t('vehicles.events.occurred'),
        minWidth: 150,
        flex: 0.5,
        sortable: false,
        valueGetter: (_, event) => format.dateTime(event.occurred),
      },
      { field: 'type', headerName: t('vehicles.events.type'), minWidth: 140, flex: 0.5, sortable: false },
      {
        field: 'text',
        headerName: t('vehicles.events.text'),
        minWidth: 220,
        flex: 1.4,
        sortable: false,
        valueGetter: (_, event) => eventText(event),
      },
      {
        field: 'actingUsername',
        headerName: t('vehicles.events.actor'),
        minWidth: 130,
        flex: 0.5,
        sortable: false,
        valueGetter: (_, event) => event.actingUsername ?? NO_VALUE,
      },
      {
        field: 'bid',
        headerName: t('vehicles.events.bid'),
        minWidth: 150,
        flex: 0.5,
        sortable: false,
        valueGetter: (_, event) => event.bid ?? NO_VALUE,
        renderCell: ({ row: event }) =>
          event.bid ? <AppHrefLink href={`/booking/${encodeURIComponent(event.bid)}`}>{event.bid}</AppHrefLink> : NO_VALUE,
      },
    ],
    [t, format, eventText],
  );
  const empty = useMemo(() => ({ title: t('vehicles.events.empty') }), [t]);

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
      <DataTable<EventLogEntry>
        id="vehicle-events"
        label={t('vehicles.events.title')}
        rows={data?.results ?? []}
        columns={columns}
        getRowId={(event) => event.id}
        loading={isPending}
        refreshing={isFetching && !isPending}
        error={isError ? { message: t('vehicles.events.loadError'), onRetry: () => void refetch() } : null}
        empty={empty}
        exportFileName={`${t('vehicles.events.title')} ${vin}`}
        autoRowHeight
        footer={
          data?.moreResults && (
            <Typography variant="caption" color="text.secondary" component="p" sx={{ px: 1.5, py: 1 }}>
              {t('vehicles.events.more')}
            </Typography>
          )
        }
      />
    </VehicleSection>
  );
}
