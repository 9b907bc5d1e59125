import { useId, useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AlarmBulkResponse } from '@fleetdesk/contract';
import { useContactAssignees } from '@/features/customer-notes';
import { alarmKeys, bulkAlarms } from '../api/alarms-api';
import { AlarmsBulkResults } from './alarms-bulk-acknowledge';

export interface AlarmsBulkAssignProps {
  ids: readonly number[];
  onDone: () => void;
}

/** The select's value for "nobody": the assignment is taken away. */
const NOBODY = '';

/**
 * Bulk assign (issue 19 point 4): the agent chooses a staff member of the operator (or nobody), the server's dry run
 * shows the plan (which alarms change, which are skipped and why), confirming runs it, and the dialog then reports per
 * alarm. The server checks the assignee; the choice only offers the operator's enabled staff.
 */
export function AlarmsBulkAssign({ ids, onDone }: AlarmsBulkAssignProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const titleId = useId();
  const [open, setOpen] = useState(false);
  const [assignee, setAssignee] = useState(NOBODY);
  const [shown, setShown] = useState<AlarmBulkResponse | null>(null);
  const staff = useContactAssignees();
  const body = (dryRun: boolean) => ({ action: 'ASSIGN' as const, ids: [...ids], assignee: assignee || null, dryRun });
  const plan = useMutation({ mutationFn: () => bulkAlarms(body(true)), onSuccess: setShown });
  const run = useMutation({
    mutationFn: () => bulkAlarms(body(false)),
    onSuccess: setShown,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: alarmKeys.all() }),
  });
  const close = () => {
    const applied = shown && !shown.dryRun;
    setOpen(false);
    setShown(null);
    if (applied) onDone();
  };
  const name = (username: string | null) =>
    username ? (staff.data?.find((s) => s.username === username)?.name ?? username) : t('alarms.bulk.assign.nobody');
  const title = !shown ? t('alarms.bulk.assign.title') : shown.dryRun ? t('alarms.bulk.assign.planTitle') : t('alarms.bulk.assign.reportTitle');

  return (
    <>
      <Button size="small" variant="outlined" disabled={ids.length === 0} onClick={() => setOpen(true)}>
        {t('alarms.bulk.assign.open', { count: ids.length })}
      </Button>
      {open && (
        <Dialog open onClose={run.isPending ? undefined : close} maxWidth="sm" fullWidth aria-labelledby={titleId}>
          <DialogTitle id={titleId}>{title}</DialogTitle>
          <DialogContent>
            {!shown ? (
              <TextField
                select
                fullWidth
                size="small"
                sx={{ mt: 1 }}
                label={t('alarms.bulk.assign.assignee')}
                value={assignee}
                onChange={(event) => setAssignee(event.target.value)}
                slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
                autoFocus
              >
                <option value={NOBODY}>{t('alarms.bulk.assign.nobody')}</option>
                {staff.data?.map((s) => (
                  <option key={s.username} value={s.username}>
                    {s.name} ({s.username})
                  </option>
                ))}
              </TextField>
            ) : (
              <>
                <DialogContentText variant="body2" role="status">
                  {shown.dryRun
                    ? t('alarms.bulk.assign.planSummary', { count: shown.counts.planned, skipped: shown.counts.skipped, user: name(shown.assignee) })
                    : t('alarms.bulk.reportSummary', { count: shown.counts.done, skipped: shown.counts.skipped, failed: shown.counts.failed })}
                </DialogContentText>
                <AlarmsBulkResults response={shown} label={title} outcomes="alarms.bulk.assign.outcomes" />
              </>
            )}
          </DialogContent>
          <DialogActions>
            {!shown || shown.dryRun ? (
              <>
                <Button onClick={close} disabled={run.isPending}>
                  {t('alarms.bulk.cancel')}
                </Button>
                {!shown ? (
                  <Button variant="contained" disabled={plan.isPending || staff.isPending} onClick={() => plan.mutate()}>
                    {t('alarms.bulk.assign.showPlan')}
                  </Button>
                ) : (
                  <Button variant="contained" disabled={run.isPending || shown.counts.planned === 0} onClick={() => run.mutate()}>
                    {t('alarms.bulk.assign.confirm', { count: shown.counts.planned })}
                  </Button>
                )}
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
