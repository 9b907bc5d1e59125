import { useState } from 'react';
import Button from '@mui/material/Button';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { BulkActionDialog } from '@/components/bulk-action-dialog';
import { alarmKeys, bulkAlarms } from '../api/alarms-api';
import { alarmBulkLines, alarmBulkReportSummary } from './alarms-bulk-lines';

export interface AlarmsBulkAcknowledgeProps {
  ids: readonly number[];
  onDone: () => void;
}

/**
 * Bulk acknowledge (issue 19 point 4): the dialog asks the server for the plan (dry run) and shows it (how many
 * alarms, which are skipped and why), confirming runs it and the dialog then lists the outcome per alarm.
 */
export function AlarmsBulkAcknowledge({ ids, onDone }: AlarmsBulkAcknowledgeProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);

  return (
    <>
      <Button size="small" variant="contained" disabled={open || ids.length === 0} onClick={() => setOpen(true)}>
        {t('alarms.bulk.acknowledge', { count: ids.length })}
      </Button>
      {open && (
        <BulkActionDialog
          titles={{ plan: t('alarms.bulk.planTitle'), report: t('alarms.bulk.reportTitle') }}
          loadPlan={() => bulkAlarms({ action: 'ACKNOWLEDGE', ids: [...ids], dryRun: true })}
          describePlan={(plan) => ({
            summary: t('alarms.bulk.planSummary', { count: plan.counts.planned, skipped: plan.counts.skipped }),
            lines: alarmBulkLines(plan, 'alarms.bulk.outcomes', t),
            count: plan.counts.planned,
          })}
          confirmLabel={(count) => t('alarms.bulk.confirm', { count })}
          run={() => bulkAlarms({ action: 'ACKNOWLEDGE', ids: [...ids] })}
          describeReport={(report) => ({ summary: alarmBulkReportSummary(report, t), lines: alarmBulkLines(report, 'alarms.bulk.outcomes', t) })}
          onRunSettled={() => {
            void queryClient.invalidateQueries({ queryKey: alarmKeys.all() });
            void queryClient.invalidateQueries({ queryKey: ['vehicles'] });
            void queryClient.invalidateQueries({ queryKey: ['fleetMap'] });
          }}
          onClose={(applied) => {
            setOpen(false);
            if (applied) onDone();
          }}
        />
      )}
    </>
  );
}
