import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { Alarm } from '@fleetdesk/contract';
import { TextLink } from '@/components/router-link';
import { useFormat } from '@/lib/format/use-format';

export interface AlarmsTableProps {
  alarms: readonly Alarm[];
  /** The alarm being acknowledged, if any. */
  pendingId: number | null;
  onAcknowledge: (alarm: Alarm) => void;
}

export function AlarmsTable({ alarms, pendingId, onAcknowledge }: AlarmsTableProps) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <TableContainer>
      <Table size="small" aria-label={t('alarms.table.label')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('alarms.table.time')}</TableCell>
            <TableCell>{t('alarms.table.alarm')}</TableCell>
            <TableCell>{t('alarms.table.category')}</TableCell>
            <TableCell>{t('alarms.table.state')}</TableCell>
            <TableCell>{t('alarms.table.vehicle')}</TableCell>
            <TableCell>{t('alarms.table.booking')}</TableCell>
            <TableCell>{t('alarms.table.user')}</TableCell>
            <TableCell>{t('alarms.table.handled')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {alarms.map((alarm) => {
            const triggered = alarm.state === 'TRIGGERED';
            return (
              <TableRow key={alarm.alarmId} hover data-testid="alarm-row" data-alarm-id={alarm.alarmId} data-state={alarm.state}>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{format.dateTime(alarm.alarmTimestamp)}</TableCell>
                <TableCell>
                  <Typography variant="body2" sx={{ fontWeight: triggered ? 600 : 400, whiteSpace: 'nowrap' }}>
                    {t(`alarms.names.${alarm.name}`)}
                  </Typography>
                  {alarm.primaryObject && (
                    <Typography variant="caption" color="text.secondary" sx={{ display: 'block', whiteSpace: 'nowrap' }}>
                      {alarm.primaryObject}
                    </Typography>
                  )}
                </TableCell>
                <TableCell>{t(`alarms.categories.${alarm.category}`)}</TableCell>
                <TableCell>
                  <Chip size="small" color={triggered ? 'error' : 'success'} variant={triggered ? 'filled' : 'outlined'} label={t(`alarms.alarmStates.${alarm.state}`)} />
                </TableCell>
                <TableCell>
                  {alarm.alarmTarget.vehicleVin ? (
                    <TextLink to="/vehicles/$vin" params={{ vin: alarm.alarmTarget.vehicleVin }}>
                      {alarm.alarmTarget.vehicleVin}
                    </TextLink>
                  ) : (
                    '–'
                  )}
                </TableCell>
                <TableCell>
                  {alarm.alarmTarget.bid ? (
                    <TextLink to="/booking/$bid" params={{ bid: alarm.alarmTarget.bid }}>
                      {alarm.alarmTarget.bid}
                    </TextLink>
                  ) : (
                    '–'
                  )}
                </TableCell>
                <TableCell>
                  {alarm.user ? (
                    <TextLink to="/users/$username" params={{ username: alarm.user }}>
                      {alarm.user}
                    </TextLink>
                  ) : (
                    '–'
                  )}
                </TableCell>
                <TableCell data-testid="alarm-handled" sx={{ whiteSpace: 'nowrap' }}>
                  {alarm.handledBy || alarm.handledAt ? (
                    <>
                      <Typography variant="body2">{alarm.handledBy ?? '–'}</Typography>
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
                  {triggered && (
                    <Button
                      size="small"
                      variant="outlined"
                      disabled={pendingId !== null}
                      onClick={() => onAcknowledge(alarm)}
                      aria-label={t('alarms.acknowledgeAria', { name: t(`alarms.names.${alarm.name}`), target: alarm.alarmTarget.vehicleVin ?? alarm.alarmTarget.bid ?? alarm.alarmId })}
                    >
                      {t('alarms.acknowledge')}
                    </Button>
                  )}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
