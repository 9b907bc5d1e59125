import { useMemo, type ReactNode } from 'react';
import NotificationsNoneIcon from '@mui/icons-material/NotificationsNone';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { Alarm } from '@fleetdesk/contract';
import { DataTable, type DataTableColumn, type DataTableProps } from '@/components/data-table/data-table';
import { TextLink } from '@/components/router-link';
import { useFormat } from '@/lib/format/use-format';
import { AlarmCommentsButton } from './alarm-comments';

export interface AlarmsTableProps {
  alarms: readonly Alarm[];
  /** The alarm being acknowledged, if any. */
  pendingId: number | null;
  onAcknowledge: (alarm: Alarm) => void;
  loading?: boolean;
  refreshing?: boolean;
  error?: { message: string; onRetry: () => void } | null;
  /** The empty state's title: no alarms at all, or none matching the filters. */
  emptyTitle?: string;
  /** 'Load more' below the rows. */
  footer?: ReactNode;
  /** Checkbox selection for the bulk actions. */
  selection?: DataTableProps<Alarm>['selection'];
  /** The selection summary and the bulk actions. */
  toolbarStart?: ReactNode;
}

const NONE = '–';

/** The alarms, newest first as the server sends them; TRIGGERED ones carry the acknowledge button where 'handled by' will show. */
export function AlarmsTable({
  alarms,
  pendingId,
  onAcknowledge,
  loading = false,
  refreshing = false,
  error = null,
  emptyTitle,
  footer,
  selection,
  toolbarStart,
}: AlarmsTableProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const columns = useMemo<DataTableColumn<Alarm>[]>(
    () => [
      {
        field: 'alarmTimestamp',
        headerName: t('alarms.table.time'),
        minWidth: 150,
        flex: 0.7,
        sortable: false,
        valueGetter: (_, alarm) => format.dateTime(alarm.alarmTimestamp),
      },
      {
        field: 'name',
        headerName: t('alarms.table.alarm'),
        minWidth: 170,
        flex: 1,
        sortable: false,
        valueGetter: (_, alarm) => [t(`alarms.names.${alarm.name}`), alarm.primaryObject].filter(Boolean).join(' – '),
        renderCell: ({ row: alarm }) => (
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="body2" noWrap sx={{ fontWeight: alarm.state === 'TRIGGERED' ? 600 : 400 }}>
              {t(`alarms.names.${alarm.name}`)}
            </Typography>
            {alarm.primaryObject && (
              <Typography variant="caption" color="text.secondary" noWrap sx={{ display: 'block' }}>
                {alarm.primaryObject}
              </Typography>
            )}
          </Box>
        ),
      },
      {
        field: 'category',
        headerName: t('alarms.table.category'),
        minWidth: 110,
        flex: 0.6,
        sortable: false,
        valueGetter: (_, alarm) => t(`alarms.categories.${alarm.category}`),
      },
      {
        field: 'state',
        headerName: t('alarms.table.state'),
        minWidth: 120,
        flex: 0.6,
        sortable: false,
        valueGetter: (_, alarm) => t(`alarms.alarmStates.${alarm.state}`),
        renderCell: ({ row: alarm }) => {
          const triggered = alarm.state === 'TRIGGERED';
          return (
            <Chip
              size="small"
              color={triggered ? 'error' : 'success'}
              variant={triggered ? 'filled' : 'outlined'}
              label={t(`alarms.alarmStates.${alarm.state}`)}
            />
          );
        },
      },
      {
        field: 'vehicle',
        headerName: t('alarms.table.vehicle'),
        minWidth: 180,
        flex: 1,
        sortable: false,
        valueGetter: (_, alarm) => alarm.alarmTarget.vehicleVin ?? NONE,
        renderCell: ({ row: alarm }) =>
          alarm.alarmTarget.vehicleVin ? (
            <TextLink to="/vehicles/$vin" params={{ vin: alarm.alarmTarget.vehicleVin }}>
              {alarm.alarmTarget.vehicleVin}
            </TextLink>
          ) : (
            NONE
          ),
      },
      {
        field: 'booking',
        headerName: t('alarms.table.booking'),
        minWidth: 140,
        flex: 0.7,
        sortable: false,
        valueGetter: (_, alarm) => alarm.alarmTarget.bid ?? NONE,
        renderCell: ({ row: alarm }) =>
          alarm.alarmTarget.bid ? (
            <TextLink to="/booking/$bid" params={{ bid: alarm.alarmTarget.bid }}>
              {alarm.alarmTarget.bid}
            </TextLink>
          ) : (
            NONE
          ),
      },
      {
        field: 'user',
        headerName: t('alarms.table.user'),
        minWidth: 140,
        flex: 0.8,
        sortable: false,
        valueGetter: (_, alarm) => alarm.user ?? NONE,
        renderCell: ({ row: alarm }) =>
          alarm.user ? (
            <TextLink to="/users/$username" params={{ username: alarm.user }}>
              {alarm.user}
            </TextLink>
          ) : (
            NONE
          ),
      },
      {
        field: 'handled',
        headerName: t('alarms.table.handled'),
        minWidth: 170,
        flex: 0.9,
        sortable: false,
        valueGetter: (_, alarm) =>
          alarm.handledBy || alarm.handledAt
            ? [alarm.handledBy ?? NONE, alarm.handledAt ? format.dateTime(alarm.handledAt) : ''].filter(Boolean).join(' ')
            : alarm.assignedTo
              ? t('alarms.table.assignedTo', { user: alarm.assignedTo })
              : '',
        renderCell: ({ row: alarm }) => (
          <Box data-testid="alarm-handled" sx={{ minWidth: 0 }}>
            {alarm.handledBy || alarm.handledAt ? (
              <>
                <Typography variant="body2">{alarm.handledBy ?? NONE}</Typography>
                <Typography variant="caption" color="text.secondary">
                  {alarm.handledAt ? format.dateTime(alarm.handledAt) : ''}
                </Typography>
              </>
            ) : (
              alarm.assignedTo && (
                <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                  {t('alarms.table.assignedTo', { user: alarm.assignedTo })}
                </Typography>
              )
            )}
            {/* Not handled yet: the way to handle it sits where who and when will show. */}
            {alarm.state === 'TRIGGERED' && (
              <Button
                size="small"
                variant="outlined"
                disabled={pendingId !== null}
                onClick={() => onAcknowledge(alarm)}
                aria-label={t('alarms.acknowledgeAria', {
                  name: t(`alarms.names.${alarm.name}`),
                  target: alarm.alarmTarget.vehicleVin ?? alarm.alarmTarget.bid ?? alarm.alarmId,
                })}
              >
                {t('alarms.acknowledge')}
              </Button>
            )}
            <AlarmCommentsButton alarm={alarm} target={String(alarm.alarmTarget.vehicleVin ?? alarm.alarmTarget.bid ?? alarm.alarmId)} />
          </Box>
        ),
      },
    ],
    [t, format, pendingId, onAcknowledge],
  );
  return (
    <DataTable<Alarm>
      id="alarms"
      label={t('alarms.table.label')}
      rows={alarms}
      columns={columns}
      getRowId={(alarm) => alarm.alarmId}
      loading={loading}
      refreshing={refreshing}
      error={error}
      empty={{ title: emptyTitle ?? t('alarms.states.empty'), icon: <NotificationsNoneIcon color="disabled" aria-hidden sx={{ fontSize: 40 }} /> }}
      exportFileName={t('alarms.table.label')}
      autoRowHeight
      rowAttributes={(alarm) => ({ 'data-testid': 'alarm-row', 'data-alarm-id': String(alarm.alarmId), 'data-state': alarm.state })}
      footer={footer}
      selection={selection}
      toolbarStart={toolbarStart}
    />
  );
}
