import { useState } from 'react';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { BulkActionDialog } from '@/components/bulk-action-dialog';
import { useContactAssignees } from '@/features/customer-notes';
import { alarmKeys, bulkAlarms } from '../api/alarms-api';
import { alarmBulkLines, alarmBulkReportSummary } from './alarms-bulk-lines';

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
  const [open, setOpen] = useState(false);
  const [assignee, setAssignee] = useState(NOBODY);
  const staff = useContactAssignees();
  const body = (dryRun: boolean) => ({ action: 'ASSIGN' as const, ids: [...ids], assignee: assignee || null, dryRun });
  const name = (username: string | null) =>
    username ? (staff.data?.find((s) => s.username === username)?.name ?? username) : t('alarms.bulk.assign.nobody');

  return (
    <>
      <Button size="small" variant="outlined" disabled={open || ids.length === 0} onClick={() => setOpen(true)}>
        {t('alarms.bulk.assign.open', { count: ids.length })}
      </Button>
      {open && (
        <BulkActionDialog
          titles={{ setup: t('alarms.bulk.assign.title'), plan: t('alarms.bulk.assign.planTitle'), report: t('alarms.bulk.assign.reportTitle') }}
          setup={{
            submitLabel: t('alarms.bulk.assign.showPlan'),
            disabled: staff.isPending,
            content: (
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
            ),
          }}
          loadPlan={() => bulkAlarms(body(true))}
          describePlan={(plan) => ({
            summary: t('alarms.bulk.assign.planSummary', { count: plan.counts.planned, skipped: plan.counts.skipped, user: name(plan.assignee) }),
            lines: alarmBulkLines(plan, 'alarms.bulk.assign.outcomes', t),
            count: plan.counts.planned,
          })}
          confirmLabel={(count) => t('alarms.bulk.assign.confirm', { count })}
          run={() => bulkAlarms(body(false))}
          describeReport={(report) => ({
            summary: alarmBulkReportSummary(report, t),
            lines: alarmBulkLines(report, 'alarms.bulk.assign.outcomes', t),
          })}
          onRunSettled={() => void queryClient.invalidateQueries({ queryKey: alarmKeys.all() })}
          onClose={(applied) => {
            setOpen(false);
            if (applied) onDone();
          }}
        />
      )}
    </>
  );
}
