import { useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import FileDownloadIcon from '@mui/icons-material/FileDownload';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { JournalEvent, Vehicle } from '@fleetdesk/contract';
import { useFormat } from '@/lib/format/use-format';
import { useLanguage } from '@/lib/i18n/i18n';
import { notifyError } from '@/lib/notifications/notify';
import { downloadJournal, journalQueryOptions } from '../api/vehicles-api';
import { AppHrefLink } from '@/components/app-href-link';

interface Month {
  year: number;
  month: number;
}

const thisMonth = (): Month => {
  const now = new Date();
  return { year: now.getFullYear(), month: now.getMonth() + 1 };
};
const shift = ({ year, month }: Month, by: number): Month => {
  const index = year * 12 + (month - 1) + by;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
};
const monthLabel = ({ year, month }: Month) => `${year}-${String(month).padStart(2, '0')}`;

const driver = (event: JournalEvent) => {
  const name = [event.userFirstName, event.userLastName].filter(Boolean).join(' ');
  if (name && event.user) return `${name} (${event.user})`;
  return name || event.user || '—';
};

/**
 * The vehicle log modal (§2 Modals): the journal of one month (§3 Journal event fields) with a month picker and
 * 'Export to spreadsheet' (journal.xls, saved as '{reg} - {year} - {month}.xls'). A failed call shows §8's
 * 'Error while fetching Journal, contact support'.
 */
export function JournalDialog({ vehicle, onClose }: { vehicle: Vehicle; onClose: () => void }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const format = useFormat();
  const titleId = useId();
  const [month, setMonth] = useState<Month>(thisMonth);
  const current = thisMonth();
  const atCurrent = month.year === current.year && month.month === current.month;
  const { data, isFetching, isError } = useQuery(journalQueryOptions(vehicle.vin, month.year, month.month));
  const exportMutation = useMutation({
    mutationFn: () => downloadJournal(vehicle.vin, vehicle.registrationNumber, month.year, month.month, language),
    onError: (error) => notifyError(error),
    meta: { notifyErrors: false },
  });
  const totalKm = data?.results.reduce((sum, event) => sum + event.distance, 0) ?? 0;

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xl" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{t('vehicles.journal.title', { registration: vehicle.registrationNumber })}</DialogTitle>
      <DialogContent dividers sx={{ pt: 1 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
          <IconButton size="small" aria-label={t('vehicles.journal.previousMonth')} onClick={() => setMonth((m) => shift(m, -1))}>
            <ChevronLeftIcon />
          </IconButton>
          <Typography
            variant="subtitle1"
            component="p"
            data-testid="journal-month"
            sx={{ minWidth: 80, textAlign: 'center', fontWeight: 600 }}
            aria-live="polite"
          >
            {monthLabel(month)}
          </Typography>
          <IconButton size="small" aria-label={t('vehicles.journal.nextMonth')} disabled={atCurrent} onClick={() => setMonth((m) => shift(m, 1))}>
            <ChevronRightIcon />
          </IconButton>
          {data && !isError && (
            <Typography variant="body2" color="text.secondary" sx={{ pl: 2 }}>
              {t('vehicles.journal.summary', { count: data.results.length, km: format.number(totalKm, 0) })}
            </Typography>
          )}
        </Stack>
        {isFetching && <LinearProgress aria-label={t('common.loading')} sx={{ mb: 1 }} />}
        {isError && <Alert severity="error">{t('messages.journalError')}</Alert>}
        {data && !isError && data.results.length === 0 && (
          <Typography variant="body2" color="text.secondary" sx={{ py: 2 }}>
            {t('vehicles.journal.empty')}
          </Typography>
        )}
        {data && !isError && data.results.length > 0 && (
          <TableContainer sx={{ maxHeight: '60vh' }}>
            <Table size="small" stickyHeader aria-label={t('vehicles.journal.table')}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('vehicles.journal.start')}</TableCell>
                  <TableCell>{t('vehicles.journal.end')}</TableCell>
                  <TableCell align="right">{t('vehicles.journal.distance')}</TableCell>
                  <TableCell align="right">{t('vehicles.journal.odometerStart')}</TableCell>
                  <TableCell align="right">{t('vehicles.journal.odometerEnd')}</TableCell>
                  <TableCell>{t('vehicles.journal.fromPool')}</TableCell>
                  <TableCell>{t('vehicles.journal.toPool')}</TableCell>
                  <TableCell>{t('vehicles.journal.tripType')}</TableCell>
                  <TableCell>{t('vehicles.journal.user')}</TableCell>
                  <TableCell>{t('vehicles.journal.bid')}</TableCell>
                  <TableCell>{t('vehicles.journal.destination')}</TableCell>
                  <TableCell>{t('vehicles.journal.purpose')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {data.results.map((event, index) => (
                  <TableRow key={`${event.driveTime.start}-${index}`} hover>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{format.dateTime(event.driveTime.start)}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{format.dateTime(event.driveTime.end)}</TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>{`${format.number(event.distance, 0)} km`}</TableCell>
                    <TableCell align="right">{format.number(event.odometerStart, 0)}</TableCell>
                    <TableCell align="right">{format.number(event.odometerEnd, 0)}</TableCell>
                    <TableCell>{event.fromPool?.pool ?? '—'}</TableCell>
                    <TableCell>{event.toPool?.pool ?? '—'}</TableCell>
                    <TableCell>{event.tripType ? t(`vehicles.tripTypes.${event.tripType}`) : '—'}</TableCell>
                    <TableCell>{driver(event)}</TableCell>
                    <TableCell>{event.bid ? <AppHrefLink href={`/booking/${event.bid}`}>{event.bid}</AppHrefLink> : '—'}</TableCell>
                    <TableCell>{event.destination ?? '—'}</TableCell>
                    <TableCell>{event.purpose ?? '—'}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 1.5 }}>
        <Button
          variant="outlined"
          startIcon={exportMutation.isPending ? <CircularProgress size={16} aria-hidden /> : <FileDownloadIcon />}
          disabled={exportMutation.isPending || isError}
          onClick={() => exportMutation.mutate()}
        >
          {t('vehicles.journal.export')}
        </Button>
        <Button variant="contained" onClick={onClose}>
          {t('vehicles.dialogs.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
