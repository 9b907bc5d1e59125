import { useId, useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AlarmBulkResponse, AlarmBulkResult } from '@fleetdesk/contract';
import { alarmKeys, bulkAlarms } from '../api/alarms-api';

/** The plan or the report of a bulk action: per alarm what it is and what happens (or happened) to it, and why not. */
export function AlarmsBulkResults({
  response,
  label,
  outcomes,
}: {
  response: AlarmBulkResponse;
  label: string;
  outcomes: 'alarms.bulk.outcomes' | 'alarms.bulk.assign.outcomes';
}) {
  const { t } = useTranslation();
  const line = (r: AlarmBulkResult) => [r.name ? t(`alarms.names.${r.name}`) : `#${r.alarmId}`, r.target].filter(Boolean).join(' – ');
  const status = (r: AlarmBulkResult) => t(`${outcomes}.${r.outcome}`) + (r.reason ? `: ${t(`alarms.bulk.reasons.${r.reason}`)}` : '');
  return (
    <List dense aria-label={label} data-testid="alarms-bulk-results">
      {response.results.map((r) => (
        <ListItem key={r.alarmId} disableGutters data-outcome={r.outcome}>
          <ListItemText primary={line(r)} secondary={status(r)} />
        </ListItem>
      ))}
    </List>
  );
}

export interface AlarmsBulkAcknowledgeProps {
  ids: readonly number[];
  onDone: () => void;
}

/**
 * Bulk acknowledge (issue 19 point 4): the button asks the server for the plan (dry run), the dialog shows it (how many
 * alarms, which are skipped and why), confirming runs it and the dialog then lists the outcome per alarm.
 */
export function AlarmsBulkAcknowledge({ ids, onDone }: AlarmsBulkAcknowledgeProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const titleId = useId();
  const [shown, setShown] = useState<AlarmBulkResponse | null>(null);
  const plan = useMutation({
    mutationFn: () => bulkAlarms({ action: 'ACKNOWLEDGE', ids: [...ids], dryRun: true }),
    onSuccess: setShown,
  });
  const run = useMutation({
    mutationFn: () => bulkAlarms({ action: 'ACKNOWLEDGE', ids: [...ids] }),
    onSuccess: setShown,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: alarmKeys.all() });
      void queryClient.invalidateQueries({ queryKey: ['vehicles'] });
      void queryClient.invalidateQueries({ queryKey: ['fleetMap'] });
    },
  });
  const close = () => {
    const applied = shown && !shown.dryRun;
    setShown(null);
    if (applied) onDone();
  };

  return (
    <>
      <Button size="small" variant="contained" disabled={plan.isPending || ids.length === 0} onClick={() => plan.mutate()}>
        {t('alarms.bulk.acknowledge', { count: ids.length })}
      </Button>
      {shown && (
        <Dialog open onClose={run.isPending ? undefined : close} maxWidth="sm" fullWidth aria-labelledby={titleId}>
          <DialogTitle id={titleId}>{shown.dryRun ? t('alarms.bulk.planTitle') : t('alarms.bulk.reportTitle')}</DialogTitle>
          <DialogContent>
            <DialogContentText variant="body2" role="status">
              {shown.dryRun
                ? t('alarms.bulk.planSummary', { count: shown.counts.planned, skipped: shown.counts.skipped })
                : t('alarms.bulk.reportSummary', { count: shown.counts.done, skipped: shown.counts.skipped, failed: shown.counts.failed })}
            </DialogContentText>
            <AlarmsBulkResults
              response={shown}
              label={shown.dryRun ? t('alarms.bulk.planTitle') : t('alarms.bulk.reportTitle')}
              outcomes="alarms.bulk.outcomes"
            />
          </DialogContent>
          <DialogActions>
            {shown.dryRun ? (
              <>
                <Button onClick={close} disabled={run.isPending}>
                  {t('alarms.bulk.cancel')}
                </Button>
                <Button variant="contained" disabled={run.isPending || shown.counts.planned === 0} onClick={() => run.mutate()}>
                  {t('alarms.bulk.confirm', { count: shown.counts.planned })}
                </Button>
              </>
            ) : (
              <Button variant="contained" onClick={close}>
                {t('alarms.bulk.close')}
              </Button>
            )}
          </DialogActions>
        </Dialog>
      )}
    </>
  );
}
